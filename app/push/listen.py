"""Changes committed by other processes, heard through PostgreSQL's LISTEN (psycopg, async).

One connection per serving process, outside SQLAlchemy's pool (it is held for the process's
life). A lost connection is opened again after a pause; meanwhile the phones notice nothing
worse than a later update, since they are told the current version whenever they reconnect.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg
from sqlalchemy.engine import make_url

from app.push.hub import Hub
from app.store.announce import CHANNEL
from app.store.announce import parse

PAUSE = 2.0  # s before listening again after the connection was lost
log = logging.getLogger(__name__)


def libpq_url(database_url: str) -> str | None:
    """The SQLAlchemy URL as psycopg takes it, or None when the database is not PostgreSQL."""
    url = make_url(database_url)
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(hub: Hub, database_url: str) -> None:
    """Hand every NOTIFY on CHANNEL to the hub, for ever (cancelled at shut-down)."""
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                database_url, autocommit=True, connect_timeout=10
            ) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                async for note in connection.notifies():
                    change = parse(note.payload)
                    if change is not None:
                        hub.publish(*change)
        except psycopg.Error as error:
            log.warning("listening for table changes failed (%s); again in %s s", error, PAUSE)
        await asyncio.sleep(PAUSE)
