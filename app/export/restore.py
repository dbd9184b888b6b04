"""Write a checked backup as a new table or group: new ids and edit tokens, the original
untouched, one transaction so a failure leaves nothing behind.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.export.money import restore_money
from app.export.plans import GroupPlan
from app.export.plans import TablePlan
from app.store.changelog import CHANGE_LIMIT
from app.store.db import db
from app.store.models import Change
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table


@dataclass(frozen=True)
class Restored:
    """What an import made: the new table or group and the edit tokens (shown/kept once)."""

    kind: str  # "table" or "group"
    id: str
    token: str
    table_tokens: dict[str, str]


def new_table(plan: TablePlan, group: Group | None = None) -> tuple[Table, str]:
    """A table with its rounds and change log, added to the session (not committed)."""
    table = Table(
        variant=plan.variant,
        name=plan.name,
        players=plan.players,
        options=plan.options,
        closed=plan.closed,
        first_dealer=plan.first_dealer,
        group=group,
        created_at=plan.created_at,
        version=len(plan.changes),  # bumped once per change, as the store does
    )
    token = table.set_edit_token()
    table.rounds = [
        Round(
            number=r.number,
            data=r.data,
            version=r.version,
            created_at=r.created_at,
            updated_at=r.updated_at,
        )
        for r in plan.rounds
    ]
    table.changes = [
        Change(
            kind=c.kind,
            round_number=c.round_number,
            before=c.before,
            after=c.after,
            undone=c.undone,
            created_at=c.created_at,
        )
        # Only the newest, as the store keeps them (store.CHANGE_LIMIT): undo goes that far.
        for c in plan.changes[-CHANGE_LIMIT:]
    ]
    db.session.add(table)
    return table, token


def restore(plan: TablePlan | GroupPlan) -> Restored:
    """Write a checked backup as a new table or group: all of it in one transaction or nothing."""
    try:
        if isinstance(plan, TablePlan):
            table, token = new_table(plan)
            db.session.flush()
            restored = Restored("table", table.id, token, {table.id: token})
        else:
            group = Group(name=plan.name, players=plan.players, created_at=plan.created_at)
            group_token = group.set_edit_token()
            db.session.add(group)
            made = [new_table(t, group) for t in plan.tables]
            db.session.flush()
            old_ids = {
                t.source_id: table.id for t, (table, _token) in zip(plan.tables, made, strict=True)
            }
            restore_money(group, plan.money, old_ids)
            db.session.flush()
            restored = Restored("group", group.id, group_token, {t.id: token for t, token in made})
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return restored
