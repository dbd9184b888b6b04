"""Fixed-window rate-limit counters in the app's own database (`mautisch-db://`, app.web.limits).

Imported with the first limited request, not at start: it needs SQLAlchemy's dialects and the
`limits` library, which no page or API answer needs otherwise.
"""

from __future__ import annotations

import time
from typing import Any

from limits.storage import Storage
from sqlalchemy import Engine
from sqlalchemy import case
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects import sqlite

from app.store.db import db
from app.store.models import RateLimit


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
