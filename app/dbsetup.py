"""Database preparation on start: no init command, an older database is upgraded.

SQLite (the embedded default) gets WAL and a generous busy timeout so that two phones saving
at once wait for each other instead of failing; PostgreSQL runs the migrations under an
advisory lock so several app processes starting together do not race.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event
from sqlalchemy import text
from sqlalchemy.engine import Engine

from app import models  # noqa: F401  (registers the tables on the metadata)
from app.db import db

MIGRATION_LOCK = 7_302_611  # any constant shared by all processes of this app


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers go on while one writer commits; busy_timeout makes writers queue."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 30000")
    cursor.execute("PRAGMA foreign_keys = ON")
    if cursor.execute("PRAGMA database_list").fetchone()[2]:  # a file, not :memory:
        cursor.execute("PRAGMA journal_mode = WAL")
    cursor.close()


def prepare_database(app: Flask) -> None:
    """Create (in-memory) or migrate (file, server) the schema to the newest version."""
    engine: Engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", sqlite_pragmas)
        engine.dispose()  # connections opened before the listener lack the pragmas
    if not app.config["AUTO_MIGRATE"]:
        return
    if engine.url.database in (None, "", ":memory:"):
        db.create_all()  # a throwaway database: nothing to migrate from
        return
    directory = str(Path(app.root_path).parent / "migrations")
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            try:
                upgrade(directory=directory)
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                connection.commit()
    else:
        upgrade(directory=directory)
