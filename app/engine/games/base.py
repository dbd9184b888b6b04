"""The shared part of a whole game: cards as small ints, the deal, drawing, moves, undo.

A game state works like python-chess's ``Board``: ``legal_actions()`` lists what the player
who must act may do, ``push(move)`` applies one, ``pop()`` undoes it, ``is_over()`` and
``result()`` report the end. Internally cards are small ints (an index into the variant's
``CARDS``) and moves are plain tuples, so seeded random self-play is fast; ``Card``,
``Wish`` and ``Move`` appear only at the boundary.

Table manners and verbal calls (Mau, Maumau, ONE, knocking, greetings, "letzte Karte") are
not simulated: every player is assumed to call correctly, so no penalty cards are dealt.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from app.engine.cards import Card
from app.engine.cards import deck
from app.engine.cards import parse_cards
from app.engine.games.moves import KIND_NAMES
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import IllegalMoveError
from app.engine.games.moves import Move
from app.engine.games.moves import RawMove
from app.engine.games.result import GameResult
from app.engine.situation import Options
from app.engine.situation import Pending
from app.engine.situation import Situation
from app.engine.situation import Wish

# Phases: who must act and what kind of decision it is.
ON_TURN = 0  # the acting player is on turn (possibly facing a pending effect)
WEDDING = 1  # a wedding may be announced out of turn (dyn.wedding, ter.wedding)
SHOWING = 2  # show two cards (dyn.9, dyn.10)
TAKING = 3  # take one of the shown cards
NAMING = 4  # the dealer names a suit for a turned-up jack (dyn.start, ter.start, …)
AFTER_DRAW = 5  # Doppel: play after drawing, or end the turn (dop.draw)

DECKS: dict[tuple[str, int], tuple[int, ...]] = {}


def shuffle(cards: list[int], uniform: Callable[[], float]) -> None:
    """Fisher-Yates in place with float draws: about twice as fast as random.shuffle."""
    for last in range(len(cards) - 1, 0, -1):
        other = int(uniform() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]


class GameState:
    """One game of a variant: hands, stock, discard pile, direction, turn and effects."""

    variant: ClassVar[str]
    CARDS: ClassVar[tuple[Card, ...]]  # int code -> Card
    WISHES: ClassVar[tuple[Wish, ...]]  # wish index -> Wish
    PLAYERS: ClassVar[tuple[int, int]]  # smallest and largest number of players
    HAND_SIZE: ClassVar[int]
    HAND_LIMIT: ClassVar[int] = 1000  # no limit but Speedone's
    MUTABLE: ClassVar[tuple[str, ...]] = ()  # extra list/set fields that copy() must copy

    def __init__(self, players: int, seed: int, options: Options | None = None,
                 dealer: int = 0, direction: int = 1) -> None:
        """Shuffle the variant's deck with ``seed`` and deal (the variant's ``_start``)."""
        low, high = self.PLAYERS
        if not low <= players <= high:
            raise ValueError(f"players must be {low} to {high} for {self.variant}, "
                             f"not {players}.")
        if not 0 <= dealer < players or direction not in (1, -1):
            raise ValueError(f"dealer must be a seat 0 to {players - 1} and direction 1 or "
                             f"-1, not {dealer} and {direction}.")
        self.players = players
        self.options = options or Options()
        self.rng = random.Random(seed)
        self.dealer = dealer
        self.direction = direction
        self.stock = list(self._deck(players))
        shuffle(self.stock, self.rng.random)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []
        self.phase = ON_TURN
        self.turn = self.actor = (dealer + direction) % players
        self.draw_due = 0  # cards the acting player takes unless he passes the effect on
        self.skip_due = 0  # he is skipped unless he passes it on
        self.again = 0  # he must play this many more cards now
        self.wish = NO_WISH
        self.over = False
        self.ply = 0
        self.reshuffles = 0
        self._history: list[GameState] = []
        self._start()

    # --- hooks of the variants -------------------------------------------------------
    def _start(self) -> None:
        """Deal and turn up the first card with its effect."""
        raise NotImplementedError

    def _legal(self) -> list[RawMove]:
        """The raw moves of the acting player."""
        raise NotImplementedError

    def _apply(self, move: RawMove) -> None:
        """Carry out one raw move of the acting player (it is legal)."""
        raise NotImplementedError

    def _pending(self) -> Pending | None:
        """The pending effect on the acting player, as the referee sees it."""
        due = Pending(draw=self.draw_due, skip=self.skip_due, again=self.again)
        return due if due else None

    def _situation_wish(self, seat: int) -> Wish | None:
        """The active wish as ``seat`` sees it."""
        return self.WISHES[self.wish] if self.wish != NO_WISH else None

    def _result(self) -> GameResult:
        """The variant's result of an ended game."""
        raise NotImplementedError

    # --- shared mechanics ------------------------------------------------------------
    def _next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on from ``seat`` in the current direction."""
        return (seat + steps * self.direction) % self.players

    @classmethod
    def _deck(cls, players: int) -> tuple[int, ...]:
        """The variant's deck (cards.deck) as ints, made once per number of players."""
        key = (cls.variant, players)
        if key not in DECKS:
            codes = {card: code for code, card in enumerate(cls.CARDS)}
            DECKS[key] = tuple(codes[card] for card in deck(cls.variant, players))
        return DECKS[key]

    def _deal(self, count: int) -> None:
        """Deal ``count`` cards to each player, starting after the dealer.

        From a shuffled stock, ``count`` cards at once give every player the same chances
        as one card at a time, and it is quicker.
        """
        stock = self.stock
        for step in range(1, self.players + 1):
            self.hands[self._next(self.dealer, step)].extend(stock[-count:])
            del stock[-count:]

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
        """Draw up to ``count`` cards, reshuffling when the stock runs out; the number drawn.

        If stock and discard pile are both exhausted, the draw is skipped (dyn.stock).
        """
        hand = self.hands[seat]
        if count == 1 and self.stock and len(hand) < self.HAND_LIMIT:
            hand.append(self.stock.pop())  # the common case, quickly
            return 1
        count = min(count, self.HAND_LIMIT - len(hand))
        for drawn in range(count):
            if not self.stock and not self._reshuffle():
                return drawn
            hand.append(self.stock.pop())
        return count

    # --- the public interface --------------------------------------------------------
    def legal_actions(self) -> list[Move]:
        """Everything the acting player may do now (empty when the game is over)."""
        if self.over:
            return []
        return [self._public(raw) for raw in self._legal()]

    def is_legal(self, move: Move) -> bool:
        """True when ``move`` is among the legal actions; never raises."""
        return move in self.legal_actions()

    def push(self, move: Move) -> None:
        """Apply a legal move; ``IllegalMoveError`` (a ValueError) names it otherwise."""
        for raw in [] if self.over else self._legal():
            if self._public(raw) == move:
                self._history.append(self.copy())
                self._apply(raw)
                self.ply += 1
                return
        raise IllegalMoveError(f"{move} is not legal in this {self.variant} game at move "
                               f"{self.ply} ({self.situation_for(self.actor)}).")

    def push_text(self, text: str) -> Move:
        """Parse a move's text form (``"0 play H7"``) and push it, like ``push_uci``."""
        move = Move.parse(text)
        self.push(move)
        return move

    def pop(self) -> None:
        """Undo the last pushed move."""
        if not self._history:
            raise IndexError("pop from a game without pushed moves")
        history = self._history
        self.__dict__.update(history.pop().__dict__)
        self._history = history

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.over

    def result(self) -> GameResult:
        """What the score keeping needs; a ValueError while the game is running."""
        if not self.over:
            raise ValueError(f"The {self.variant} game is not over yet (move {self.ply}).")
        return self._result()

    def copy(self) -> GameState:
        """An independent copy without the undo history."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands = [hand[:] for hand in self.hands]
        twin.stock = self.stock[:]
        twin.discard = self.discard[:]
        for name in self.MUTABLE:
            setattr(twin, name, getattr(self, name).copy())
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin._history = []
        return twin

    def arrange(self, hands: list[str], discard: str, stock: str | None = None,
                seat: int = 0, wish: str | None = None) -> None:
        """Lay out a position (for examples and tests), like python-chess's ``set_fen``.

        ``hands`` per seat and the ``discard`` pile (bottom to top) as comma-separated
        codes; the ``stock`` (bottom to top) defaults to the rest of the deck, so no card
        is lost. ``seat`` is on turn with nothing pending; ``wish`` is the active wish.
        """
        codes = {card: code for code, card in enumerate(self.CARDS)}

        def ints(text: str) -> list[int]:
            """The ints of comma-separated card codes."""
            return [codes[card] for card in parse_cards(text)]

        self.hands, self.discard = [ints(text) for text in hands], ints(discard)
        rest = Counter(self._deck(self.players))
        rest.subtract(code for pile in [*self.hands, self.discard] for code in pile)
        self.stock = ints(stock) if stock is not None else sorted(rest.elements())
        if stock is not None:
            rest.subtract(self.stock)
        if len(hands) != self.players or min(rest.values()) < 0:
            raise ValueError(f"arrange needs {self.players} hands and only cards of the "
                             f"{self.variant} deck, each at most as often as it has them.")
        self.phase, self.turn, self.actor = ON_TURN, seat, seat
        self.draw_due = self.skip_due = self.again = 0
        self.wish = self.WISHES.index(Wish.parse(wish)) if wish else NO_WISH
        self._arranged()

    def _arranged(self) -> None:
        """Recompute what a variant derives from the top card after ``arrange``."""

    def hand(self, seat: int) -> list[Card]:
        """The cards of one player."""
        return [self.CARDS[code] for code in self.hands[seat]]

    def top(self) -> Card | None:
        """The top card of the discard pile (None only when Deluxe's pile ran out)."""
        return self.CARDS[self.discard[-1]] if self.discard else None

    def all_cards(self) -> Counter[Card]:
        """Every card of hands, stock and discard pile (the deck, if nothing got lost)."""
        codes = [code for hand in self.hands for code in hand] + self.stock + self.discard
        return Counter(self.CARDS[code] for code in codes)

    def situation_for(self, seat: int) -> Situation | None:
        """What ``seat`` sees, as a referee situation.

        The acting player in a turn sees the pending effect, and ``drew`` after a Doppel
        draw (dop.draw); everybody else (and a player who may announce a wedding) is
        ``actor="other"``. None when there is no top card.
        """
        if not self.discard:
            return None
        acting = seat == self.actor and self.phase in (ON_TURN, AFTER_DRAW)
        return Situation(
            variant=self.variant,
            top=self.CARDS[self.discard[-1]],
            below=self.CARDS[self.discard[-2]] if len(self.discard) > 1 else None,
            wish=self._situation_wish(seat),
            pending=self._pending() if acting else None,
            hand=tuple(self.hand(seat)),
            players=self._players_in(),
            options=self.options,
            actor="on_turn" if acting else "other",
            drew=acting and self.phase == AFTER_DRAW,  # dop.draw: he may still play
        )

    def _players_in(self) -> int:
        """Players still in the game (all of them except in Doppel)."""
        return self.players

    def _public(self, raw: RawMove) -> Move:
        """The boundary form of a raw move."""
        kind, cards, wish = raw
        return Move(
            seat=self.actor,
            kind=KIND_NAMES[kind],
            cards=tuple(self.CARDS[code] for code in cards),
            wish=self.WISHES[wish] if wish != NO_WISH else None,
        )

    def __str__(self) -> str:
        """One line: variant, move number, who acts, top card and hands."""
        hands = " | ".join(",".join(str(card) for card in self.hand(seat))
                           for seat in range(self.players))
        return (f"{self.variant} ply={self.ply} actor={self.actor} top={self.top()} "
                f"hands={hands}")

