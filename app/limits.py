"""Rate limits on creating tables, groups and imports, per client address (docs/api.md, Limits).

Flask-Limiter counts; the counts live where every process of the app sees them: by default in
our own database (`mautisch-db://`, a fixed window per address and kind in the table
`rate_limits`), so several waitress or gunicorn processes share one limit. Redis can take over
(`RATELIMIT_STORAGE_URI=redis://…`): Flask-Limiter speaks it natively. The limits are settings
(README, "Sicherheit"); a card night never reaches them.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask import Response
from flask import current_app
from flask import jsonify
from flask import render_template
from flask import request
from flask_limiter import Limiter
from flask_limiter import RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits.storage import Storage
from sqlalchemy import Engine
from sqlalchemy import case
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects import sqlite

from app.db import db
from app.models import RateLimit
from app.navigation import current_lang
from app.text import Text

DEFAULTS = {
    "RATELIMIT_TABLES": "30 per hour",
    "RATELIMIT_GROUPS": "10 per hour",
    "RATELIMIT_IMPORTS": "10 per hour",
    "RATELIMIT_STORAGE_URI": "mautisch-db://",
}
# What each limit guards: its setting, the views it covers (API and page share one count),
# and what the sentence calls it.
KINDS = {
    "tables": ("RATELIMIT_TABLES", ("api.create_table", "tables.new"), Text("Tische", "tables")),
    "groups": ("RATELIMIT_GROUPS", ("groups.new",), Text("Gruppen", "groups")),
    "imports": ("RATELIMIT_IMPORTS", ("export.import_form",), Text("Importe", "imports")),
}

class DatabaseStorage(Storage):
    """Fixed-window counters in the app's own database, shared by all its processes.

    Each `incr` is one atomic upsert (SQLite and PostgreSQL both have ON CONFLICT … RETURNING),
    on its own connection, so a count never waits for or joins a request's transaction.
    """

    STORAGE_SCHEME = ["mautisch-db"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **_: Any) -> None:
        """Nothing to connect: the engine is the current app's."""
        super().__init__(uri, wrap_exceptions=wrap_exceptions)

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        """What a failing database raises."""
        return Exception

    @staticmethod
    def engine() -> Engine:
        """The current app's database engine."""
        engine: Engine = db.engine
        return engine

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Count `amount` more hits; a window that has run out starts again at `amount`."""
        now = time.time()
        engine = self.engine()
        insert = postgresql.insert if engine.dialect.name == "postgresql" else sqlite.insert
        table = RateLimit.__table__
        values = insert(table).values(key=key, hits=amount, expires_at=now + expiry)
        fresh = table.c.expires_at <= now
        statement = values.on_conflict_do_update(
            index_elements=[table.c.key],
            set_={
                "hits": case((fresh, amount), else_=table.c.hits + amount),
                "expires_at": case((fresh, now + expiry), else_=table.c.expires_at),
            },
        ).returning(table.c.hits)
        with engine.begin() as connection:
            return int(connection.execute(statement).scalar_one())

    def row(self, key: str) -> tuple[int, float] | None:
        """The hits and end of the key's current window, None when there is none."""
        table = RateLimit.__table__
        with self.engine().connect() as connection:
            found = connection.execute(
                select(table.c.hits, table.c.expires_at).where(table.c.key == key)
            ).first()
        if found is None or found.expires_at <= time.time():
            return None
        return int(found.hits), float(found.expires_at)

    def get(self, key: str) -> int:
        """The hits in the key's current window."""
        found = self.row(key)
        return 0 if found is None else found[0]

    def get_expiry(self, key: str) -> float:
        """When the key's current window ends (now when there is none)."""
        found = self.row(key)
        return time.time() if found is None else found[1]

    def check(self) -> bool:
        """The database answers."""
        with self.engine().connect() as connection:
            connection.execute(select(1))
        return True

    def reset(self) -> int | None:
        """Forget every count; also drops windows that ran out."""
        with self.engine().begin() as connection:
            return connection.execute(delete(RateLimit.__table__)).rowcount

    def clear(self, key: str) -> None:
        """Forget one key's count."""
        table = RateLimit.__table__
        with self.engine().begin() as connection:
            connection.execute(delete(table).where(table.c.key == key))


def init_limits(app: Flask) -> None:
    """Install the limiter and put each limit on its views (registered before this)."""
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name) or value)
    # Tests create hundreds of tables from one address: they opt in to limits explicitly.
    app.config.setdefault("RATELIMIT_ENABLED", not app.config.get("TESTING", False))
    # One limiter per app: a limiter keeps its limits by view name, and its switch, for all
    # the apps it serves.
    limiter = Limiter(key_func=get_remote_address, headers_enabled=True)
    limiter.init_app(app)
    app.extensions["mautisch_limiter"] = limiter
    for scope, (setting, endpoints, _what) in KINDS.items():
        shared = limiter.shared_limit(
            setting_of(setting), scope=scope, methods=["POST"], error_message=scope
        )
        for endpoint in endpoints:
            limited: Any = shared(app.view_functions[endpoint])
            app.view_functions[endpoint] = limited
    app.register_error_handler(RateLimitExceeded, too_many)


def setting_of(name: str) -> Callable[[], str]:
    """The limit as the running app's setting says (read per request, so tests can lower it)."""
    return lambda: str(current_app.config[name])


def too_many(error: RateLimitExceeded) -> tuple[Response | str, int, dict[str, str]]:
    """429 with Retry-After and a sentence saying which limit and how long to wait."""
    scope = str(error.description)
    setting, _endpoints, what = KINDS.get(scope, KINDS["tables"])
    limiter: Limiter = current_app.extensions["mautisch_limiter"]
    current = limiter.current_limit
    wait = max(1, math.ceil(current.reset_at - time.time())) if current is not None else 60
    amount = current.limit.amount if current is not None else 0
    window = current.limit.get_expiry() if current is not None else 3600
    minutes = max(1, math.ceil(wait / 60))
    per = window_text(window)
    text = Text(
        f"Zu viele neue {what.de} von dieser Adresse: höchstens {amount} {per.de} "
        f"({setting}). Bitte in {minutes} Minuten wieder versuchen.",
        f"Too many new {what.en} from this address: at most {amount} {per.en} ({setting}). "
        f"Please try again in {minutes} minutes.",
    )
    headers = {"Retry-After": str(wait)}
    message = text.get(current_lang())
    if request.path.startswith("/api/"):
        return jsonify(error=message, field=None), 429, headers
    return render_template("error.html", status=429, message=message), 429, headers


def window_text(seconds: int) -> Text:
    """A limit's window as a player says it: "pro Stunde", "in 10 Minuten"."""
    if seconds == 3600:
        return Text("pro Stunde", "an hour")
    if seconds % 3600 == 0:
        return Text(f"in {seconds // 3600} Stunden", f"in {seconds // 3600} hours")
    if seconds % 60 == 0:
        return Text(f"in {seconds // 60} Minuten", f"in {seconds // 60} minutes")
    return Text(f"in {seconds} Sekunden", f"in {seconds} seconds")
