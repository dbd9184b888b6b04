"""Terroristen-Mau-Mau (RULES.md §4): same-rank multi plays, the nine chain, weddings.

The effects of one player's turn add up and are carried out when his turn passes: a 7
(``due_draw``) makes the next player draw and lose his turn, an 8 (``due_skip``) skips one
more player. So two 7s played together or one after the other behind an ace count alike
(ter.multi). Tens reverse at once; a nine starts the chain against the direction at once.
"""

from __future__ import annotations

from app.engine.games.base import NAMING
from app.engine.games.base import ON_TURN
from app.engine.games.base import WEDDING
from app.engine.games.moves import DRAW
from app.engine.games.moves import DRAW_MOVE
from app.engine.games.moves import NAME
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import PLAY
from app.engine.games.moves import RawMove
from app.engine.games.result import GameResult
from app.engine.games.skat import R7
from app.engine.games.skat import R8
from app.engine.games.skat import R9
from app.engine.games.skat import R10
from app.engine.games.skat import RA
from app.engine.games.skat import RANK
from app.engine.games.skat import RJ
from app.engine.games.skat import RK
from app.engine.games.skat import RQ
from app.engine.games.skat import SUIT
from app.engine.games.skat import SkatGame
from app.engine.games.skat import code_of
from app.engine.games.skat import counterpart
from app.engine.games.skat import same_rank_plays
from app.engine.situation import Pending

GREETED = (code_of(0, RQ), code_of(3, RK))  # ♣Q and ♦K (ter.greet.cq, ter.greet.dk)


class Terroristen(SkatGame):
    """A game of Terroristen-Mau-Mau; the first player out wins."""

    variant = "terroristen"
    PLAYERS = (2, 10)
    HAND_SIZE = 6
    MUTABLE = ("window",)

    def _start(self) -> None:
        """ter.start: 6 cards each; a special turned-up card counts as the dealer's.

        As the referee's start effects have it, "played by the dealer" is taken at its
        word: a 9 hits the dealer's predecessor, a 10 reverses before the first turn.
        """
        self.window: list[int] = []
        self.mover = self.dealer  # whose turn it is while a nine chain or wedding interrupts
        self.due_draw = self.due_skip = 0
        self.winner = -1
        self._deal(self.HAND_SIZE)
        top = self._turn_up()
        if RANK[top] == RJ:
            self.phase, self.actor = NAMING, self.dealer
        elif RANK[top] in (R7, R8, R9, R10) or top in GREETED:
            self._effect(self.dealer, (top,), NO_WISH)
        else:
            self._pass_turn(self.dealer)

    # --- legal moves -----------------------------------------------------------------
    def _legal(self) -> list[RawMove]:
        """Plays (single or several of a rank) and drawing, or a wedding, or a suit."""
        if self.phase == WEDDING:
            return self._wedding_moves(counterpart(self.discard[-1]))
        if self.phase == NAMING:
            return [(NAME, (), suit) for suit in range(4)]
        hand = self.hands[self.actor]
        top = self.discard[-1]
        if self.draw_due:  # ter.9: only nines pass the chain on
            first_ok = {code for code in hand if RANK[code] == R9}
        elif RANK[top] == RJ:  # ter.jack: the wished suit, and no jack on a jack
            first_ok = {code for code in hand if SUIT[code] == self.wish and RANK[code] != RJ}
        else:
            first_ok = {code for code in hand if RANK[code] == RJ
                        or SUIT[code] == SUIT[top] or RANK[code] == RANK[top]}
        plays = [(code,) for code in sorted(first_ok)] + same_rank_plays(hand, first_ok)
        moves: list[RawMove] = []
        for cards in plays:
            wishes = range(4) if RANK[cards[0]] == RJ else (NO_WISH,)
            moves.extend((PLAY, cards, wish) for wish in wishes)
        if self.draw_due or not (self.again and moves):  # ter.ace: draw only if stuck
            moves.append(DRAW_MOVE)
        return moves

    # --- applying moves --------------------------------------------------------------
    def _apply(self, move: RawMove) -> None:
        """Carry out a play, a draw, a wedding decision or the named suit."""
        kind, cards, wish = move
        seat = self.actor
        if self.phase == NAMING:
            self.wish = wish
            self._pass_turn(seat)
        elif self.phase == WEDDING:
            self._window_move(kind, seat)
        elif kind == DRAW:
            self._draw_move(seat)
        else:
            self._play(seat, cards, wish)

    def _draw_move(self, seat: int) -> None:
        """Take the nine chain's cards, or draw one card; either way the turn moves on."""
        if self.draw_due:
            self._draw(seat, self.draw_due)
            self.draw_due = 0
            self._resume()  # ter.9: play goes on after the first nine's player
        else:
            self._draw(seat, 1)
            self.again = 0
            self._pass_turn(seat)

    def _play(self, seat: int, cards: tuple[int, ...], wish: int) -> None:
        """Lay the cards; the first player with an empty hand wins at once (ter.ace: not
        with aces, which ask for more)."""
        hand = self.hands[seat]
        for code in cards:
            hand.remove(code)
        self.discard.extend(cards)
        self.wish = NO_WISH
        if not hand and RANK[cards[0]] != RA:  # ter.ace: an ace's player must play on
            self.over, self.winner = True, seat
        elif self.draw_due:  # a nine passed back: his predecessor draws one more per nine
            self.draw_due += len(cards)
            self.actor = self._next(seat, -1)
        else:
            self.again = max(self.again - 1, 0)
            self._effect(seat, cards, wish)

    def _effect(self, seat: int, cards: tuple[int, ...], wish: int) -> None:
        """ter.7 … ter.ace, multiplied by the number of cards (ter.multi)."""
        rank, count = RANK[cards[0]], len(cards)
        self.mover = seat
        if rank == R7:
            self.due_draw += 2 * count
        elif rank == R8:
            self.due_skip += count
        elif rank == R10 and count % 2:
            self.direction = -self.direction
        elif rank == RJ:
            self.wish = wish
        elif rank == RA:
            self.again += count
        if rank == R9:
            self.draw_due = count
            self.actor = self._next(seat, -1)
        elif rank in (RQ, RK):
            self._open_window(seat)
        else:
            self._resume()

    def _open_window(self, seat: int) -> None:
        """ter.wedding: the other holders of the counterpart, in turn order after ``seat``."""
        code = counterpart(self.discard[-1])
        self.window = self._holders(code, self._next(seat), self.players - 1)
        if self.window:
            self.phase, self.actor = WEDDING, self.window[0]
        else:
            self._resume()

    def _window_move(self, kind: int, seat: int) -> None:
        """Knock and play the counterpart out of turn (the order of play stays), or pass."""
        if kind == PLAY:
            code = counterpart(self.discard[-1])
            self.hands[seat].remove(code)
            self.discard.append(code)
            if not self.hands[seat]:
                self.over, self.winner = True, seat
            else:
                self._open_window(seat)
            return
        self.window.pop(0)
        if self.window:
            self.actor = self.window[0]
        else:
            self._resume()

    def _resume(self) -> None:
        """Back to the player whose turn it is: he follows his aces, or the turn passes."""
        self.phase = ON_TURN
        if self.again:
            self.actor = self.mover
        else:
            self._pass_turn(self.mover)

    def _pass_turn(self, seat: int) -> None:
        """The turn leaves ``seat``: a 7's victim draws and loses his turn, 8s skip."""
        self.phase = ON_TURN
        skipped = self.due_skip
        if self.due_draw:
            self._draw(self._next(seat), self.due_draw)
            skipped += 1
        self.due_draw = self.due_skip = 0
        self.turn = self.actor = self._next(seat, skipped + 1)

    def _pending(self) -> Pending | None:
        """The nine chain's cards for its victim, or the aces still to follow."""
        if self.draw_due:
            return Pending(draw=self.draw_due)
        return Pending(again=self.again) if self.again else None

    def _result(self) -> GameResult:
        """The winner is the first player out; the seed keeps no points."""
        return GameResult(
            variant=self.variant,
            seats=self._seat_results(),
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            direction=self.direction,
        )
