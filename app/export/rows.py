"""What the downloads read of stored tables: plain columns, one statement for any number of
tables, never an ORM object per round (a group of 500 tables has thousands of rounds)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement
from sqlalchemy import and_
from sqlalchemy import select
from sqlalchemy.orm import InstrumentedAttribute

from app.export.plans import ChangePlan
from app.export.plans import RoundPlan
from app.groups.results import group_tables
from app.scoring import Standing
from app.store.db import db
from app.store.models import Change
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.standings import standing_after

ByTable = dict[str, list[Any]]


def stored_rounds(where: ColumnElement[bool]) -> ByTable:
    """The rounds of the tables `where` selects, each table's by number (one statement)."""
    columns = (Round.number, Round.data, Round.version, Round.created_at, Round.updated_at)
    return by_table(Round.table_id, Round.number, columns, where, round_plan)


def round_plan(values: Sequence[Any]) -> RoundPlan:
    """A round's columns as read."""
    return RoundPlan(*values)


def stored_changes(where: ColumnElement[bool]) -> ByTable:
    """The change log of the tables `where` selects, each table's oldest first (one statement)."""
    columns = (
        Change.kind,
        Change.round_number,
        Change.before,
        Change.after,
        Change.undone,
        Change.created_at,
    )
    return by_table(Change.table_id, Change.id, columns, where, ChangePlan._make)


def by_table(
    table_id: InstrumentedAttribute[str],
    order: InstrumentedAttribute[int],
    columns: tuple[Any, ...],
    where: ColumnElement[bool],
    make: Callable[[Sequence[Any]], RoundPlan | ChangePlan],
) -> ByTable:
    """The `columns` of the rows that belong to the tables `where` selects, each made into a
    plan by `make`, by table id and in `order`."""
    query = (
        select(table_id, *columns)
        .join(Table, table_id == Table.id)
        .where(where)
        .order_by(table_id, order)
    )
    found: ByTable = defaultdict(list)
    for row in db.session.execute(query):
        found[row[0]].append(make(row[1:]))
    return found


GroupTable = tuple[Table, list[RoundPlan], list[ChangePlan], Standing]


def group_contents(group: Group, with_changes: bool) -> Iterator[GroupTable]:
    """The group's live tables, oldest first, with rounds, change log (`with_changes`) and
    standing: one statement each, whatever the number of tables."""
    in_group = and_(Table.group_id == group.id, Table.deleted_at.is_(None))
    rounds = stored_rounds(in_group)
    changes = stored_changes(in_group) if with_changes else {}
    for table in group_tables(group):
        data = rounds.get(table.id, [])
        state = standing_after(table, [r.data for r in data])
        yield table, data, changes.get(table.id, []), state
