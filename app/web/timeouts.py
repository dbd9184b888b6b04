"""No wait without bound: every database wait ends, and the client hears so with a 503.

A write that gives up is rolled back whole and answered 503 with Retry-After: nothing is
half-written, and the client may simply send it again.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask
from flask import Response
from flask import current_app
from sqlalchemy.exc import OperationalError

from app.store.db import db
from app.text import Message
from app.text import say
from app.web.errors import error_answer
from app.web.navigation import current_lang

# Milliseconds; settings of the same name (instance config.py or the environment).
DEFAULTS = {
    "DB_LOCK_TIMEOUT_MS": 1500,  # one try's wait for a lock another writer holds
    "DB_STATEMENT_TIMEOUT_MS": 30_000,  # the slowest statement (a year's group statistics)
    "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS": 60_000,  # a transaction left open by a stuck worker
}
RETRY_AFTER_SECONDS = 5
# What PostgreSQL and SQLite say when a wait ran out (and only then).
TIMED_OUT = (
    "lock timeout",
    "statement timeout",
    "idle-in-transaction timeout",
    "database is locked",
    "database table is locked",
    "could not obtain lock",
)


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
        # A server may drop an idle connection (restart, proxy timeout); a SQLite file cannot.
        options.setdefault("pool_pre_ping", True)
    elif uri.startswith("sqlite"):
        # The driver's busy handler: a writer waits this long for another writer's lock.
        connect_args.setdefault("timeout", app.config["DB_LOCK_TIMEOUT_MS"] / 1000)
    options["connect_args"] = connect_args
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def timed_out(error: BaseException) -> bool:
    """Whether the database gave up waiting (a lock, a statement, an idle transaction)."""
    text = str(getattr(error, "orig", None) or error).lower()
    return any(words in text for words in TIMED_OUT)


def busy(
    error: OperationalError,
) -> tuple[Response | str, int] | tuple[Response | str, int, dict[str, str]]:
    """503 with Retry-After for a wait that ran out; any other database error stays a 500."""
    db.session.rollback()
    if not timed_out(error):
        from app.web.errors import handle_unexpected

        return handle_unexpected(error)
    current_app.logger.warning("Database wait ran out: %s", str(error.orig).strip())
    text = Message(
        "The database is busy right now; nothing was saved. Please send it again in "
        "%(retry_after_seconds)s seconds.",
        retry_after_seconds=RETRY_AFTER_SECONDS,
    )
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    return error_answer(503, say(text, current_lang()), headers)


def init_timeouts(app: Flask) -> None:
    """Answer a wait that ran out with 503 (the engine options are set before init_app)."""
    app.register_error_handler(OperationalError, busy)
