"""Whole games of Doppel Mau-Mau: two teams, players going out and sitting out (dop.out)."""

from __future__ import annotations

from app.engine.cards import Card
from app.engine.games.base import Game
from app.engine.games.result import GameResult
from app.variants.doppel.rules import DoppelRules

TEAMS = ("A", "B")  # seats 0+2 and 1+3


class DoppelGame(Game):
    """A game of Doppel Mau-Mau for four players in two teams."""

    rules = DoppelRules()
    PLAYERS = (4, 4)  # dop.deal: two teams of two partners sitting opposite
    HAND_SIZE = 5
    MUTABLE = ("out", "out_order")

    def _setup(self) -> None:
        """Everybody is in."""
        self.out = [False] * self.players
        self.out_order: list[int] = []

    def _deal(self) -> Card:
        """dop.deal: 3 cards each, the first discard (the dealer's card), 2 cards each."""
        self._deal_round(3)
        card = self._turn_up()
        self._deal_round(2)
        return card

    def _next(self, seat: int, steps: int = 1) -> int:
        """The next player still in the game (dop.out: players who are out sit out)."""
        step = self.direction if steps >= 0 else -self.direction
        for _ in range(abs(steps)):
            seat = (seat + step) % self.players
            while self.out[seat]:
                seat = (seat + step) % self.players
        return seat

    def _players_in(self) -> int:
        """Players not yet out."""
        return self.out.count(False)

    def _went_out(self, seat: int) -> None:
        """dop.out: he sits out; dop.game: a team both out wins the game."""
        self.out[seat] = True
        self.out_order.append(seat)
        if self.out[(seat + 2) % self.players]:
            self.over = True

    def _result(self) -> GameResult:
        """dop.game: the team whose two players are out first wins."""
        last = self.out_order[-1]
        return GameResult(
            variant=self.variant,
            seats=self.seat_results(),
            winners=tuple(seat for seat in self.out_order if seat % 2 == last % 2),
            moves=self.ply,
            reshuffles=self.reshuffles,
            body=(("winner", TEAMS[last % 2]),),
            direction=self.direction,
            team=TEAMS[last % 2],
            out_order=tuple(self.out_order),
        )
