"""Skat cards as small ints (suit × 8 + rank) and what the four Skat variants share."""

from __future__ import annotations

from collections import Counter
from itertools import product

from app.engine.cards import RANKS
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.games.base import GameState
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import PASS_MOVE
from app.engine.games.moves import PLAY
from app.engine.games.moves import RawMove
from app.engine.games.result import SeatResult
from app.engine.situation import Wish

R7, R8, R9, R10, RJ, RQ, RK, RA = range(8)
SKAT_CARDS = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)
SUIT = tuple(code >> 3 for code in range(32))
RANK = tuple(code & 7 for code in range(32))
# Wish indexes: 0-3 name a suit, RANK_WISH + r names rank r (Deluxe's jacks).
RANK_WISH = 4
SKAT_WISHES = (*(Wish(suit=suit) for suit in SUITS), *(Wish(rank=rank) for rank in RANKS))


def code_of(suit: int, rank: int) -> int:
    """The int of a Skat card."""
    return suit * 8 + rank


def counterpart(code: int) -> int:
    """The other half of a wedding: the king for a queen and the queen for a king."""
    return code_of(SUIT[code], RK if RANK[code] == RQ else RQ)


def same_rank_plays(hand: list[int], first_ok: set[int]) -> list[tuple[int, ...]]:
    """Several cards of one rank played together (ter.multi), the first one serving.

    Only the first card (it must serve) and the last (it becomes the top) matter for the
    game, so the cards between them are listed in one (sorted) order.
    """
    by_rank: dict[int, Counter[int]] = {}
    for code in hand:
        by_rank.setdefault(RANK[code], Counter())[code] += 1
    plays: list[tuple[int, ...]] = []
    for counts in by_rank.values():
        if sum(counts.values()) < 2 or not first_ok.intersection(counts):
            continue
        codes = sorted(counts)
        for amounts in product(*(range(counts[code] + 1) for code in codes)):
            chosen = Counter({code: n for code, n in zip(codes, amounts, strict=True) if n})
            if sum(chosen.values()) >= 2:
                plays.extend(_orders(chosen, first_ok))
    return plays


def _orders(chosen: Counter[int], first_ok: set[int]) -> list[tuple[int, ...]]:
    """The distinct (first, ..., last) orders of a set of cards with a serving first."""
    orders = []
    for first in sorted(chosen):
        if first not in first_ok:
            continue
        rest = chosen.copy()
        rest[first] -= 1
        for last in sorted(code for code, n in rest.items() if n):
            middle = rest.copy()
            middle[last] -= 1
            orders.append((first, *sorted(middle.elements()), last))
    return orders


class SkatGame(GameState):
    """A game with Skat cards: named suits, jacks counted in the result, weddings."""

    CARDS = SKAT_CARDS
    WISHES = SKAT_WISHES

    def _turn_up(self) -> int:
        """Lay the top card of the stock face up as the first discard."""
        code = self.stock.pop()
        self.discard.append(code)
        return code

    def _seat_results(self, named_suit: int | None = None) -> tuple[SeatResult, ...]:
        """Cards and jacks left per player; who holds the named suit (dyn.score.double)."""
        return tuple(
            SeatResult(
                cards=len(hand),
                jacks=sum(1 for code in hand if RANK[code] == RJ),
                holds_named_suit=named_suit is not None
                and any(SUIT[code] == named_suit for code in hand),
            )
            for hand in self.hands
        )

    def _wedding_moves(self, code: int) -> list[RawMove]:
        """Announce the wedding with ``code`` (the counterpart of the top) or let it pass."""
        return [(PLAY, (code,), NO_WISH), PASS_MOVE]

    def _holders(self, code: int, first: int, count: int) -> list[int]:
        """The ``count`` seats from ``first`` on in direction that hold ``code``."""
        seats = (self._next(first, step) for step in range(count))
        return [seat for seat in seats if code in self.hands[seat]]
