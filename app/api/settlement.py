"""The Kassensturz over JSON (docs/api.md §3): which view (`evening`, `month`, `tables` or
`open=all`), how to pay (`mode`, `kasse`, `round_to`), and the tick shortcut that records the
payment of one transfer."""

from __future__ import annotations

import re
from datetime import date
from datetime import time
from typing import Any

from flask import Response
from flask import current_app
from flask import jsonify
from flask import request

from app import inputs
from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.api.groups import group_editable
from app.api.groups_json import settlement_json
from app.groups.evening import evening_of
from app.groups.evening import evening_start
from app.groups.evening_span import Stamp
from app.groups.evening_span import month_days
from app.groups.evening_span import newest_evening
from app.groups.evening_span import results_between
from app.groups.evening_span import results_named
from app.groups.evening_span import stamps_between
from app.groups.kassensturz import Kassensturz
from app.groups.kassensturz import View
from app.groups.kassensturz import kassensturz
from app.groups.kassensturz import read_choice
from app.groups.results import group_results
from app.groups.stats import TableResult
from app.inputs import Field
from app.settlement.account import Scope
from app.store.models import Group
from app.store.payments import delete_payment
from app.store.payments import record_payment
from app.text import InputError
from app.text import Message
from app.text import shown
from app.web.found import group_or_404

VIEWS = ("evening", "month", "tables", "open")
MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")
TICK_KEYS = ("transfer", "paid")
BODY = Field("", Message("The request body"))


def scope_tables(group: Group, scope: Scope, starts: time) -> list[TableResult]:
    """The group's tables of an evening, a month or a list of ids, read alone (400 for an id
    that is not the group's)."""
    if scope.kind == "tables":
        wanted = [i for i in scope.key.split(",") if i]
        known = results_named(group, wanted)
        unknown = [i for i in wanted if i not in known]
        if not wanted or unknown:
            raise ApiError(
                Message("The group has no table %(value)s.", value=shown(unknown[:1] or "")),
                "tables",
            )
        return [known[i] for i in wanted]
    if scope.kind == "month":
        return results_between(group, *month_days(date.fromisoformat(f"{scope.key}-01")), starts)
    day = date.fromisoformat(scope.key)
    return results_between(group, day, day, starts)


def stamps_for(group: Group, view: View, starts: time) -> list[Stamp]:
    """The tables whose start says what a payment was made for: those of the months the view's
    tables lie in (a payment for another month's tables never falls in the view); none for the
    running account, where every payment falls."""
    if view.scope is None or not view.results:
        return []
    evenings = [evening_of(r.played_at, starts) for r in view.results]
    first, last = month_days(min(evenings))[0], month_days(max(evenings))[1]
    return stamps_between(group, first, last, starts)


def read_scope(kind: str, value: Any) -> Scope:
    """An evening ("2026-11-26"), a month ("2026-11") or tables ("id1,id2" or a list): 400
    naming the field for an empty or malformed one."""
    if kind == "tables":
        ids = value if isinstance(value, list) else str(value or "").split(",")
        if not ids or not all(isinstance(i, str) and i.strip() for i in ids):
            raise ApiError(
                Message(
                    "Name the tables by their ids, separated by commas; got %(value)s.",
                    value=shown(value),
                ),
                "tables",
            )
        return Scope.of_tables(i.strip() for i in ids)
    if kind == "month":
        if not isinstance(value, str) or not MONTH.fullmatch(value):
            raise ApiError(
                Message("The month must be like 2026-11; got %(value)s.", value=shown(value)),
                "month",
            )
        return Scope("month", value)
    try:
        return Scope("evening", date.fromisoformat(value).isoformat())
    except (TypeError, ValueError) as error:
        raise ApiError(
            Message(
                "The evening must be a date like 2026-11-26; got %(value)s.", value=shown(value)
            ),
            "evening",
        ) from error


def view_of_query(group: Group, starts: time) -> View:
    """The view the query names: one of evening, month, tables, open=all (400 for more than
    one, or an empty or unknown value); none named: the newest evening."""
    named = [key for key in VIEWS if key in request.args]
    if len(named) > 1:
        raise ApiError(
            Message("Name one of evening, month, tables or open=all, not several."), named[1]
        )
    if named == ["open"]:
        if request.args["open"] != "all":
            raise ApiError(
                Message("open must be “all”; got %(value)s.", value=shown(request.args["open"])),
                "open",
            )
        return View(None, group_results(group))
    kind = named[0] if named else "evening"
    # The evening a group settles at the end of the night: its newest.
    newest = None if named else newest_evening(group, starts)
    scope = read_scope(
        kind, request.args.get(kind) if named else (newest or date.today()).isoformat()
    )
    return View(scope, scope_tables(group, scope, starts))


def settled_view(group: Group) -> Kassensturz:
    """The Kassensturz the query asks for."""
    starts = evening_start(current_app.config["EVENING_STARTS"])
    view = view_of_query(group, starts)
    try:
        return kassensturz(
            group, view, read_choice(request.args, group), stamps_for(group, view, starts), starts
        )
    except InputError as error:
        raise ApiError.of(error) from error


@bp.get("/groups/<id:group_id>/settlement")
def settlement(group_id: str) -> Response:
    """Results, payments, what is open and who pays whom, for the view asked."""
    return jsonify(settlement_json(settled_view(group_or_404(group_id))))


@bp.post("/groups/<id:group_id>/settlement/paid")
def paid(group_id: str) -> Response:
    """The tick: `paid: true` records the payment of one open transfer, `false` deletes the
    payment a tick of that transfer recorded; the settlement after it."""
    group = group_editable(group_id)
    body = json_body()
    try:
        inputs.mapping(body, BODY, TICK_KEYS)
        transfer = inputs.required(body, "transfer", Field("transfer", Message("The transfer")))
        if not isinstance(transfer, str) or not transfer:
            raise InputError(
                Message(
                    "The transfer must be a transfer's id; got %(value)s.", value=shown(transfer)
                ),
                "transfer",
            )
        is_paid = inputs.flag(
            inputs.required(body, "paid", Field("paid", Message("“Paid”"))),
            Field("paid", Message("“Paid”")),
        )
    except InputError as error:
        raise ApiError.of(error) from error
    found = settled_view(group)
    if is_paid:
        wanted = next((t for t in found.plan.transfers if t.id == transfer), None)
        if wanted is None:
            raise ApiError(
                Message("This settlement has no open transfer %(value)s.", value=shown(transfer)),
                "transfer",
                status=404,
            )
        scope = found.view.scope or Scope.of_tables(r.table_id for r in found.view.results)
        record_payment(group, wanted.payer, wanted.payee, wanted.cents, scope, wanted.id, "api")
    else:
        ticked = [p for p in found.payments if p.transfer == transfer]
        if not ticked:
            raise ApiError(
                Message("No payment was recorded for transfer %(value)s.", value=shown(transfer)),
                "transfer",
                status=404,
            )
        delete_payment(group, ticked[-1].id)
    return jsonify(settlement_json(settled_view(group)))


@bp.post("/groups/<id:group_id>/settlement/undo")
def undo_paid(group_id: str) -> Response:
    """Delete the newest payment recorded for this very view (no other view's); the
    settlement after it."""
    group = group_editable(group_id)
    found = settled_view(group)
    here = found.view.scope
    mine = [p for p in found.payments if here is None or p.scope == here]
    if mine:
        delete_payment(group, mine[-1].id)
    return jsonify(settlement_json(settled_view(group)))
