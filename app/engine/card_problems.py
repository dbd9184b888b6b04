"""Is a question well-formed? The problem value, and the checks of the players, the options
and the cards named (app.engine.problems asks them first).

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
from app.engine.options import Options
from app.engine.registry import PLAYER_RANGE
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.situation import ACTORS
from app.engine.situation import Action
from app.engine.situation import Situation
from app.text import Message
from app.text import commas
from app.text import shown


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


def players_problem(situation: Situation) -> Problem | None:
    """players must lie in the variant's range (dop.out: fewer as players go out)."""
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
