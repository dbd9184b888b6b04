"""The answer to a change the page's script sent (`X-Answer: table`): the table page itself.

A form posted by static/js/offline.js asks for the table page in the same answer instead of a
redirect, so saving costs one round trip: the script puts the page in place and confirms the
round it showed as pending. A form posted without the script gets the redirect (PRG) as before.
"""

from __future__ import annotations

from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response

from app.store.models import Table

ANSWER_HEADER = "X-Answer"


def wants_table_page() -> bool:
    """Did the page's script ask for the table page as the answer?"""
    return request.headers.get(ANSWER_HEADER) == "table"


def table_page(table: Table, number: int | None) -> Response:
    """The table page as it is now, with this phone's messages ("Spiel 7 gespeichert.")."""
    # Imported here: the table page imports the undo buttons, which name rounds as rounds.py
    # does, and rounds.py answers with this page.
    from app.tables.table import page_context

    response = make_response(render_template("tables/view.html", **page_context(table)))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Version"] = str(table.version)
    response.headers["X-Saved-Round"] = "" if number is None else str(number)
    response.headers["Vary"] = ANSWER_HEADER
    return response


def after_change(table: Table, number: int | None) -> Response:
    """The table: in the answer for the page's script, else by a redirect (PRG)."""
    if wants_table_page():
        return table_page(table, number)
    return redirect(url_for("tables.view", table_id=table.id))
