"""The end of a game: what the score keeping needs (docs/api.md §2, one round)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's hand at the end."""

    cards: int
    jacks: int = 0
    points: int = 0  # hand points where a variant counts them (spd.points)
    holds_named_suit: bool = False  # dyn.score.double


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: hands left, winners (a team's two seats where teams win, dop.game),
    the variant's extras; ``next_dealer`` follows dyn.dealer and dlx.out, ``body`` is the
    scoring's round."""

    variant: str
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    moves: int
    reshuffles: int
    body: tuple[tuple[str, Any], ...]
    direction: int = 1
    next_dealer: int | None = None
    jack_suit: str | None = None
    team: str | None = None
    out_order: tuple[int, ...] = ()

    def round_body(self) -> dict[str, Any]:
        """The body of ``POST /api/v1/tables/{id}/rounds`` for this game."""
        body = dict(self.body)
        if self.next_dealer is not None:
            body["next_dealer"] = self.next_dealer
        return body
