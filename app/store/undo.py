"""Undo and redo: a logged change carried out backwards or again, under the table's lock."""

from __future__ import annotations

from app.store.changelog import redo_preview
from app.store.changelog import undo_preview
from app.store.db import db
from app.store.locking import locked_write
from app.store.models import Change
from app.store.models import Table
from app.store.models import utcnow
from app.store.rounds import insert
from app.store.rounds import numbered
from app.store.rounds import refuse_early_end
from app.store.rounds import remove
from app.store.settings import set_settings
from app.store.tables import round_rows


class TableMoved(Exception):
    """The table changed since the version the client saw (API 409): its undo would revert
    something it has not seen."""

    def __init__(self, version: int) -> None:
        """Keep the version the table is at now."""
        super().__init__(f"the table is at version {version}")
        self.version = version


def unmoved(table: Table, expected_version: int | None) -> None:
    """Inside the lock (version bumped once already): TableMoved unless at `expected_version`."""
    if expected_version is not None and table.version != expected_version + 1:
        raise TableMoved(table.version - 1)


def undo_last_change(table: Table, expected_version: int | None = None) -> Change | None:
    """Revert the newest change not yet undone and log an "undo"; None when there is none.
    TableMoved past `expected_version`; InputError when it would contradict the rounds played."""

    return step(table, expected_version, backwards=True)


def redo_last_undo(table: Table, expected_version: int | None = None) -> Change | None:
    """Re-apply the change undone last and log a "redo"; None when there is none."""
    return step(table, expected_version, backwards=False)


def step(table: Table, expected_version: int | None, backwards: bool) -> Change | None:
    """Undo (`backwards`, LIFO) or redo under the table's lock, and log it."""

    def work() -> Change | None:
        """Inside the lock: find the change, carry it out, mark and log it."""
        unmoved(table, expected_version)
        change = undo_preview(table) if backwards else redo_preview(table)
        if change is None:
            return None
        apply_change(table, change, backwards=backwards)
        change.undone = change.redoable = backwards
        before, after = change.before, change.after
        if backwards:
            before, after = after, before
        db.session.add(
            Change(
                table_id=table.id,
                kind="undo" if backwards else "redo",
                round_number=change.round_number,
                before=before,
                after=after,
            )
        )
        return change

    return locked_write(table, work)


def apply_change(table: Table, change: Change, backwards: bool) -> None:
    """Carry out a logged change again (`backwards`: its inverse), checking the result."""
    old, new = (change.after, change.before) if backwards else (change.before, change.after)
    number = change.round_number
    if change.kind == "settings":
        if new is None:
            raise LookupError(f"change {change.id} has no settings")
        set_settings(table, new)
        return
    if old is None and new is not None:  # the round comes (back)
        insert(table, number, new)
    elif old is not None and new is None:  # the round goes
        remove(table, number)
    elif new is not None:
        round_ = numbered(table, number)
        round_.data = new
        round_.version += 1
        round_.updated_at = utcnow()
    db.session.flush()
    refuse_early_end(table, [r.data for r in round_rows(table.id)])
