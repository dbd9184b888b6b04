"""Payments over JSON (docs/api.md §3): recorded as made, deleted only by their own DELETE."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask import jsonify

from app import inputs
from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.api.groups import group_editable
from app.api.groups_json import payment_json
from app.api.settlement import read_scope
from app.groups.results import group_results
from app.groups.stats import Roster
from app.inputs import Field
from app.scoring.names import player_key
from app.settlement.account import Scope
from app.store.payments import delete_payment
from app.store.payments import record_payment
from app.text import InputError
from app.text import Message
from app.text import shown

PAYMENT_KEYS = ("from", "to", "cents", "for")
BODY = Field("", Message("The request body"))
MOST_CENTS = 10_000_000  # 100,000 €: far beyond any evening, still caught as a typo
SCOPE_KINDS = ("evening", "month", "tables")
FIELDS = {
    "from": Field("from", Message("Who paid")),
    "to": Field("to", Message("Who was paid")),
    "cents": Field("cents", Message("The amount in cents")),
    "for": Field("for", Message("What it was paid for")),
}


def party(body: Any, key: str, names: Roster) -> str | None:
    """A side of the payment: a player of the group's tables or members (as the group spells
    them), or null for the pot."""
    value = body.get(key)
    if value is None:
        return None
    known = names.names.get(player_key(value)) if isinstance(value, str) else None
    if known is None:
        raise ApiError(
            Message(
                "%(field)s must be a player of the group, or null for the pot; got %(value)s.",
                field=key,
                value=shown(value),
            ),
            key,
        )
    return known


def paid_for(body: Any) -> Scope:
    """`for`: exactly one of evening, month, tables."""
    given = body.get("for")
    if not isinstance(given, dict) or len(given) != 1 or next(iter(given)) not in SCOPE_KINDS:
        raise ApiError(
            Message(
                "“for” must name one of evening, month or tables, e.g. "
                '{"evening": "2026-11-26"}; got %(value)s.',
                value=shown(given),
            ),
            "for",
        )
    kind, value = next(iter(given.items()))
    return read_scope(kind, value)


@bp.post("/groups/<id:group_id>/payments")
def add_payment(group_id: str) -> tuple[Response, int]:
    """Record a payment that was made; 201 with it."""
    group = group_editable(group_id)
    body = json_body()
    try:
        inputs.mapping(body, BODY, PAYMENT_KEYS)
        for key in PAYMENT_KEYS:
            inputs.required(body, key, FIELDS[key])
        cents = inputs.whole(body["cents"], FIELDS["cents"], 1, MOST_CENTS)
    except InputError as error:
        raise ApiError.of(error) from error
    names = Roster(group.players, group_results(group))
    payer, payee = party(body, "from", names), party(body, "to", names)
    if payer is None and payee is None or payer is not None and payer == payee:
        raise ApiError(Message("A payment goes from one side to another."), "to")
    made = record_payment(group, payer, payee, cents, paid_for(body), None, "api")
    return jsonify(payment_json(made)), 201


@bp.delete("/groups/<id:group_id>/payments/<id:payment_id>")
def remove_payment(group_id: str, payment_id: str) -> tuple[str, int]:
    """Delete a payment (it was not made after all): 204."""
    group = group_editable(group_id)
    if delete_payment(group, payment_id) is None:
        raise ApiError(
            Message("This group has no payment %(value)s.", value=shown(payment_id)),
            "payment",
            status=404,
        )
    return "", 204
