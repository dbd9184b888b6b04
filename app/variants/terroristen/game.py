"""Whole games of Terroristen-Mau-Mau: six cards each, the first player out wins."""

from __future__ import annotations

from app.engine.games.base import Game
from app.engine.games.result import GameResult
from app.variants.terroristen.rules import TerroristenRules


class TerroristenGame(Game):
    """A game of Terroristen-Mau-Mau, with as many decks as the players need."""

    rules = TerroristenRules()
    PLAYERS = (rules.min_players, rules.max_players)
    HAND_SIZE = 6  # ter.start

    def _result(self) -> GameResult:
        """The winner is the first player out; the seed keeps no points."""
        return GameResult(
            variant=self.variant,
            seats=self.seat_results(),
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            body=(("winner", self.winner),),
            direction=self.direction,
        )
