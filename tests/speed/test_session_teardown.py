"""A request ends the database session it used (app.store.db.Database) and skips the teardown's
lookup when it used none: the connection always goes back to the pool."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from app import create_app
from app.store.db import db

QUESTION = {"variant": "dynamisch", "situation": {"top": "H7"}, "action": {"draw": True}}


def file_app(tmp_path: Path) -> Flask:
    """An app on a SQLite file: a pool that hands out and takes back connections."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'teardown.sqlite'}"})


def test_a_request_that_used_the_database_gives_its_connection_back(tmp_path: Path) -> None:
    """After a table is created and shown, and after a referee question (no session), the
    pool holds every connection again and no session is left open."""
    app = file_app(tmp_path)
    client = app.test_client()
    created = client.post("/api/v1/tables", json={"variant": "terroristen",
                                                  "players": ["Anna", "Ben"]})
    assert created.status_code == 201
    with app.app_context():
        pool = db.engine.pool
    assert pool.checkedout() == 0  # type: ignore[attr-defined]
    assert client.get(f"/t/{created.json['id']}").status_code == 200
    assert pool.checkedout() == 0  # type: ignore[attr-defined]
    assert client.post("/api/v1/referee", json=QUESTION).status_code == 200
    assert pool.checkedout() == 0  # type: ignore[attr-defined]
    with app.app_context():
        assert not db.session.registry.has()
        db.session.execute(db.select(1))
        assert db.session.registry.has()
    with app.app_context():
        assert not db.session.registry.has()
    assert pool.checkedout() == 0  # type: ignore[attr-defined]
