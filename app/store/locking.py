"""Every write to a table in one short transaction that first bumps the table's version.

The bump takes the row lock (PostgreSQL) or the write lock (SQLite; a write first avoids its
read-to-write upgrade deadlock), so two phones saving at once queue: nothing lost or doubled.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import ColumnElement
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.exc import OperationalError

from app.store.announce import committed
from app.store.announce import notify_in_transaction
from app.store.changelog import trim_changes
from app.store.db import db
from app.store.models import Table
from app.store.models import utcnow
from app.store.payments import bump
from app.store.payments import group_key
from app.store.standings import forget_standings

T = TypeVar("T")


ATTEMPTS = 6


def retryable(error: Exception) -> bool:
    """A clash that a second try resolves: unique number, deadlock, lock wait, serialisation."""
    if isinstance(error, IntegrityError):
        return True
    text = str(error.orig if isinstance(error, OperationalError) else error).lower()
    return any(
        word in text for word in ("locked", "deadlock", "serializ", "could not obtain lock", "busy")
    )


def locked_write(table: Table, work: Callable[[], T], deleted_ok: bool = False) -> T:
    """Run `work` in a transaction that first bumps (and so locks) the table; commit; retry.

    A table deleted meanwhile is not written (LookupError) unless `deleted_ok`.
    """
    table_id = table.id
    for attempt in range(ATTEMPTS):
        db.session.commit()  # no read transaction may be open before the locking UPDATE
        try:
            chosen: ColumnElement[bool] = Table.id == table_id
            if not deleted_ok:
                chosen = chosen & Table.deleted_at.is_(None)
            bumped = db.session.execute(
                update(Table)
                .where(chosen)
                .values(version=Table.version + 1, updated_at=utcnow())
                .execution_options(synchronize_session=False)
            )
            if not bumped.rowcount:  # type: ignore[attr-defined]
                raise LookupError(f"table {table_id} does not exist")
            db.session.refresh(table)
            group_id = table.group_id
            result = work()
            trim_changes(table_id)
            version = table.version
            notify_in_transaction(table_id, version)
            # The group's evening pages show this table's money: they are told as well.
            group_version = bump(group_id) if group_id else None
            db.session.commit()
            forget_standings(table_id)  # one read inside the write is not the stored one
            committed(table_id, version)  # the watching phones are told (app.push)
            if group_id and group_version is not None:
                committed(group_key(group_id), group_version)
            return result
        except (IntegrityError, OperationalError) as error:
            db.session.rollback()
            forget_standings(table_id)
            if attempt == ATTEMPTS - 1 or not retryable(error):
                raise
            time.sleep(random.uniform(0.005, 0.03) * (attempt + 1))
        except BaseException:
            db.session.rollback()
            forget_standings(table_id)
            raise
    raise AssertionError("unreachable")  # the loop returns or raises
