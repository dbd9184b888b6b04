"""The cards of a game: the deck shuffled, dealt and turned up, drawing and reshuffling, the
hands, and the hooks a variant's game overrides (app.engine.games.base drives the turns)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from app.engine.cards import Card
from app.engine.games.result import GameResult
from app.engine.games.result import SeatResult
from app.engine.options import Options
from app.engine.registry import Rules
from app.engine.situation import Wish


def shuffle(cards: list[Card], uniform: Callable[[], float]) -> None:
    """Fisher-Yates in place with float draws: about twice as fast as random.shuffle."""
    for last in range(len(cards) - 1, 0, -1):
        other = int(uniform() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]


class CardTable:
    """Hands, stock and discard pile of one game, and the variant's hooks about them."""

    rules: ClassVar[Rules]
    HAND_SIZE: ClassVar[int]
    players: int
    dealer: int
    direction: int
    options: Options
    rng: random.Random
    stock: list[Card]
    hands: list[list[Card]]
    discard: list[Card]
    wish: Wish | None
    over: bool
    winner: int
    reshuffles: int

    def _setup(self) -> None:
        """Start what the variant keeps besides the cards, before the deal."""

    def _deal(self) -> Card:
        """Deal the hands and turn up the first discard."""
        self._deal_round(self.HAND_SIZE)
        return self._turn_up()

    def _went_out(self, seat: int) -> None:
        """``seat`` has no card left (an ``out`` effect): the first player out ends the game
        unless the variant says otherwise."""
        self.over, self.winner = True, seat

    def _settle(self) -> None:
        """The turn has come to rest with a player; a variant may end the game here."""

    def _played(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` laid ``cards``: a wish ends with the next card unless it lasts."""
        self.wish = None

    def _set_wish(self, seat: int, wish: Wish) -> None:
        """``seat`` wished ``wish`` (a jack, a queen, a wild card)."""
        self.wish = wish

    def _wish_for(self, seat: int) -> Wish | None:
        """The active wish as ``seat`` sees it."""
        return self.wish

    def _players_in(self) -> int:
        """Players still in the game (all of them unless players go out, dop.out)."""
        return self.players

    def _next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on from ``seat`` in the current direction."""
        return (seat + steps * self.direction) % self.players

    def _arranged(self) -> None:
        """Reset what a variant keeps about the cards after ``arrange``."""

    def _result(self) -> GameResult:
        """The variant's result of an ended game."""
        raise NotImplementedError

    def _deal_round(self, count: int) -> None:
        """Deal ``count`` cards to each player, after the dealer (from a shuffled stock, at
        once is as fair as one at a time)."""
        stock = self.stock
        for step in range(1, self.players + 1):
            self.hands[self._next(self.dealer, step)].extend(stock[-count:])
            del stock[-count:]

    def _turn_up(self) -> Card:
        """Lay the top card of the stock face up as the first discard."""
        card = self.stock.pop()
        self.discard.append(card)
        return card

    def _reshuffle(self) -> bool:
        """Shuffle the discards below the top into a new stock (dyn.stock and the like)."""
        if len(self.discard) < 2:
            return False
        top = self.discard.pop()
        self.stock, self.discard = self.discard, [top]
        shuffle(self.stock, self.rng.random)
        self.reshuffles += 1
        return True

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards, reshuffling when the stock runs out; the number drawn
        (none beyond spd.handlimit, none when both piles are exhausted, dyn.stock)."""
        hand = self.hands[seat]
        limit = self.rules.hand_limit(self.options)
        if limit is not None:
            count = min(count, max(0, limit - len(hand)))
        for drawn in range(count):
            if not self.stock and not self._reshuffle():
                return drawn
            hand.append(self.stock.pop())
        return count

    def hand(self, seat: int) -> list[Card]:
        """The cards of one player."""
        return self.hands[seat][:]

    def top(self) -> Card | None:
        """The top card of the discard pile (None only when the pile ran out, dlx.stock)."""
        return self.discard[-1] if self.discard else None

    def all_cards(self) -> Counter[Card]:
        """Every card of hands, stock and discard pile (the deck, if nothing got lost)."""
        return Counter(
            [*(card for hand in self.hands for card in hand), *self.stock, *self.discard]
        )

    def seat_results(self, named_suit: str | None = None) -> tuple[SeatResult, ...]:
        """Cards and jacks left per player; who holds the named suit (dyn.score.double)."""
        return tuple(
            SeatResult(
                cards=len(hand),
                jacks=sum(card.rank == "J" for card in hand),
                holds_named_suit=named_suit is not None
                and any(card.suit == named_suit for card in hand),
            )
            for hand in self.hands
        )
