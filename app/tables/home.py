"""The start page: a big New-table button, the tables made or opened on this device, and what
this device deleted lately (restorable for 30 days)."""

from __future__ import annotations

from typing import Any

from flask import render_template
from sqlalchemy import select

from app.rights.phone import can_edit
from app.rights.phone import device_group_ids
from app.rights.phone import device_table_ids
from app.rights.phone import group_token
from app.scoring import Standing
from app.store.db import db
from app.store.groups import deleted_groups as store_deleted_groups
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.standings import standing_after
from app.store.tables import deleted_tables as store_deleted_tables
from app.tables import bp


def device_tables() -> list[Table]:
    """This device's tables that still exist, newest first (the session's order)."""
    ids = device_table_ids()
    if not ids:
        return []
    query = select(Table).where(Table.id.in_(ids), Table.deleted_at.is_(None))
    found = {t.id: t for t in db.session.scalars(query)}
    return [found[i] for i in ids if i in found]


def standings_of(tables: list[Table]) -> dict[str, Standing]:
    """Each table's standing by table id, from its rounds, which are read for all the tables in
    one statement (none per table)."""
    data: dict[str, list[Any]] = {table.id: [] for table in tables}
    if not data:
        return {}
    query = (
        select(Round.table_id, Round.data)
        .where(Round.table_id.in_(list(data)))
        .order_by(Round.table_id, Round.number)
    )
    for table_id, round_data in db.session.execute(query):
        data[table_id].append(round_data)
    return {table.id: standing_after(table, data[table.id]) for table in tables}


def recently_deleted() -> tuple[list[Table], list[Group]]:
    """This device's deleted tables and groups it may restore (within the 30 days)."""
    tables = [t for t in store_deleted_tables(device_table_ids()) if can_edit(t)]
    groups = [g for g in store_deleted_groups(device_group_ids()) if group_token(g) is not None]
    return tables, groups


@bp.get("/")
def home() -> str:
    """Start page."""
    tables = device_tables()
    standings = standings_of(tables)
    cards = [(table, standings[table.id]) for table in tables]
    deleted_tables, deleted_groups = recently_deleted()
    return render_template(
        "tables/home.html",
        cards=cards,
        deleted_tables=deleted_tables,
        deleted_groups=deleted_groups,
    )
