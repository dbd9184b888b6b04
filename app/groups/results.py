"""A group's tables read for the statistics: stored input plus the standing it comes to.

A group may hold hundreds of tables: its rounds are read in one statement for the whole group,
never one per table.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC
from datetime import datetime
from typing import Any

from sqlalchemy import select

from app.groups.stats import TableResult
from app.store.db import db
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.standings import standing_after


def as_utc(moment: datetime) -> datetime:
    """A stored time as aware UTC (SQLite hands timestamps back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def group_tables(group: Group) -> list[Table]:
    """The group's tables that are not deleted, oldest first (the order of the evenings)."""
    query = (
        select(Table)
        .where(Table.group_id == group.id, Table.deleted_at.is_(None))
        .order_by(Table.created_at, Table.id)
    )
    return list(db.session.scalars(query))


def group_round_data(group: Group) -> dict[str, list[Any]]:
    """Every round's input of the group's tables by table id, in one statement."""
    query = (
        select(Round.table_id, Round.data)
        .join(Table, Round.table_id == Table.id)
        .where(Table.group_id == group.id, Table.deleted_at.is_(None))
        .order_by(Round.table_id, Round.number)
    )
    found: dict[str, list[Any]] = defaultdict(list)
    for table_id, data in db.session.execute(query):
        found[table_id].append(data)
    return found


def result_of(table: Table, data: list[Any]) -> TableResult:
    """One table as the statistics see it, from its rounds' input."""
    return TableResult(
        table_id=table.id,
        name=table.name,
        variant=table.variant,
        players=list(table.players),
        rounds=data,
        standing=standing_after(table, data),
        played_at=as_utc(table.created_at),
        options=dict(table.options or {}),
        closed=table.closed,
        first_dealer=table.first_dealer,
    )


def group_results(group: Group) -> list[TableResult]:
    """Every table of the group as the statistics see it, oldest first (two statements)."""
    data = group_round_data(group)
    return [result_of(table, data.get(table.id, [])) for table in group_tables(group)]
