"""Whole rounds of Maumau-Deluxe: wishes that last, the stock that runs out (dlx.stock)."""

from __future__ import annotations

from app.engine.cards import Card
from app.engine.games.base import Game
from app.engine.games.moves import Choice
from app.engine.games.result import GameResult
from app.engine.registry import Ruling
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.variants.deluxe.rules import DeluxeRules


class DeluxeGame(Game):
    """A round of Maumau-Deluxe; ``direction`` is the table's choice (dlx.start)."""

    rules = DeluxeRules()
    PLAYERS = (rules.min_players, rules.max_players)
    HAND_SIZE = 5  # dlx.start
    MUTABLE = ("served",)

    def _setup(self) -> None:
        """Nobody has wished yet."""
        self.wisher = -1
        self.served: set[int] = set()  # dlx.wish (I): who discarded the wish since it was made

    def _arranged(self) -> None:
        """An arranged wish was made by nobody at the table and served by nobody yet."""
        self._setup()

    def _set_wish(self, seat: int, wish: Wish) -> None:
        """dlx.jack, dlx.queen, dlx.wish.override: a new wish, served by nobody yet."""
        self.wish, self.wisher, self.served = wish, seat, set()

    def _played(self, seat: int, cards: tuple[Card, ...]) -> None:
        """dlx.wish (I): the wish lasts until every player has discarded the wished rank
        (suit) once."""
        if self.wish is not None and self.wish.matches(cards[0]):
            self.served.add(seat)
            if len(self.served) == self.players:
                self.wish = None

    def _wish_for(self, seat: int) -> Wish | None:
        """The wish with Deluxe's flags (dlx.wish), seen by ``seat``."""
        wish = self.wish
        if wish is None:
            return None
        return Wish(
            suit=wish.suit,
            rank=wish.rank,
            by_you=seat == self.wisher,
            anyone_served=bool(self.served),
            you_served=seat in self.served,
        )

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

    def _turn_choices(self) -> list[Choice]:
        """dlx.stock: on an empty discard pile any card may be played — the rules judge
        each card as laid on its twin, which every card serves."""
        if self.discard:
            return super()._turn_choices()
        choices = [
            choice
            for card in dict.fromkeys(self.hands[self.actor])
            for choice in self._judged(self._situation(self.actor, top=card))
            if choice.kind == "play" and choice.cards[0] == card
        ]
        draw = self._judge(self.actor, Action(draw=True))
        return [*choices, Choice("draw", (), None, draw)] if draw.legal else choices

    def _judge(self, seat: int, action: Action) -> Ruling:
        """dlx.stock: on an empty discard pile every card fits (judged as laid on its twin)."""
        return self.rules.judge(
            self._empty_pile(seat, action) if not self.discard else self._situation(seat), action
        )

    def _empty_pile(self, seat: int, action: Action) -> Situation:
        """The situation in which ``action`` is judged while the discard pile is empty."""
        return self._situation(seat, top=action.play[0] if action.play else self.hands[seat][0])

    def _result(self) -> GameResult:
        """dlx.out: 1 penalty point per card left; the winner deals next."""
        seats = self.seat_results()
        return GameResult(
            variant=self.variant,
            seats=seats,
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            body=(("cards", [seat.cards for seat in seats]),),
            direction=self.direction,
            next_dealer=self.winner,
        )
