"""Helpers for the cost tests: tables made through the API, SQL statements counted."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from app.store.db import db

PLAYERS = ["Anna", "Ben", "Cem"]


def new_table(client: FlaskClient, wins: int = 0, **extra: Any) -> tuple[str, str]:
    """An open-ended Terroristen table with `wins` games entered; its id and edit token."""
    made = client.post(
        "/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS, **extra}
    ).get_json()
    for game in range(wins):
        add_win(client, made["id"], made["edit_token"], game % len(PLAYERS))
    return made["id"], made["edit_token"]


def add_win(client: FlaskClient, table_id: str, token: str, seat: int) -> None:
    """One game won by `seat`, entered through the API."""
    answer = client.post(
        f"/api/v1/tables/{table_id}/rounds", json={"winner": seat}, headers={"X-Edit-Token": token}
    )
    assert answer.status_code == 201, answer.get_json()


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the block runs (an SQLAlchemy event listener on the engine)."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        """Note one statement."""
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)
