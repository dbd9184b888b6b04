"""Groups: deleted with their tables and restored together; their season start."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy import update

from app.store.db import db
from app.store.models import Group
from app.store.models import Table
from app.store.models import as_utc
from app.store.models import utcnow
from app.store.payments import commit_change
from app.store.tables import RESTORE_PERIOD
from app.store.tables import possible_id
from app.text import InputError
from app.text import Message


def find_group(group_id: str) -> Group | None:
    """The group with this id, deleted or not; None for an id no group has."""
    return db.session.get(Group, group_id) if possible_id(group_id) else None


def delete_group(group: Group) -> None:
    """Move the group and its tables to the recently deleted (restorable together)."""
    moment = utcnow()
    group.deleted_at = moment
    db.session.execute(
        update(Table)
        .where(Table.group_id == group.id, Table.deleted_at.is_(None))
        .values(deleted_at=moment, version=Table.version + 1, updated_at=moment)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    db.session.expire_all()


def restore_group(group: Group) -> None:
    """Bring a deleted group back with the tables deleted with it (InputError once
    RESTORE_PERIOD is over); no-op for a group that is not deleted."""
    if group.deleted_at is None:
        return
    if as_utc(group.deleted_at) < utcnow() - RESTORE_PERIOD:
        raise InputError(
            Message("This group was deleted more than 30 days ago and can no longer be restored.")
        )
    db.session.execute(
        update(Table)
        .where(Table.group_id == group.id, Table.deleted_at == group.deleted_at)
        .values(deleted_at=None, version=Table.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    group.deleted_at = None
    db.session.commit()
    db.session.expire_all()


def deleted_groups(ids: list[str]) -> list[Group]:
    """Of these groups, the deleted ones that can still be restored, newest deletion first."""
    if not ids:
        return []
    query = (
        select(Group)
        .where(
            Group.id.in_(ids),
            Group.deleted_at.is_not(None),
            Group.deleted_at >= utcnow() - RESTORE_PERIOD,
        )
        .order_by(Group.deleted_at.desc())
    )
    return list(db.session.scalars(query))


def set_season_start(group: Group, start: str | None) -> None:
    """The first day of the group's season from now on ("MM-DD"; None: the calendar year)."""
    group.season_start = start
    commit_change(group.id)
