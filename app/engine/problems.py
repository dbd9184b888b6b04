"""Is a question well-formed? Problems with a situation or action, as values.

A :class:`Problem` is one sentence in German and English (a ``Message``) naming the field (a
JSON path of docs/api.md §1, e.g. ``situation.top`` or ``action.play[0]``) and the limit,
quoting the bad value. The referee API answers it with a 400; :func:`app.engine.judge`
turns it into an illegal verdict, because questions never raise.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.engine.cards import Card
from app.engine.fields import field_words
from app.engine.fields import variant_title
from app.engine.houserules import HouseRule
from app.engine.registry import PLAYER_RANGE
from app.engine.registry import VARIANT_IDS
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.situation import ACTORS
from app.engine.situation import WISH_FLAGS
from app.engine.situation import Action
from app.engine.situation import Options
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.text import InContext
from app.text import Message
from app.text import both
from app.text import commas
from app.text import either
from app.text import shown

KINDS = {"suit": InContext("wish kind", "suit"), "rank": InContext("wish kind", "rank (value)")}


PENDING_WORDS = {
    "draw": InContext("pending", "draw"),
    "skip": InContext("pending", "skip"),
    "again": Message("extra card"),
}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a question cannot be judged: a message and the bad field."""

    text: Message
    field: str | None


def problem(text: Message, field: str | None) -> Problem:
    """A problem from a two-language sentence."""
    return Problem(text, field)


@lru_cache(maxsize=64)
def deck_counts(variant: str, players: int) -> Counter[Card]:
    """How many copies of each card the variant's game holds."""
    return Counter(VARIANTS[variant].deck(players))


def find_problem(situation: Situation, action: Action) -> Problem | None:
    """The first thing that makes the question malformed, or None."""
    if situation.variant not in VARIANTS:
        ids = ", ".join(VARIANT_IDS)
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


def players_problem(situation: Situation) -> Problem | None:
    """players must lie in the variant's range (Doppel: 2–4, players go out)."""
    low, high = PLAYER_RANGE[situation.variant]
    players, name = situation.players, situation.variant
    if not low <= players <= high:
        label, title = field_words("players"), variant_title(name)
        return problem(
            Message(
                "%(label)s: %(players)s – %(title)s is played by %(low)s to %(high)s players.",
                label=label,
                players=shown(players),
                title=title,
                low=low,
                high=high,
            ),
            "players",
        )
    if situation.actor not in ACTORS:
        return problem(
            Message(
                'actor is %(actor)s: expected "on_turn" or "other".', actor=shown(situation.actor)
            ),
            "actor",
        )
    return None


def options_problem(rules: Rules, options: Options) -> Problem | None:
    """Every switch away from its default must be one of the variant's house rules, set to
    a value it allows."""
    for name, value in options.changed().items():
        found = option_problem(rules, name, value)
        if found:
            return found
    return None


def option_problem(rules: Rules, name: str, value: Any) -> Problem | None:
    """``options.<name>`` must be a house rule of the variant and ``value`` one of its
    choices; the sentence names the switch as players say it and lists what is allowed."""
    switch = house_rule(rules, name)
    field = f"options.{name}"
    if switch is None:
        title = variant_title(rules.name)
        if not rules.house_rules:
            return problem(
                Message(
                    "House rules: %(title)s has none, so not %(name)s either – leave them out.",
                    title=title,
                    name=name,
                ),
                field,
            )
        known = commas(
            [
                Message('%(option)s ("%(title)s")', option=rule.option, title=rule.title)
                for rule in rules.house_rules
            ]
        )
        return problem(
            Message(
                "House rules: %(name)s is not a house rule of %(title)s; allowed are %(known)s.",
                name=name,
                title=title,
                known=known,
            ),
            field,
        )
    if switch.accepts(value):
        return None
    allowed = ", ".join(choice_text(choice) for choice in switch.values)
    return problem(
        Message(
            'House rules: "%(title)s" cannot be %(value)s; it allows %(allowed)s.',
            title=switch.title,
            value=shown(value),
            allowed=allowed,
        ),
        field,
    )


def choice_text(value: bool | str) -> str:
    """A switch's value as JSON writes it: ``true``, ``"pass"``."""
    return str(value).lower() if isinstance(value, bool) else f'"{value}"'


def house_rule(rules: Rules, name: str) -> HouseRule | None:
    """The variant's switch with this option name, if it has one."""
    return next((rule for rule in rules.house_rules if rule.option == name), None)


def cards_problem(rules: Rules, situation: Situation, action: Action) -> Problem | None:
    """Every card must exist in the variant's deck; played cards must be in a given hand."""
    counts = deck_counts(situation.variant, situation.players)
    hand = situation.hand or ()
    named = hand + (
        (situation.top,) if situation.below is None else (situation.top, situation.below)
    )
    distinct = set(named)
    # Each card is looked up once; a field's path and sentence are written only for a problem.
    if not counts.keys() >= distinct.union(action.play):
        return unknown_card_problem(rules, situation, action, counts)
    # Every card named is in the deck, so only a card named twice can be named too often.
    if len(distinct) < len(named):
        for card, count in Counter(named).items():
            if count > counts[card]:
                title = variant_title(situation.variant)
                return problem(
                    Message(
                        "Your hand and the discard pile name %(card)s %(count)s times, but "
                        "%(title)s "
                        "has only %(counts)s of it.",
                        card=shown(str(card)),
                        count=count,
                        title=title,
                        counts=counts[card],
                    ),
                    "situation.hand",
                )
    played = set(action.play)
    # Different cards, each in the hand, are all held; only the rest need counting.
    if situation.hand is None or (len(played) == len(action.play) and played <= set(hand)):
        return None
    held = Counter(hand)
    for i, card in enumerate(action.play):
        held[card] -= 1
        if held[card] < 0:
            return problem(
                Message(
                    "Card played: %(card)s is not (or not that often) in your hand.",
                    card=shown(str(card)),
                ),
                f"action.play[{i}]",
            )
    return None


def unknown_card_problem(
    rules: Rules, situation: Situation, action: Action, counts: Counter[Card]
) -> Problem | None:
    """The first card of the question (in field order) that the variant's deck lacks."""
    named = [("situation.top", situation.top), ("situation.below", situation.below)]
    named += [(f"situation.hand[{i}]", card) for i, card in enumerate(situation.hand or ())]
    named += [(f"action.play[{i}]", card) for i, card in enumerate(action.play)]
    for field, card in named:
        if card is not None and card not in counts:
            hint, label = rules.deck_hint, field_words(field)
            title = variant_title(situation.variant)
            return problem(
                Message(
                    "%(label)s: there is no %(card)s in %(title)s (%(hint)s).",
                    label=label,
                    card=shown(str(card)),
                    title=title,
                    hint=hint,
                ),
                field,
            )
    return None


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
    variant's wishes (Deluxe's, dlx.wish)."""
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
