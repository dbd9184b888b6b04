"""Groups over JSON (docs/api.md §3): create, read with evenings, how the group settles, its
push version, the members' IBANs. Changes need the group's edit token (`X-Group-Token`)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask import jsonify
from flask import request

from app import inputs
from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.api.groups_json import group_json
from app.groups.results import group_results
from app.groups.stats import Roster
from app.groups.validate import validate_group
from app.inputs import Field
from app.scoring.names import player_key
from app.scoring.names import player_name
from app.settlement.iban import clean_iban
from app.settlement.plan import MODES
from app.store.db import db
from app.store.groups import find_group
from app.store.kasse import set_iban
from app.store.models import Group
from app.store.models import Table
from app.store.payments import set_settle_mode
from app.text import InputError
from app.text import Message
from app.text import shown
from app.web.found import group_or_404

GROUP_KEYS = ("name", "players")
IBAN_KEYS = ("player", "iban")
BODY = Field("", Message("The request body"))
HOLDER = Field("player", Message("The name of the IBAN's holder"))


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


SETTLE_KEYS = ("settle",)
WAY_KEYS = ("mode", "kasse")


@bp.get("/groups/<id:group_id>/version")
def group_version(group_id: str) -> Response:
    """The group's push version with an ETag (a page that cannot hold the event stream polls
    it): it changes with every payment, setting and change of one of its tables."""
    version = group_or_404(group_id).version
    response = jsonify(version=version)
    response.set_etag(str(version))
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response


@bp.patch("/groups/<id:group_id>")
def change_group(group_id: str) -> Response:
    """How the group settles: `{"settle": {"mode": "direct" | "kasse" | "pot", "kasse": …}}`."""
    group = group_editable(group_id)
    body = json_body()
    try:
        inputs.mapping(body, BODY, SETTLE_KEYS)
        way = inputs.mapping(
            inputs.required(body, "settle", Field("settle", Message("How the group settles"))),
            Field("settle", Message("How the group settles")),
            WAY_KEYS,
        )
        mode = inputs.choice(
            inputs.required(way, "mode", Field("settle.mode", Message("The way to pay"))),
            Field("settle.mode", Message("The way to pay")),
            MODES,
        )
        holder = way.get("kasse")
        if mode == "kasse":
            holder = kasse_holder(group, holder)
        elif holder is not None:
            raise InputError(
                Message("A kitty holder is named only with the mode “kasse”."), "settle.kasse"
            )
    except InputError as error:
        raise ApiError.of(error) from error
    set_settle_mode(group, mode, holder)
    return jsonify(group_json(group, group_results(group)))


def kasse_holder(group: Group, holder: Any) -> str:
    """The Kasse holder: a player of the group (as the group spells them)."""
    names = Roster(group.players, group_results(group)).names
    found = names.get(player_key(holder)) if isinstance(holder, str) else None
    if found is None:
        raise InputError(
            Message(
                "The kitty holder must be a player of the group; got %(value)s.",
                value=shown(holder),
            ),
            "settle.kasse",
        )
    return found


@bp.put("/groups/<id:group_id>/ibans")
def put_iban(group_id: str) -> Response:
    """Keep (or with `iban: null` forget) a member's IBAN; the group with IBANs masked."""
    group = group_editable(group_id)
    body = json_body()
    try:
        inputs.mapping(body, BODY, IBAN_KEYS)
        player = player_name(inputs.required(body, "player", HOLDER), HOLDER)
        given = inputs.required(body, "iban", Field("iban", Message("The IBAN")))
        iban = None if given is None else clean_iban(given)
    except InputError as error:
        raise ApiError.of(error) from error
    set_iban(group, player, iban)
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
