"""Is a question well-formed? Problems with a situation or action, as values.

A :class:`Problem` is one English sentence naming the field (a JSON path of API.md §1,
e.g. ``situation.top`` or ``action.play[0]``) and the limit, quoting the bad value. The
referee API answers it with a 400; :func:`app.engine.judge` turns it into an illegal
verdict, because questions never raise.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from app.engine.cards import COLOURS
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import deck
from app.engine.situation import ACTORS
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.variants import PLAYER_RANGE
from app.engine.variants import VARIANT_IDS
from app.engine.variants import VARIANTS
from app.engine.variants import Variant

DECK_HINTS = {
    "dynamisch": "two Skat decks: C/S/H/D with 7, 8, 9, 10, J, Q, K, A",
    "deluxe": "two Skat decks without 8s and 9s: C/S/H/D with 7, 10, J, Q, K, A",
    "speedone": "R/G/B/Y with 0–9, S, R, +2, and the wild cards W and W+4",
    "terroristen": "Skat decks: C/S/H/D with 7, 8, 9, 10, J, Q, K, A",
    "doppel": "one Skat deck: C/S/H/D with 7, 8, 9, 10, J, Q, K, A",
}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a question cannot be judged: a sentence and the path of the bad field."""

    message: str
    field: str | None


@lru_cache(maxsize=64)
def deck_counts(variant: str, players: int) -> Counter[Card]:
    """How many copies of each card the variant's game holds."""
    return Counter(deck(variant, players))


def find_problem(situation: Situation, action: Action) -> Problem | None:
    """The first thing that makes the question malformed, or None."""
    if situation.variant not in VARIANTS:
        return Problem(f"variant {situation.variant!r} is unknown: expected one of "
                       f"{', '.join(VARIANT_IDS)}.", "variant")
    variant = VARIANTS[situation.variant]
    return (players_problem(situation) or options_problem(situation)
            or cards_problem(situation, action) or situation_wish_problem(variant, situation)
            or pending_problem(variant, situation) or action_problem(variant, situation, action))


def players_problem(situation: Situation) -> Problem | None:
    """players must lie in the variant's range (Doppel: 2–4, players go out)."""
    low, high = PLAYER_RANGE[situation.variant]
    if not low <= situation.players <= high:
        return Problem(f"players is {situation.players!r}, but {situation.variant} allows "
                       f"{low} to {high} players.", "players")
    if situation.actor not in ACTORS:
        return Problem(f"actor is {situation.actor!r}: expected 'on_turn' or 'other'.", "actor")
    return None


def options_problem(situation: Situation) -> Problem | None:
    """Only Speedone has options (spd.opt.stack2, spd.opt.stack4)."""
    for name in ("stack2", "stack4"):
        if getattr(situation.options, name) and situation.variant != "speedone":
            return Problem(f"options.{name} is only a speedone option, not one of "
                           f"{situation.variant}.", f"options.{name}")
    return None


def cards_problem(situation: Situation, action: Action) -> Problem | None:
    """Every card must exist in the variant's deck; played cards must be in a given hand."""
    counts = deck_counts(situation.variant, situation.players)
    named = [("situation.top", situation.top), ("situation.below", situation.below)]
    named += [(f"situation.hand[{i}]", card) for i, card in enumerate(situation.hand or ())]
    named += [(f"action.play[{i}]", card) for i, card in enumerate(action.play)]
    for field, card in named:
        if card is not None and card not in counts:
            return Problem(f"{field} is {str(card)!r}, which is not a card of "
                           f"{situation.variant} ({DECK_HINTS[situation.variant]}).", field)
    shown = Counter(situation.hand or ())
    shown.update(card for card in (situation.top, situation.below) if card is not None)
    for card, count in shown.items():
        if count > counts[card]:
            return Problem(f"situation names {str(card)!r} {count} times, but "
                           f"{situation.variant} has only {counts[card]} of it.",
                           "situation.hand")
    if situation.hand is not None:
        held = Counter(situation.hand)
        for i, card in enumerate(action.play):
            held[card] -= 1
            if held[card] < 0:
                return Problem(f"action.play[{i}] is {str(card)!r}, which is not (or not that "
                               "often) in situation.hand.", f"action.play[{i}]")
    return None


def wish_value_problem(variant: Variant, wish: Wish, field: str,
                       kinds: tuple[str, ...]) -> Problem | None:
    """A wish names exactly one suit (colour) or rank of the variant, of an allowed kind."""
    if (wish.suit is None) == (wish.rank is None):
        return Problem(f"{field} must name exactly one of suit or rank.", field)
    kind = "suit" if wish.suit else "rank"
    if kind not in kinds:
        return Problem(f"{field} names a {kind} ({wish.target!r}), but here only a "
                       f"{' or '.join(kinds)} can be wished.", f"{field}.{kind}")
    suits = COLOURS if variant.name == "speedone" else SUITS
    ranks = tuple(dict.fromkeys(card.rank for card in deck_counts(variant.name, 4)))
    allowed = suits if kind == "suit" else ranks
    if wish.target not in allowed:
        return Problem(f"{field}.{kind} is {wish.target!r}: expected one of "
                       f"{', '.join(allowed)}.", f"{field}.{kind}")
    return None


def situation_wish_problem(variant: Variant, situation: Situation) -> Problem | None:
    """The active wish: of the variant's kind, on a card that wishes, flags only in Deluxe."""
    wish, top = situation.wish, situation.top
    if wish is None:
        if top.rank in variant.wish_on_top:
            return Problem(f"situation.wish is missing: the top card {str(top)!r} carries the "
                           "wish its player named; give it as {\"suit\": ...}.", "situation.wish")
        return None
    if variant.wish_on_top and top.rank not in variant.wish_on_top:
        return Problem(f"situation.wish is given, but the top card {str(top)!r} cannot carry "
                       "a wish in " f"{variant.name}.", "situation.wish")
    kinds = tuple(dict.fromkeys(variant.wish_kinds.values()))
    problem = wish_value_problem(variant, wish, "situation.wish", kinds)
    if problem:
        return problem
    for flag in ("by_you", "anyone_served", "you_served"):
        if getattr(wish, flag) and variant.name != "deluxe":
            return Problem(f"situation.wish.{flag} is a deluxe flag, not one of "
                           f"{variant.name}.", f"situation.wish.{flag}")
    if wish.you_served and not wish.anyone_served:
        return Problem("situation.wish.you_served is true, so anyone_served must be true too.",
                       "situation.wish.anyone_served")
    return None


def pending_problem(variant: Variant, situation: Situation) -> Problem | None:
    """At most one pending effect, not negative, left by a top card that can leave it."""
    due = situation.due
    given = [name for name in ("draw", "skip", "again") if getattr(due, name)]
    for name in ("draw", "skip", "again"):
        if getattr(due, name) < 0:
            return Problem(f"situation.pending.{name} is {getattr(due, name)}: it must not be "
                           "negative.", f"situation.pending.{name}")
    if len(given) > 1:
        return Problem(f"situation.pending gives {' and '.join(given)}: at most one effect can "
                       "be pending.", "situation.pending")
    if given and situation.top.rank not in variant.pending_ranks.get(given[0], ()):
        return Problem(f"situation.pending.{given[0]} is given, but the top card "
                       f"{str(situation.top)!r} leaves no pending {given[0]} in "
                       f"{variant.name}.", f"situation.pending.{given[0]}")
    return None


def action_problem(variant: Variant, situation: Situation, action: Action) -> Problem | None:
    """Play cards or draw (not both, not neither); a wish only with a card that wishes."""
    if action.draw == bool(action.play):
        return Problem("action must either play cards or draw: give \"play\": [codes] or "
                       "\"draw\": true.", "action")
    if action.wish is None:
        return None
    if action.draw:
        return Problem("action.wish is given with a draw: only a played card wishes.",
                       "action.wish")
    card = action.play[0]
    kind = variant.wish_kinds.get(card.rank)
    if kind is None:
        return Problem(f"action.wish is given, but {str(card)!r} cannot wish in "
                       f"{variant.name}.", "action.wish")
    return wish_value_problem(variant, action.wish, "action.wish", (kind,))

