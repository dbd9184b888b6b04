"""The table page and the edit link (`tables.view`, `tables.claim`); undo lives in undo.py."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response

from app.rights.editlinks import grant_table
from app.rights.phone import can_edit
from app.rights.phone import edit_link
from app.rights.phone import remember_table
from app.store.models import Table
from app.tables import bp
from app.tables.derived import Rendered
from app.tables.derived import correct_label
from app.tables.derived import derived
from app.tables.derived import editor_of
from app.tables.derived import grid_body
from app.tables.derived import grid_rows
from app.tables.derived import kept_page
from app.tables.pictures import chart_note
from app.tables.undo import redo_step
from app.tables.undo import undo_step
from app.web.found import head_or_404
from app.web.found import table_or_404

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
        "grid_body": grid_body,
        "rows_hidden": len(shown.standing.round_points) - len(rows),
        "round_link": round_link,
        "correct_label": correct_label(table) if editor else "",
        # The undo and redo the page offers, named (app.tables.undo); none for a viewer.
        "undo": undo_step(table) if editor else None,
        "redo": redo_step(table) if editor else None,
    }


@bp.get("/t/<id:table_id>")
def view(table_id: str) -> str:
    """Players, dealer, rounds with running totals, the result; edit controls for an editor."""
    head = head_or_404(table_id)
    remember_table(head.id)
    return kept_page(head, "page", editor_of(head), lambda: rendered(table_id)).html


def rendered(table_id: str, **extra: Any) -> Rendered:
    """The table page as the table is stored now (`extra`: more for the template), with the
    version it shows."""
    table = table_or_404(table_id)
    html = render_template("tables/view.html", **page_context(table), **extra)
    return Rendered(html, table.version)


@bp.get("/t/<id:table_id>/edit/<token>")
def claim(table_id: str, token: str) -> Response:
    """The edit link: remember the token on this device, then drop it from the address bar."""
    return grant_table(table_or_404(table_id), token)
