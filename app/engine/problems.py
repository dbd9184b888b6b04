"""Is a question well-formed? Problems with a situation or action, as values.

A :class:`Problem` is one sentence in German and English (a ``Text``) naming the field (a
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
from app.text import LANGS
from app.text import Text
from app.text import shown

KINDS = {"suit": "eine Farbe (suit)", "rank": "einen Wert (rank)"}  # in German, with the key
KINDS_EN = {"suit": "suit", "rank": "rank (value)"}


PENDING_WORDS = {"draw": Text("Ziehen", "draw"), "skip": Text("Aussetzen", "skip"),
                 "again": Text("Nachlegen", "extra card")}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a question cannot be judged: a sentence in both languages and the bad field."""

    text: Text
    field: str | None


def problem(text: Text, field: str | None) -> Problem:
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
        return problem(Text(
            f"variant ist {shown(situation.variant)}: Diese Variante gibt es nicht, erwartet ist "
            f"eine von {ids}.",
            f"variant {shown(situation.variant)} is unknown: expected one of {ids}."), "variant")
    rules = VARIANTS[situation.variant]
    return (players_problem(situation) or options_problem(rules, situation.options)
            or cards_problem(rules, situation, action)
            or situation_wish_problem(rules, situation) or pending_problem(rules, situation)
            or hand_count_problem(rules, situation, action)
            or drew_problem(rules, situation) or top_was_last_problem(rules, situation)
            or waiting_problem(rules, situation) or action_problem(rules, situation, action))


def players_problem(situation: Situation) -> Problem | None:
    """players must lie in the variant's range (Doppel: 2–4, players go out)."""
    low, high = PLAYER_RANGE[situation.variant]
    players, name = situation.players, situation.variant
    if not low <= players <= high:
        label, title = field_words("players"), variant_title(name)
        return problem(Text(
            f"{label.de}: {shown(players)} – {title} spielen {low} bis {high} Spieler.",
            f"{label.en}: {shown(players)} – {title} is played by {low} to {high} players."),
            "players")
    if situation.actor not in ACTORS:
        return problem(Text(
            f'actor ist {shown(situation.actor)}: erwartet ist "on_turn" oder "other".',
            f'actor is {shown(situation.actor)}: expected "on_turn" or "other".'), "actor")
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
            return problem(Text(
                f"Hausregeln: {title} hat keine, also auch nicht {name} – lass sie weg.",
                f"House rules: {title} has none, so not {name} either – leave them out."),
                field)
        known = Text(*(", ".join(f"{rule.option} („{rule.title.de}“)" if lang == "de" else
                                 f'{rule.option} ("{rule.title.en}")'
                                 for rule in rules.house_rules) for lang in LANGS))
        return problem(Text(
            f"Hausregeln: {name} ist keine Hausregel von {title}; erlaubt sind {known.de}.",
            f"House rules: {name} is not a house rule of {title}; allowed are {known.en}."),
            field)
    if switch.accepts(value):
        return None
    allowed = ", ".join(choice_text(choice) for choice in switch.values)
    return problem(Text(
        f"Hausregeln: „{switch.title.de}“ kann nicht {shown(value)} sein; erlaubt sind "
        f"{allowed}.",
        f"House rules: \"{switch.title.en}\" cannot be {shown(value)}; it allows {allowed}."),
        field)


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
    named = hand + ((situation.top,) if situation.below is None else
                    (situation.top, situation.below))
    distinct = set(named)
    # Each card is looked up once; a field's path and sentence are written only for a problem.
    if not counts.keys() >= distinct.union(action.play):
        return unknown_card_problem(rules, situation, action, counts)
    # Every card named is in the deck, so only a card named twice can be named too often.
    if len(distinct) < len(named):
        for card, count in Counter(named).items():
            if count > counts[card]:
                title = variant_title(situation.variant)
                return problem(Text(
                    f"Deine Hand und der Ablagestapel nennen {shown(str(card))} {count}-mal, "
                    f"aber {title} hat nur {counts[card]} davon.",
                    f"Your hand and the discard pile name {shown(str(card))} {count} times, "
                    f"but {title} has only {counts[card]} of it."), "situation.hand")
    played = set(action.play)
    # Different cards, each in the hand, are all held; only the rest need counting.
    if situation.hand is None or (len(played) == len(action.play) and played <= set(hand)):
        return None
    held = Counter(hand)
    for i, card in enumerate(action.play):
        held[card] -= 1
        if held[card] < 0:
            return problem(Text(
                f"Gespielte Karte: {shown(str(card))} ist nicht (oder nicht so oft) in "
                "deiner Hand.",
                f"Card played: {shown(str(card))} is not (or not that often) in your hand."),
                f"action.play[{i}]")
    return None


def unknown_card_problem(rules: Rules, situation: Situation, action: Action,
                         counts: Counter[Card]) -> Problem | None:
    """The first card of the question (in field order) that the variant's deck lacks."""
    named = [("situation.top", situation.top), ("situation.below", situation.below)]
    named += [(f"situation.hand[{i}]", card) for i, card in enumerate(situation.hand or ())]
    named += [(f"action.play[{i}]", card) for i, card in enumerate(action.play)]
    for field, card in named:
        if card is not None and card not in counts:
            hint, label = rules.deck_hint, field_words(field)
            title = variant_title(situation.variant)
            return problem(Text(
                f"{label.de}: {shown(str(card))} gibt es in {title} nicht ({hint.de}).",
                f"{label.en}: there is no {shown(str(card))} in {title} ({hint.en})."),
                field)
    return None


def wish_value_problem(rules: Rules, wish: Wish, field: str,
                       kinds: tuple[str, ...]) -> Problem | None:
    """A wish names exactly one suit (colour) or rank of the variant, of an allowed kind."""
    words = field_words(field)
    if (wish.suit is None) == (wish.rank is None):
        return problem(Text(f"{words.de}: Nenne genau eins, eine Farbe oder einen Wert.",
                            f"{words.en}: name exactly one, a suit or a rank."), field)
    kind = "suit" if wish.suit else "rank"
    if kind not in kinds:
        return problem(Text(
            f"{words.de}: {shown(wish.target)} – hier kann man nur "
            f"{' oder '.join(KINDS[k] for k in kinds)} wünschen.",
            f"{words.en}: {shown(wish.target)} – here only a "
            f"{' or '.join(KINDS_EN[k] for k in kinds)} can be wished."), f"{field}.{kind}")
    suits, ranks = rules.suits, rules.ranks
    allowed = ", ".join(suits if kind == "suit" else ranks)
    if wish.target not in (suits if kind == "suit" else ranks):
        return problem(Text(f"{words.de}: {shown(wish.target)} – erwartet ist eins von "
                            f"{allowed}.",
                            f"{words.en}: {shown(wish.target)} – expected one of {allowed}."),
                       f"{field}.{kind}")
    return None


def situation_wish_problem(rules: Rules, situation: Situation) -> Problem | None:
    """The active wish: of the variant's kind, on a card that wishes, with the flags of the
    variant's wishes (Deluxe's, dlx.wish)."""
    wish, top, name = situation.wish, situation.top, rules.name
    if wish is None:
        return missing_wish_problem(rules, situation)
    if rules.wish_on_top and top.rank not in rules.wish_on_top:
        return problem(Text(
            f"Aktiver Wunsch: Die oberste Karte {shown(str(top))} kann in {variant_title(name)} "
            "keinen Wunsch tragen.",
            f"Active wish: the top card {shown(str(top))} cannot carry a wish in "
            f"{variant_title(name)}."), "situation.wish")
    kinds = tuple(dict.fromkeys(rules.wish_kinds.values()))
    found = wish_value_problem(rules, wish, "situation.wish", kinds)
    if found:
        return found
    for flag in WISH_FLAGS:
        if getattr(wish, flag) and flag not in rules.wish_flags:
            owners = [other.name for other in VARIANTS.values() if flag in other.wish_flags]
            return problem(Text(
                f"Aktiver Wunsch ({flag}): Das gibt es nur bei "
                f"{' und '.join(map(variant_title, owners))}, nicht bei {variant_title(name)}.",
                f"Active wish ({flag}): only {' and '.join(map(variant_title, owners))} keeps "
                f"that, not {variant_title(name)}."), f"situation.wish.{flag}")
    if wish.you_served and not wish.anyone_served:
        return problem(Text(
            "Aktiver Wunsch: Wenn du den Wunsch schon bedient hast, hat ihn auch schon jemand "
            "bedient (you_served braucht anyone_served).",
            "Active wish: if you have served the wish, somebody has (you_served needs "
            "anyone_served)."), "situation.wish.anyone_served")
    return None


def missing_wish_problem(rules: Rules, situation: Situation) -> Problem | None:
    """A top card that wishes needs its wish; spd.start (I): a wild start card names none,
    but a W+4 that still makes somebody draw was played, so its player named a colour."""
    top = situation.top
    if top.rank not in rules.wish_on_top:
        return None
    if rules.wish_optional_on_top and not situation.due.draw:
        return None
    return problem(Text(
        f"Aktiver Wunsch fehlt: Die oberste Karte {shown(str(top))} trägt den Wunsch, den ihr "
        "Spieler genannt hat.",
        f"Active wish is missing: the top card {shown(str(top))} carries the wish its player "
        "named."), "situation.wish")


def pending_problem(rules: Rules, situation: Situation) -> Problem | None:
    """At most one pending effect, not negative, left by a top card that can leave it."""
    if situation.pending is None:
        return None
    due, top = situation.pending, str(situation.top)
    given = [name for name in ("draw", "skip", "again") if getattr(due, name)]
    for name in ("draw", "skip", "again"):
        count = getattr(due, name)
        if count < 0:
            return problem(Text(
                f"Anstehende Wirkung: {count} – das darf nicht negativ sein.",
                f"Pending effect: {count} – it must not be negative."),
                f"situation.pending.{name}")
    if len(given) > 1:
        return problem(Text(
            f"Anstehende Wirkung: {' und '.join(given)} zugleich – es kann nur eine Wirkung "
            "anstehen.",
            f"Pending effect: {' and '.join(given)} at once – at most one effect can be "
            "pending."), "situation.pending")
    if given and situation.top.rank not in rules.pending_tops(situation.options).get(
            given[0], ()):
        kind = PENDING_WORDS[given[0]]
        return problem(Text(
            f"Anstehende Wirkung: Nach der obersten Karte {shown(top)} steht in "
            f"{variant_title(rules.name)} kein {kind.de} an.",
            f"Pending effect: the top card {shown(top)} leaves no {kind.en} pending in "
            f"{variant_title(rules.name)}."), f"situation.pending.{given[0]}")
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
        return problem(Text(
            f"{label.de}: {shown(count)} – erwartet ist eine ganze Zahl von 0 bis {cards} "
            f"({title} hat {cards} Karten).",
            f"{label.en}: {shown(count)} – expected a whole number from 0 to {cards} "
            f"({title} has {cards} cards)."), "situation.hand_count")
    if situation.hand is not None and len(situation.hand) != count:
        named = len(situation.hand)
        return problem(Text(
            f"{label.de}: {count}, aber deine Hand nennt {named} – beides muss gleich sein.",
            f"{label.en}: {count}, but your hand lists {named} – the two must agree."),
            "situation.hand_count")
    if count < len(action.play):
        return problem(Text(
            f"{label.de}: {count} – du kannst nicht mehr Karten spielen, als du hast "
            f"({len(action.play)}).",
            f"{label.en}: {count} – you cannot play more cards than you hold "
            f"({len(action.play)})."), "situation.hand_count")
    limit = rules.hand_limit(situation.options)
    if limit is not None and count > limit:
        return problem(Text(
            f"{label.de}: {count} – niemand hält mehr als {limit} Karten (spd.handlimit).",
            f"{label.en}: {count} – nobody holds more than {limit} cards (spd.handlimit)."),
            "situation.hand_count")
    return None


def drew_problem(rules: Rules, situation: Situation) -> Problem | None:
    """situation.drew (dop.draw): only where a player may play after drawing; only for the
    player on turn, and nothing can be pending after his draw."""
    if not situation.drew:
        return None
    if not rules.play_after_draw:
        owners = [other.name for other in VARIANTS.values() if other.play_after_draw]
        return problem(Text(
            f"situation.drew gibt es nur bei {' und '.join(owners)} (dop.draw); in "
            f"{rules.name} endet der Zug mit dem Ziehen.",
            f"situation.drew is only used in {' and '.join(owners)} (dop.draw); in "
            f"{rules.name} the turn ends with the draw."), "situation.drew")
    if not situation.on_turn:
        return problem(Text(
            'situation.drew gilt für den Spieler am Zug, nicht für actor "other".',
            'situation.drew is about the player on turn, not actor "other".'),
            "situation.drew")
    if situation.due:
        return problem(Text(
            "situation.drew und situation.pending zusammen: Nach dem Ziehen steht nichts "
            "mehr an.",
            "situation.drew and situation.pending together: nothing is pending once he has "
            "drawn."), "situation.pending")
    return None


def top_was_last_problem(rules: Rules, situation: Situation) -> Problem | None:
    """situation.top_was_last (dop.lastcard.two): only where the rules ask it."""
    if not situation.top_was_last or rules.asks_top_was_last:
        return None
    owners = [other.name for other in VARIANTS.values() if other.asks_top_was_last]
    label = field_words("situation.top_was_last")
    return problem(Text(
        f"{label.de} (top_was_last): Das zählt nur bei {' und '.join(owners)} "
        f"(dop.lastcard.two), nicht bei {variant_title(rules.name)} – lass es weg.",
        f"{label.en} (top_was_last): only {' and '.join(owners)} asks that "
        f"(dop.lastcard.two), not {variant_title(rules.name)} – leave it out."),
        "situation.top_was_last")


def waiting_problem(rules: Rules, situation: Situation) -> Problem | None:
    """situation.waiting (ter.multi): only where effects wait for the turn to pass, only for
    the player on turn, and never negative."""
    waiting = situation.waiting
    if waiting is None:
        return None
    if not rules.waits or not situation.on_turn or min(waiting.draw, waiting.skip) < 0 \
            or waiting.again:
        return problem(Text(
            f"situation.waiting gilt nur für den Spieler am Zug in Varianten, in denen "
            f"Wirkungen warten (nicht in {rules.name}), mit draw und skip ab 0.",
            f"situation.waiting is only for the player on turn in variants where effects "
            f"wait (not in {rules.name}), with draw and skip from 0."), "situation.waiting")
    return None


def action_problem(rules: Rules, situation: Situation, action: Action) -> Problem | None:
    """Play cards or draw (not both, not neither); a wish only with a card that wishes."""
    if action.draw == bool(action.play):
        return problem(Text(
            "Dein Zug: Entweder Karten spielen oder ziehen (\"play\": [Codes] oder "
            "\"draw\": true).",
            "Your move: either play cards or draw (\"play\": [codes] or \"draw\": true)."),
            "action")
    if action.wish is None:
        return None
    if action.draw:
        return problem(Text(
            "Dein Wunsch: Beim Ziehen wünscht man nichts, nur eine gespielte Karte wünscht.",
            "Your wish: a draw wishes nothing, only a played card wishes."), "action.wish")
    card = action.play[0]
    kind = rules.wish_kinds.get(card.rank)
    if kind is None:
        return problem(Text(
            f"Dein Wunsch: {shown(str(card))} kann in {variant_title(rules.name)} nichts "
            "wünschen.",
            f"Your wish: {shown(str(card))} cannot wish in {variant_title(rules.name)}."),
            "action.wish")
    return wish_value_problem(rules, action.wish, "action.wish", (kind,))
