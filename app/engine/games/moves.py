"""Moves of a whole game: what one player does, internally and at the boundary.

A :class:`Choice` is a game's own move, with the ruling of a play or draw already judged;
``Move`` is the public form, like python-chess's (``"2 play CJ wish=D"``). Only plays and
draws are the referee's; the other moves are the game's (dyn.9, dyn.10, weddings).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from app.engine.cards import Card
from app.engine.cards import format_cards
from app.engine.cards import parse_cards
from app.engine.registry import Ruling
from app.engine.situation import Action
from app.engine.situation import Wish

KINDS = ("play", "draw", "pass", "show", "take", "name")
# The moves an eager player makes only when he has no other.
RELUCTANT = ("draw", "pass")


class IllegalMoveError(ValueError):
    """A move that the game does not allow now; the message names move and situation."""


class Choice(NamedTuple):
    """One legal move inside a game, with the referee's ruling when it is already known."""

    kind: str
    cards: tuple[Card, ...] = ()
    wish: Wish | None = None
    ruling: Ruling | None = None

    @property
    def action(self) -> Action | None:
        """The referee's form of a play or draw; None for the game's own decisions."""
        if self.kind == "play":
            return Action(play=self.cards, wish=self.wish)
        return Action(draw=True) if self.kind == "draw" else None


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
            if kind not in KINDS or len(rest) > 2:
                raise ValueError(f"{kind!r} is not one of {', '.join(KINDS)}")
            wish = None
            if rest and (rest[-1].startswith("wish=") or kind == "name"):
                wish = Wish.parse(rest.pop().removeprefix("wish="))
            cards = parse_cards(rest[0]) if rest else ()
            return cls(int(seat), kind, cards, wish)
        except ValueError as error:
            raise ValueError(
                f"{text!r} is not a move like '2 play CJ wish=D' or '0 draw': {error}"
            ) from error

    @property
    def action(self) -> Action | None:
        """The referee's form of a play or draw; None for the game's own decisions."""
        return Choice(self.kind, self.cards, self.wish).action

    def __str__(self) -> str:
        """``2 play CJ wish=D``, ``0 draw``, ``3 show H7,S8``, ``1 name C``."""
        parts = [str(self.seat), self.kind]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.wish:
            parts.append(str(self.wish) if self.kind == "name" else f"wish={self.wish}")
        return " ".join(parts)
