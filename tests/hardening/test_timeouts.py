"""No wait without bound: a write stuck behind a held lock gives up, answers 503 with
Retry-After and a sentence, and writes nothing.

The lock is real: a second connection holds SQLite's write lock, or PostgreSQL's row lock on
the table (PostgreSQL tests need TEST_DATABASE_URL and skip cleanly without it).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import psycopg
from flask import Flask
from sqlalchemy import text

from app.factory import create_app
from app.store.db import db
from app.store.locking import ATTEMPTS
from app.web.timeouts import DEFAULTS
from tests.conftest import file_app
from tests.conftest import postgres_url
from tests.conftest import wipe

ROUND = {"winner": 0}
PLAYERS = ["Anna", "Ben"]


def stuck_round(app: Flask, hold_lock: object) -> tuple[int, str, str, float, int]:
    """Post a round while `hold_lock` is held: status, Retry-After, error, seconds, rounds after."""
    client = app.test_client()
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert made is not None
    with hold_lock(made["id"]):  # type: ignore[operator]
        started = time.monotonic()
        answer = client.post(
            f"/api/v1/tables/{made['id']}/rounds?lang=en",
            json=ROUND,
            headers={"X-Edit-Token": made["edit_token"]},
        )
        waited = time.monotonic() - started
    assert answer.json is not None
    after = client.get(f"/api/v1/tables/{made['id']}").json
    assert after is not None
    return (
        answer.status_code,
        answer.headers.get("Retry-After", ""),
        answer.json["error"],
        waited,
        len(after["rounds"]),
    )


def test_sqlite_gives_up_within_ten_seconds(tmp_path: Path) -> None:
    """Another writer holds SQLite's write lock: 503 within about 10 s, nothing written."""
    assert ATTEMPTS * DEFAULTS["DB_LOCK_TIMEOUT_MS"] <= 10_000
    app = file_app(tmp_path)
    path = tmp_path / "live.sqlite"

    class WriteLock:
        """BEGIN IMMEDIATE on a second connection: SQLite's write lock, held until exit."""

        def __init__(self, _table_id: str) -> None:
            """A connection of its own, outside the app."""
            self.connection = sqlite3.connect(path, isolation_level=None)

        def __enter__(self) -> None:
            """Take the write lock."""
            self.connection.execute("BEGIN IMMEDIATE")

        def __exit__(self, *_: object) -> None:
            """Release it."""
            self.connection.execute("ROLLBACK")
            self.connection.close()

    status, retry_after, error, waited, rounds = stuck_round(app, WriteLock)
    assert status == 503
    assert retry_after.isdigit() and int(retry_after) > 0
    assert "busy" in error and "nothing was saved" in error
    assert waited < 11
    assert rounds == 0
    with app.app_context():
        db.engine.dispose()


def test_postgres_gives_up_on_a_held_row_lock() -> None:
    """Another transaction holds the table's row lock: 503 after lock_timeout, nothing written;
    every connection has the three timeouts."""
    url = postgres_url()
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "test",
            "DB_LOCK_TIMEOUT_MS": 200,
        }
    )
    with app.app_context():
        wipe(db)
        shown = {
            name: db.session.execute(text(f"SHOW {name}")).scalar_one()
            for name in ("lock_timeout", "statement_timeout", "idle_in_transaction_session_timeout")
        }
        db.session.rollback()
    assert shown == {
        "lock_timeout": "200ms",
        "statement_timeout": "5s",
        "idle_in_transaction_session_timeout": "1min",
    }
    plain = url.replace("postgresql+psycopg://", "postgresql://")

    class RowLock:
        """SELECT … FOR UPDATE of the table's row on a second connection, held until exit."""

        def __init__(self, table_id: str) -> None:
            """A connection of its own, outside the app."""
            self.table_id = table_id
            self.connection = psycopg.connect(plain)

        def __enter__(self) -> None:
            """Lock the row (psycopg opens a transaction and keeps it open)."""
            self.connection.execute(
                "SELECT id FROM tables WHERE id = %s FOR UPDATE", (self.table_id,)
            )

        def __exit__(self, *_: object) -> None:
            """Release it."""
            self.connection.rollback()
            self.connection.close()

    try:
        status, retry_after, error, waited, rounds = stuck_round(app, RowLock)
    finally:
        with app.app_context():
            wipe(db)
            db.engine.dispose()
    assert status == 503
    assert retry_after.isdigit()
    assert "nothing was saved" in error
    assert waited < 5
    assert rounds == 0
