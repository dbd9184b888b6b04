"""Whole rounds of Speedone: seven cards each, the first player out wins the round."""

from __future__ import annotations

from app.engine.cards import Card
from app.engine.games.base import Game
from app.engine.games.result import GameResult
from app.engine.games.result import SeatResult
from app.variants.speedone.rules import SpeedoneRules


def points(card: Card) -> int:
    """spd.points: number cards their face value, skip/reverse/draw-two 20, wild cards 50."""
    if card.rank.isdigit():
        return int(card.rank)
    return 50 if card.is_wild else 20


class SpeedoneGame(Game):
    """A round of Speedone; ``options`` holds the stacking and hand-limit switches."""

    rules = SpeedoneRules()
    PLAYERS = (rules.min_players, rules.max_players)
    HAND_SIZE = 7  # spd.start

    def _result(self) -> GameResult:
        """spd.points: the cards left in each hand; the winner has 0."""
        seats = tuple(
            SeatResult(cards=len(hand), points=sum(points(card) for card in hand))
            for hand in self.hands
        )
        return GameResult(
            variant=self.variant,
            seats=seats,
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            body=(("winner", self.winner), ("points", [seat.points for seat in seats])),
            direction=self.direction,
        )
