"""A draw asked without the hand: whether a card of the hand may be played can decide it.

Drawing while a card would serve under ``dlx.house.strictdraw``, drawing instead of the card
an ace (``dyn.ace``, ``dlx.ace``, ``ter.ace``) or a nine (``dop.9``) demands: legal only
when no card of the hand may be played. Without the hand the referee answers both ways
(docs/api.md §1 "Missing information"), each case judged on a one-card example hand.
"""

from __future__ import annotations

from dataclasses import replace

from app.engine.cards import Card
from app.engine.problems import find_problem
from app.engine.registry import Rules
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.variant import serves

# The values of ``hand`` in the ``if`` of a case: a card of the hand may be played here, or none.
CARD_FITS = "card_fits"
NO_CARD_FITS = "no_card_fits"
DRAW = Action(draw=True)


def with_hand(situation: Situation, hand: tuple[Card, ...]) -> Situation:
    """The situation with this hand (a count given without it no longer applies)."""
    return replace(situation, hand=hand, hand_count=None)


def example_hands(
    rules: Rules, situation: Situation, action: Action
) -> dict[str, tuple[Card, ...]]:
    """A one-card hand for each side when the hand decides a draw ({} when it does not): no
    card fits first (the reading of an unknown hand so far), then a card that fits."""
    if not action.draw or not situation.on_turn or situation.hand is not None:
        return {}
    # Only a well-formed question is judged (the rules assume it), and a known empty hand
    # leaves nothing open.
    if situation.hand_count == 0 or find_problem(situation, action) is not None:
        return {}
    taken = {situation.top, situation.below}
    fits: list[Card] = []
    blocked: list[Card] = []
    for card in dict.fromkeys(rules.deck(situation.players)):
        if card in taken:
            continue
        legal = rules.judge(with_hand(situation, (card,)), DRAW).legal
        (blocked if legal else fits).append(card)
    if not fits or not blocked:
        return {}
    # A plain card that serves (or plainly does not) is the example a player sees at once;
    # a jack or a wild card fits by its own rule.
    top = situation.top

    def plain(card: Card) -> bool:
        return card.rank not in rules.wish_kinds

    fit = next((c for c in fits if plain(c) and serves(c, top)), fits[0])
    none = next((c for c in blocked if plain(c) and not serves(c, top)), blocked[0])
    return {NO_CARD_FITS: (none,), CARD_FITS: (fit,)}
