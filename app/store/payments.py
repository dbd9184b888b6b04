"""A group's payments, stored as made, and the group's push version that announces them.

Recording or deleting a payment (or changing how the group settles) bumps the group's version
in the same transaction and tells the watching phones after the commit, as a round does for a
table (app.store.announce): the evening page on every phone shows it without a reload.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import and_
from sqlalchemy import false
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy import update

from app.settlement.account import Paid
from app.settlement.account import Scope
from app.store.announce import committed
from app.store.announce import notify_in_transaction
from app.store.db import db
from app.store.models import Group
from app.store.models import Payment
from app.store.models import as_utc


def group_key(group_id: str) -> str:
    """The group's name on the push channel (table ids hold no colon, so none is taken)."""
    return f"g:{group_id}"


def bump(group_id: str) -> int:
    """Raise the group's version inside the open transaction; the NOTIFY rides on its commit."""
    db.session.execute(
        update(Group)
        .where(Group.id == group_id)
        .values(version=Group.version + 1)
        .execution_options(synchronize_session=False)
    )
    version = int(db.session.scalar(select(Group.version).where(Group.id == group_id)) or 0)
    notify_in_transaction(group_key(group_id), version)
    return version


def commit_change(group_id: str) -> None:
    """Bump the group's version, commit, and tell this process's watching phones."""
    version = bump(group_id)
    db.session.commit()
    committed(group_key(group_id), version)


def as_paid(row: Payment) -> Paid:
    """A stored payment as the account (app.settlement.account) reads it."""
    return Paid(
        id=row.id,
        payer=row.payer,
        payee=row.payee,
        cents=row.cents,
        at=as_utc(row.created_at),
        scope=Scope(row.scope_kind, row.scope_key),
        transfer=row.transfer_id,
        phone=row.phone,
    )


def group_payments(group: Group) -> list[Paid]:
    """Every payment of the group, oldest first."""
    query = (
        select(Payment).where(Payment.group_id == group.id).order_by(Payment.created_at, Payment.id)
    )
    return [as_paid(row) for row in db.session.scalars(query)]


def payments_for(group: Group, days: str, month: str, table_ids: Sequence[str]) -> list[Paid]:
    """The group's payments, oldest first, made for an evening whose date starts with `days`
    ("2026-11-26", or "2026-11-" for every evening of the month), for the month `month`, or
    for a selection of tables naming one of `table_ids`: all that can fall in an evening or a
    month (app.groups.kassensturz decides which do)."""
    named = [Payment.scope_key.contains(table_id, autoescape=True) for table_id in table_ids]
    query = (
        select(Payment)
        .where(
            Payment.group_id == group.id,
            or_(
                and_(Payment.scope_kind == "evening", Payment.scope_key.startswith(days)),
                and_(Payment.scope_kind == "month", Payment.scope_key == month),
                and_(Payment.scope_kind == "tables", or_(false(), *named)),
            ),
        )
        .order_by(Payment.created_at, Payment.id)
    )
    return [as_paid(row) for row in db.session.scalars(query)]


def payment_row(
    group: Group,
    payer: str | None,
    payee: str | None,
    cents: int,
    scope: Scope,
    transfer: str | None = None,
    phone: str | None = None,
    at: datetime | None = None,
) -> Payment:
    """The row of one payment, made now unless `at` says when (a tick taken over)."""
    row = Payment(
        group_id=group.id,
        payer=payer,
        payee=payee,
        cents=cents,
        scope_kind=scope.kind,
        scope_key=scope.key,
        transfer_id=transfer,
        phone=phone,
    )
    if at is not None:
        row.created_at = at
    return row


def record_payment(
    group: Group,
    payer: str | None,
    payee: str | None,
    cents: int,
    scope: Scope,
    transfer: str | None = None,
    phone: str | None = None,
) -> Paid:
    """Keep a payment (the caller checked the names and the amount)."""
    row = payment_row(group, payer, payee, cents, scope, transfer, phone)
    db.session.add(row)
    db.session.flush()
    commit_change(group.id)
    return as_paid(row)


def delete_payment(group: Group, payment_id: str) -> Paid | None:
    """Remove one payment of the group (what it was, or None when it has no such payment)."""
    row = db.session.get(Payment, payment_id)
    if row is None or row.group_id != group.id:
        return None
    gone = as_paid(row)
    db.session.delete(row)
    commit_change(group.id)
    return gone


def set_settle_mode(group: Group, mode: str, holder: str | None) -> None:
    """How the group settles from now on (the caller checked mode and holder)."""
    group.settle_mode = mode
    group.kasse_holder = holder if mode == "kasse" else None
    commit_change(group.id)
