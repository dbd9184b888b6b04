"""dyn.series, dyn.money: the finished series is one rated result, placed by its totals."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.rated_check import rated_above
from tests.rated_check import ratings_after


def hands(*others: int) -> dict[str, Any]:
    """A game body: so many cards (no jacks) per seat, not ended by a jack."""
    return {"hands": [{"jacks": 0, "others": n} for n in others], "jack_suit": None}


# Anna goes out first in 6 of 8 games but is caught with 20 cards twice: 40 minus points.
# Ben is second every game with 2: 16, the fewest. Cem 5 × 6 + 0 + 0 = 30, Dora 6 × 6 + 1 + 1
# = 38. Counted per game Anna placed first six times and Ben never; the series is Ben's.
SERIES = [hands(0, 2, 5, 6)] * 6 + [hands(20, 2, 0, 1)] * 2


def test_the_series_winner_is_rated_above_everybody_he_beat(
    app: Flask, client: FlaskClient
) -> None:
    """From equal ratings, the player with the fewest minus points is rated above each player
    he beat there; the others follow their totals (Cem 30, Dora 38, Anna 40)."""
    ratings = ratings_after(app, client, "dynamisch", {"games": 8, "rate_cents": 10}, SERIES)
    assert rated_above(ratings, "Ben", ["Anna", "Cem", "Dora"])
    assert ratings["Cem"] > ratings["Dora"] > ratings["Anna"]


def test_a_running_series_is_not_rated_yet(app: Flask, client: FlaskClient) -> None:
    """Seven of eight games: nothing is decided, nobody is rated yet."""
    ratings = ratings_after(app, client, "dynamisch", {"games": 8, "rate_cents": 10}, SERIES[:7])
    assert ratings == {}
