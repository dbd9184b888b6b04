"""What one game is for the ratings: who played as which side and how the sides placed.

Each variant's definition says it (`Variant.rated_game`); the ratings (`app/ratings`) only
read this shape, so they never ask which variant a table is.
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


def places_of(scores: Sequence[Any]) -> tuple[int, ...]:
    """Competition places from scores where lower is better: (0, 3, 3, 5) -> (1, 2, 2, 4)."""
    return tuple(1 + sum(other < score for other in scores) for score in scores)


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
