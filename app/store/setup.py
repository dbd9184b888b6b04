"""Database preparation on start: no init command, an older database is upgraded.

SQLite gets WAL and a busy timeout, so two phones saving at once wait instead of failing.
Processes starting together migrate under one lock (a file lock the OS releases however a
process ends; an advisory lock on PostgreSQL): the second finds the schema current.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from contextlib import contextmanager
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from filelock import FileLock
from flask import Flask
from flask_migrate import Migrate
from flask_migrate import upgrade
from sqlalchemy import event
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from app.store import derived  # noqa: F401  (registers its stored derivations too)
from app.store import models  # noqa: F401  (registers the tables on the metadata)
from app.store.db import db

MIGRATION_LOCK = 7_302_611  # any constant shared by all processes of this app
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


class SchemaError(RuntimeError):
    """This version cannot use the database; the message says why and what to do."""


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers go on while one writer commits; writers queue for the busy timeout."""
    cursor = dbapi_connection.cursor()
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
    if app.config["AUTO_MIGRATE"]:
        ensure_schema(app)
    from app.store.purge import init_purge  # deleted tables and groups older than 30 days go

    init_purge(app)


def ensure_schema(app: Flask) -> None:
    """Bring the schema to the newest revision, migrating at most once over all processes."""
    engine: Engine = db.engine
    if engine.url.database in (None, "", ":memory:"):
        db.create_all()  # a throwaway database: nothing to migrate from
        return
    try:
        with migration_lock(engine):
            check_known_revision(engine)
            upgrade(directory=str(MIGRATIONS))
    except OperationalError as error:
        raise unreachable(engine, error) from error


def unreachable(engine: Engine, error: OperationalError) -> SchemaError:
    """One sentence naming the database (never its password) and the driver's reason."""
    where = engine.url.render_as_string(hide_password=True)
    reason = str(error.orig or error).strip().splitlines()[0]
    return SchemaError(
        f"Die Datenbank {where} ist nicht erreichbar / the database {where} cannot be"
        f" reached ({reason})."
    )


def check_known_revision(engine: Engine) -> None:
    """Stop with a sentence when a newer version of the app has upgraded the database."""
    script = ScriptDirectory(str(MIGRATIONS))
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    if current is None or any(r.revision == current for r in script.walk_revisions()):
        return
    newest = script.get_current_head()
    raise SchemaError(
        f"Die Datenbank hat den Schemastand {current!r}, den diese Version von Mautisch nicht"
        f" kennt (ihr neuester ist {newest!r}): eine neuere Version hat sie"
        " aktualisiert; starte diese oder spiele eine Sicherung ein.\n"
        f"The database is at schema revision {current!r}, which this version of Mautisch"
        f" does not know (its newest is {newest!r}): a newer version upgraded it;"
        " start that version or restore a backup."
    )


def migration_lock(engine: Engine) -> AbstractContextManager[Any]:
    """The lock every process of this database takes before migrating it."""
    if engine.dialect.name == "postgresql":
        return advisory_lock(engine)
    if engine.dialect.name == "sqlite" and engine.url.database:
        path = Path(engine.url.database)
        return FileLock(path.with_name(path.name + ".migrate-lock"))
    return nullcontext()  # other databases are not supported; nothing to share a lock with


@contextmanager
def advisory_lock(engine: Engine) -> Iterator[None]:
    """PostgreSQL's session-level advisory lock, held on a connection of its own."""
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
            connection.commit()


def register_migrations(app: Flask) -> None:
    """Give Flask-Migrate (`upgrade()` on start, `flask db …`) this app's migrations folder."""
    Migrate(app, db, directory=str(MIGRATIONS))
