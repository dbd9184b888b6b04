"""The referee's questions: judge an action, list the legal ones, explain the start card.

All three are pure functions that never raise: a malformed question gets an illegal
verdict whose reason is the problem (see :mod:`app.engine.problems`).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from app.engine.card_problems import deck_counts
from app.engine.cards import Card
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.problems import find_problem
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.registry import Ruling
from app.engine.registry import find_variant
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.verdict import Verdict
from app.text import InContext
from app.text import say


def judge(situation: Situation, action: Action, lang: str = "de") -> Verdict:
    """Is ``action`` legal in ``situation``, by which rule, and what follows?"""
    problem = find_problem(situation, action)
    if problem is not None:
        rules = VARIANTS.get(situation.variant)
        return Verdict(
            False,
            rules.serve_rule if rules else "",
            say(InContext("invalid question", "%(problem)s", problem=problem.text), lang),
        )
    return judge_checked(situation, action, lang)


def judge_checked(situation: Situation, action: Action, lang: str = "de") -> Verdict:
    """:func:`judge` for a question :func:`find_problem` has already passed (the referee
    API checks each request once, app.engine.request)."""
    return VARIANTS[situation.variant].judge(situation, action).verdict(lang)


def judge_start(
    variant: str, card: Card, players: int = 4, lang: str = "de", options: Options = DEFAULT_OPTIONS
) -> Verdict:
    """What the turned-up first discard does (dyn.start, dlx.start, spd.start, ter.start,
    dop.deal); "you" in the effects is the dealer. Raises ValueError for an unknown variant."""
    return find_variant(variant).start_effects(card, players, options).verdict(lang)


def legal_actions(situation: Situation) -> list[Action]:
    """Every legal action from the given hand (else single cards and pairs of the deck), each
    allowed wish spelled out."""
    if find_problem(situation, Action(draw=True)) is not None:
        return []
    return [action for action, _ in judged_actions(VARIANTS[situation.variant], situation)]


def judged_actions(rules: Rules, situation: Situation) -> list[tuple[Action, Ruling | None]]:
    """The legal actions of a well-formed situation with their rulings; a wishing card is
    judged once, each wish its ruling offers listed with ruling ``None`` (judged when chosen)."""
    legal: list[tuple[Action, Ruling | None]] = []
    for play in candidate_plays(rules, situation):
        action = Action(play)
        ruling = rules.judge(situation, action)
        if not ruling.legal:
            continue
        choices = next(
            (
                effect.choices
                for effect in ruling.effects
                if effect.type == "wish" and effect.choices
            ),
            None,
        )
        if choices is None:
            legal.append((action, ruling))
            continue
        kind = rules.wish_kinds[play[0].rank]
        legal += [
            (Action(play, Wish(suit=choice) if kind == "suit" else Wish(rank=choice)), None)
            for choice in choices
        ]
    draw = Action(draw=True)
    ruling = rules.judge(situation, draw)
    if ruling.legal:
        legal.append((draw, ruling))
    return legal


def candidate_plays(rules: Rules, situation: Situation) -> list[tuple[Card, ...]]:
    """Single cards, and the groups the variant lets a player play together."""
    pool = (
        list(situation.hand)
        if situation.hand is not None
        else list(deck_counts(rules.name, situation.players))
    )
    singles: list[tuple[Card, ...]] = [(card,) for card in dict.fromkeys(pool)]
    if not situation.on_turn or not rules.multi_play:
        return singles
    held = Counter(pool) if situation.hand is not None else Counter(pool * 2)
    if rules.multi_play == "twins":
        return singles + [(card, card) for card, count in held.items() if count >= 2]
    if situation.hand is None:
        return singles
    groups: list[tuple[Card, ...]] = []
    for rank in dict.fromkeys(card.rank for card in pool):
        same = [card for card in pool if card.rank == rank]
        for size in range(2, len(same) + 1):
            for group in dict.fromkeys(tuple(sorted(c, key=str)) for c in combinations(same, size)):
                groups += [(first, *without(group, first)) for first in dict.fromkeys(group)]
    return singles + groups


def without(group: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``group`` with one copy of ``card`` taken out."""
    rest = list(group)
    rest.remove(card)
    return tuple(rest)
