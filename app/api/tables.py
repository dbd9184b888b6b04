"""Score keeping over JSON (docs/api.md §2): tables, their rounds, a cheap change poll.

Errors are `{"error", "field"}` in the request's language (`?lang=`, else Accept-Language, else
German).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Response
from flask import jsonify
from flask import request

from app import inputs as checks
from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.api.groups import may_move
from app.api.tables_json import added_json
from app.api.tables_json import round_json
from app.api.tables_json import table_json
from app.inputs import Field
from app.store.keys import KeyReused
from app.store.models import Change
from app.store.models import Table
from app.store.models import as_utc
from app.store.rounds import NumberTaken
from app.store.rounds import RoundConflict
from app.store.rounds import TableFinished
from app.store.rounds import add_round as store_add_round
from app.store.rounds import delete_round as store_delete_round
from app.store.rounds import edit_round as store_edit_round
from app.store.settings import update_table as store_update_table
from app.store.tables import RESTORE_PERIOD
from app.store.tables import create_table as store_create_table
from app.store.tables import delete_table as store_delete_table
from app.store.tables import restore_table as store_restore_table
from app.store.undo import TableMoved
from app.store.undo import redo_last_undo
from app.store.undo import undo_last_change
from app.text import InputError
from app.text import Message
from app.text import say
from app.text import shown
from app.web.found import head_or_404
from app.web.found import table_or_404
from app.web.navigation import current_lang

TABLE_KEYS = ("variant", "name", "players", "options")
BODY = Field("", Message("The request body"))
VERSION_DIGITS = 9  # a round version is a small counter
ETAG = re.compile(r"[A-Za-z0-9_-]{8,16}\.[0-9]{1,9}")  # a round's etag: uid.version


@contextmanager
def as_api_errors(table: Table | None = None, number: int | None = None) -> Iterator[None]:
    """The store's exceptions as the contract's statuses (400, 404, 409)."""
    try:
        yield
    except KeyReused as error:  # the IETF Idempotency-Key draft's status for a reused key
        raise ApiError(error.text, error.field, status=422) from error
    except InputError as error:
        raise ApiError.of(error) from error
    except TableFinished as error:
        raise ApiError(
            Message("The table is finished: it takes no further round."), status=409
        ) from error
    except LookupError as error:
        if table is None or number is None:
            raise ApiError(Message("There is no such round."), status=404) from error
        name = table.definition.round_words.number(number)
        raise ApiError(
            Message("%(name)s does not exist at this table (numbering starts at 1).", name=name),
            status=404,
        ) from error


def editable(table_id: str, deleted_ok: bool = False) -> Table:
    """The table if the request carries its edit token (401, 403, 404, 410)."""
    table = table_or_404(table_id, deleted_ok)
    token = request.headers.get("X-Edit-Token")
    if not token:
        missing = Message("The X-Edit-Token header is missing.")
        raise ApiError(missing, status=401)
    if not table.check_edit_token(token):
        raise ApiError(Message("The X-Edit-Token is wrong for this table."), status=403)
    return table


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    """A new table; the answer carries the secret edit token (shown once)."""
    body = json_body()
    with as_api_errors():
        checks.mapping(body, BODY, TABLE_KEYS)
        table, token = store_create_table(
            body.get("variant"), body.get("name"), body.get("players"), body.get("options")
        )
    return jsonify({**table_json(table), "edit_token": token}), 201


@bp.get("/tables/<id:table_id>")
def show_table(table_id: str) -> Response:
    """The table with everything derived (totals, ranking, settlement, sets ...)."""
    return jsonify(table_json(table_or_404(table_id)))


@bp.get("/tables/<id:table_id>/version")
def table_version(table_id: str) -> Response:
    """The table's version with an ETag, head only (every watching phone asks once a second)."""
    version = head_or_404(table_id).version
    response = jsonify(version=version)
    response.set_etag(str(version))
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)  # 304 without a body when If-None-Match matches
    return response


@bp.post("/tables/<id:table_id>/rounds")
def add_round(table_id: str) -> tuple[Response, int]:
    """Append one game/round (idempotent by key; 409 when `expected_number` is passed)."""
    table = editable(table_id)
    key = request.headers.get("Idempotency-Key")
    try:
        with as_api_errors():
            added = store_add_round(table, json_body(), key)
    except NumberTaken as taken:
        return number_taken(table, taken)
    return jsonify(added_json(table, added)), added.status


def number_taken(table: Table, taken: NumberTaken) -> tuple[Response, int]:
    """The 409 of `expected_number`: what is there now, and the number a round would get."""
    words = table.definition.round_words
    following = words.number(taken.number, inside=True)
    if taken.current is not None:
        there = words.number(taken.current.number)
        message = Message(
            "%(there)s was just entered by someone else; nothing was saved. To save this as "
            "%(following)s, send it again with that expected_number or without one.",
            there=there,
            following=following,
        )
        current: dict[str, Any] | None = round_json(taken.current, taken.points)
    else:
        message = Message(
            "The table has fewer %(many)s meanwhile; the next one is %(following)s. Nothing "
            "was saved.",
            many=words.many_inside,
            following=following,
        )
        current = None
    return jsonify(
        error=say(message, current_lang()),
        field="expected_number",
        current=current,
        next_number=taken.number,
    ), 409


@bp.put("/tables/<id:table_id>/rounds/<int(signed=True):number>")
def edit_round(table_id: str, number: int) -> Response | tuple[Response, int]:
    """Correct round `number`; 409 when If-Match (or `version`) is stale."""
    table = editable(table_id)
    body = dict(json_body())
    given = body.pop("version", None)
    expected = expected_version(given)
    try:
        with as_api_errors(table, number):
            store_edit_round(table, number, body, expected)
    except RoundConflict as conflict:
        return round_conflict(table, number, conflict, "If-Match" if given is None else "version")
    return jsonify(table_json(table))


def round_conflict(
    table: Table, number: int, conflict: RoundConflict, field: str = "If-Match"
) -> tuple[Response, int]:
    """The 409 of a stale If-Match (or body `version`), with round `number` as it is now."""
    now = conflict.current
    name = table.definition.round_words.number(number)
    if now is None:
        message = Message(
            "%(name)s no longer exists (it was deleted); nothing was changed.", name=name
        )
        current = None
    else:
        message = Message(
            "%(name)s was replaced or changed meanwhile; nothing was changed. Check what is "
            "entered now and send again.",
            name=name,
        )
        current = round_json(now, conflict.points)
    return jsonify(error=say(message, current_lang()), field=field, current=current), 409


def expected_version(given: Any) -> str | int | None:
    """What the change started from: the If-Match etag, else a version (body or bare If-Match)."""
    if given is None:
        return if_match_tag()
    if isinstance(given, float) and given.is_integer():  # JSON's 2.0 is the number 2
        given = int(given)
    if isinstance(given, bool) or not isinstance(given, int) or given < 1:
        raise ApiError(
            Message(
                "The version must be a whole number from 1 (the round's version you started from)."
            ),
            "version",
        )
    return given


def if_match_tag() -> str | int | None:
    """The first If-Match tag: an etag or a bare version; None for `*` or no header.

    Only ASCII digits are a version: `int()` would take "²" or a 5000-digit tag and fail.
    """
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    tag = header.split(",")[0].strip().removeprefix("W/").strip('"')
    if tag.isascii() and tag.isdigit() and len(tag) <= VERSION_DIGITS:
        return int(tag)
    if ETAG.fullmatch(tag):
        return tag
    raise ApiError(
        Message(
            'The If-Match header must name the round\'s etag, like "r7Kp2x9QaB1c.3"; got '
            "%(header)s.",
            header=shown(header[:20]),
        ),
        "If-Match",
    )


@bp.delete("/tables/<id:table_id>/rounds/<int(signed=True):number>")
def delete_round(table_id: str, number: int) -> Response | tuple[Response, int]:
    """Remove round `number`; with If-Match a resent DELETE is 409, never a second round."""
    table = editable(table_id)
    expected = if_match_tag()
    try:
        with as_api_errors(table, number):
            store_delete_round(table, number, expected)
    except RoundConflict as conflict:
        return round_conflict(table, number, conflict)
    return jsonify(table_json(table))


@bp.post("/tables/<id:table_id>/undo")
def undo(table_id: str) -> Response | tuple[Response, int]:
    """Revert the newest change; a stale If-Match (table version) is 409."""
    return step(table_id, undo_last_change, "undone")


@bp.post("/tables/<id:table_id>/redo")
def redo(table_id: str) -> Response | tuple[Response, int]:
    """Re-apply the change undone last (nothing happens when there is none); If-Match as undo."""
    return step(table_id, redo_last_undo, "redone")


def step(
    table_id: str, action: Callable[[Table, int | None], Change | None], key: str
) -> Response | tuple[Response, int]:
    """Undo or redo: the table after it plus what was reverted/re-applied under `key`."""
    table = editable(table_id)
    expected = table_version_tag()
    try:
        with as_api_errors():
            change = action(table, expected)
    except TableMoved as moved:
        message = Message(
            "The table was changed meanwhile (now version %(version)s); nothing was undone or "
            "redone. Reload and check what undo would revert now.",
            version=moved.version,
        )
        return jsonify(
            error=say(message, current_lang()), field="If-Match", version=moved.version
        ), 409
    answer = table_json(table)
    answer[key] = None if change is None else change_json(change)
    return jsonify(answer)


def table_version_tag() -> int | None:
    """The table version in If-Match (as GET .../version's ETag), or None (no header, `*`)."""
    tag = if_match_tag()
    if isinstance(tag, str):
        raise ApiError(
            Message('The If-Match header must name the table\'s version here, like "12".'),
            "If-Match",
        )
    return tag


def change_json(change: Change) -> dict[str, Any]:
    """A change as undo/redo name it: its kind and round (0 for the settings)."""
    return {"kind": change.kind, "round": change.round_number}


@bp.patch("/tables/<id:table_id>")
def update_table(table_id: str) -> Response:
    """Fix the table's name, player names, options or closed state (logged, undoable)."""
    table = editable(table_id)
    body = json_body()
    if "group" in body:
        may_move(table, body["group"])
    with as_api_errors():
        store_update_table(table, body)
    return jsonify(table_json(table))


@bp.delete("/tables/<id:table_id>")
def delete_table(table_id: str) -> Response:
    """Move the table to the recently deleted (410 for readers; restorable for 30 days)."""
    table = editable(table_id)
    with as_api_errors():
        store_delete_table(table)
    return jsonify(deleted_json(table))


@bp.post("/tables/<id:table_id>/restore")
def restore_table(table_id: str) -> Response:
    """Bring a deleted table back (within 30 days); a table that is not deleted stays as it is."""
    table = editable(table_id, deleted_ok=True)
    with as_api_errors():
        store_restore_table(table)
    return jsonify(table_json(table))


def deleted_json(table: Table) -> dict[str, Any]:
    """The answer to DELETE: id, deleted when, restorable until."""
    deleted = as_utc(table.deleted_at) if table.deleted_at else None
    return {
        "id": table.id,
        "deleted": True,
        "deleted_at": deleted.isoformat() if deleted else None,
        "restorable_until": (deleted + RESTORE_PERIOD).isoformat() if deleted else None,
    }
