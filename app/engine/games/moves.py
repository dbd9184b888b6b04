"""Moves of a whole game: what one player does, internally and at the boundary.

Inside a game a move is a plain tuple ``(kind, cards, wish)`` of small ints (fast to make
and compare in self-play). ``Move`` is the public form, like python-chess's ``Move``: a
frozen value with a compact text, ``"2 play CJ wish=D"``. Plays and draws are what the
referee judges (``move.action``); passing a wedding window, showing and taking cards
(dyn.9, dyn.10), naming a suit for a turned-up jack and ending a Doppel turn after drawing
are decisions of the game only.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import Card
from app.engine.cards import format_cards
from app.engine.cards import parse_cards
from app.engine.situation import Action
from app.engine.situation import Wish

PLAY = 0
DRAW = 1  # draw a card, or take the pending cards or skip
PASS = 2  # no wedding now (dyn.wedding, ter.wedding) / end the turn after drawing (dop.draw)
SHOW = 3  # show cards (dyn.9, dyn.10)
TAKE = 4  # take one shown card
NAME = 5  # name a suit for the turned-up jack
KIND_NAMES = ("play", "draw", "pass", "show", "take", "name")
NO_WISH = -1

RawMove = tuple[int, tuple[int, ...], int]
DRAW_MOVE: RawMove = (DRAW, (), NO_WISH)
PASS_MOVE: RawMove = (PASS, (), NO_WISH)


class IllegalMoveError(ValueError):
    """A move that the game does not allow now; the message names move and situation."""


@dataclass(frozen=True, slots=True)
class Move:
    """One decision of one player: play cards (with a wish), draw, pass, show, take, name."""

    seat: int
    kind: str
    cards: tuple[Card, ...] = ()
    wish: Wish | None = None

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the text form: ``2 play CJ wish=D``, ``0 draw``, ``1 name C``."""
        words = text.split()
        try:
            seat, kind, *rest = words
            if kind not in KIND_NAMES or len(rest) > 2:
                raise ValueError(f"{kind!r} is not one of {', '.join(KIND_NAMES)}")
            wish = None
            if rest and (rest[-1].startswith("wish=") or kind == "name"):
                wish = Wish.parse(rest.pop().removeprefix("wish="))
            cards = parse_cards(rest[0]) if rest else ()
            return cls(int(seat), kind, cards, wish)
        except ValueError as error:
            raise ValueError(f"{text!r} is not a move like '2 play CJ wish=D' or '0 draw': "
                             f"{error}") from error

    @property
    def action(self) -> Action | None:
        """The referee's form of a play or draw; None for the game's own decisions."""
        if self.kind == "play":
            return Action(play=self.cards, wish=self.wish)
        if self.kind == "draw":
            return Action(draw=True)
        return None

    def __str__(self) -> str:
        """``2 play CJ wish=D``, ``0 draw``, ``3 show H7,S8``, ``1 name C``."""
        parts = [str(self.seat), self.kind]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.wish:
            parts.append(str(self.wish) if self.kind == "name" else f"wish={self.wish}")
        return " ".join(parts)
