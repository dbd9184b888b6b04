"""Maumau-Deluxe (RULES.md §2): twin pairs, wishes of rank and suit, king chains, aces."""

from __future__ import annotations

from collections import Counter

from app.engine.games.moves import DRAW
from app.engine.games.moves import DRAW_MOVE
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import PLAY
from app.engine.games.moves import RawMove
from app.engine.games.result import GameResult
from app.engine.games.skat import R7
from app.engine.games.skat import R10
from app.engine.games.skat import RA
from app.engine.games.skat import RANK
from app.engine.games.skat import RANK_WISH
from app.engine.games.skat import RJ
from app.engine.games.skat import RK
from app.engine.games.skat import RQ
from app.engine.games.skat import SUIT
from app.engine.games.skat import SkatGame
from app.engine.situation import Wish

RANK_WISHES = tuple(RANK_WISH + rank for rank in (R7, R10, RJ, RQ, RK, RA))
SUIT_WISHES = tuple(range(4))


class Deluxe(SkatGame):
    """A round of Maumau-Deluxe; ``direction`` is the table's choice (dlx.start)."""

    variant = "deluxe"
    PLAYERS = (2, 8)
    HAND_SIZE = 5
    MUTABLE = ("served",)

    def _start(self) -> None:
        """dlx.start: 5 cards each; I: the turned-up card has no effect."""
        self.wisher = -1
        self.served: set[int] = set()  # I (dlx.wish): who discarded the wish since it was made
        self.winner = -1
        self._deal(self.HAND_SIZE)
        self._turn_up()

    # --- legal moves -----------------------------------------------------------------
    def _legal(self) -> list[RawMove]:
        """Single cards or twin pairs (dlx.pair) that may be played, and drawing."""
        seat = self.actor
        hand = self.hands[seat]
        counts = Counter(hand)
        top = self.discard[-1] if self.discard else None
        wishing: set[int] = set()
        if self.draw_due:  # dlx.king: only another king passes the chain on
            playable = {code for code in counts if RANK[code] == RK}
        elif self.wish != NO_WISH and seat not in self.served:
            playable = {code for code in counts if self._matches(code)}
            wishing = self._overrides(seat, counts)
        else:  # dlx.stock: on an empty discard pile any card may be played
            playable = {code for code in counts if top is None
                        or SUIT[code] == SUIT[top] or RANK[code] == RANK[top]}
            if self.wish == NO_WISH:
                wishing = {code for code in playable if RANK[code] in (RJ, RQ)}
        moves: list[RawMove] = []
        for code in sorted(playable | wishing):
            for count in range(1, min(2, counts[code]) + 1):
                if count == len(hand) and not self._may_be_last(code):
                    continue  # dlx.lastcard
                cards = (code,) * count
                if code in wishing:
                    wishes = RANK_WISHES if RANK[code] == RJ else SUIT_WISHES
                    moves.extend((PLAY, cards, wish) for wish in wishes)
                else:
                    moves.append((PLAY, cards, NO_WISH))
        if self.again and moves:  # dlx.ace: he draws only when he cannot play
            return moves
        return [*moves, DRAW_MOVE]

    def _matches(self, code: int) -> bool:
        """True when the card is of the wished suit or rank."""
        if self.wish < RANK_WISH:
            return SUIT[code] == self.wish
        return RANK[code] == self.wish - RANK_WISH

    def _overrides(self, seat: int, counts: Counter[int]) -> set[int]:
        """dlx.wish.override: jacks (queens) that may cancel the wish and wish anew."""
        if self.served or seat == self.wisher:
            return set()
        if self.wish >= RANK_WISH:
            if self.wish == RANK_WISH + RJ:
                return set()
            return {code for code in counts if RANK[code] == RJ}
        return {code for code in counts if RANK[code] == RQ and SUIT[code] != self.wish}

    def _special(self, code: int) -> bool:
        """J, Q, K, A and the 10 (dlx.10: not with two players) are special cards."""
        rank = RANK[code]
        return rank in (RJ, RQ, RK, RA) or (rank == R10 and self.players > 2)

    def _may_be_last(self, code: int) -> bool:
        """dlx.lastcard: no special last card, unless it is what an active wish asks for."""
        return not self._special(code) or (self.wish != NO_WISH and self._matches(code))

    # --- applying moves --------------------------------------------------------------
    def _apply(self, move: RawMove) -> None:
        """Carry out a play or draw of the player on turn."""
        kind, cards, wish = move
        seat = self.actor
        if kind == DRAW:
            self._draw(seat, self.draw_due or 1)  # dlx.king: then the next player is on turn
            self.draw_due = self.again = 0
            self._to_turn(self._next(seat))
            return
        hand = self.hands[seat]
        for code in cards:
            hand.remove(code)
        self.discard.extend(cards)
        self.again = 0
        if not hand:  # dlx.out
            self.over, self.winner = True, seat
            return
        code, count = cards[0], len(cards)
        rank = RANK[code]
        if wish != NO_WISH:
            self._make_wish(seat, wish)
        elif self.wish != NO_WISH:  # I (dlx.wish): special cards are plain meanwhile
            if self._matches(code):
                self.served.add(seat)
                if len(self.served) == self.players:
                    self.wish = NO_WISH
            self._to_turn(self._next(seat))
        elif rank == RK:
            self.draw_due += 2 * count  # I (dlx.pair): two kings make it 4
            self._to_turn(self._next(seat))
        elif rank == RA:
            self.again = 1  # I (dlx.pair): two aces still ask for one card
        elif rank == R10 and self.players > 2:
            self._to_turn(self._next(seat, count + 1))  # dlx.10: one skipped per ten
        else:
            self._to_turn(self._next(seat))

    def _make_wish(self, seat: int, wish: int) -> None:
        """dlx.jack, dlx.queen; dlx.wish.unheld: wishing what you do not hold costs 5."""
        self.wish, self.wisher = wish, seat
        self.served = set()
        if not any(self._matches(code) for code in self.hands[seat]):
            self._draw(seat, 5)
        self._to_turn(self._next(seat))

    def _to_turn(self, seat: int) -> None:
        """``seat`` is on turn."""
        self.turn = self.actor = seat

    def _draw(self, seat: int, count: int) -> int:
        """dlx.stock: reshuffle as soon as the last stock card is taken; if even the new
        stock is not enough he takes the top discard, and what is still owed lapses."""
        hand = self.hands[seat]
        for drawn in range(count):
            if not self.stock and not self._reshuffle():
                if not self.discard:
                    return drawn
                hand.append(self.discard.pop())
                return drawn + 1
            hand.append(self.stock.pop())
            if not self.stock:
                self._reshuffle()
        return count

    def _situation_wish(self, seat: int) -> Wish | None:
        """The wish with Deluxe's flags, seen by ``seat``."""
        if self.wish == NO_WISH:
            return None
        plain = self.WISHES[self.wish]
        return Wish(suit=plain.suit, rank=plain.rank, by_you=seat == self.wisher,
                    anyone_served=bool(self.served), you_served=seat in self.served)

    def _result(self) -> GameResult:
        """dlx.out: 1 penalty point per card left; the winner deals next."""
        return GameResult(
            variant=self.variant,
            seats=self._seat_results(),
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            direction=self.direction,
            next_dealer=self.winner,
        )
