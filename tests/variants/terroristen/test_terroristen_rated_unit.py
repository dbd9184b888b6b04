"""ter.win: each game is one rated result, its winner ahead of everybody else."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.rated_check import rated_above
from tests.rated_check import ratings_after


def test_each_games_winner_is_rated_above_everybody_he_beat(
    app: Flask, client: FlaskClient
) -> None:
    """From equal ratings, one game won by Ben puts him above the three he beat, who stay
    equal; a second game, won by Cem, puts Cem above those he beat there (Anna and Dora)."""
    ratings = ratings_after(app, client, "terroristen", {"games": 2}, [{"winner": 1}])
    assert rated_above(ratings, "Ben", ["Anna", "Cem", "Dora"])
    assert ratings["Anna"] == ratings["Cem"] == ratings["Dora"]
    both = ratings_after(app, client, "terroristen", {"games": 2}, [{"winner": 1}, {"winner": 2}])
    assert rated_above(both, "Cem", ["Anna", "Dora"])
