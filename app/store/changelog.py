"""A table's change log: what undo and redo step through (kept to the newest CHANGE_LIMIT)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy import update

from app.store.db import db
from app.store.models import Change
from app.store.models import Table

# Changes kept per table: undo steps back this far; older ones are dropped with each write,
# so the log of a table edited for years stays small (and its backup imports again).
CHANGE_LIMIT = 200


# The change kinds undo reverts (the others, "undo" and "redo", are entries of the log).
DOING = ("add", "edit", "delete", "settings")


def log_change(
    table: Table,
    kind: str,
    number: int,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    """Log a new change (inside the lock); a new change ends what could be redone."""
    db.session.execute(
        update(Change)
        .where(Change.table_id == table.id, Change.redoable.is_(True))
        .values(redoable=False)
        .execution_options(synchronize_session=False)
    )
    db.session.add(
        Change(table_id=table.id, kind=kind, round_number=number, before=before, after=after)
    )


def trim_changes(table_id: str) -> None:
    """Drop the table's changes older than its newest CHANGE_LIMIT (inside the write's lock)."""
    oldest_kept = db.session.scalar(
        select(Change.id)
        .where(Change.table_id == table_id)
        .order_by(Change.id.desc())
        .offset(CHANGE_LIMIT - 1)
        .limit(1)
    )
    if oldest_kept is not None:
        db.session.execute(
            delete(Change)
            .where(Change.table_id == table_id, Change.id < oldest_kept)
            .execution_options(synchronize_session=False)
        )


def undo_preview(table: Table) -> Change | None:
    """The change undo would revert now (one query), or None: what the undo button names."""
    found: Change | None = db.session.scalar(
        select(Change)
        .where(Change.table_id == table.id, Change.kind.in_(DOING), Change.undone.is_(False))
        .order_by(Change.id.desc())
        .limit(1)
    )
    return found


def redo_preview(table: Table) -> Change | None:
    """The change redo would re-apply now (one query), or None: the last one undone, as long
    as no new change came after the undo."""
    found: Change | None = db.session.scalar(
        select(Change)
        .where(Change.table_id == table.id, Change.redoable.is_(True))
        .order_by(Change.id)
        .limit(1)
    )
    return found


def logged_round(change: Change) -> dict[str, Any]:
    """The round input an edit or delete replaced (always logged for those kinds)."""
    if change.before is None:
        raise LookupError(f"change {change.id} has no round to restore")
    return change.before
