"""Delete and restore a table (`tables.delete`, `tables.restore`), and the page of a deleted one.

Deleting asks first. A deleted table leaves its group's statistics at once and answers 410;
for 30 days its editor can restore it, from its own page or from "Zuletzt gelöscht" on the
start page (app/tables/home.py); then `purge_deleted` removes it for good.
"""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from app.rights.deletion import deleted
from app.rights.deletion import gone_page
from app.rights.deletion import restored
from app.rights.phone import can_edit
from app.rights.phone import require_editor
from app.store.db import db
from app.store.models import Table
from app.store.tables import delete_table
from app.store.tables import restore_table
from app.store.tables import table_state
from app.tables import bp
from app.web.found import table_or_404


@bp.route("/t/<id:table_id>/delete", methods=["GET", "POST"])
def delete(table_id: str) -> Response | str:
    """Ask first (GET), then move the table to the recently deleted (POST)."""
    table = table_or_404(table_id)
    require_editor(table)
    if request.method == "GET":
        played = len(table_state(table).round_points)
        return render_template("tables/delete.html", table=table, played=played)
    return deleted(
        lambda: delete_table(table),
        _(
            "Table deleted. It can be restored for 30 days under “Recently deleted” on the "
            "start page."
        ),
    )


@bp.post("/t/<id:table_id>/restore")
def restore(table_id: str) -> Response:
    """Bring a deleted table back (its editor, within 30 days) and show it."""
    table = table_or_404(table_id, deleted_ok=True)
    require_editor(table)
    return restored(
        lambda: restore_table(table),
        _("Table restored."),
        url_for("tables.view", table_id=table.id),
    )


def deleted_page(error: HTTPException) -> tuple[Any, ...]:
    """410 for a deleted table's pages: a friendly page; its editor gets the restore button."""
    table_id = (request.view_args or {}).get("table_id")
    table = db.session.get(Table, table_id) if isinstance(table_id, str) else None
    may_restore = table is not None and can_edit(table)
    return gone_page(error, table, "tables/gone.html", table=table, may_restore=may_restore)


bp.register_error_handler(410, deleted_page)
