"""A group's tables read for the statistics: stored input plus the standing `app.store` derives."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

from sqlalchemy import select

from app import store
from app.db import db
from app.groups.stats import TableResult
from app.models import Group
from app.models import Table


def as_utc(moment: datetime) -> datetime:
    """A stored time as aware UTC (SQLite hands timestamps back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def group_tables(group: Group) -> list[Table]:
    """The group's tables, oldest first (the order of the evenings)."""
    query = select(Table).where(Table.group_id == group.id).order_by(Table.created_at, Table.id)
    return list(db.session.scalars(query))


def table_result(table: Table) -> TableResult:
    """One table as the statistics see it."""
    rounds = store.round_rows(table.id)
    return TableResult(
        table_id=table.id,
        name=table.name,
        variant=table.variant,
        players=list(table.players),
        rounds=[r.data for r in rounds],
        standing=store.state_of(table, rounds),
        played_at=as_utc(table.created_at),
    )
