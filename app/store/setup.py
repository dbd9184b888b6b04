"""Database preparation on start: no init command, an older database is upgraded.

SQLite (the embedded default) gets WAL, and a busy timeout (`app.web.timeouts`) so that two phones
saving at once wait for each other instead of failing.

Any number of processes may start at once (several `mautisch serve`, gunicorn's workers): the
schema is migrated exactly once, under a lock all processes of one database share (an exclusive
lock on a file beside a SQLite database, an advisory lock on PostgreSQL); whoever gets the lock
second finds the schema current and goes on. Before any lock a cheap check reads the revision
with SQLAlchemy and compares it with the newest migration's id, read from the migration files:
a current database (every start but the first after an update) never imports Alembic, a third
of the start-up time.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager
from contextlib import contextmanager
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy import inspect
from sqlalchemy import text
from sqlalchemy.engine import Engine

from app.store import models  # noqa: F401  (registers the tables on the metadata)
from app.store.db import db

MIGRATION_LOCK = 7_302_611  # any constant shared by all processes of this app
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
REVISION = re.compile(r"^revision\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
DOWN_REVISION = re.compile(r"^down_revision\s*=\s*(.*)$", re.MULTILINE)
QUOTED = re.compile(r"['\"]([^'\"]+)['\"]")


class SchemaError(RuntimeError):
    """This version cannot use the database; the message says why and what to do."""


@dataclass(frozen=True)
class Revisions:
    """The migrations this version ships: every revision id, and the newest (None if several)."""

    known: frozenset[str]
    head: str | None


@cache
def shipped_revisions(directory: Path = MIGRATIONS) -> Revisions:
    """Read the revision ids from the migration files, as text: no Alembic import needed."""
    known: set[str] = set()
    replaced: set[str] = set()
    for path in (directory / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        revision = REVISION.search(source)
        if revision is None:
            continue
        known.add(revision.group(1))
        down = DOWN_REVISION.search(source)
        replaced.update(QUOTED.findall(down.group(1)) if down else ())
    heads = known - replaced
    # Branches (several heads) are Alembic's to resolve: then the cheap check always defers to it.
    return Revisions(frozenset(known), heads.pop() if len(heads) == 1 else None)


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers go on while one writer commits; writers queue for the driver's busy
    timeout (`app.web.timeouts`, the connection's `timeout`)."""
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
    if schema_is_current(engine):
        return
    with migration_lock(engine):
        # Another process may have migrated while this one waited for the lock.
        if not schema_is_current(engine):
            upgrade_schema(app)


def stored_revision(engine: Engine) -> str | None:
    """The revision the database says it is at (None: a new, empty database)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        return None if revision is None else str(revision)


def schema_is_current(engine: Engine) -> bool:
    """True when the database is at the newest shipped revision; an unknown one stops the start."""
    revisions = shipped_revisions()
    current = stored_revision(engine)
    if current is not None and current not in revisions.known:
        raise SchemaError(
            f"Die Datenbank hat den Schemastand {current!r}, den diese Version von Mautisch nicht"
            f" kennt (ihr neuester ist {revisions.head!r}): eine neuere Version hat sie"
            " aktualisiert; starte diese oder spiele eine Sicherung ein.\n"
            f"The database is at schema revision {current!r}, which this version of Mautisch"
            f" does not know (its newest is {revisions.head!r}): a newer version upgraded it;"
            " start that version or restore a backup."
        )
    return current is not None and current == revisions.head


def migration_lock(engine: Engine) -> AbstractContextManager[None]:
    """The lock every process of this database takes before migrating it."""
    if engine.dialect.name == "postgresql":
        return advisory_lock(engine)
    if engine.dialect.name == "sqlite" and engine.url.database:
        path = Path(engine.url.database)
        return file_lock(path.with_name(path.name + ".migrate-lock"))
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


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on a file, released when the process ends however it ends."""
    with open(path, "a+b") as handle:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)  # locks count from the file position: all processes lock byte 0
            while True:
                try:
                    # LK_LOCK gives up after about 10 s; a migration may take longer.
                    msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:
                    continue
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def register_migrations(app: Flask) -> None:
    """Give Flask-Migrate (and so Alembic) this app's migrations folder."""
    from flask_migrate import Migrate

    if "migrate" not in app.extensions:
        Migrate(app, db, directory=str(MIGRATIONS))


def upgrade_schema(app: Flask) -> None:
    """Run the migrations up to the newest revision (Alembic is imported only here)."""
    from flask_migrate import upgrade

    register_migrations(app)
    upgrade(directory=str(MIGRATIONS))
