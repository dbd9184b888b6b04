"""Is a question well-formed? The first problem with a situation or action, as a value.

A :class:`~app.engine.card_problems.Problem` is a message naming the field (a JSON path of
docs/api.md §1, e.g. ``situation.top``) and the limit, quoting the bad value. The referee API
answers it with a 400; :func:`app.engine.judge` turns it into an illegal verdict, because
questions never raise. Here: the wish, what is pending, the hand counts, a draw that lets
play on (dop.draw), the top card as somebody's last card, what waits for a turn to pass,
and the action against them."""

from __future__ import annotations

from app.engine.card_problems import Problem
from app.engine.card_problems import cards_problem
from app.engine.card_problems import deck_counts
from app.engine.card_problems import options_problem
from app.engine.card_problems import players_problem
from app.engine.card_problems import problem
from app.engine.fields import field_words
from app.engine.fields import variant_title
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.registry import variant_ids
from app.engine.situation import WISH_FLAGS
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.texts import card_text
from app.engine.texts import choices_text
from app.engine.texts import wish_text
from app.text import InContext
from app.text import Message
from app.text import both
from app.text import either
from app.text import shown


def find_problem(situation: Situation, action: Action) -> Problem | None:
    """The first thing that makes the question malformed, or None."""
    if situation.variant not in VARIANTS:
        ids = ", ".join(variant_ids())
        return problem(
            Message(
                "variant %(variant)s is unknown: expected one of %(ids)s.",
                variant=shown(situation.variant),
                ids=ids,
            ),
            "variant",
        )
    rules = VARIANTS[situation.variant]
    return (
        players_problem(situation)
        or options_problem(rules, situation.options)
        or cards_problem(rules, situation, action)
        or situation_wish_problem(rules, situation)
        or pending_problem(rules, situation)
        or hand_count_problem(rules, situation, action)
        or drew_problem(rules, situation)
        or top_was_last_problem(rules, situation)
        or waiting_problem(rules, situation)
        or action_problem(rules, situation, action)
    )


KINDS = {"suit": InContext("wish kind", "suit"), "rank": InContext("wish kind", "rank (value)")}


PENDING_WORDS = {
    "draw": InContext("pending", "draw"),
    "skip": InContext("pending", "skip"),
    "again": Message("extra card"),
}


def wish_value_problem(
    rules: Rules, wish: Wish, field: str, kinds: tuple[str, ...]
) -> Problem | None:
    """A wish names exactly one suit (colour) or rank of the variant, of an allowed kind."""
    words = field_words(field)
    if (wish.suit is None) == (wish.rank is None):
        return problem(
            Message("%(words)s: name exactly one, a suit or a rank.", words=words), field
        )
    kind = "suit" if wish.suit else "rank"
    if kind not in kinds:
        return problem(
            Message(
                "%(words)s: %(target)s – here only a %(kinds)s can be wished.",
                words=words,
                target=shown(wish.target),
                kinds=either([KINDS[k] for k in kinds]),
            ),
            f"{field}.{kind}",
        )
    suits, ranks = rules.suits, rules.ranks
    allowed = ", ".join(suits if kind == "suit" else ranks)
    if wish.target not in (suits if kind == "suit" else ranks):
        return problem(
            Message(
                "%(words)s: %(target)s – expected one of %(allowed)s.",
                words=words,
                target=shown(wish.target),
                allowed=allowed,
            ),
            f"{field}.{kind}",
        )
    return None


def situation_wish_problem(rules: Rules, situation: Situation) -> Problem | None:
    """The active wish: of the variant's kind, on a card that wishes, with the flags of the
    variant's wishes (dlx.wish)."""
    wish, top, name = situation.wish, situation.top, rules.name
    if wish is None:
        return missing_wish_problem(rules, situation)
    if rules.wish_on_top and top.rank not in rules.wish_on_top:
        return problem(
            Message(
                "Active wish: the top card %(top)s cannot carry a wish in %(variant_title)s.",
                top=shown(str(top)),
                variant_title=variant_title(name),
            ),
            "situation.wish",
        )
    kinds = tuple(dict.fromkeys(rules.wish_kinds.values()))
    found = wish_value_problem(rules, wish, "situation.wish", kinds)
    if found:
        return found
    # dyn.jack.wish: the wish of the card on top, not the jack's suit, nor the suit below (a
    # wish that outlives its card, as dlx.wish's, is not the top card's to check).
    named = rules.named_wishes(situation) if top.rank in rules.wish_on_top else ()
    if named and wish.target not in named:
        return problem(
            Message(
                "Active wish: %(wished)s cannot have been named on the %(top)s; its player "
                "could name only %(named)s.",
                wished=wish_text(str(wish.target)),
                top=card_text(top),
                named=choices_text(named),
            ),
            "situation.wish",
        )
    for flag in WISH_FLAGS:
        if getattr(wish, flag) and flag not in rules.wish_flags:
            owners = [other.name for other in VARIANTS.values() if flag in other.wish_flags]
            return problem(
                Message(
                    "Active wish (%(flag)s): only %(owners)s keeps that, not %(name)s.",
                    flag=flag,
                    owners=both([variant_title(owner) for owner in owners]),
                    name=variant_title(name),
                ),
                f"situation.wish.{flag}",
            )
    if wish.you_served and not wish.anyone_served:
        return problem(
            Message(
                "Active wish: if you have served the wish, somebody has (you_served needs "
                "anyone_served)."
            ),
            "situation.wish.anyone_served",
        )
    return None


def missing_wish_problem(rules: Rules, situation: Situation) -> Problem | None:
    """A top card that wishes needs its wish; spd.start (I): a wild start card names none,
    but a W+4 that still makes somebody draw was played, so its player named a colour."""
    top = situation.top
    if top.rank not in rules.wish_on_top:
        return None
    if rules.wish_optional_on_top and not situation.due.draw:
        return None
    return problem(
        Message(
            "Active wish is missing: the top card %(top)s carries the wish its player named.",
            top=shown(str(top)),
        ),
        "situation.wish",
    )


def pending_problem(rules: Rules, situation: Situation) -> Problem | None:
    """At most one pending effect, not negative, left by a top card that can leave it."""
    if situation.pending is None:
        return None
    due, top = situation.pending, str(situation.top)
    given = [name for name in ("draw", "skip", "again") if getattr(due, name)]
    for name in ("draw", "skip", "again"):
        count = getattr(due, name)
        if count < 0:
            return problem(
                Message("Pending effect: %(count)s – it must not be negative.", count=count),
                f"situation.pending.{name}",
            )
    if len(given) > 1:
        return problem(
            Message(
                "Pending effect: %(given)s at once – at most one effect can be pending.",
                given=both(list(given)),
            ),
            "situation.pending",
        )
    if given and situation.top.rank not in rules.pending_tops(situation.options).get(given[0], ()):
        kind = PENDING_WORDS[given[0]]
        return problem(
            Message(
                "Pending effect: the top card %(top)s leaves no %(kind)s pending in "
                "%(variant_title)s.",
                top=shown(top),
                kind=kind,
                variant_title=variant_title(rules.name),
            ),
            f"situation.pending.{given[0]}",
        )
    return None


def hand_count_problem(rules: Rules, situation: Situation, action: Action) -> Problem | None:
    """situation.hand_count: a whole number from 0 to the cards of the game, the named hand's
    size when both are given, at least the cards played, and within the hand limit
    (spd.handlimit)."""
    count = situation.hand_count
    if count is None:
        return None
    label = field_words("situation.hand_count")
    cards, title = deck_counts(rules.name, situation.players).total(), variant_title(rules.name)
    if not 0 <= count <= cards:
        return problem(
            Message(
                "%(label)s: %(count)s – expected a whole number from 0 to %(cards)s (%(title)s has "
                "%(cards)s cards).",
                label=label,
                count=shown(count),
                cards=cards,
                title=title,
            ),
            "situation.hand_count",
        )
    if situation.hand is not None and len(situation.hand) != count:
        named = len(situation.hand)
        return problem(
            Message(
                "%(label)s: %(count)s, but your hand lists %(named)s – the two must agree.",
                label=label,
                count=count,
                named=named,
            ),
            "situation.hand_count",
        )
    if count < len(action.play):
        return problem(
            Message(
                "%(label)s: %(count)s – you cannot play more cards than you hold (%(played)s).",
                label=label,
                count=count,
                played=len(action.play),
            ),
            "situation.hand_count",
        )
    limit = rules.hand_limit(situation.options)
    if limit is not None and count > limit:
        return problem(
            Message(
                "%(label)s: %(count)s – nobody holds more than %(limit)s cards (spd.handlimit).",
                label=label,
                count=count,
                limit=limit,
            ),
            "situation.hand_count",
        )
    return None


def drew_problem(rules: Rules, situation: Situation) -> Problem | None:
    """situation.drew (dop.draw): only where a player may play after drawing; only for the
    player on turn, and nothing can be pending after his draw."""
    if not situation.drew:
        return None
    if not rules.play_after_draw:
        owners = [other.name for other in VARIANTS.values() if other.play_after_draw]
        return problem(
            Message(
                "situation.drew is only used in %(owners)s (dop.draw); in %(name)s the turn ends "
                "with the draw.",
                owners=both(list(owners)),
                name=rules.name,
            ),
            "situation.drew",
        )
    if not situation.on_turn:
        return problem(
            Message('situation.drew is about the player on turn, not actor "other".'),
            "situation.drew",
        )
    if situation.due:
        return problem(
            Message(
                "situation.drew and situation.pending together: nothing is pending once he has "
                "drawn."
            ),
            "situation.pending",
        )
    return None


def top_was_last_problem(rules: Rules, situation: Situation) -> Problem | None:
    """situation.top_was_last (dop.lastcard.two): only where the rules ask it."""
    if not situation.top_was_last or rules.asks_top_was_last:
        return None
    owners = [other.name for other in VARIANTS.values() if other.asks_top_was_last]
    label = field_words("situation.top_was_last")
    return problem(
        Message(
            "%(label)s (top_was_last): only %(owners)s asks that (dop.lastcard.two), not "
            "%(name)s – leave it out.",
            label=label,
            owners=both(list(owners)),
            name=variant_title(rules.name),
        ),
        "situation.top_was_last",
    )


def waiting_problem(rules: Rules, situation: Situation) -> Problem | None:
    """situation.waiting (ter.multi): only where effects wait for the turn to pass, only for
    the player on turn, and never negative."""
    waiting = situation.waiting
    if waiting is None:
        return None
    if (
        not rules.waits
        or not situation.on_turn
        or min(waiting.draw, waiting.skip) < 0
        or waiting.again
    ):
        return problem(
            Message(
                "situation.waiting is only for the player on turn in variants where effects wait "
                "(not in %(name)s), with draw and skip from 0.",
                name=rules.name,
            ),
            "situation.waiting",
        )
    return None


def action_problem(rules: Rules, situation: Situation, action: Action) -> Problem | None:
    """Play cards or draw (not both, not neither); a wish only with a card that wishes."""
    if action.draw == bool(action.play):
        return problem(
            Message('Your move: either play cards or draw ("play": [codes] or "draw": true).'),
            "action",
        )
    if action.wish is None:
        return None
    if action.draw:
        return problem(
            Message("Your wish: a draw wishes nothing, only a played card wishes."), "action.wish"
        )
    card = action.play[0]
    kind = rules.wish_kinds.get(card.rank)
    if kind is None:
        return problem(
            Message(
                "Your wish: %(card)s cannot wish in %(variant_title)s.",
                card=shown(str(card)),
                variant_title=variant_title(rules.name),
            ),
            "action.wish",
        )
    return wish_value_problem(rules, action.wish, "action.wish", (kind,))
