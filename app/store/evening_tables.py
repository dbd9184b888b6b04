"""A group's tables started in a span of time, read alone: an evening costs its own tables.

A group may hold a thousand tables; an evening has a few. Its page, its Kassensturz, its PDF and
its picture read the tables started in its span (and their rounds) and, to know what payments
were made for, the ids and start times of its month's tables, never the whole group's. A
selection of tables reads the tables it names.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlalchemy import select

from app.store.db import db
from app.store.models import Round
from app.store.models import Table

CHUNK = 500  # ids per statement (far below every database's limit of bound values)


def in_window(group_id: str, start: datetime, end: datetime) -> tuple[Any, ...]:
    """The conditions for the group's tables (not deleted) started from `start` until before
    `end` (the index on group and start serves them)."""
    return (
        Table.group_id == group_id,
        Table.deleted_at.is_(None),
        Table.created_at >= start,
        Table.created_at < end,
    )


def started_between(group_id: str, start: datetime, end: datetime) -> list[Table]:
    """The group's tables (not deleted) started from `start` until before `end`, oldest first."""
    query = select(Table).where(*in_window(group_id, start, end))
    return list(db.session.scalars(query.order_by(Table.created_at, Table.id)))


def starts_between(group_id: str, start: datetime, end: datetime) -> list[tuple[str, datetime]]:
    """The ids and start times of the same tables, without their rows or rounds."""
    query = select(Table.id, Table.created_at).where(*in_window(group_id, start, end))
    ordered = query.order_by(Table.created_at, Table.id)
    return [(table_id, at) for table_id, at in db.session.execute(ordered)]


def named(group_id: str, table_ids: Sequence[str]) -> list[Table]:
    """The group's tables (not deleted) among these ids, CHUNK ids a statement."""
    found: list[Table] = []
    for start in range(0, len(table_ids), CHUNK):
        part = list(table_ids[start : start + CHUNK])
        query = select(Table).where(
            Table.group_id == group_id, Table.deleted_at.is_(None), Table.id.in_(part)
        )
        found += db.session.scalars(query)
    return found


def newest_start(group_id: str) -> datetime | None:
    """When the group's newest table (not deleted) was started, None without one."""
    query = select(func.max(Table.created_at)).where(
        Table.group_id == group_id, Table.deleted_at.is_(None)
    )
    return db.session.scalar(query)


def rounds_of(table_ids: Sequence[str]) -> dict[str, list[Any]]:
    """Every round's input of these tables by table id, one statement per CHUNK tables."""
    found: dict[str, list[Any]] = defaultdict(list)
    for start in range(0, len(table_ids), CHUNK):
        query = (
            select(Round.table_id, Round.data)
            .where(Round.table_id.in_(list(table_ids[start : start + CHUNK])))
            .order_by(Round.table_id, Round.number)
        )
        for table_id, data in db.session.execute(query):
            found[table_id].append(data)
    return found
