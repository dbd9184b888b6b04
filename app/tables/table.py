"""The table page, the edit link and undo (`tables.view`, `tables.claim`, `tables.undo`)."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app import store
from app.device import can_edit
from app.device import edit_link
from app.device import remember_table
from app.device import require_editor
from app.editlinks import grant_table
from app.models import Change
from app.models import Table
from app.tables import bp
from app.tables.derived import correct_label
from app.tables.derived import derived
from app.tables.derived import editor_of
from app.tables.derived import grid_rows
from app.tables.derived import has_changes
from app.tables.derived import kept_page
from app.tables.pictures import chart_note

SHEET_ENDPOINT = "sheets.table_sheet"  # the sheets blueprint's PDF of a table


def page_context(table: Table) -> dict[str, Any]:
    """What tables/view.html is rendered with.

    The live copy of the page (`tables.live`) renders it with the same, so the page and its
    live updates can never differ.
    """
    has_sheet = SHEET_ENDPOINT in current_app.view_functions
    shown = derived(table)
    editor = can_edit(table)
    rows = grid_rows(shown.standing, show_all=request.args.get("rounds") == "all")
    # One link built for the grid; each row adds its number (the grid may have 400 rows).
    round_link = url_for("tables.round_edit", table_id=table.id, number=1)[:-1] if editor else ""
    return {
        "table": table,
        "standing": shown.standing,
        "can_edit": editor,
        "edit_link": edit_link(table),
        "sheet_url": url_for(SHEET_ENDPOINT, table_id=table.id) if has_sheet else None,
        "chart": shown.chart,
        "chart_note": chart_note(table),
        "settlement_picture": shown.settlement_picture,
        "grid_rows": rows,
        "rows_hidden": len(shown.standing.round_points) - len(rows),
        "round_link": round_link,
        "correct_label": correct_label() if editor else "",
        "can_undo": editor and has_changes(table),
    }


@bp.get("/t/<table_id>")
def view(table_id: str) -> str:
    """Players, dealer, rounds with running totals, the result; edit controls for an editor."""
    table = store.get_table(table_id)
    remember_table(table.id)
    return kept_page(
        table,
        "page",
        editor_of(table),
        lambda: render_template("tables/view.html", **page_context(table)),
    )


@bp.get("/t/<table_id>/edit/<token>")
def claim(table_id: str, token: str) -> Response:
    """The edit link: remember the token on this device, then drop it from the address bar."""
    return grant_table(store.get_table(table_id), token)


def undone_text(change: Change) -> str:
    """What undo just reverted, in words."""
    number = change.round_number
    if change.kind == "add":
        return _("Undone: round %(n)s is no longer entered.", n=number)
    if change.kind == "delete":
        return _("Undone: round %(n)s is back.", n=number)
    return _("Undone: the correction of round %(n)s.", n=number)


@bp.post("/t/<table_id>/undo")
def undo(table_id: str) -> Response:
    """Revert the newest change (add, correction or deletion) with one tap."""
    table = store.get_table(table_id)
    require_editor(table)
    change = store.undo_last_change(table)
    flash(undone_text(change) if change is not None else _("Nothing to undo."))
    return redirect(url_for("tables.view", table_id=table.id))
