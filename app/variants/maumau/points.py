"""mau.score.points: what the cards left in a hand count."""

from __future__ import annotations

from collections.abc import Iterable

from app.engine.cards import Card

# 7, 8, 9 at face value, 10 = 10, jack = 20, queen = 3, king = 4, ace = 11.
CARD_POINTS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11}
# The most a hand of one Skat deck can count: all 32 cards.
DECK_POINTS = 4 * sum(CARD_POINTS.values())


def hand_points(cards: Iterable[Card]) -> int:
    """The points of the cards left in a hand."""
    return sum(CARD_POINTS[card.rank] for card in cards)
