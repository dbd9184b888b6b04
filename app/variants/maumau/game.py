"""Whole games of Mau-Mau: five cards each (a table may deal 5–7), the first player out wins."""

from __future__ import annotations

from dataclasses import replace

from app.engine.games.base import Game
from app.engine.games.result import GameResult
from app.variants.maumau.points import hand_points
from app.variants.maumau.rules import MaumauRules


class MaumauGame(Game):
    """A game of Mau-Mau with one Skat deck."""

    rules = MaumauRules()
    PLAYERS = (rules.min_players, rules.max_players)
    HAND_SIZE = 5  # the table option ``cards`` deals 5–7; a simulated game deals the usual 5

    def _result(self) -> GameResult:
        """mau.score.wins: the first player out wins; the others' hands count by
        mau.score.points (a table scoring points enters them with the winner)."""
        seats = tuple(
            replace(seat, points=hand_points(hand))
            for seat, hand in zip(self.seat_results(), self.hands, strict=True)
        )
        return GameResult(
            variant=self.variant,
            seats=seats,
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            body=(("winner", self.winner),),
            direction=self.direction,
        )
