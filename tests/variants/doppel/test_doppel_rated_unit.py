"""dop.set: each decided set is one rated result, the team that won it ahead."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.rated_check import rated_above
from tests.rated_check import ratings_after

A, B = {"winner": "A"}, {"winner": "B"}


def test_a_sets_winners_are_rated_above_the_team_they_beat(app: Flask, client: FlaskClient) -> None:
    """From equal ratings, team A (Anna + Cem) wins the first set 5:3: both are above Ben and
    Dora; the games of the second set (B leads 2:0) count only once the set is decided."""
    ratings = ratings_after(app, client, "doppel", {}, [A, B, A, B, A, B, A, A, B, B])
    assert rated_above(ratings, "Anna", ["Ben", "Dora"])
    assert rated_above(ratings, "Cem", ["Ben", "Dora"])
    assert ratings["Anna"] == ratings["Cem"] and ratings["Ben"] == ratings["Dora"]


def test_the_match_winners_stay_above_having_won_fewer_games(
    app: Flask, client: FlaskClient
) -> None:
    """A wins 5:3, loses 0:5, wins 5:3: the match (2 sets to 1) with 10 games against 11."""
    sets = [A, B, A, B, A, B, A, A] + [B] * 5 + [A, B, A, B, A, B, A, A]
    ratings = ratings_after(app, client, "doppel", {}, sets)
    assert rated_above(ratings, "Anna", ["Ben", "Dora"])
