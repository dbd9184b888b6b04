"""No wait without bound: every database wait ends, and the client hears so with a 503.

A write that gives up is rolled back whole and answered 503 with Retry-After: nothing is
half-written, and the client may simply send it again. The same holds for a database that is
down, stalls without answering, or has a full disk: a bounded connect, a bounded wait for a
pooled connection, each pooled connection pinged before use and every command bounded on the
client too (app.store.deadline), so the app is well again by itself the moment the database is.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask
from flask import Response
from flask import current_app
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.store.db import db
from app.text import Message
from app.text import say
from app.web.errors import error_answer
from app.web.navigation import current_lang

# Milliseconds; settings of the same name (instance config.py or the environment).
DEFAULTS = {
    "DB_LOCK_TIMEOUT_MS": 1500,  # one try's wait for a lock another writer holds
    # The slowest statement (a year's group statistics takes well under a second); the client
    # gives up on a silent server a little later (app.store.deadline).
    "DB_STATEMENT_TIMEOUT_MS": 5000,
    "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS": 60_000,  # a transaction left open by a stuck worker
    "DB_CONNECT_TIMEOUT_MS": 3000,  # a new connection to PostgreSQL (libpq's least is 2 s)
    "DB_POOL_TIMEOUT_MS": 5000,  # a request's wait for a free pooled connection
}
# A connection whose server went silent (no answer to a keepalive, data sent but not
# acknowledged) is dropped after about half a minute instead of the system's two hours.
KEEPALIVES = {
    "keepalives": 1,
    "keepalives_idle": 15,
    "keepalives_interval": 5,
    "keepalives_count": 3,
    "tcp_user_timeout": 30_000,
}
POOL_OVERFLOW = 4  # PostgreSQL connections beyond the kept ones, at a burst (a purge)
RETRY_AFTER_SECONDS = 5
DOWN_RETRY_AFTER_SECONDS = 15
# What PostgreSQL and SQLite say when a wait ran out (and only then).
TIMED_OUT = (
    "lock timeout",
    "statement timeout",
    "idle-in-transaction timeout",
    "database is locked",
    "database table is locked",
    "could not obtain lock",
)
# What SQLite says when its file cannot be written at all (a full disk, a lost mount).
SQLITE_DOWN = ("disk is full", "disk i/o error", "unable to open database file")
# PostgreSQL's classes of a connection that failed, a server out of room (a full disk) and an
# operator's shutdown or restart; a failure before any answer has no SQLSTATE at all.
POSTGRES_DOWN = ("08", "53", "57")


def database_options(app: Flask) -> None:
    """Put the timeouts into the engine options (before the engine is made)."""
    for name, default in DEFAULTS.items():
        app.config.setdefault(name, int(os.environ.get(name) or default))
    uri = str(app.config["SQLALCHEMY_DATABASE_URI"])
    options: dict[str, Any] = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    connect_args: dict[str, Any] = dict(options.get("connect_args") or {})
    if uri.startswith("postgresql"):
        settings = {
            "lock_timeout": app.config["DB_LOCK_TIMEOUT_MS"],
            "statement_timeout": app.config["DB_STATEMENT_TIMEOUT_MS"],
            "idle_in_transaction_session_timeout": app.config["DB_IDLE_IN_TRANSACTION_TIMEOUT_MS"],
        }
        given = str(connect_args.get("options", ""))
        ours = " ".join(f"-c {name}={int(value)}" for name, value in settings.items())
        connect_args["options"] = f"{given} {ours}".strip()
        connect_args.setdefault(
            "connect_timeout", max(2, -(-app.config["DB_CONNECT_TIMEOUT_MS"] // 1000))
        )
        for name, value in KEEPALIVES.items():
            connect_args.setdefault(name, value)
        # A server may drop an idle connection (restart, proxy timeout); a SQLite file cannot.
        # The ping is app.store.deadline's, bounded in time (SQLAlchemy's own is not).
        options.setdefault("pool_pre_ping", False)
        options.setdefault("pool_timeout", pool_seconds(app))
        # A process's request threads and as many rendering pushed pages (app.serve) each
        # hold a connection at once: keep that many open, instead of opening and closing the
        # ones beyond SQLAlchemy's default 5 (a new PostgreSQL backend each) at every burst.
        options.setdefault("pool_size", 2 * int(os.environ.get("THREADS") or 8))
        options.setdefault("max_overflow", POOL_OVERFLOW)
    elif uri.startswith("sqlite"):
        # The driver's busy handler: a writer waits this long for another writer's lock.
        connect_args.setdefault("timeout", app.config["DB_LOCK_TIMEOUT_MS"] / 1000)
        if make_url(uri).database not in (None, "", ":memory:"):  # a file has a pool to wait on
            options.setdefault("pool_timeout", pool_seconds(app))
    options["connect_args"] = connect_args
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def pool_seconds(app: Flask) -> int:
    """The pool wait in whole seconds, at least one (SQLAlchemy counts it in whole seconds)."""
    return max(1, -(-int(app.config["DB_POOL_TIMEOUT_MS"]) // 1000))


def timed_out(error: BaseException) -> bool:
    """Whether the database gave up waiting (a lock, a statement, an idle transaction)."""
    text = str(getattr(error, "orig", None) or error).lower()
    return any(words in text for words in TIMED_OUT)


def down(error: BaseException) -> bool:
    """Whether the database cannot be reached or written (down, stalled, a full disk)."""
    if getattr(error, "connection_invalidated", False):
        return True
    original = getattr(error, "orig", None)
    if type(original).__module__.startswith("psycopg"):
        sqlstate = getattr(original, "sqlstate", None)
        return sqlstate is None or str(sqlstate)[:2] in POSTGRES_DOWN
    return any(words in str(original or error).lower() for words in SQLITE_DOWN)


def busy(
    error: OperationalError,
) -> tuple[Response | str, int] | tuple[Response | str, int, dict[str, str]]:
    """503 with Retry-After for a wait that ran out or a database that is not there; any other
    database error stays a 500."""
    rollback()
    if timed_out(error):
        current_app.logger.warning("Database wait ran out: %s", str(error.orig).strip())
        text = Message(
            "The database is busy right now; nothing was saved. Please send it again in "
            "%(retry_after_seconds)s seconds.",
            retry_after_seconds=RETRY_AFTER_SECONDS,
        )
        return unavailable(text, RETRY_AFTER_SECONDS)
    if down(error):
        return database_down(error)
    from app.web.errors import handle_unexpected

    return handle_unexpected(error)


def database_down(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """503 with Retry-After: the database is down, silent, full or out of connections."""
    rollback()
    current_app.logger.warning("Database not available: %s", str(error).strip().splitlines()[0])
    text = Message(
        "The database cannot be reached right now; nothing was saved. Please try again in "
        "%(retry_after_seconds)s seconds.",
        retry_after_seconds=DOWN_RETRY_AFTER_SECONDS,
    )
    return unavailable(text, DOWN_RETRY_AFTER_SECONDS)


def unavailable(text: Message, seconds: int) -> tuple[Response | str, int, dict[str, str]]:
    """The 503 answer: the sentence in the page's language, Retry-After in seconds."""
    return error_answer(503, say(text, current_lang()), {"Retry-After": str(seconds)})


def rollback() -> None:
    """Roll the request's transaction back; a connection already lost has nothing to undo."""
    try:
        db.session.rollback()
    except OperationalError:
        db.session.close()


def init_timeouts(app: Flask) -> None:
    """Answer a wait that ran out or a missing database with 503 (the engine options are set
    before init_app)."""
    app.register_error_handler(OperationalError, busy)
    app.register_error_handler(PoolTimeout, database_down)
    if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("postgresql"):
        from app.store.deadline import watch

        with app.app_context():
            watch(db.engine, int(app.config["DB_STATEMENT_TIMEOUT_MS"]))
