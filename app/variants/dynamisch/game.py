"""Whole games of Dynamisches Maumau: the game ends only once every effect is carried out."""

from __future__ import annotations

from app.engine.games.base import Game
from app.engine.games.result import GameResult
from app.variants.dynamisch.rules import DynamischRules


class DynamischGame(Game):
    """A game of Dynamisches Maumau; ``direction`` carries over within a series."""

    rules = DynamischRules()
    PLAYERS = (rules.min_players, rules.max_players)
    HAND_SIZE = 8  # dyn.start

    def _went_out(self, seat: int) -> None:
        """dyn.effect.noend: an empty hand ends the game only when the turn comes to rest."""

    def _settle(self) -> None:
        """dyn.effect.noend: with no effect left to carry out, the game ends as soon as a
        player holds no cards (also one a seven's chain reached, dyn.7)."""
        if not (self.pending.draw or self.pending.skip) and not all(self.hands):
            self.over = True

    def _result(self) -> GameResult:
        """Minus-point inputs: cards and jacks per player, the jack's suit (dyn.score)."""
        ended_by_jack = self.discard[-1].rank == "J" and self.wish is not None
        named = self.wish.suit if ended_by_jack and self.wish is not None else None
        seats = self.seat_results(named)
        hands = [
            {
                "jacks": seat.jacks,
                "others": seat.cards - seat.jacks,
                "holds_named_suit": seat.holds_named_suit,
            }
            for seat in seats
        ]
        return GameResult(
            variant=self.variant,
            seats=seats,
            winners=tuple(seat for seat, hand in enumerate(self.hands) if not hand),
            moves=self.ply,
            reshuffles=self.reshuffles,
            body=(("hands", hands), ("jack_suit", named)),
            direction=self.direction,
            next_dealer=self.turn,  # dyn.dealer: who would have been on turn next
            jack_suit=named,
        )
