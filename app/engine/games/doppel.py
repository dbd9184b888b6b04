"""Doppel Mau-Mau (RULES.md §5): two teams, nines that play on, players going out.

The last card laid decides what the next player faces (dop.out: its value counts), so a
7 or 8 laid among a nine's extra cards only counts if it is the last of them.
"""

from __future__ import annotations

from app.engine.games.base import AFTER_DRAW
from app.engine.games.base import NAMING
from app.engine.games.base import ON_TURN
from app.engine.games.moves import DRAW
from app.engine.games.moves import DRAW_MOVE
from app.engine.games.moves import NAME
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import PASS
from app.engine.games.moves import PASS_MOVE
from app.engine.games.moves import PLAY
from app.engine.games.moves import RawMove
from app.engine.games.result import GameResult
from app.engine.games.skat import R7
from app.engine.games.skat import R8
from app.engine.games.skat import R9
from app.engine.games.skat import RANK
from app.engine.games.skat import RJ
from app.engine.games.skat import SUIT
from app.engine.games.skat import SkatGame
from app.engine.situation import Pending

TEAMS = ("A", "B")  # seats 0+2 and 1+3


class Doppel(SkatGame):
    """A game of Doppel Mau-Mau for four players in two teams."""

    variant = "doppel"
    PLAYERS = (4, 4)
    HAND_SIZE = 5
    MUTABLE = ("out", "out_order")

    def _start(self) -> None:
        """dop.deal: 3 cards each, the first discard (the dealer's card), 2 cards each."""
        self.out = [False] * self.players
        self.out_order: list[int] = []
        self._deal(3)
        top = self._turn_up()
        self._deal(2)
        if RANK[top] == RJ:
            self.phase, self.actor = NAMING, self.dealer
        else:
            self._lay(self.dealer, top)

    def _next(self, seat: int, steps: int = 1) -> int:
        """The next player still in the game (dop.out: players who are out sit out)."""
        for _ in range(steps):
            seat = (seat + self.direction) % self.players
            while self.out[seat]:
                seat = (seat + self.direction) % self.players
        return seat

    def _players_in(self) -> int:
        """Players not yet out."""
        return self.out.count(False)

    # --- legal moves -----------------------------------------------------------------
    def _legal(self) -> list[RawMove]:
        """Serve (jacks with a wish), pass a 7/8 on, draw, or end the turn after drawing."""
        if self.phase == NAMING:
            return [(NAME, (), suit) for suit in range(4)]
        hand = sorted(set(self.hands[self.actor]))
        if self.again or self.phase == AFTER_DRAW or not (self.draw_due or self.skip_due):
            moves = self._serving(hand)
        else:  # dop.7, dop.8: only the same rank passes it on; countering is not compulsory
            rank = R7 if self.draw_due else R8
            moves = [(PLAY, (code,), NO_WISH) for code in hand if RANK[code] == rank]
        if self.phase == AFTER_DRAW:
            return [*moves, PASS_MOVE]
        if self.again and moves:  # dop.9: he draws only for a card he cannot play
            return moves
        return [*moves, DRAW_MOVE]

    def _serving(self, hand: list[int]) -> list[RawMove]:
        """dop.serve, dop.jack: suit or rank; a jack on anything but a jack; on a jack the
        wished suit."""
        top = self.discard[-1]
        moves: list[RawMove] = []
        for code in hand:
            if RANK[top] == RJ:
                if SUIT[code] == self.wish and RANK[code] != RJ:
                    moves.append((PLAY, (code,), NO_WISH))
            elif RANK[code] == RJ:
                moves.extend((PLAY, (code,), suit) for suit in range(4))
            elif SUIT[code] == SUIT[top] or RANK[code] == RANK[top]:
                moves.append((PLAY, (code,), NO_WISH))
        return moves

    def _pending(self) -> Pending | None:
        """A nine's extra cards come first; otherwise the 7 or 8 on top."""
        if self.again:
            return Pending(again=self.again)
        return super()._pending()

    # --- applying moves --------------------------------------------------------------
    def _apply(self, move: RawMove) -> None:
        """Carry out a move of the acting player."""
        kind, cards, wish = move
        seat = self.actor
        if self.phase == NAMING:
            self.wish = wish
            self._pass_turn(seat)
        elif kind == PLAY:
            self.hands[seat].remove(cards[0])
            self.discard.append(cards[0])
            self.wish = wish
            self._lay(seat, cards[0])
        elif kind == PASS:
            self._pass_turn(seat)
        elif kind == DRAW:
            self._draw_move(seat)

    def _draw_move(self, seat: int) -> None:
        """Draw for a nine's card, take a 7's cards, accept an 8's skip, or draw one."""
        if self.again:  # dop.9: each drawn card uses one of the owed cards
            self._draw(seat, 1)
            self.again -= 1
            if not self.again:
                self._pass_turn(seat)
        elif self.skip_due:
            self.skip_due = 0
            self._pass_turn(seat)
        else:  # dop.7, dop.draw: he may play right after drawing
            self._draw(seat, self.draw_due or 1)
            self.draw_due = 0
            self.phase = AFTER_DRAW

    def _lay(self, seat: int, code: int) -> None:
        """The card laid by ``seat`` (or turned up for the dealer) takes effect."""
        rank = RANK[code]
        self.draw_due = self.draw_due + 2 if rank == R7 else 0  # dop.7: 2, 4, 6, …
        self.skip_due = 1 if rank == R8 else 0
        self.again = max(self.again - 1, 0) + (2 if rank == R9 else 0)  # dop.9 I:
        if not self.hands[seat] and self._goes_out(seat, rank):
            return
        if self.again:
            self.phase, self.actor = ON_TURN, seat
        else:
            self._pass_turn(seat)

    def _goes_out(self, seat: int, rank: int) -> bool:
        """dop.out; dop.lastcard.two: of the last two, nobody goes out with an 8 or 9
        (nor while a nine still asks for cards); dop.game: a team both out wins."""
        if self._players_in() == 2 and (rank in (R8, R9) or self.again):
            return False
        self.out[seat] = True
        self.out_order.append(seat)
        self.again = 0
        if self.out[(seat + 2) % self.players]:
            self.over = True
        else:
            self._pass_turn(seat)
        return True

    def _pass_turn(self, seat: int) -> None:
        """The next player still in is on turn."""
        self.phase = ON_TURN
        self.turn = self.actor = self._next(seat)

    def _result(self) -> GameResult:
        """dop.game: the team whose two players are out first wins."""
        last = self.out_order[-1]
        return GameResult(
            variant=self.variant,
            seats=self._seat_results(),
            winners=tuple(seat for seat in self.out_order if seat % 2 == last % 2),
            moves=self.ply,
            reshuffles=self.reshuffles,
            direction=self.direction,
            team=TEAMS[last % 2],
            out_order=tuple(self.out_order),
        )
