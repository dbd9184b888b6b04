"""The start page: a big New-table button and the tables made or opened on this device."""

from __future__ import annotations

from flask import render_template
from sqlalchemy import select

from app import store
from app.db import db
from app.device import device_table_ids
from app.models import Table
from app.tables import bp


def device_tables() -> list[Table]:
    """This device's tables that still exist, newest first (the session's order)."""
    ids = device_table_ids()
    found = {t.id: t for t in db.session.scalars(select(Table).where(Table.id.in_(ids)))}
    return [found[i] for i in ids if i in found]


@bp.get("/")
def home() -> str:
    """Start page."""
    cards = [(table, store.table_state(table)) for table in device_tables()]
    return render_template("tables/home.html", cards=cards)
