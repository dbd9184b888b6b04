"""dlx.out: the finished table of 10 rounds is one rated result, placed by its penalty points."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.rated_check import rated_above
from tests.rated_check import ratings_after

# Anna goes out in 8 of 10 rounds but holds 15 cards twice: 30 penalty points. Ben holds 1 card
# every round: 10, the fewest. Cem 4 × 8 + 0 + 0 = 32, Dora 3 × 8 + 2 + 2 = 28.
ROUNDS = [{"cards": [0, 1, 4, 3]}] * 8 + [{"cards": [15, 1, 0, 2]}] * 2


def test_the_table_winner_is_rated_above_everybody_he_beat(app: Flask, client: FlaskClient) -> None:
    """From equal ratings, Ben (fewest penalty points) is above each player he beat; the rest
    follow their totals: Dora 28, Anna 30, Cem 32."""
    ratings = ratings_after(app, client, "deluxe", {"rate_cents": 10}, ROUNDS)
    assert rated_above(ratings, "Ben", ["Anna", "Cem", "Dora"])
    assert ratings["Dora"] > ratings["Anna"] > ratings["Cem"]
