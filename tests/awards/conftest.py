"""Fixtures of the titles' tests: tables saved through the real store and read back as stored."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from flask import Flask

from app.awards import PlayedTable
from app.store.tables import round_rows
from tests.helpers import played_table

# (variant, players, options, round bodies as a phone sends them)
Played = tuple[str, list[str], dict[str, Any], list[dict[str, Any]]]
Evening = Callable[..., list[PlayedTable]]


def saved(app: Flask, *tables: Played) -> list[PlayedTable]:
    """Save each table and its rounds through the store and read them back as stored:
    options with defaults, rounds' data normalised."""
    read = []
    with app.app_context():
        for variant, players, options, rounds in tables:
            table = played_table(variant, players, options, rounds)
            data = [row.data for row in round_rows(table.id)]
            read.append(
                PlayedTable(
                    table.variant,
                    list(table.players),
                    dict(table.options),
                    data,
                    table.closed,
                    table.first_dealer,
                    table.name,
                )
            )
    return read


@pytest.fixture(params=["sqlite", "postgresql"])
def evening(request: pytest.FixtureRequest) -> Evening:
    """Tables saved on SQLite and on PostgreSQL (skipped without TEST_DATABASE_URL)."""
    app = request.getfixturevalue("app" if request.param == "sqlite" else "pg_app")
    return partial(saved, app)


def hand(jacks: int, others: int, holds: bool = False) -> dict[str, Any]:
    """One Dynamisch hand: jacks, other cards, whether it holds the named suit."""
    return {"jacks": jacks, "others": others, "holds_named_suit": holds}


def game(jack_suit: str | None, *hands: dict[str, Any]) -> dict[str, Any]:
    """One Dynamisch game body."""
    return {"hands": list(hands), "jack_suit": jack_suit}
