"""Speedone (RULES.md §3): the UNO-like deck, wild wishes, stacking options, hand limit.

Written for speed (spd self-play is the benchmark): cards are ints ``colour × 13 + value``
with the wild cards 52 (W) and 53 (W+4), and the cards that serve a top are looked up.
"""

from __future__ import annotations

from app.engine.cards import COLOURS
from app.engine.cards import VALUES
from app.engine.cards import Card
from app.engine.games.base import GameState
from app.engine.games.moves import DRAW
from app.engine.games.moves import DRAW_MOVE
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import PLAY
from app.engine.games.moves import RawMove
from app.engine.games.result import GameResult
from app.engine.games.result import SeatResult
from app.engine.situation import Wish

SKIP, REVERSE, DRAW_TWO = 10, 11, 12
WILD, WILD_FOUR = 52, 53
SPEEDONE_CARDS = (*(Card(colour, value) for colour in COLOURS for value in VALUES[:13]),
                  Card(None, "W"), Card(None, "W+4"))
COLOUR = tuple(code // 13 if code < WILD else -1 for code in range(54))
VALUE = tuple(code % 13 if code < WILD else code for code in range(54))
POINTS = tuple(VALUE[code] if VALUE[code] < SKIP else 20 if code < WILD else 50
               for code in range(54))  # spd.points
# The moves of one card: a wild card once per colour it may wish (spd.wish).
CARD_MOVES: tuple[tuple[RawMove, ...], ...] = tuple(
    tuple((PLAY, (code,), colour) for colour in range(4)) if code >= WILD
    else ((PLAY, (code,), NO_WISH),)
    for code in range(54))
# SERVES[colour * 14 + value]: the cards that serve a top of that colour and value
# (value 13: a wild top, only its wished colour counts; colour 4: a wild start card,
# I (spd.start): it has no effect, so it names no colour and only wild cards serve).
SERVES = tuple(
    frozenset(code for code in range(54)
              if code >= WILD or COLOUR[code] == colour or VALUE[code] == value)
    for colour in range(5) for value in range(14))
SERVES_OF = tuple(SERVES[COLOUR[code] * 14 + VALUE[code]] for code in range(WILD))


class Speedone(GameState):
    """A round of Speedone; ``options`` holds spd.opt.stack2 and spd.opt.stack4."""

    variant = "speedone"
    CARDS = SPEEDONE_CARDS
    WISHES = tuple(Wish(suit=colour) for colour in COLOURS)
    PLAYERS = (2, 10)
    HAND_SIZE = 7
    HAND_LIMIT = 22  # spd.handlimit: cards beyond it lapse

    def _start(self) -> None:
        """spd.start: 7 cards each, the player left of the dealer starts, no start effect."""
        self.winner = -1
        self._deal(self.HAND_SIZE)
        self.discard.append(self.stock.pop())
        self._serve_key()

    def _serve_key(self) -> None:
        """Remember which cards serve the top (its colour, or the wish, and its value)."""
        top = self.discard[-1]
        if top >= WILD:
            self.serves = SERVES[(4 if self.wish == NO_WISH else self.wish) * 14 + 13]
        else:
            self.serves = SERVES_OF[top]

    def _arranged(self) -> None:
        """The cards that serve the arranged top."""
        self._serve_key()

    def _legal(self) -> list[RawMove]:
        """Cards that serve, each wild once per colour, and drawing (spd.draw)."""
        hand = self.hands[self.actor]
        if self.draw_due:  # stacking: only the same draw card passes it on
            counter = WILD_FOUR if self.discard[-1] == WILD_FOUR else DRAW_TWO
            playable = frozenset(code for code in hand if VALUE[code] == counter)
        else:
            playable = self.serves.intersection(hand)
        moves: list[RawMove] = []
        for code in playable:
            moves += CARD_MOVES[code]
        moves.append(DRAW_MOVE)
        return moves

    def _apply(self, move: RawMove) -> None:
        """Play a card with its effect, or draw (a drawer's turn ends, spd.draw)."""
        seat = self.actor
        if move[0] == DRAW:
            self._draw(seat, self.draw_due or 1)
            self.draw_due = 0
            self.turn = self.actor = (seat + self.direction) % self.players
            return
        code = move[1][0]
        hand = self.hands[seat]
        hand.remove(code)
        self.discard.append(code)
        self.wish = move[2]
        if not hand:
            self.over, self.winner = True, seat
            return
        self.serves = SERVES_OF[code] if code < WILD else SERVES[move[2] * 14 + 13]
        value = VALUE[code]
        if value < SKIP or code == WILD:
            self.turn = self.actor = (seat + self.direction) % self.players
        elif value == SKIP or (value == REVERSE and self.players == 2):
            self.turn = self.actor = self._next(seat, 2)  # spd.skip, spd.reverse (2 players)
        elif value == REVERSE:
            self.direction = -self.direction
            self.turn = self.actor = self._next(seat)
        else:
            self._draw_card(seat, 2 if value == DRAW_TWO else 4)

    def _draw_card(self, seat: int, count: int) -> None:
        """spd.draw2/spd.draw4: the next player draws and his turn ends, unless stacking
        (spd.opt.stack2, spd.opt.stack4) lets him pass it on."""
        victim = self._next(seat)
        stacking = self.options.stack2 if count == 2 else self.options.stack4
        if stacking:
            self.draw_due += count
            self.turn = self.actor = victim
        else:
            self._draw(victim, count)
            self.turn = self.actor = self._next(victim)

    def _result(self) -> GameResult:
        """spd.points: the cards left in each hand; the winner has 0."""
        return GameResult(
            variant=self.variant,
            seats=tuple(SeatResult(cards=len(hand), points=sum(POINTS[code] for code in hand))
                        for hand in self.hands),
            winners=(self.winner,),
            moves=self.ply,
            reshuffles=self.reshuffles,
            direction=self.direction,
        )
