"""Ratings after one table in a new group, read through the real HTTP API: for the tests of
each variant's rated unit (tests/variants/<id>/test_<id>_rated_unit.py)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from app.store.db import db
from app.store.models import Group
from tests.helpers import played_table

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def ratings_after(
    app: Flask,
    client: FlaskClient,
    variant: str,
    options: dict[str, Any],
    rounds: list[dict[str, Any]],
    players: list[str] = PLAYERS,
) -> dict[str, int]:
    """Everybody starts equal in a new group; the variant's board after this one table."""
    with app.app_context():
        group = Group(name="Krone", players=players)
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        played_table(variant, players, options, rounds, "", group.id)
        group_id = group.id
    answer = client.get(f"/api/v1/groups/{group_id}/ratings?variant={variant}").json
    assert answer is not None
    return {row["player"]: row["rating"] for row in answer["ratings"]}


def rated_above(ratings: dict[str, int], winner: str, beaten: list[str]) -> bool:
    """Is the winner rated above each player he beat?"""
    return all(ratings[winner] > ratings[other] for other in beaten)
