"""The start page: a big New-table button and the tables made or opened on this device."""

from __future__ import annotations

from flask import render_template
from sqlalchemy import select

from app import store
from app.db import db
from app.device import device_table_ids
from app.models import Round
from app.models import Table
from app.tables import bp


def device_tables() -> list[Table]:
    """This device's tables that still exist, newest first (the session's order)."""
    ids = device_table_ids()
    if not ids:
        return []
    found = {t.id: t for t in db.session.scalars(select(Table).where(Table.id.in_(ids)))}
    return [found[i] for i in ids if i in found]


def rounds_of(tables: list[Table]) -> dict[str, list[Round]]:
    """The rounds of some tables by table id, each by number: one statement for all of them."""
    found: dict[str, list[Round]] = {table.id: [] for table in tables}
    query = (
        select(Round)
        .where(Round.table_id.in_(list(found)))
        .order_by(Round.table_id, Round.number)
    )
    for round_ in db.session.scalars(query) if found else ():
        found[round_.table_id].append(round_)
    return found


@bp.get("/")
def home() -> str:
    """Start page."""
    tables = device_tables()
    rounds = rounds_of(tables)
    cards = [(table, store.state_of(table, rounds[table.id])) for table in tables]
    return render_template("tables/home.html", cards=cards)
