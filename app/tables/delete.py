"""Delete and restore a table (`tables.delete`, `tables.restore`), and the page of a deleted one.

Deleting asks first. A deleted table leaves its group's statistics at once and answers 410;
for 30 days its editor can restore it, from its own page or from "Zuletzt gelöscht" on the
start page (app/tables/home.py); then `store.purge_deleted` removes it for good.
"""

from __future__ import annotations

from typing import Any

from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import format_date
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from app import store
from app.db import db
from app.device import can_edit
from app.device import require_editor
from app.errors import handle_http_error
from app.models import Table
from app.navigation import current_lang
from app.tables import bp
from app.text import InputError


@bp.route("/t/<id:table_id>/delete", methods=["GET", "POST"])
def delete(table_id: str) -> Response | str:
    """Ask first (GET), then move the table to the recently deleted (POST)."""
    table = store.get_table(table_id)
    require_editor(table)
    if request.method == "GET":
        played = len(store.table_state(table).round_points)
        return render_template("tables/delete.html", table=table, played=played)
    store.delete_table(table)
    flash(
        _(
            "Table deleted. It can be restored for 30 days under “Recently deleted” on the "
            "start page."
        )
    )
    return redirect(url_for("tables.home"))


@bp.post("/t/<id:table_id>/restore")
def restore(table_id: str) -> Response:
    """Bring a deleted table back (its editor, within 30 days) and show it."""
    table = store.get_table(table_id, deleted_ok=True)
    require_editor(table)
    try:
        store.restore_table(table)
    except InputError as error:
        flash(error.message(current_lang()), "error")
        return redirect(url_for("tables.home"))
    flash(_("Table restored."))
    return redirect(url_for("tables.view", table_id=table.id))


def deleted_page(error: HTTPException) -> tuple[Any, ...]:
    """410 for a deleted table's pages: a friendly page; its editor gets the restore button."""
    table_id = (request.view_args or {}).get("table_id")
    table = db.session.get(Table, table_id) if isinstance(table_id, str) else None
    if table is None or table.deleted_at is None:
        return handle_http_error(error)  # the app's own error page
    return render_template(
        "tables/gone.html",
        table=table,
        deleted_on=format_date(table.deleted_at, "medium"),
        may_restore=can_edit(table),
    ), 410


bp.register_error_handler(410, deleted_page)
