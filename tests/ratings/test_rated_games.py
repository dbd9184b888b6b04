"""What one round is for the ratings, as each variant's definition says: the sides (seats)
and their places (1 first, ties share), counted by hand from the round bodies."""

from __future__ import annotations

from typing import Any

import pytest

from app.variants.rated import RatedGame
from app.variants.registry import find_variant

SINGLE4 = ((0,), (1,), (2,), (3,))
TEAMS = ((0, 2), (1, 3))
HANDS = [
    {"jacks": 0, "others": 0},
    {"jacks": 1, "others": 3, "holds_named_suit": True},  # (2 + 3) doubled: 10
    {"jacks": 0, "others": 2},
    {"jacks": 0, "others": 5},
]
CASES: list[tuple[str, dict[str, Any], dict[str, Any], RatedGame]] = [
    # dyn.score: minus points 0, 10, 2, 5.
    ("dynamisch", {}, {"hands": HANDS, "jack_suit": "H"}, RatedGame(SINGLE4, (1, 4, 2, 3))),
    # dlx.out: penalty points 0, 3, 3, 5: the two with 3 share the second place.
    ("deluxe", {}, {"cards": [0, 3, 3, 5]}, RatedGame(SINGLE4, (1, 2, 2, 4))),
    # spd.points: the winner first, then fewest points left (37 and 37 tie).
    ("speedone", {}, {"winner": 0, "points": [0, 37, 12, 37]}, RatedGame(SINGLE4, (1, 3, 2, 3))),
    # A hand worth 0 points (a "0" card) still places behind the winner.
    ("speedone", {}, {"winner": 2, "points": [0, 5, 0, 9]}, RatedGame(SINGLE4, (2, 3, 1, 4))),
    # Partners, own points: party A 10 + 30 = 40 against B 0 + 50 = 50: A first.
    (
        "speedone",
        {"partner": True, "scoring": "own-points"},
        {"winner": 1, "points": [10, 0, 30, 50]},
        RatedGame(TEAMS, (1, 2)),
    ),
    # Partners, winner takes: the winner's party (B) first.
    (
        "speedone",
        {"partner": True},
        {"winner": 1, "points": [10, 0, 30, 50]},
        RatedGame(TEAMS, (2, 1)),
    ),
    # ter: the winner first, the others tied second.
    ("terroristen", {}, {"winner": 1}, RatedGame(((0,), (1,), (2,)), (2, 1, 2))),
    # dop.game: team B won.
    ("doppel", {}, {"winner": "B"}, RatedGame(TEAMS, (2, 1))),
]


@pytest.mark.parametrize(("variant", "raw", "body", "expected"), CASES)
def test_rated_game(
    variant: str, raw: dict[str, Any], body: dict[str, Any], expected: RatedGame
) -> None:
    """The definition's sides and places for one round body."""
    definition = find_variant(variant)
    players = ["Anna", "Ben", "Cem", "Dora"][
        : len(expected.sides) if len(expected.sides) == 3 else 4
    ]
    options = definition.options(raw, len(players))
    data = definition.round(players, options, body)
    assert definition.rated_game(len(players), options, data) == expected
