"""The table page and the edit link (`tables.view`, `tables.claim`); undo lives in undo.py.

The grid shows the newest rounds (ROWS_SHOWN) with a link to all of them: a phone at an
evening's 400th round needs the last ones, and the totals are always those of every round.
"""

from __future__ import annotations

from functools import partial
from typing import Any
from typing import NamedTuple

from flask import current_app
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.editlinks import grant_table
from app.rights.phone import can_edit
from app.rights.phone import edit_link
from app.rights.phone import remember_table
from app.scoring import Standing
from app.store.models import Table
from app.store.tables import table_state
from app.tables import bp
from app.tables.changes import remember
from app.tables.display import say
from app.tables.end_early import end_early_text
from app.tables.entry import entry_markup
from app.tables.pictures import pictures
from app.tables.round_forms import one_tap_form
from app.tables.undo import redo_step
from app.tables.undo import undo_step
from app.web.found import table_or_404

SHEET_ENDPOINT = "sheets.table_sheet"  # the sheets blueprint's PDF of a table
ROWS_SHOWN = 30


class SetEnd(NamedTuple):
    """A set decided by a game (dop.set): its number, games per team and winning team."""

    number: int
    a: int
    b: int
    winner: str


class GridRow(NamedTuple):
    """One row of the rounds grid, with the set this game decided (dop.set)."""

    number: int
    points: Any
    running: Any
    detail: dict[str, Any]
    set_end: SetEnd | None = None


def grid_rows(standing: Standing, show_all: bool) -> list[GridRow]:
    """The rows the grid shows: the newest ROWS_SHOWN rounds, or all of them."""
    count = len(standing.round_points)
    first = 0 if show_all else max(0, count - ROWS_SHOWN)
    details = standing.details
    ends = set_ends(standing)
    return [
        GridRow(
            row + 1,
            standing.round_points[row],
            standing.running_totals[row],
            details[row] if row < len(details) else {},
            ends.get(row + 1),
        )
        for row in range(first, count)
    ]


def set_ends(standing: Standing) -> dict[int, SetEnd]:
    """The decided sets by the number of the game that decided each (dop.set)."""
    ends: dict[int, SetEnd] = {}
    games = 0
    for number, one_set in enumerate(standing.sets or [], start=1):
        games += one_set["A"] + one_set["B"]
        if one_set["winner"]:
            ends[games] = SetEnd(number, one_set["A"], one_set["B"], one_set["winner"])
    return ends


def page_context(table: Table) -> dict[str, Any]:
    """What tables/view.html is rendered with, live copy (`tables.live`) included."""
    has_sheet = SHEET_ENDPOINT in current_app.view_functions
    standing = table_state(table)
    editor = can_edit(table)
    rows = grid_rows(standing, show_all=request.args.get("rounds") == "all")
    # One link built for the grid; each row adds its number (the grid may have 400 rows).
    round_link = url_for("tables.round_edit", table_id=table.id, number=1)[:-1] if editor else ""
    return {
        "table": table,
        "standing": standing,
        "can_edit": editor,
        "edit_link": edit_link(table),
        "sheet_url": url_for(SHEET_ENDPOINT, table_id=table.id) if has_sheet else None,
        "pictures": partial(pictures, table, standing),
        "grid_rows": rows,
        "rows_hidden": len(standing.round_points) - len(rows),
        "round_link": round_link,
        "correct_label": _("Correct: %(what)s", what=say(table.definition.round_words.one, n="{n}"))
        if editor
        else "",
        # The undo and redo the page offers, named (app.tables.undo); none for a viewer.
        "undo": undo_step(table) if editor else None,
        "redo": redo_step(table) if editor else None,
        # Players stopping a series early end it here (app.tables.end_early), one tap + confirm.
        "end_early": end_early_text(table, standing) if editor else None,
        # One button per winner where a round is only its winner (app.tables.round_forms).
        "one_tap": one_tap_form(table, standing.next_dealer, len(standing.round_points) + 1)
        if editor and not standing.finished
        else None,
        # The next round's form, opened in place by "+ Spiel" (no page load on the save's way).
        "entry_form": entry_markup(table, standing) if editor and not standing.finished else None,
    }


@bp.get("/t/<id:table_id>")
def view(table_id: str) -> str:
    """Players, dealer, rounds with running totals, the result; edit controls for an editor."""
    table = table_or_404(table_id)
    remember_table(table.id)
    page = render_template("tables/view.html", **page_context(table))
    remember(table, page)  # a change is sent to this phone as what differs from this page
    return page


@bp.get("/t/<id:table_id>/edit/<token>")
def claim(table_id: str, token: str) -> Response:
    """The edit link: remember the token on this device, then drop it from the address bar."""
    return grant_table(table_or_404(table_id), token)
