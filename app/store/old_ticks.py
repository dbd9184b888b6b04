"""Paid ticks from before payments were facts (migration 0006), taken over as payments.

Until migration 0008 a transfer of the Kassensturz was "ticked paid": a row of `paid_ticks`
keyed by the transfer's id, sha256("selection|payer|payee|cents")[:16] with both names by
player key and the selection "evening:2026-11-26", "month:2026-11" or "tables:id1,id2"
(sorted). The ticks are a log: per transfer its newest tick not undone is its state. Payments
are facts now and the ticks are not read any more, so a group that ticked before the upgrade
would see those transfers open again and pay twice.

So before a view of the group is settled, its ticks are matched against the transfers the old
Kassensturz showed for that view: its results, no payments, in every way the old page offered
(person to person or through any player as Kasse holder, each rounding; the id holds payer,
payee and cents, so whichever way was chosen, a match names the money that moved). A transfer
ticked paid becomes a payment (for the view, at the tick's time, from no phone, with the
tick's transfer id so "not paid after all" finds it) and its ticks are deleted in the same
transaction; the delete's row count decides, so two phones at once record it once.

What stays: a transfer ticked and unticked or undone (it said "not paid"), and a tick that
matches no transfer of the views shown (a round was corrected after the tick, so the old page
showed that transfer open again as well): nothing is recorded for it. The running account is
no view the old page had, so it adopts nothing; its evenings and months do.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from sqlalchemy import delete
from sqlalchemy import select

from app.scoring.names import player_key
from app.settlement.account import Scope
from app.settlement.plan import make_plan
from app.store.announce import committed
from app.store.db import db
from app.store.models import Group
from app.store.models import PaidTick
from app.store.payments import bump
from app.store.payments import group_key
from app.store.payments import payment_row

# What the old Kassensturz offered; frozen, as the ticks were made with it.
OLD_ROUNDINGS = (1, 5, 10, 50)

Move = tuple[str, str | None, int]


def old_transfer_id(selection: str, payer: str, payee: str, cents: int) -> str:
    """The id a tick was stored under; frozen, whatever today's transfer ids become."""
    text = "|".join((selection, player_key(payer), player_key(payee), str(cents)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def ticked_paid(group: Group) -> dict[str, datetime]:
    """The group's transfers whose newest tick not undone says paid, with that tick's time."""
    query = (
        select(PaidTick.transfer_id, PaidTick.paid, PaidTick.created_at)
        .where(PaidTick.group_id == group.id, PaidTick.undone.is_(False))
        .order_by(PaidTick.id)
    )
    state = {transfer: (paid, at) for transfer, paid, at in db.session.execute(query)}
    return {transfer: at for transfer, (paid, at) in state.items() if paid}


def old_transfers(selection: str, played: list[tuple[str, int]]) -> dict[str, Move]:
    """Every transfer the old Kassensturz could show for these results, by its old id."""
    holders = [None, *(name for name, _cents in played)]
    found: dict[str, Move] = {}
    for holder in holders:
        mode = "direct" if holder is None else "kasse"
        for step in OLD_ROUNDINGS:
            for move in make_plan(played, selection, mode, holder, step).transfers:
                payee = move.payee or ""  # the old page had no pot: always a payee
                key = old_transfer_id(selection, move.payer, payee, move.cents)
                found[key] = (move.payer, move.payee, move.cents)
    return found


def adopt_ticks(group: Group, scope: Scope | None, played: list[tuple[str, int]]) -> None:
    """Take the view's transfers ticked paid over as payments (once); `played` is the view's
    results as (player, cents)."""
    if scope is None or not played:
        return
    paid = ticked_paid(group)
    if not paid:
        return
    moves = old_transfers(str(scope), played)
    matched = [(transfer, at) for transfer, at in paid.items() if transfer in moves]
    if not matched:
        return
    db.session.commit()  # a write first: no read transaction may be open (SQLite's upgrade)
    adopted = 0
    for transfer, at in matched:
        gone = db.session.execute(
            delete(PaidTick).where(PaidTick.group_id == group.id, PaidTick.transfer_id == transfer)
        )
        if not gone.rowcount:  # type: ignore[attr-defined]
            continue  # another phone took it over first
        payer, payee, cents = moves[transfer]
        db.session.add(payment_row(group, payer, payee, cents, scope, transfer, None, at))
        adopted += 1
    version = bump(group.id) if adopted else None
    db.session.commit()
    if version is not None:
        committed(group_key(group.id), version)
