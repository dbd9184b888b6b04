"""A group's tables read for the statistics: stored input plus the standing `app.store` derives.

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
from app.scoring import Standing
from app.store.db import db
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.standings import keep_standing
from app.store.standings import kept_standing
from app.store.standings import standing_after
from app.store.tables import round_rows


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


def group_round_data(group: Group) -> tuple[dict[str, list[Any]], dict[str, int]]:
    """The input of every round of the group's tables by table id, each table's by number, and
    each table's version as of the same moment (one statement).

    Plain columns, not ORM rows: the statistics need only the input, and a group of 500 tables
    would otherwise build (and track) an object per round on every look.
    """
    query = (
        select(Round.table_id, Round.data, Table.version)
        .join(Table, Round.table_id == Table.id)
        .where(Table.group_id == group.id, Table.deleted_at.is_(None))
        .order_by(Round.table_id, Round.number)
    )
    found: dict[str, list[Any]] = defaultdict(list)
    versions: dict[str, int] = {}
    for table_id, data, version in db.session.execute(query):
        found[table_id].append(data)
        versions[table_id] = version
    return found, versions


def table_result(
    table: Table, rounds: list[Round] | None = None, version: int | None = None
) -> TableResult:
    """One table as the statistics see it (its rounds read here unless given).

    With the `version` the rounds were read at, their standing is computed once per version
    (app.store.standings), shared with the table's page and the next look at the group.
    """
    if rounds is None:
        rounds = round_rows(table.id)
    return result_of(table, [r.data for r in rounds], version)


def result_of(table: Table, data: list[Any], version: int | None) -> TableResult:
    """One table as the statistics see it, from its rounds' input (read at `version`)."""
    return TableResult(
        table_id=table.id,
        name=table.name,
        variant=table.variant,
        players=list(table.players),
        rounds=data,
        standing=standing_at(table, data, version),
        played_at=as_utc(table.created_at),
    )


def standing_at(table: Table, data: list[Any], version: int | None) -> Standing:
    """The standing after the rounds' input `data`, read at the table's `version` (None: not
    known); computed once per version (app.store.standings), shared with the table's page, the next
    look at the group and its downloads."""
    standing = kept_standing(table.id, version) if version is not None else None
    if standing is None:
        standing = standing_after(table, data)
        # Kept only when the table's settings were read at that version (issue 11: a settings
        # change in between must not leave a standing of other settings under it).
        if version is not None and version == table.version:
            keep_standing(table.id, version, standing)
    return standing


def group_results(group: Group) -> list[TableResult]:
    """Every table of the group as the statistics see it, oldest first (two statements)."""
    return read_group(group)[0]


def table_versions(group: Group) -> tuple[tuple[str, int], ...]:
    """The id and version of each of the group's tables that is not deleted, oldest first:
    what the group's statistics show changes exactly when this does (one light statement)."""
    query = (
        select(Table.id, Table.version)
        .where(Table.group_id == group.id, Table.deleted_at.is_(None))
        .order_by(Table.created_at, Table.id)
    )
    return tuple((table_id, version) for table_id, version in db.session.execute(query))


def read_group(group: Group) -> tuple[list[TableResult], tuple[tuple[str, int], ...] | None]:
    """Every table of the group as the statistics see it, oldest first, and the id and version
    of each as read (None when a table changed between the two statements: its rounds and
    its settings were read at different versions)."""
    data, versions = group_round_data(group)
    tables = group_tables(group)
    seen = tuple((table.id, table.version) for table in tables)
    same = all(versions.get(table_id, version) == version for table_id, version in seen)
    results = [
        result_of(table, data.get(table.id, []), versions.get(table.id)) for table in tables
    ]
    return results, seen if same else None
