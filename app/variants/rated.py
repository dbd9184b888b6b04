"""What one rated result is: who played as which side and how the sides placed.

Each variant's definition says what one rated result is — a game, a set or the whole table
(`Variant.rated_unit`, `Variant.rated_results`) — by the principle "what decides the money and
the winner decides the rating"; the ratings (`app/ratings`) only read this shape, so they never
ask which variant a table is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.scoring.types import TEAM_SEATS


@dataclass(frozen=True)
class RatedGame:
    """The sides of one game (seats; one seat per side without teams) and each side's place:
    1 is first, tied sides share a place."""

    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class RatedResult:
    """One rated result of a table and the number of the round that decided it (the last
    round of the game, set or table)."""

    through: int
    game: RatedGame


# What one rated result is.
GAME = "game"
SET = "set"
TABLE = "table"
UNITS = (GAME, SET, TABLE)


def places_of(scores: Sequence[Any]) -> tuple[int, ...]:
    """Competition places from scores where lower is better: (0, 3, 3, 5) -> (1, 2, 2, 4)."""
    return tuple(1 + sum(other < score for other in scores) for score in scores)


def by_totals(totals: Sequence[float], lower_is_better: bool = True) -> RatedGame:
    """A table's totals: each seat on its own, the best total first (ties share a place)."""
    return by_points(list(totals) if lower_is_better else [-t for t in totals])


def single_sides(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seat on its own."""
    return tuple((seat,) for seat in range(players))


def by_points(points: Sequence[float]) -> RatedGame:
    """Each seat on its own, placed by points where fewer are better (ties share a place)."""
    return RatedGame(single_sides(len(points)), places_of(points))


def winner_first(players: int, winner: int) -> RatedGame:
    """The winner first, everybody else tied second."""
    return RatedGame(single_sides(players), tuple(1 if s == winner else 2 for s in range(players)))


def team_won(team: str) -> RatedGame:
    """Two teams of two (A = seats 0 + 2, B = 1 + 3), the given one first."""
    return RatedGame(
        (TEAM_SEATS["A"], TEAM_SEATS["B"]), (1 if team == "A" else 2, 1 if team == "B" else 2)
    )
