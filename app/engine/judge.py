"""The referee's questions: judge an action, list the legal ones, explain the start card.

All three are pure functions that never raise: a malformed question gets an illegal
verdict whose reason is the problem (see :mod:`app.engine.checks`).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from app.engine.cards import COLOURS
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.checks import deck_counts
from app.engine.checks import find_problem
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.texts import Text
from app.engine.variants import VARIANTS
from app.engine.variants import Variant
from app.engine.variants import find_variant
from app.engine.verdict import Verdict


def judge(situation: Situation, action: Action, lang: str = "de") -> Verdict:
    """Is ``action`` legal in ``situation``, by which rule, and what follows?"""
    problem = find_problem(situation, action)
    if problem is not None:
        variant = VARIANTS.get(situation.variant)
        return Verdict(False, variant.serve_rule if variant else "", Text(
            f"Ungültige Frage: {problem.message_de}", problem.message).get(lang))
    return judge_checked(situation, action, lang)


def judge_checked(situation: Situation, action: Action, lang: str = "de") -> Verdict:
    """:func:`judge` for a question :func:`find_problem` has already passed (the referee
    API checks each request once, app.engine.request)."""
    return VARIANTS[situation.variant].judge(situation, action).verdict(lang)


def judge_start(variant: str, card: Card, players: int = 4, lang: str = "de") -> Verdict:
    """What the turned-up first discard does (dyn.start, dlx.start, spd.start, ter.start,
    dop.deal); "you" in the effects is the dealer. Raises ValueError for an unknown variant."""
    return find_variant(variant).start_effects(card, players).verdict(lang)


def legal_actions(situation: Situation) -> list[Action]:
    """Every legal action from the given hand (or, without one, of single cards and pairs
    from the whole deck): each allowed wish spelled out, multi-card plays where the variant
    allows them, and ``Action(draw=True)`` when drawing is legal."""
    if find_problem(situation, Action(draw=True)) is not None:
        return []
    variant = VARIANTS[situation.variant]
    legal: list[Action] = []
    for play in candidate_plays(variant, situation):
        with_wish = [Action(play, wish) for wish in wishes(variant, play[0])]
        chosen = [a for a in with_wish if variant.judge(situation, a).legal]
        if chosen or variant.judge(situation, Action(play)).legal:
            legal += chosen or [Action(play)]
    if variant.judge(situation, Action(draw=True)).legal:
        legal.append(Action(draw=True))
    return legal


def wishes(variant: Variant, card: Card) -> list[Wish]:
    """Every wish of the right kind a card could name (the judge decides which are allowed)."""
    kind = variant.wish_kinds.get(card.rank)
    if kind == "suit":
        return [Wish(suit=suit) for suit in (COLOURS if card.is_speedone else SUITS)]
    if kind == "rank":
        return [Wish(rank=rank) for rank in dict.fromkeys(
            c.rank for c in deck_counts(variant.name, 4))]
    return []


def candidate_plays(variant: Variant, situation: Situation) -> list[tuple[Card, ...]]:
    """Single cards, and the groups the variant lets a player play together."""
    pool = list(situation.hand) if situation.hand is not None else \
        list(deck_counts(variant.name, situation.players))
    singles: list[tuple[Card, ...]] = [(card,) for card in dict.fromkeys(pool)]
    if not situation.on_turn or not variant.multi_play:
        return singles
    held = Counter(pool) if situation.hand is not None else Counter(pool * 2)
    if variant.multi_play == "twins":
        return singles + [(card, card) for card, count in held.items() if count >= 2]
    if situation.hand is None:
        return singles
    groups: list[tuple[Card, ...]] = []
    for rank in dict.fromkeys(card.rank for card in pool):
        same = [card for card in pool if card.rank == rank]
        for size in range(2, len(same) + 1):
            for group in dict.fromkeys(tuple(sorted(c, key=str)) for c in
                                       combinations(same, size)):
                groups += [(first, *without(group, first)) for first in dict.fromkeys(group)]
    return singles + groups


def without(group: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``group`` with one copy of ``card`` taken out."""
    rest = list(group)
    rest.remove(card)
    return tuple(rest)
