"""View ids carry at least 128 random bits; shorter ids of older tables and groups keep working,
also in a database upgraded from before (SQLite and PostgreSQL)."""

from __future__ import annotations

import base64
import sqlite3
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade
from flask_migrate import upgrade
from sqlalchemy import column
from sqlalchemy import delete
from sqlalchemy import insert
from sqlalchemy import select
from sqlalchemy import table
from sqlalchemy import text

from app.store.db import db
from app.store.models import Table
from app.store.setup import MIGRATIONS
from app.store.setup import register_migrations
from tests.conftest import file_app
from tests.conftest import postgres_url
from tests.conftest import wipe

BODY = {"variant": "terroristen", "players": ["Anna", "Ben"]}
OLD_ID = "Ab3_x9-Kq2Lm"  # 12 characters, 72 bits: an id as older versions made them


def random_bits(ident: str) -> int:
    """The random bits a token_urlsafe id carries."""
    return len(base64.urlsafe_b64decode(ident + "=" * (-len(ident) % 4))) * 8


def test_new_table_and_group_ids_have_128_bits(client: FlaskClient) -> None:
    """A table made through the API and a group made on its page: 128-bit ids."""
    made = client.post("/api/v1/tables", json=BODY).json
    assert made is not None
    assert random_bits(made["id"]) >= 128
    client.post("/groups/new", data={"name": "Stammtisch", "players": "Anna\nBen"})
    listing = client.get("/groups").get_data(as_text=True)
    group_id = listing.split('href="/g/')[1].split('"')[0]
    assert random_bits(group_id) >= 128


def migrate_around(app: Flask) -> None:
    """Back to the schema before the longer ids, an old table written, then upgraded again.

    The old table's columns are those of a table made through the API (then removed, since a
    22-character id cannot go back to 16 characters), under a 12-character id.
    """
    made = app.test_client().post("/api/v1/tables", json=BODY).json
    assert made is not None
    columns = Table.__table__.c
    with app.app_context():
        row = dict(
            db.session.execute(select(columns).where(columns.id == made["id"])).mappings().one()
        )
        db.session.execute(delete(Table.__table__).where(columns.id == made["id"]))
        db.session.commit()
        register_migrations(app)
        downgrade(directory=str(MIGRATIONS), revision="0003")
    with app.app_context():
        # Only the columns the schema had then (0005 added closed, first_dealer, deleted_at).
        new = ("closed", "first_dealer", "deleted_at")
        old_row = {k: v for k, v in row.items() if k not in new}
        # The columns as they were (types from the model, without the newer defaults).
        then = table("tables", *(column(name, columns[name].type) for name in old_row))
        db.session.execute(insert(then).values({**old_row, "id": OLD_ID}))
        db.session.execute(
            text(
                "INSERT INTO rounds (table_id, number, data, version, created_at, updated_at) "
                "VALUES (:id, 1, '{\"winner\": 1}', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            ),
            {"id": OLD_ID},
        )
        db.session.commit()
        upgrade(directory=str(MIGRATIONS))


def check_old_and_new(app: Flask) -> None:
    """The old table reads as before; a new table gets a long id beside it."""
    client = app.test_client()
    old = client.get(f"/api/v1/tables/{OLD_ID}")
    assert old.status_code == 200
    assert old.json is not None and old.json["rounds"][0]["input"] == {"winner": 1}
    assert client.get(f"/t/{OLD_ID}").status_code == 200
    made = client.post("/api/v1/tables", json=BODY).json
    assert made is not None and len(made["id"]) == 22


def test_old_short_ids_survive_the_upgrade_sqlite(tmp_path: Path) -> None:
    """SQLite: downgrade, old data, upgrade: the old link works, the file is sound."""
    app = file_app(tmp_path)
    migrate_around(app)
    check_old_and_new(app)
    with app.app_context():
        db.engine.dispose()
    with sqlite3.connect(tmp_path / "live.sqlite") as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        schema = connection.execute("SELECT sql FROM sqlite_master WHERE name = 'tables'")
        assert "VARCHAR(24)" in schema.fetchone()[0]


def test_old_short_ids_survive_the_upgrade_postgres() -> None:
    """PostgreSQL: the same, the id columns widened in place."""
    from app.factory import create_app

    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": postgres_url(), "SECRET_KEY": "test"}
    )
    with app.app_context():
        wipe(db)
    try:
        migrate_around(app)
        check_old_and_new(app)
    finally:
        with app.app_context():
            wipe(db)
            db.engine.dispose()
