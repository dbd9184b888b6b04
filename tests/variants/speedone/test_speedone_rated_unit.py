"""spd.opt.target: the finished race is one rated result, placed by its totals."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.rated_check import rated_above
from tests.rated_check import ratings_after

# Winner takes (spd.opt.scoring): Anna wins three rounds worth 30 each (90); Ben wins the
# fourth, worth 70 × 3 = 210, and reaches the target of 200: the race is Ben's, Anna second,
# Cem and Dora (0) share third. Counted per round Anna was first three times, Ben once.
ROUNDS = [{"winner": 0, "points": [0, 10, 10, 10]}] * 3 + [{"winner": 1, "points": [70, 0, 70, 70]}]


def test_the_race_winner_is_rated_above_everybody_he_beat(app: Flask, client: FlaskClient) -> None:
    """From equal ratings, Ben is above each player he beat in the race; Cem and Dora tie."""
    ratings = ratings_after(app, client, "speedone", {"target": 200}, ROUNDS)
    assert rated_above(ratings, "Ben", ["Anna", "Cem", "Dora"])
    assert ratings["Anna"] > ratings["Cem"] == ratings["Dora"]
