"""Groups over JSON (docs/api.md §3): create, read with evenings, the Kassensturz and its
paid ticks, the members' IBANs. Changes need the group's edit token (`X-Group-Token`)."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Response
from flask import current_app
from flask import jsonify
from flask import request

from app import inputs
from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.api.groups_json import group_json
from app.api.groups_json import settlement_json
from app.groups.evening import evening_of
from app.groups.evening import evening_start
from app.groups.kassensturz import kassensturz
from app.groups.kassensturz import read_choice
from app.groups.results import group_results
from app.groups.stats import TableResult
from app.groups.validate import validate_group
from app.inputs import Field
from app.settlement.iban import clean_iban
from app.store.db import db
from app.store.groups import find_group
from app.store.kasse import set_iban
from app.store.kasse import tick
from app.store.kasse import undo_tick
from app.store.models import Group
from app.store.models import Table
from app.text import InputError
from app.text import Message
from app.text import shown
from app.web.found import group_or_404

GROUP_KEYS = ("name", "players")
TICK_KEYS = ("transfer", "paid")
IBAN_KEYS = ("player", "iban")
BODY = Field("", Message("The request body"))


def group_editable(group_id: str) -> Group:
    """The group if the request carries its edit token in X-Group-Token (403 otherwise)."""
    group = group_or_404(group_id)
    if not group.check_edit_token(request.headers.get("X-Group-Token")):
        raise ApiError(
            Message("Changing this group needs its edit token in the X-Group-Token header."),
            "X-Group-Token",
            status=403,
        )
    return group


@bp.post("/groups")
def create_group() -> tuple[Response, int]:
    """A new group; the answer carries its secret edit token (shown once)."""
    body = json_body()
    try:
        inputs.mapping(body, BODY, GROUP_KEYS)
        name, players = validate_group(body.get("name"), body.get("players"))
    except InputError as error:
        raise ApiError.of(error) from error
    group = Group(name=name, players=players)
    token = group.set_edit_token()
    db.session.add(group)
    db.session.commit()
    return jsonify({**group_json(group, []), "edit_token": token}), 201


@bp.get("/groups/<id:group_id>")
def show_group(group_id: str) -> Response:
    """The group, its tables each with its evening, and its evenings newest first."""
    group = group_or_404(group_id)
    return jsonify(group_json(group, group_results(group)))


def selection(group: Group) -> tuple[list[TableResult], str]:
    """The tables `evening=` or `tables=` names, and the key of that selection (400 else)."""
    results = group_results(group)
    starts = evening_start(current_app.config["EVENING_STARTS"])
    evening, tables = request.args.get("evening"), request.args.get("tables")
    if evening and tables:
        raise ApiError(
            Message("Name either an evening (evening=YYYY-MM-DD) or the tables, not both."),
            "tables",
        )
    if not tables:
        # Neither named: the newest evening, the one a group settles at the end of the night.
        newest = max((evening_of(r.played_at, starts) for r in results), default=None)
        evening = evening or (newest.isoformat() if newest else date.today().isoformat())
        try:
            day = date.fromisoformat(evening)
        except ValueError as error:
            raise ApiError(
                Message(
                    "The evening must be a date like 2026-11-26; got %(value)s.",
                    value=shown(evening),
                ),
                "evening",
            ) from error
        return [r for r in results if evening_of(r.played_at, starts) == day], f"evening:{day}"
    wanted = [i for i in (tables or "").split(",") if i]
    known = {r.table_id: r for r in results}
    unknown = [i for i in wanted if i not in known]
    if unknown:
        raise ApiError(
            Message("The group has no table %(value)s.", value=shown(unknown[0])), "tables"
        )
    return [known[i] for i in dict.fromkeys(wanted)], "tables:" + ",".join(sorted(set(wanted)))


def settlement_answer(group: Group) -> dict[str, Any]:
    """The Kassensturz the query asks for, as JSON."""
    results, key = selection(group)
    try:
        settled = kassensturz(group, results, key, read_choice(request.args))
    except InputError as error:
        raise ApiError.of(error) from error
    return settlement_json(settled)


@bp.get("/groups/<id:group_id>/settlement")
def settlement(group_id: str) -> Response:
    """Who pays whom for an evening or a selection of tables, fewest transfers first."""
    return jsonify(settlement_answer(group_or_404(group_id)))


@bp.post("/groups/<id:group_id>/settlement/paid")
def paid(group_id: str) -> Response:
    """Tick a transfer paid (or take the tick back); the settlement after it."""
    group = group_editable(group_id)
    body = json_body()
    try:
        inputs.mapping(body, BODY, TICK_KEYS)
        transfer = inputs.required(body, "transfer", Field("transfer", Message("The transfer")))
        is_paid = inputs.flag(
            inputs.required(body, "paid", Field("paid", Message("“Paid”"))),
            Field("paid", Message("“Paid”")),
        )
    except InputError as error:
        raise ApiError.of(error) from error
    answer = settlement_answer(group)
    if transfer not in {t["id"] for t in answer["transfers"]}:
        raise ApiError(
            Message("This settlement has no transfer %(value)s.", value=shown(transfer)),
            "transfer",
            status=404,
        )
    tick(group, transfer, is_paid)
    return jsonify(settlement_answer(group))


@bp.post("/groups/<id:group_id>/settlement/undo")
def undo_paid(group_id: str) -> Response:
    """Take back the newest tick of the group; the settlement after it."""
    group = group_editable(group_id)
    undo_tick(group)
    return jsonify(settlement_answer(group))


@bp.put("/groups/<id:group_id>/ibans")
def put_iban(group_id: str) -> Response:
    """Keep (or with `iban: null` forget) a member's IBAN; the group with IBANs masked."""
    group = group_editable(group_id)
    body = json_body()
    try:
        inputs.mapping(body, BODY, IBAN_KEYS)
        player = inputs.required(body, "player", Field("player", Message("The player")))
        if not isinstance(player, str) or not player.strip():
            raise InputError(Message("Name the player whose IBAN this is."), "player")
        given = inputs.required(body, "iban", Field("iban", Message("The IBAN")))
        iban = None if given is None else clean_iban(given)
    except InputError as error:
        raise ApiError.of(error) from error
    set_iban(group, player[:40], iban)
    return jsonify(group_json(group, group_results(group)))


def may_move(table: Table, target: Any) -> None:
    """A table goes into a group with the target group's token (X-Group-Token), out of one
    with its current group's: 403 otherwise, 404 for a group that is not there."""
    if target is not None and not isinstance(target, str):
        raise ApiError(
            Message(
                "The group must be a group's id, or null to take the table out; got %(value)s.",
                value=shown(target),
            ),
            "group",
        )
    group_id = target if target is not None else table.group_id
    if group_id is None or group_id == table.group_id and target is not None:
        return  # out of no group, or into the group it is in: nothing moves
    group = find_group(group_id)
    if group is None or group.deleted_at is not None:
        raise ApiError(
            Message("There is no group %(value)s to put the table into.", value=shown(group_id)),
            "group",
            status=404,
        )
    if not group.check_edit_token(request.headers.get("X-Group-Token")):
        raise ApiError(
            Message(
                "Moving a table into or out of a group needs that group's edit token in the "
                "X-Group-Token header."
            ),
            "X-Group-Token",
            status=403,
        )
