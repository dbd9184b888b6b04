"""What the downloads read of stored tables: plain columns, one statement for any number of
tables, never an ORM object per round (a group of 500 tables has thousands of rounds).

Each row comes with its table's version as of the same statement: a download part built from
rows that all show one version is that version's part and may be kept (app.export.parts).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import NamedTuple

from sqlalchemy import ColumnElement
from sqlalchemy import select
from sqlalchemy.orm import InstrumentedAttribute

from app.export.plans import ChangePlan
from app.export.plans import RoundPlan
from app.store.db import db
from app.store.models import Change
from app.store.models import Round
from app.store.models import Table
from app.store.standings import input_text
from app.store.standings import stored_input


class ByTable(NamedTuple):
    """Rows by table id (each table's in order) and the table versions they were read at."""

    rows: dict[str, list[Any]]
    versions: dict[str, set[int]]


def stored_rounds(where: ColumnElement[bool]) -> ByTable:
    """The rounds of the tables `where` selects, each table's by number (one statement); each
    round's input decoded once per distinct text (app.store.standings.stored_input: a group's
    rounds repeat the same few texts), so it is only read, never changed."""
    columns = (Round.number, input_text(), Round.version, Round.created_at, Round.updated_at)
    return by_table(Round.table_id, Round.number, columns, where, round_plan)


def round_plan(values: Sequence[Any]) -> RoundPlan:
    """A round's columns as read, its input decoded."""
    number, text, version, created_at, updated_at = values
    return RoundPlan(number, stored_input(text), version, created_at, updated_at)


def stored_changes(where: ColumnElement[bool]) -> ByTable:
    """The change log of the tables `where` selects, each table's oldest first (one statement)."""
    columns = (
        Change.kind, Change.round_number, Change.before, Change.after, Change.undone,
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
    plan by `make`, by table id and in `order`, with each table's version as of the same
    statement."""
    query = (
        select(table_id, Table.version, *columns)
        .join(Table, table_id == Table.id)
        .where(where)
        .order_by(table_id, order)
    )
    found = ByTable(defaultdict(list), defaultdict(set))
    for row in db.session.execute(query):
        found.rows[row[0]].append(make(row[2:]))
        found.versions[row[0]].add(row[1])
    return found
