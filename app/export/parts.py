"""A group's downloads put together from its tables' parts, each built once per table version.

A group of hundreds of tables is downloaded again while only some of its tables changed: each
table's part (its backup on one JSON line, its CSV rows in one language) is kept under the
table's version, which every change bumps in the same transaction (app.store), so a kept part
is the part of that version for good. Only the tables whose parts are missing are read and
built: in one statement each for their settings, rounds and change log, whatever their number.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from sqlalchemy import ColumnElement
from sqlalchemy import and_
from sqlalchemy import select

from app.export.backup import Encoded
from app.export.backup import Spreadsheet
from app.export.backup import compact
from app.export.backup import csv_part
from app.export.backup import table_backup
from app.export.plans import ChangePlan
from app.export.plans import RoundPlan
from app.export.rows import ByTable
from app.export.rows import stored_changes
from app.export.rows import stored_rounds
from app.groups.results import standing_at
from app.scoring import Standing
from app.store.db import db
from app.store.models import Group
from app.store.models import Table

# Characters of parts kept: the three downloads of a few groups of hundreds of tables (about
# as many bytes: the parts are mostly ASCII).
KEPT_CHARS = 16_000_000
# At most this many missing tables are read by id; more are read with their whole group (a
# long list of ids costs more than reading the rows of the kept tables as well).
BY_ID = 100

Build = Callable[[Table, list[RoundPlan], list[ChangePlan], Standing], str]
Key = tuple[str, int, str]  # table id, table version, form ("json", "csv-de", ...)


class Kept:
    """Built parts by key, the least recently used dropped beyond a number of characters."""

    def __init__(self, limit: int) -> None:
        """Nothing kept yet."""
        self.limit = limit
        self.parts: OrderedDict[Key, str] = OrderedDict()
        self.chars = 0
        # A threaded server (waitress) serves several requests of one process at once.
        self.lock = threading.Lock()

    def get(self, key: Key) -> str | None:
        """The part kept under `key`, or None."""
        with self.lock:
            part = self.parts.get(key)
            if part is not None:
                self.parts.move_to_end(key)
            return part

    def put(self, key: Key, part: str) -> None:
        """Keep a part (dropping the least recently used beyond the limit)."""
        with self.lock:
            self.chars += len(part) - len(self.parts.pop(key, ""))
            self.parts[key] = part
            while self.chars > self.limit:
                self.chars -= len(self.parts.popitem(last=False)[1])

    def clear(self) -> None:
        """Forget every part."""
        with self.lock:
            self.parts.clear()
            self.chars = 0


_kept = Kept(KEPT_CHARS)


def group_json_parts(group: Group) -> Encoded:
    """The backup of each of the group's tables, one JSON line each, oldest table first."""
    return Encoded(group_parts(group, "json", json_part, with_changes=True))


def json_part(
    table: Table, rounds: list[RoundPlan], changes: list[ChangePlan], state: Standing
) -> str:
    """A table's backup on one line."""
    return compact(table_backup(table, rounds, changes, state))


def group_csv_parts(group: Group, sheet: Spreadsheet) -> list[str]:
    """The CSV rows of each of the group's tables for the sheet, oldest table first."""

    def rows(
        table: Table, rounds: list[RoundPlan], _changes: list[ChangePlan], state: Standing
    ) -> str:
        """A table's rows."""
        return csv_part(table, rounds, state, sheet)

    return group_parts(group, f"csv-{sheet.lang}", rows, with_changes=False)


def group_parts(group: Group, form: str, build: Build, with_changes: bool) -> list[str]:
    """The parts in `form` of the group's tables that are not deleted, oldest table first: kept
    for the table's version, or built now by `build` (the change log read only `with_changes`)."""
    in_group = and_(Table.group_id == group.id, Table.deleted_at.is_(None))
    order = select(Table.id, Table.version).where(in_group).order_by(Table.created_at, Table.id)
    parts = {
        table_id: _kept.get((table_id, version, form))
        for table_id, version in db.session.execute(order)
    }
    missing = [table_id for table_id, part in parts.items() if part is None]
    if missing:
        where = and_(in_group, Table.id.in_(missing)) if len(missing) <= BY_ID else in_group
        parts.update(built(set(missing), where, form, build, with_changes))
    # A table deleted since the first statement is neither kept nor built: it is left out.
    return [part for part in parts.values() if part is not None]


def built(
    missing: set[str], where: ColumnElement[bool], form: str, build: Build, with_changes: bool
) -> dict[str, str]:
    """The parts of the `missing` tables (among those `where` selects), built now; kept when
    everything was read at the table's version (a change between the statements is not)."""
    rounds = stored_rounds(where)
    changes = stored_changes(where) if with_changes else ByTable({}, {})
    found = {}
    for table in db.session.scalars(select(Table).where(where)):
        table_id, version = table.id, table.version
        if table_id not in missing:
            continue
        seen = rounds.versions.get(table_id, set()) | changes.versions.get(table_id, set())
        settled = seen <= {version}
        data = rounds.rows.get(table_id, [])
        state = standing_at(table, [r.data for r in data], version if settled else None)
        found[table_id] = part = build(table, data, changes.rows.get(table_id, []), state)
        if settled:
            _kept.put((table_id, version, form), part)
    return found
