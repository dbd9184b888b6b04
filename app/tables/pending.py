"""Rounds kept on a phone but not saved yet, as provisional rows of the grid (`tables.pending`).

Scored here by the table's own variant, so no rule is written a second time in the page's
script. Nothing is saved; the phone keeps the last answer for when it is offline.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple
from urllib.parse import parse_qsl

from flask import render_template
from flask import request
from werkzeug.datastructures import MultiDict

from app.store.models import Table
from app.store.tables import round_rows
from app.tables import bp
from app.tables.round_forms import round_form
from app.tables.table import GridRow
from app.tables.table import grid_rows
from app.text import InputError
from app.variants import registry as variants
from app.web.found import table_or_404

PENDING_LIMIT = 20  # rounds a phone keeps for one table: far more than a lost Wi-Fi leaves


class PendingRow(NamedTuple):
    """A kept round: its provisional grid row, or why the server would refuse it."""

    row: GridRow | None
    error: str | None


def body_of(table: Table, sent: str) -> dict[str, Any] | str:
    """The round body of a kept form, or why the server would refuse it (CSRF is not checked:
    nothing is saved, and the token may have expired while the round waited)."""
    form = round_form(table, dealer=0)
    if "csrf_token" in form:
        del form["csrf_token"]
    form.process(MultiDict(parse_qsl(sent, keep_blank_values=True)))
    if form.validate() and form.round_body is not None:
        try:
            return table.definition.round(table.players, table.options, form.round_body)
        except InputError as error:
            form.show_input_error(error)
    errors = [*form.form_errors]
    for messages in form.group_errors.values():
        errors.extend(messages)
    for field in form:
        errors.extend(error for error in field.errors if isinstance(error, str))
    return " ".join(str(error) for error in errors)


def pending_rows(table: Table, sent: list[str]) -> list[PendingRow]:
    """The kept rounds in order after the stored ones, each scored with those before it."""
    stored = [r.data for r in round_rows(table.id)]
    bodies: list[dict[str, Any]] = []
    found: list[PendingRow] = []
    for one in sent[:PENDING_LIMIT]:
        body = body_of(table, one)
        if isinstance(body, str):
            found.append(PendingRow(None, body))
            continue
        bodies.append(body)
        standing = variants.standing(
            table.variant,
            table.players,
            table.options,
            stored + bodies,
            table.closed,
            table.first_dealer,
        )
        found.append(PendingRow(grid_rows(standing, show_all=True)[-1], None))
    return found


@bp.get("/t/<id:table_id>/rounds/pending")
def pending(table_id: str) -> str:
    """The provisional grid rows of the kept rounds sent as `?body=…` (form bodies, in order)."""
    table = table_or_404(table_id)
    rows = pending_rows(table, request.args.getlist("body"))
    return render_template("tables/_pending_rows.html", table=table, rows=rows)
