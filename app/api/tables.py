"""Score keeping over JSON (docs/api.md §2): tables, their rounds, a cheap change poll.

Views only translate between HTTP and `app.store` / `app.scoring`; errors are
`{"error", "field"}` in the request's language (`?lang=`, else Accept-Language, else German).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Response
from flask import jsonify
from flask import request

from app import checks
from app import store
from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.api.tables_json import added_json
from app.api.tables_json import round_json
from app.api.tables_json import table_json
from app.checks import Field
from app.models import Table
from app.navigation import current_lang
from app.text import InputError
from app.text import Text
from app.text import shown

TABLE_KEYS = ("variant", "name", "players", "options")
BODY = Field("", Text("Die Anfrage", "The request body"))
VERSION_DIGITS = 9  # a round version is a small counter


@contextmanager
def as_api_errors(number: int | None = None) -> Iterator[None]:
    """Turn the store's exceptions into the contract's statuses (400, 404, 409); `number` is
    the round the URL names, for the 404 sentence."""
    try:
        yield
    except InputError as error:
        raise ApiError.of(error) from error
    except store.TableFinished as error:
        raise ApiError(
            Text(
                "Der Tisch ist beendet: er nimmt keine weitere Runde an.",
                "The table is finished: it takes no further round.",
            ),
            status=409,
        ) from error
    except LookupError as error:
        raise ApiError(
            Text(
                f"Runde {number} gibt es an diesem Tisch nicht (Runden zählen ab 1).",
                f"There is no round {number} at this table (rounds are numbered from 1).",
            )
            if number is not None
            else Text("Diese Runde gibt es nicht.", "There is no such round."),
            status=404,
        ) from error


def editable(table_id: str) -> Table:
    """The table (404) if the request carries its edit token (missing 401, wrong 403)."""
    table = store.get_table(table_id)
    token = request.headers.get("X-Edit-Token")
    if not token:
        missing = Text("Der Header X-Edit-Token fehlt.", "The X-Edit-Token header is missing.")
        raise ApiError(missing, status=401)
    if not table.check_edit_token(token):
        raise ApiError(
            Text(
                "Das X-Edit-Token passt nicht zu diesem Tisch.",
                "The X-Edit-Token is wrong for this table.",
            ),
            status=403,
        )
    return table


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    """A new table; the answer carries the secret edit token (shown once)."""
    body = json_body()
    with as_api_errors():
        checks.mapping(body, BODY, TABLE_KEYS)
        table, token = store.create_table(
            body.get("variant"), body.get("name"), body.get("players"), body.get("options")
        )
    return jsonify({**table_json(table), "edit_token": token}), 201


@bp.get("/tables/<table_id>")
def show_table(table_id: str) -> Response:
    """The table with everything derived (totals, ranking, settlement, sets ...)."""
    return jsonify(table_json(store.get_table(table_id)))


@bp.get("/tables/<table_id>/version")
def table_version(table_id: str) -> Response:
    """A cheap poll for live views: the table's version, with an ETag (304 when unchanged)."""
    table = store.get_table(table_id)
    response = jsonify(version=table.version)
    response.set_etag(str(table.version))
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)  # 304 without a body when If-None-Match matches
    return response


@bp.post("/tables/<table_id>/rounds")
def add_round(table_id: str) -> tuple[Response, int]:
    """Append one finished game/round; a repeated Idempotency-Key adds nothing and answers the
    first status with the table and that round as they are now."""
    table = editable(table_id)
    key = request.headers.get("Idempotency-Key")
    with as_api_errors():
        added = store.add_round(table, json_body(), key)
    return jsonify(added_json(table, added)), added.status


@bp.put("/tables/<table_id>/rounds/<int(signed=True):number>")
def edit_round(table_id: str, number: int) -> Response | tuple[Response, int]:
    """Correct round `number`; with `version` (body) or If-Match, a stale edit gets 409."""
    table = editable(table_id)
    body = dict(json_body())
    expected = expected_version(body.pop("version", None))
    try:
        with as_api_errors(number):
            store.edit_round(table, number, body, expected)
    except store.RoundConflict as conflict:
        now = conflict.current.version
        message = Text(
            f"Runde {number} wurde inzwischen geändert (jetzt Version {now}); "
            "bitte prüfen und die Korrektur erneut senden.",
            f"Round {number} was changed meanwhile (now version {now}); "
            "check it and send your correction again.",
        )
        current = round_json(conflict.current, conflict.points)
        return jsonify(error=message.get(current_lang()), field=None, current=current), 409
    return jsonify(table_json(table))


def expected_version(given: Any) -> int | None:
    """The round version the edit started from: body `version`, else the If-Match header."""
    if given is None:
        given = if_match_version()
    if given is not None and (isinstance(given, bool) or not isinstance(given, int) or given < 1):
        raise ApiError(
            Text(
                "Die Version muss eine ganze Zahl ab 1 sein (die Version der Runde, von der die "
                "Korrektur ausgeht).",
                "The version must be a whole number from 1 (the round's version you started from).",
            ),
            "version",
        )
    return given


def if_match_version() -> int | None:
    """The version in an If-Match header ("3" or W/"3"; the first tag counts); none for `*`.

    Only ASCII digits are a version: `int()` would take "²" or a 5000-digit tag and fail.
    """
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    tag = header.split(",")[0].strip().removeprefix("W/").strip('"')
    if tag.isascii() and tag.isdigit() and len(tag) <= VERSION_DIGITS:
        return int(tag)
    raise ApiError(
        Text(
            f'Der Header If-Match muss die Version der Runde nennen, etwa "3"; erhalten: '
            f"{shown(header[:20])}.",
            "The If-Match header must name the round's version, like \"3\"; got "
            f"{shown(header[:20])}.",
        ),
        "If-Match",
    )


@bp.delete("/tables/<table_id>/rounds/<int(signed=True):number>")
def delete_round(table_id: str, number: int) -> Response:
    """Remove round `number`; later rounds move up, everything is recomputed."""
    table = editable(table_id)
    with as_api_errors(number):
        store.delete_round(table, number)
    return jsonify(table_json(table))


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str) -> Response:
    """Revert the newest add/edit/delete (nothing happens when there is none)."""
    table = editable(table_id)
    with as_api_errors():
        change = store.undo_last_change(table)
    answer = table_json(table)
    answer["undone"] = (
        None if change is None else {"kind": change.kind, "round": change.round_number}
    )
    return jsonify(answer)
