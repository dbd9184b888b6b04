"""A periodic look at the watched tables' versions: the safety net under the announcements.

A change that no announcement carried (another process on the same SQLite file, a command-line
tool, a NOTIFY lost while the listening connection was down) still reaches the phones within
one sweep: one query for all tables watched in this process, however many phones watch them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from flask import Flask
from sqlalchemy import select

from app.push.hub import Hub
from app.store.db import db
from app.store.models import Table

BATCH = 500  # ids per query


def versions(app: Flask, ids: list[str]) -> list[tuple[str, int]]:
    """The current versions of these tables (deleted ones left out)."""
    found: list[tuple[str, int]] = []
    with app.app_context():
        for start in range(0, len(ids), BATCH):
            chosen = ids[start : start + BATCH]
            rows = db.session.execute(
                select(Table.id, Table.version).where(
                    Table.id.in_(chosen), Table.deleted_at.is_(None)
                )
            )
            found += [(row.id, row.version) for row in rows]
        db.session.remove()
    return found


async def sweep(hub: Hub, app: Flask, every: float, log: Callable[[Exception], None]) -> None:
    """Publish the watched tables' versions every `every` seconds (cancelled at shut-down)."""
    while True:
        await asyncio.sleep(every)
        watched = list(hub.watchers)
        if not watched:
            continue
        try:
            for table_id, version in await asyncio.to_thread(versions, app, watched):
                hub.publish(table_id, version)
        except Exception as error:  # a database hiccup: the next sweep tries again
            log(error)
