"""The live copy of a table page that static/js/live.js swaps in after a change.

The table page as `tables.view` renders it, but without taking this phone's flash messages
(they belong to the next real page) and without moving the table in this phone's list.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask import make_response
from flask import render_template
from flask import request

from app.push.pieces import LAZY
from app.push.pieces import piece_text
from app.tables import bp
from app.tables.changes import FROM_HEADER
from app.tables.changes import MAIN
from app.tables.changes import PAGE
from app.tables.changes import as_changes
from app.tables.changes import asked_from
from app.tables.changes import remember
from app.tables.table import page_context
from app.web.found import table_or_404


def no_flashes(**_kwargs: Any) -> list[Any]:
    """Stands in for Flask's get_flashed_messages in a page a script fetches in the background
    (the live copy, the offline page): the messages belong to the next page the player opens."""
    return []


@bp.get("/t/<id:table_id>/live")
def live(table_id: str) -> Response:
    """The current table page for live.js (never cached: it is the fresh state); asked with
    the version the phone shows (X-Changes-From), only what changed since (app.tables.changes)."""
    table = table_or_404(table_id)
    context = page_context(table)

    def render(template: str, **values: Any) -> str:
        """The page (or a part of it) with this context, without this phone's messages."""
        return render_template(template, **context, **values, get_flashed_messages=no_flashes)

    base = None
    wanted = request.args.get("piece", "")
    if wanted.startswith(LAZY):  # a picture the phone scrolled to (static/js/live.js)
        page = piece_text(render(MAIN), wanted)
    elif FROM_HEADER in request.headers:
        rounds = len(context["standing"].round_points)
        page, base = as_changes(table, render, rounds, asked_from())
    else:
        page = render(PAGE)
        remember(table, page)
    response = make_response(page)
    response.headers["Vary"] = FROM_HEADER
    if base is not None:
        response.headers["X-Changes-Base"] = str(base)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Version"] = str(table.version)
    return response


@bp.get("/t/<id:table_id>/events")
def events(table_id: str) -> Response:
    """The table's event stream where the server holds none (a plain WSGI server; `mautisch
    serve` answers this path itself, app.serve.asgi): 204 tells EventSource not to reconnect,
    so live.js polls the version instead."""
    table_or_404(table_id)
    response = make_response("", 204)
    response.headers["Cache-Control"] = "no-store"
    return response
