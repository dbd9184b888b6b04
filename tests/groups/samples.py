"""Valid tables and rounds for every variant, shared by the group and export tests."""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from typing import Any

from flask.testing import FlaskClient

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def hands(*cards: tuple[int, int]) -> dict[str, Any]:
    """A dynamisch round body from (jacks, others) per seat, no jack at the end."""
    return {"hands": [{"jacks": j, "others": o} for j, o in cards], "jack_suit": None}


SAMPLES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "dynamisch": (
        {"games": 3, "rate_cents": 10},
        [
            {
                "hands": [
                    {"jacks": 0, "others": 0},
                    {"jacks": 1, "others": 3, "holds_named_suit": True},
                    {"jacks": 0, "others": 2},
                    {"jacks": 0, "others": 5},
                ],
                "jack_suit": "H",
            },
            hands((0, 2), (0, 0), (1, 1), (0, 4)),
            hands((0, 1), (0, 3), (0, 0), (2, 2)),
        ],
    ),
    "deluxe": ({"rounds": 2, "rate_cents": 5}, [{"cards": [0, 3, 2, 5]}, {"cards": [4, 0, 2, 2]}]),
    "speedone": (
        {"target": 200, "scoring": "own-points", "rate_cents": 2},
        [
            {"winner": 0, "points": [0, 37, 12, 80]},
            {
                "winner": 1,
                "hands": [
                    {"numbers": 17, "actions": 1, "wilds": 0},
                    None,
                    {"numbers": 3, "actions": 0, "wilds": 1},
                    {"numbers": 0, "actions": 0, "wilds": 0},
                ],
            },
        ],
    ),
    "terroristen": ({"games": 3}, [{"winner": 2}, {"winner": 0}, {"winner": 2}]),
    "doppel": ({}, [{"winner": w} for w in "AAAAA" + "BBABBB" + "AAAAA"]),  # sets 5:0, 1:5, 5:0
}


def day(number: int) -> datetime:
    """A Friday evening in 2025 (the number-th day of September)."""
    return datetime(2025, 9, number, 19, 30, tzinfo=UTC)


def error_texts(html: str) -> list[str]:
    """The error sentences of a page: each once, in the summary on top."""
    return re.findall(r'<li class="error">(?:<a [^>]*>)?([^<]*)<', html)


def claim(client: FlaskClient, group_id: str, token: str) -> None:
    """Open a group's edit link with this client (its session keeps the token)."""
    response = client.get(f"/g/{group_id}/edit/{token}")
    assert response.status_code == 302
