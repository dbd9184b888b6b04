"""mau.score.points: the finished table is one rated result by its points; mau.score.wins: each
game by its winner."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.rated_check import rated_above
from tests.rated_check import ratings_after


def test_a_points_table_rates_its_totals_a_wins_table_each_game(
    app: Flask, client: FlaskClient
) -> None:
    """Points to a limit of 50: Anna goes out twice but takes 60 in the third game, so Ben (5
    each game, 15) wins the table and is above everybody he beat. Counting wins, the winner
    of the only game is above the others."""
    rounds = [
        {"winner": 0, "points": [0, 5, 10, 12]},
        {"winner": 0, "points": [0, 5, 10, 12]},
        {"winner": 2, "points": [60, 5, 0, 12]},
    ]
    players = ["Anna", "Ben", "Cem", "Dora"]
    options = {"scoring": "points", "limit": 50}
    ratings = ratings_after(app, client, "maumau", options, rounds, players)
    assert rated_above(ratings, "Ben", ["Anna", "Cem", "Dora"])
    wins = ratings_after(app, client, "maumau", {"scoring": "wins", "games": 3}, [{"winner": 2}])
    assert rated_above(wins, "Cem", ["Anna", "Ben", "Dora"])
