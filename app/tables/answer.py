"""The answer to a change the page's script sent (`X-Answer: table`): the table page itself.

A form posted by static/js/offline.js asks for the table page in the same answer instead of a
redirect, so saving costs one round trip: the script puts the page in place and confirms the
round it showed as pending. Sent with the version the page shows (X-Changes-From), the answer
is only what changed since (app.tables.changes). A form posted without the script gets the
redirect (PRG) as before.
"""

from __future__ import annotations

from typing import Any

from flask import get_flashed_messages
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response

from app.store.announce import answered_with
from app.store.announce import answering
from app.store.models import Table
from app.tables.changes import FROM_HEADER
from app.tables.changes import PAGE
from app.tables.changes import as_changes
from app.tables.changes import asked_from

ANSWER_HEADER = "X-Answer"
STREAM_HEADER = "X-Stream"  # the phone's event stream (app.push.events)
STREAM_NAME = 32  # characters at most


def wants_table_page() -> bool:
    """Did the page's script ask for the table page as the answer?"""
    return request.headers.get(ANSWER_HEADER) == "table"


def table_page(table: Table, number: int | None) -> Response:
    """The table page as it is now, with this phone's messages ("Spiel 7 gespeichert.")."""
    # Imported here: the table page imports the undo buttons, which name rounds as rounds.py
    # does, and rounds.py answers with this page.
    from app.tables.table import page_context

    stream = request.headers.get(STREAM_HEADER, "")
    if FROM_HEADER in request.headers and 0 < len(stream) <= STREAM_NAME:
        answering(stream, table.version)  # its stream need not push this version again
    context = page_context(table)
    said = " ".join(str(message) for message in get_flashed_messages())  # kept per request

    def render(template: str, **values: Any) -> str:
        """The page (or a part of it) with this context."""
        return render_template(template, **context, **values)

    base = None
    if FROM_HEADER in request.headers:  # the phone shows an older version: what changed since
        rounds = len(context["standing"].round_points)
        page, base = as_changes(table, render, rounds, asked_from(), said)
    else:
        page = render(PAGE)
    answered_with(table.id, table.version)  # the pushes' renders may start now
    response = make_response(page)
    if base is not None:
        response.headers["X-Changes-Base"] = str(base)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Version"] = str(table.version)
    response.headers["X-Saved-Round"] = "" if number is None else str(number)
    response.headers["Vary"] = f"{ANSWER_HEADER}, {FROM_HEADER}"
    return response


def after_change(table: Table, number: int | None) -> Response:
    """The table: in the answer for the page's script, else by a redirect (PRG)."""
    if wants_table_page():
        return table_page(table, number)
    return redirect(url_for("tables.view", table_id=table.id))
