"""The tables: found by id, created, deleted and restored, played again.

A missing or deleted table is None or a `deleted_at` here; the views say 404 or 410.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import NamedTuple

from sqlalchemy import bindparam
from sqlalchemy import select

from app.scoring.types import Standing
from app.store.db import db
from app.store.locking import locked_write
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.models import as_utc
from app.store.models import new_public_id
from app.store.models import token_matches
from app.store.models import utcnow
from app.store.standings import standing_after
from app.store.standings import standing_of
from app.text import InputError
from app.text import Message
from app.variants import registry as variants

ID_LIMIT = 24  # tables.id (models.ID_LENGTH)


# How long a deleted table or group can be restored; then `purge_deleted` removes it for good.
RESTORE_PERIOD = timedelta(days=30)


def possible_id(item_id: str) -> bool:
    """Can a table or group have this id (see `get_table`)?"""
    return len(item_id) <= ID_LIMIT and "\x00" not in item_id


class GroupHead(NamedTuple):
    """A table's group as its head needs it: the name it shows, who may edit it."""

    id: str
    name: str
    edit_token_hash: str

    def check_edit_token(self, token: str | None) -> bool:
        """Is `token` the group's edit token?"""
        return token_matches(self.edit_token_hash, token)


class TableHead(NamedTuple):
    """A table's version, edit token and group, named as the model's so edit rights read either."""

    id: str
    version: int
    edit_token_hash: str
    group_id: str | None
    group: GroupHead | None
    deleted_at: datetime | None

    def check_edit_token(self, token: str | None) -> bool:
        """Is `token` the table's edit token?"""
        return token_matches(self.edit_token_hash, token)


HEAD = (
    select(
        Table.id,
        Table.version,
        Table.edit_token_hash,
        Table.group_id,
        Table.deleted_at,
        Group.name,
        Group.edit_token_hash,
    )
    .outerjoin(Group, Group.id == Table.group_id)
    .where(Table.id == bindparam("table_id"))
)


def find_table(table_id: str) -> Table | None:
    """The table with this id, deleted or not; None for an id no table has (an impossible id
    is not looked up: NUL or an overlong id would be a database error)."""
    return db.session.get(Table, table_id) if possible_id(table_id) else None


def table_head(table_id: str) -> TableHead | None:
    """The table's head as plain columns in one statement (all a "did it change?" poll needs)."""
    row = (
        db.session.connection().execute(HEAD, {"table_id": table_id}).first()
        if possible_id(table_id)
        else None
    )
    if row is None:
        return None
    found, version, token_hash, group_id, deleted_at, group_name, group_hash = row
    group = (
        GroupHead(group_id, group_name, group_hash)
        if group_id is not None and group_hash is not None
        else None
    )
    return TableHead(found, version, token_hash, group_id, group, deleted_at)


def round_rows(table_id: str) -> list[Round]:
    """The table's rounds, freshly read, by number."""
    return list(
        db.session.scalars(select(Round).where(Round.table_id == table_id).order_by(Round.number))
    )


def state_of(table: Table, rounds: list[Round]) -> Standing:
    """The standing after the given rounds."""
    return standing_after(table, [r.data for r in rounds])


def table_state(table: Table) -> Standing:
    """Everything derived from the stored rounds; not inside a write (what is kept is committed)."""
    return standing_of(table)


def create_table(
    variant: Any, name: Any, players: Any, options: Any, group_id: str | None = None
) -> tuple[Table, str]:
    """A new table (input checked by its variant) and its edit token (shown once).

    `group_id` must name an existing group (the caller's job).
    """
    clean_name, names, clean_options = variants.validate_table(variant, name, players, options)
    table = Table(
        variant=variant,
        name=clean_name,
        players=names,
        options=clean_options,
        group_id=group_id,
        version=0,
    )
    token = table.set_edit_token()
    db.session.add(table)
    db.session.commit()
    return table, token


def delete_table(table: Table) -> None:
    """Move the table to the recently deleted (410, restorable within RESTORE_PERIOD)."""

    def work() -> None:
        """Inside the lock (the version bump also drops every kept standing)."""
        table.deleted_at = utcnow()

    locked_write(table, work)


def restore_table(table: Table) -> None:
    """Bring a deleted table back (InputError once RESTORE_PERIOD is over); no-op otherwise."""
    if table.deleted_at is not None and as_utc(table.deleted_at) < utcnow() - RESTORE_PERIOD:
        raise InputError(
            Message("This table was deleted more than 30 days ago and can no longer be restored.")
        )

    def work() -> None:
        """Inside the lock."""
        table.deleted_at = None

    locked_write(table, work, deleted_ok=True)


def deleted_tables(ids: list[str]) -> list[Table]:
    """Of these tables, the deleted ones that can still be restored, newest deletion first."""
    if not ids:
        return []
    query = (
        select(Table)
        .where(
            Table.id.in_(ids),
            Table.deleted_at.is_not(None),
            Table.deleted_at >= utcnow() - RESTORE_PERIOD,
        )
        .order_by(Table.deleted_at.desc())
    )
    return list(db.session.scalars(query))


def play_again(table: Table, name: str | None = None) -> tuple[Table, str]:
    """A new table like this one (named `name`, else the same), the dealer continuing;
    returns it with its edit token."""
    fresh = Table(
        id=new_public_id(),
        variant=table.variant,
        name=table.name if name is None else name,
        players=list(table.players),
        options=dict(table.options),
        group_id=table.group_id,
        first_dealer=table_state(table).next_dealer,
        version=0,
    )
    token = fresh.set_edit_token()
    db.session.add(fresh)
    db.session.commit()
    return fresh, token
