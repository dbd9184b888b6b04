"""A group's tables read for the statistics: stored input plus the standing it comes to.

A group may hold thousands of tables: their rounds are read in one statement for the whole
group, never one per table, and each table as read is kept with its version (which every
change of the table bumps: a round, a correction, an undo, a rename, closing it). The next look
reads only the ids and versions and re-reads the tables that changed or are new, so a page of
a group of years costs the newest evening's tables, not all of them; a table deleted or moved
away is no longer among the ids and is dropped.
"""

from __future__ import annotations

from collections import OrderedDict
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC
from datetime import datetime
from threading import Lock
from typing import Any

from sqlalchemy import select

from app.groups.stats import TableResult
from app.store.db import db
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.standings import standing_after

KEPT_GROUPS = 64  # the groups whose tables stay in memory, most recently looked at
CHUNK = 500  # ids per statement (far below every database's limit of bound values)
# Per group: table id -> (its version and time as read, the table as read).
_kept: OrderedDict[str, dict[str, tuple[Any, TableResult]]] = OrderedDict()
_lock = Lock()


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
        version=table.version,
    )


def read_tables(ids: list[str]) -> list[TableResult]:
    """These tables as read now (two statements per CHUNK ids)."""
    found = []
    for start in range(0, len(ids), CHUNK):
        part = ids[start : start + CHUNK]
        tables = list(db.session.scalars(select(Table).where(Table.id.in_(part))))
        rounds = select(Round.table_id, Round.data).where(Round.table_id.in_(part))
        data: dict[str, list[Any]] = defaultdict(list)
        for table_id, body in db.session.execute(rounds.order_by(Round.table_id, Round.number)):
            data[table_id].append(body)
        found += [result_of(table, data.get(table.id, [])) for table in tables]
    return found


def versions_of(group: Group) -> list[tuple[str, Any]]:
    """The id of each of the group's tables that is not deleted, with its version and time
    (a table's time, which orders the evenings, is set where it is made or imported)."""
    query = select(Table.id, Table.version, Table.created_at).where(
        Table.group_id == group.id, Table.deleted_at.is_(None)
    )
    return [(table_id, (version, at)) for table_id, version, at in db.session.execute(query)]


def keep(group_id: str, tables: Iterable[tuple[str, tuple[Any, TableResult]]]) -> None:
    """Keep the group's tables as read (the versions read before them)."""
    with _lock:
        _kept[group_id] = dict(tables)
        _kept.move_to_end(group_id)
        while len(_kept) > KEPT_GROUPS:
            _kept.popitem(last=False)


def group_results(group: Group, versions: list[tuple[str, Any]] | None = None) -> list[TableResult]:
    """Every table of the group as the statistics see it, oldest first: the kept ones whose
    version is unchanged, the others read anew (`versions`: as `versions_of` read them just
    now). A table changed between the versions and its reading is kept with the older
    version, so the next look reads it again."""
    versions = versions_of(group) if versions is None else versions
    with _lock:
        kept = dict(_kept.get(group.id, {}))
    stale = [
        table_id for table_id, version in versions if kept.get(table_id, (None,))[0] != version
    ]
    fresh = {result.table_id: result for result in read_tables(stale)}
    now = {
        table_id: (version, fresh[table_id] if table_id in fresh else kept[table_id][1])
        for table_id, version in versions
        if table_id in fresh or table_id in kept
    }
    keep(group.id, now.items())
    return sorted((result for _v, result in now.values()), key=lambda r: (r.played_at, r.table_id))
