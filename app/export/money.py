"""The money parts of a group backup: how the group settles, its payments and (only when the
backup is made with the group's edit right) its members' IBANs in full.

Payments are facts: a restored group must show the same results, payments, open balances and
transfers for every evening and month, so each payment comes back as it was made; one made
for a list of tables is given the restored tables' new ids. A backup from before payments
existed has none of these fields: the group settles person to person and nothing is paid.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from datetime import datetime
from typing import Any

from app.export.validation import each
from app.export.validation import moment
from app.export.validation import object_with
from app.export.validation import whole
from app.inputs import Field
from app.scoring.names import PLAYER_NAME_LIMIT
from app.scoring.names import check_characters
from app.scoring.names import player_name
from app.settlement.account import Paid
from app.settlement.account import Scope
from app.settlement.iban import clean_iban
from app.settlement.plan import MODES
from app.store.db import db
from app.store.models import Group
from app.store.models import GroupIban
from app.store.models import Payment
from app.text import InputError
from app.text import Message
from app.text import shown

MONEY_KEYS = ("settle", "payments", "ibans")
PAYMENT_KEYS = ("from", "to", "cents", "at", "for")
PAYMENT_LIMIT = 10_000
MOST_CENTS = 10_000_000


@dataclass(frozen=True)
class MoneyPlan:
    """The checked money of a group backup."""

    mode: str = "direct"
    holder: str | None = None
    payments: list[Paid] = field(default_factory=list)
    ibans: dict[str, str] = field(default_factory=dict)


def money_backup(
    group: Group, payments: list[Paid], ibans: dict[str, str] | None
) -> dict[str, Any]:
    """The group's money for its backup; `ibans` only for a backup made with its edit right."""
    found: dict[str, Any] = {
        "settle": {"mode": group.settle_mode or "direct", "kasse": group.kasse_holder},
        "payments": [
            {
                "from": p.payer,
                "to": p.payee,
                "cents": p.cents,
                "at": p.at.isoformat(),
                "for": {p.scope.kind: p.scope.key},
            }
            for p in payments
        ],
    }
    if ibans is not None:
        found["ibans"] = dict(sorted(ibans.items()))
    return found


def side(value: Any, path: str) -> str | None:
    """A payment's side: a player's name as written, or null for the pot."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > PLAYER_NAME_LIMIT:
        raise InputError(
            Message(
                "A payment's side must be a player's name of at most %(limit)s characters, or "
                "null for the pot; got %(value)s.",
                limit=PLAYER_NAME_LIMIT,
                value=shown(value),
            ),
            path,
        )
    check_characters(value, Field(path, Message("The name")))
    return value.strip()


def scope_of(value: Any, path: str) -> Scope:
    """What a payment was for: one of evening, month, tables."""
    if not isinstance(value, dict) or len(value) != 1:
        raise InputError(Message("“for” must name an evening, a month or tables."), path)
    kind, key = next(iter(value.items()))
    if kind not in ("evening", "month", "tables") or not isinstance(key, str) or not key:
        raise InputError(Message("“for” must name an evening, a month or tables."), path)
    return Scope(kind, key)


def check_payment(item: Any, at: str, index: int) -> Paid:
    """One payment of the backup, checked."""
    found = object_with(item, at + ".", PAYMENT_KEYS)
    payer, payee = side(found["from"], at + ".from"), side(found["to"], at + ".to")
    if payer is None and payee is None:
        raise InputError(Message("A payment goes from one side to another."), at + ".to")
    cents = whole(found["cents"], at + ".cents", 1, MOST_CENTS)
    made: datetime = moment(found["at"], at + ".at")
    return Paid(str(index), payer, payee, cents, made, scope_of(found["for"], at + ".for"))


def check_money(data: dict[str, Any]) -> MoneyPlan:
    """The money fields of a group backup (each optional: older backups have none)."""
    settle = object_with(
        data.get("settle", {"mode": "direct", "kasse": None}), "settle.", ("mode", "kasse")
    )
    mode = settle["mode"]
    if mode not in MODES:
        raise InputError(Message("The way to settle must be direct, kasse or pot."), "settle.mode")
    holder = side(settle["kasse"], "settle.kasse") if mode == "kasse" else None
    payments = each(data.get("payments", []), "payments", PAYMENT_LIMIT, check_payment)
    given = data.get("ibans", {})
    if not isinstance(given, dict):
        raise InputError(Message("The IBANs must be an object of player and IBAN."), "ibans")
    owner = Field("ibans", Message("The name of the IBAN's holder"))
    ibans = {player_name(key, owner): clean_iban(value, "ibans") for key, value in given.items()}
    return MoneyPlan(mode, holder, payments, ibans)


def restore_money(group: Group, plan: MoneyPlan, table_ids: dict[str, str]) -> None:
    """Write the money of a restored group (in the caller's transaction); payments for tables
    get the restored tables' new ids."""
    group.settle_mode, group.kasse_holder = plan.mode, plan.holder
    for paid in plan.payments:
        key = paid.scope.key
        if paid.scope.kind == "tables":
            key = ",".join(sorted(table_ids.get(i, i) for i in key.split(",")))
        db.session.add(
            Payment(
                group_id=group.id,
                payer=paid.payer,
                payee=paid.payee,
                cents=paid.cents,
                scope_kind=paid.scope.kind,
                scope_key=key,
                created_at=paid.at,
            )
        )
    for player, iban in plan.ibans.items():
        db.session.add(
            GroupIban(group_id=group.id, player_key=player.strip().casefold(), iban=iban)
        )
