"""The tables in the database: create, add/edit/delete rounds, undo; persistence only.

Every write runs in one short transaction whose FIRST statement bumps the table's `version`:
on PostgreSQL that takes the row lock, on SQLite the write lock (a write first avoids SQLite's
read-to-write upgrade deadlock). Two phones saving at the same moment therefore queue, and
their rounds get consecutive numbers; nothing is lost or doubled. A deadlock, a lock timeout
or a unique-number clash is retried a few times after a short random pause.

What the API answers is built from the stored rows by `app.api.tables_json`; the pages read
the rows and the `Standing` directly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import NamedTuple
from typing import NoReturn
from typing import TypeVar

from flask import abort
from flask_babel import gettext as _
from sqlalchemy import ColumnElement
from sqlalchemy import bindparam
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.exc import OperationalError

from app import checks
from app import variants
from app.checks import Field
from app.db import db
from app.models import Change
from app.models import Group
from app.models import IdempotencyKey
from app.models import Round
from app.models import Table
from app.models import new_public_id
from app.models import token_matches
from app.models import utcnow
from app.scoring import Standing
from app.standings import kept_standing
from app.standings import standing_after
from app.standings import standing_of
from app.text import InputError
from app.text import Message
from app.text import shown

T = TypeVar("T")
ATTEMPTS = 6
ROUND_LIMIT = 1000  # rounds per table: far beyond any evening, a guard against runaway clients
# Changes kept per table: undo steps back this far; older ones are dropped with each write,
# so the log of a table edited for years stays small (and its backup imports again).
CHANGE_LIMIT = 200
ID_LIMIT = 24  # tables.id (models.ID_LENGTH)
# How long a POST .../rounds with an Idempotency-Key is remembered: a phone sends a round kept
# offline within hours; a week covers a weekend away from any connection.
KEY_LIFETIME = timedelta(days=7)
# How long a deleted table or group can be restored; then `purge_deleted` removes it for good.
RESTORE_PERIOD = timedelta(days=30)
# The change kinds undo reverts (the others, "undo" and "redo", are entries of the log).
DOING = ("add", "edit", "delete", "settings")


class TableFinished(Exception):
    """The table is finished: no further round (API 409)."""


class Added(NamedTuple):
    """What `add_round` did: the status to answer and the round, as it is now.

    For a key used before: the status answered then and the round that key made, renumbered
    or corrected since as the case may be, or None once it was deleted.
    """

    status: int
    round: Round | None


class Replayed(Exception):
    """Inside add_round: the key was used before; leave the table untouched (no version bump)."""

    def __init__(self, added: Added) -> None:
        """Keep what the key did the first time."""
        super().__init__(added.status)
        self.added = added


class RoundConflict(Exception):
    """A correction or delete started from another round than the one now at its number
    (If-Match stale, API 409): `current` is the round there now (None: there is none)."""

    def __init__(self, current: Round | None, points: Any = None) -> None:
        """Keep the round as it is now and its points (the 409 answer and the form show them)."""
        super().__init__(
            "no such round now" if current is None
            else f"round {current.number} is now {current.etag}"
        )
        self.current = current
        self.points = points


class TableMoved(Exception):
    """Undo/redo named the table version the client saw, and the table changed since (API
    409): the client's undo would revert something it has not seen. `version`: the table's
    version now."""

    def __init__(self, version: int) -> None:
        """Keep the version the table is at now."""
        super().__init__(f"the table is at version {version}")
        self.version = version


class NumberTaken(Exception):
    """`expected_number` of a new round is not the number it would get (API 409): nothing was
    saved. `current` is the round at that number now (None when the table has fewer rounds:
    one was deleted meanwhile), `points` its points, `number` the number it would get."""

    def __init__(self, current: Round | None, points: Any, number: int) -> None:
        """Keep the round there now, its points and the number a new round would get."""
        super().__init__(f"the next round is {number}")
        self.current = current
        self.points = points
        self.number = number


# -- reading --------------------------------------------------------------------------------
def get_table(table_id: str, deleted_ok: bool = False) -> Table:
    """The table, or 404 with a sentence in the page's or request's language; a deleted
    table is 410 (werkzeug's `Gone`) unless `deleted_ok` (restore, the recently deleted).

    An id that no table can have (longer than the column, or with NUL, which PostgreSQL
    refuses in any text) is not looked up: it would be a database error instead of a 404.
    """
    table = db.session.get(Table, table_id) if possible_id(table_id) else None
    if table is None:
        no_such_table()
    refuse_deleted_table(table.deleted_at, deleted_ok)
    return table


def possible_id(item_id: str) -> bool:
    """Can a table or group have this id (see `get_table`)?"""
    return len(item_id) <= ID_LIMIT and "\x00" not in item_id


def no_such_table() -> NoReturn:
    """404 for a table not found."""
    abort(404, description=_("There is no table with this link."))


def refuse_deleted_table(deleted_at: datetime | None, deleted_ok: bool) -> None:
    """410 for a deleted table (unless `deleted_ok`)."""
    if deleted_at is not None and not deleted_ok:
        abort(410, description=_(
            "This table was deleted. It can be restored for 30 days from the list of recently "
            "deleted tables."
        ))


class GroupHead(NamedTuple):
    """A table's group as its kept page needs it: the name it shows, who may edit it."""

    id: str
    name: str
    edit_token_hash: str

    def check_edit_token(self, token: str | None) -> bool:
        """Is `token` the group's edit token?"""
        return token_matches(self.edit_token_hash, token)


class TableHead(NamedTuple):
    """A table as far as finding its kept page needs it (app.tables.derived): its version,
    who may edit it, its group. The same names as the model's, so the edit rights
    (app.device) read either."""

    id: str
    version: int
    edit_token_hash: str
    group_id: str | None
    group: GroupHead | None

    def check_edit_token(self, token: str | None) -> bool:
        """Is `token` the table's edit token?"""
        return token_matches(self.edit_token_hash, token)


HEAD = (
    select(
        Table.id, Table.version, Table.edit_token_hash, Table.group_id, Table.deleted_at,
        Group.name, Group.edit_token_hash,
    )
    .outerjoin(Group, Group.id == Table.group_id)
    .where(Table.id == bindparam("table_id"))
)


def table_head(table_id: str) -> TableHead:
    """The table's head, read as plain columns in one statement on the session's connection:
    loading the table as a model object costs about as much as a whole hello page, and a
    phone that finds the page of this version kept needs no more than this. 404 and 410 as
    `get_table`."""
    row = (
        db.session.connection().execute(HEAD, {"table_id": table_id}).first()
        if possible_id(table_id) else None
    )
    if row is None:
        no_such_table()
    found, version, token_hash, group_id, deleted_at, group_name, group_hash = row
    refuse_deleted_table(deleted_at, deleted_ok=False)
    group = (
        GroupHead(group_id, group_name, group_hash)
        if group_id is not None and group_hash is not None else None
    )
    return TableHead(found, version, token_hash, group_id, group)


def get_group(group_id: str, deleted_ok: bool = False) -> Group:
    """The group, or 404; a deleted group is 410 unless `deleted_ok` (as `get_table`)."""
    group = db.session.get(Group, group_id) if possible_id(group_id) else None
    if group is None:
        abort(404, description=_("There is no group with this link."))
    if group.deleted_at is not None and not deleted_ok:
        abort(410, description=_(
            "This group was deleted. It can be restored for 30 days from the list of recently "
            "deleted groups."
        ))
    return group


def round_rows(table_id: str) -> list[Round]:
    """The table's rounds, freshly read, by number."""
    return list(
        db.session.scalars(select(Round).where(Round.table_id == table_id).order_by(Round.number))
    )


def state_of(table: Table, rounds: list[Round]) -> Standing:
    """The standing after the given rounds."""
    return standing_after(table, [r.data for r in rounds])


def table_state(table: Table) -> Standing:
    """Everything derived from the table's stored rounds (computed once per table version).

    Not inside a write (`locked_write`): what is kept must be committed.
    """
    return standing_of(table)


# -- writing --------------------------------------------------------------------------------
def create_table(
    variant: Any,
    name: Any,
    players: Any,
    options: Any,
    group_id: str | None = None,
) -> tuple[Table, str]:
    """A new table (input checked by its variant); returns it with its edit token (shown once).

    `name`, `players`, `options` may be what a client sent: they are checked here (InputError).
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
            result = work()
            trim_changes(table_id)
            db.session.commit()
            return result
        except (IntegrityError, OperationalError) as error:
            db.session.rollback()
            if attempt == ATTEMPTS - 1 or not retryable(error):
                raise
            time.sleep(random.uniform(0.005, 0.03) * (attempt + 1))
        except BaseException:
            db.session.rollback()
            raise
    raise AssertionError("unreachable")  # the loop returns or raises


def add_round(
    table: Table,
    body: Any,
    idempotency_key: str | None = None,
    expected_number: Any = None,
) -> Added:
    """Append a round (checked by its variant); numbered after the last one, atomically.

    With an `idempotency_key` already used for this table (within KEY_LIFETIME) nothing is
    added: the answer is what that key did (`Added`). With `expected_number` (the number the
    client believes the round gets; also taken from the body's "expected_number") a table that
    moved on meanwhile saves nothing: NumberTaken with the round there now. Raises InputError
    (bad body), TableFinished (409), LookupError (table gone).
    """
    if isinstance(body, dict) and "expected_number" in body:
        body = dict(body)
        given = body.pop("expected_number")
        expected_number = given if expected_number is None else expected_number
    expected = expected_round_number(expected_number)
    replay = idempotency_key is not None and remembered_key(table, idempotency_key) is not None
    if not replay and table_state(table).finished:  # 409 before complaints about the body
        raise TableFinished(table.id)
    seen_version = table.version
    data = variants.validate_round(table.variant, table.players, table.options, body)
    if idempotency_key is not None and not 1 <= len(idempotency_key) <= 100:
        raise InputError(Message("The Idempotency-Key header must be 1 to 100 characters long."),
            "Idempotency-Key")

    def work() -> Added:
        """Inside the lock: replay, finished check, next number, change log, remembered key."""
        if idempotency_key is not None:
            forget_old_keys()
            seen = remembered_key(table, idempotency_key)
            if seen is not None:
                raise Replayed(Added(seen.status, round_of_key(table, seen)))
        # Our bump was the only write since the check above: its standing still holds.
        alone = table.version == seen_version + 1
        before = kept_standing(table.id, seen_version) if alone else None
        if before is None:
            before = state_of(table, round_rows(table.id))
        if before.finished:
            raise TableFinished(table.id)
        if len(before.round_points) >= ROUND_LIMIT:
            raise InputError(Message(
                "A table holds at most %(round_limit)s rounds; start a new table.",
                round_limit=ROUND_LIMIT))
        number = (
            db.session.scalar(select(func.max(Round.number)).where(Round.table_id == table.id)) or 0
        ) + 1
        if expected is not None and expected != number:
            there = round_at(table, expected)
            points = before.round_points[expected - 1] if there is not None else None
            raise NumberTaken(there, points, number)
        round_ = Round(table_id=table.id, number=number, data=data, version=1)
        db.session.add(round_)
        log_change(table, "add", number, None, data)
        db.session.flush()  # gives the round its id
        if idempotency_key is not None:
            db.session.add(
                IdempotencyKey(
                    table_id=table.id, key=idempotency_key, status=201, round_id=round_.id
                )
            )
        return Added(201, round_)

    try:
        return locked_write(table, work)
    except Replayed as replay:
        return replay.added


def expected_round_number(value: Any) -> int | None:
    """`expected_number` checked: None, or a whole number from 1 (InputError otherwise)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ROUND_LIMIT + 1:
        raise InputError(Message(
            "The expected round number (expected_number) must be a whole number from 1 to "
            "%(highest)s; got %(got)s.", highest=ROUND_LIMIT + 1, got=shown(value)),
                "expected_number")
    return value


def round_at(table: Table, number: int) -> Round | None:
    """Round `number` of the table as it is now, or None."""
    found: Round | None = db.session.scalar(
        select(Round).where(Round.table_id == table.id, Round.number == number)
    )
    return found


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


def remembered_key(table: Table, idempotency_key: str) -> IdempotencyKey | None:
    """The record of a key of `POST .../rounds` used for this table within KEY_LIFETIME."""
    seen = db.session.get(IdempotencyKey, (table.id, idempotency_key))
    if seen is None or as_utc(seen.created_at) < utcnow() - KEY_LIFETIME:
        return None
    return seen


def round_of_key(table: Table, seen: IdempotencyKey) -> Round | None:
    """The round a remembered key made, as it is now; None once it was deleted.

    SQLite may give a new row the id of the newest row deleted before it, so a round made
    after the key's record (which was written with it) is not the key's round.
    """
    found = db.session.get(Round, seen.round_id)
    if found is None or found.table_id != table.id:
        return None
    return found if as_utc(found.created_at) <= as_utc(seen.created_at) else None


def forget_old_keys() -> int:
    """Delete every key record older than KEY_LIFETIME (the index on created_at keeps this a
    short range scan); returns how many went."""
    result = db.session.execute(
        delete(IdempotencyKey)
        .where(IdempotencyKey.created_at < utcnow() - KEY_LIFETIME)
        # "fetch": a deleted record leaves the session too, so its key can be used afresh.
        .execution_options(synchronize_session="fetch")
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def as_utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def numbered(table: Table, number: int) -> Round:
    """Round `number` of the table, or LookupError (API 404)."""
    if not 1 <= number <= ROUND_LIMIT:  # a huge number would overflow the database's integer
        raise LookupError(f"table {table.id} has no round {number}")
    found: Round | None = db.session.scalar(
        select(Round).where(Round.table_id == table.id, Round.number == number)
    )
    if found is None:
        raise LookupError(f"table {table.id} has no round {number}")
    return found


def refuse_early_end(table: Table, rounds: list[dict[str, Any]]) -> None:
    """A correction may not finish the table before its last round (later rounds would be void)."""
    end = variants.finished_after(
        table.variant, table.players, table.options, rounds, table.closed
    )
    if end is not None and end < len(rounds):
        words = table.definition.round_words
        last, after = words.number(end, inside=True), words.number(len(rounds), inside=True)
        raise InputError(Message(
            "With this change the table would be finished after %(last)s, but it is entered up "
            "to %(after)s; delete the later ones first.", last=last, after=after))


def edit_round(
    table: Table, number: int, body: Any, if_match: str | int | None = None
) -> Round:
    """Replace round `number`'s input; its version goes up by one.

    `if_match` is the round's etag as the client saw it ("uid.version"; a bare version number
    is still understood): when round `number` is no longer exactly that round, RoundConflict
    with the round there now, and nothing changes. LookupError for an unknown round (without
    `if_match`), InputError for a bad body.
    """
    if if_match is None:
        numbered(table, number)  # 404 before any complaint about the body (docs/api.md)
    data = variants.validate_round(table.variant, table.players, table.options, body)

    def work() -> Round:
        """Inside the lock: compare etags, check the whole table, log the change."""
        round_ = matching_round(table, number, if_match)
        refuse_early_end(
            table, [data if r.number == number else r.data for r in round_rows(table.id)]
        )
        log_change(table, "edit", number, round_.data, data)
        round_.data = data
        round_.version += 1
        round_.updated_at = utcnow()
        return round_

    return locked_write(table, work)


def matching_round(table: Table, number: int, if_match: str | int | None) -> Round:
    """Round `number` (inside the lock) if it is the round the client saw, else RoundConflict
    (with `if_match`) or LookupError (without)."""
    if if_match is None:
        return numbered(table, number)
    found = round_at(table, number) if 1 <= number <= ROUND_LIMIT else None
    if found is None or not etag_matches(found, if_match):
        points = None
        if found is not None:
            points = state_of(table, round_rows(table.id)).round_points[number - 1]
        raise RoundConflict(found, points)
    return found


def etag_matches(round_: Round, if_match: str | int) -> bool:
    """Is `if_match` (an etag "uid.version", or a bare version) this round as it is now?"""
    if isinstance(if_match, int):
        return if_match == round_.version
    return if_match == round_.etag


def shift_numbers(table_id: str, after: int, by: int) -> None:
    """Move every round numbered above `after` by `by` (±1) without a unique-number clash.

    One UPDATE could clash midway (the database checks row by row), so the numbers go through
    their negatives first.
    """
    chosen = (Round.table_id == table_id) & (Round.number > after)
    db.session.execute(
        update(Round)
        .where(chosen)
        .values(number=-Round.number)
        .execution_options(synchronize_session=False)
    )
    db.session.execute(
        update(Round)
        .where(Round.table_id == table_id, Round.number < -after)
        .values(number=-Round.number + by)
        .execution_options(synchronize_session=False)
    )
    db.session.expire_all()


def remove(table: Table, number: int) -> Round:
    """Delete round `number` and close the gap (numbers stay 1..n)."""
    round_ = numbered(table, number)
    db.session.delete(round_)
    db.session.flush()
    shift_numbers(table.id, number, -1)
    return round_


def insert(table: Table, number: int, data: dict[str, Any]) -> Round:
    """Put a round back at `number` (later rounds move down one); it gets a fresh uid, so no
    client's etag of the removed round matches it by accident."""
    shift_numbers(table.id, number - 1, 1)
    restored = Round(table_id=table.id, number=number, data=data, version=1)
    db.session.add(restored)
    return restored


def delete_round(table: Table, number: int, if_match: str | int | None = None) -> None:
    """Delete round `number`; later rounds move up one. LookupError for an unknown round.

    With `if_match` (the etag the client saw) only that very round is deleted: a round that
    moved or changed is RoundConflict, so a resent DELETE never removes a second round.
    """

    def work() -> None:
        """Inside the lock: check the rest still makes sense, remove, log."""
        matching_round(table, number, if_match)
        rounds = round_rows(table.id)
        refuse_early_end(table, [r.data for r in rounds if r.number != number])
        before = remove(table, number).data
        log_change(table, "delete", number, before, None)

    locked_write(table, work)


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
        .where(
            Change.table_id == table.id, Change.kind.in_(DOING), Change.undone.is_(False)
        )
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


def unmoved(table: Table, expected_version: int | None) -> None:
    """Inside the lock (the table's version already bumped once by this write): TableMoved
    unless the table was at `expected_version` before it."""
    if expected_version is not None and table.version != expected_version + 1:
        raise TableMoved(table.version - 1)


def undo_last_change(table: Table, expected_version: int | None = None) -> Change | None:
    """Revert the newest add/edit/delete/settings not yet undone; it is marked undone (and
    redoable) and an "undo" change is logged. Returns the reverted change, or None when there
    is nothing to undo. With `expected_version` (the table version the client saw, e.g. when
    it showed what undo would revert) a table changed since is TableMoved and nothing happens.
    InputError when reverting it would contradict the rounds played."""

    return step(table, expected_version, backwards=True)


def redo_last_undo(table: Table, expected_version: int | None = None) -> Change | None:
    """Re-apply the change undone last (as long as no new change came since); a "redo" change
    is logged. Returns the re-applied change, or None when there is nothing to redo.
    `expected_version` as for `undo_last_change`."""
    return step(table, expected_version, backwards=False)


def step(table: Table, expected_version: int | None, backwards: bool) -> Change | None:
    """Undo (`backwards`: the inverse of the newest change, LIFO) or redo (the change undone
    last, forwards) under the table's lock, and log it as an "undo" or "redo" change."""

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


def logged_round(change: Change) -> dict[str, Any]:
    """The round input an edit or delete replaced (always logged for those kinds)."""
    if change.before is None:
        raise LookupError(f"change {change.id} has no round to restore")
    return change.before


# -- table settings ---------------------------------------------------------------------------
SETTINGS_KEYS = ("name", "players", "options", "closed")
SETTINGS = Field("", Message("The change"))
CLOSED = Field("closed", Message("“Closed”"))


def settings_of(table: Table) -> dict[str, Any]:
    """What `update_table` may change, as logged in a "settings" change."""
    return {
        "name": table.name,
        "players": list(table.players),
        "options": dict(table.options),
        "closed": bool(table.closed),
    }


def set_settings(table: Table, settings: dict[str, Any]) -> None:
    """Put logged settings on the table (inside the lock)."""
    table.name = settings["name"]
    table.players = list(settings["players"])
    table.options = dict(settings["options"])
    table.closed = bool(settings["closed"])


def update_table(table: Table, changes: Any) -> None:
    """Fix a table after the fact: `name`, `players` (the same count: only the spelling),
    `options` (given ones replace the stored ones; checked by the variant's definition, and
    against the rounds played: no fewer games than played, every round still valid), `closed`
    (end or reopen an open-ended table). Logged as a "settings" change, undoable; the table's
    version goes up, so everything derived is recomputed. InputError names the bad field.
    """
    given = checks.mapping(changes, SETTINGS, SETTINGS_KEYS)

    def work() -> None:
        """Inside the lock: the new settings, checked against the rounds as they are now."""
        before = settings_of(table)
        after = checked_settings(table, given, round_rows(table.id))
        if after == before:
            return
        set_settings(table, after)
        log_change(table, "settings", 0, before, after)

    locked_write(table, work)


def checked_settings(table: Table, given: Any, rounds: list[Round]) -> dict[str, Any]:
    """The table's settings with `given` applied, each checked (InputError otherwise)."""
    definition = table.definition
    name = definition_name(given, table)
    players = list(table.players)
    if "players" in given:
        players = definition.players(given["players"])
        if len(players) != len(table.players):
            raise InputError(Message(
                "Players can only be renamed: there stay %(count)s players (you entered "
                "%(entered)s). Start a new table for a different set of players.",
                count=len(table.players), entered=len(players)), "players")
    options = dict(table.options)
    if "options" in given:
        raw = checks.mapping(given["options"], Field("options", Message("The table options")), None)
        merged = {**definition.stored_options(table.options), **raw}
        options = definition.options(merged, len(players))
    closed = table.closed
    if "closed" in given:
        closed = checks.flag(given["closed"], CLOSED)
        if closed and not definition.open_ended(options):
            raise CLOSED.fail(Message(
                "applies only to a table without a set number of games: this one ends by itself."))
        if closed and not table.closed and not rounds:
            raise CLOSED.fail(Message(
                "needs at least one game played; delete an empty table instead."))
    if not definition.open_ended(options):
        closed = False
    fits_rounds(table, players, options, closed, rounds)
    return {"name": name, "players": players, "options": options, "closed": closed}


def definition_name(given: Any, table: Table) -> str:
    """The table's new name (checked like a new table's), or its name as it is."""
    if "name" not in given:
        return table.name
    clean_name, _names, _options = variants.validate_table(
        table.variant, given["name"], table.players, table.options
    )
    return clean_name


def fits_rounds(
    table: Table,
    players: list[str],
    options: dict[str, Any],
    closed: bool,
    rounds: list[Round],
) -> None:
    """The rounds played must still be valid and not end the table early (InputError)."""
    definition = table.definition
    for round_ in rounds:
        try:
            definition.round(players, options, round_.data)
        except InputError as error:
            raise InputError(Message(
                "This does not fit %(value)s: %(text)s",
                value=definition.round_words.number(round_.number), text=error.text),
                    "options") from error
    data = [r.data for r in rounds]
    end = definition.finished_after(players, options, data, closed)
    if end is not None and end < len(data):
        many = definition.round_words.many_inside
        changed = [k for k in options if options.get(k) != table.options.get(k)]
        raise InputError(Message(
            "%(count)s %(many)s are played already; with this setting the table would have "
            "ended after %(end)s. Choose at least %(count)s or delete %(many)s first.",
            count=len(data), many=many, end=end), f"options.{changed[0]}" if changed else "options")


# -- deleting and restoring -------------------------------------------------------------------
def delete_table(table: Table) -> None:
    """Move the table to the recently deleted: readers get 410, its group's statistics leave it
    out at once; `restore_table` brings it back within RESTORE_PERIOD."""

    def work() -> None:
        """Inside the lock (the version bump also drops every kept standing)."""
        table.deleted_at = utcnow()

    locked_write(table, work)


def restore_table(table: Table) -> None:
    """Bring a deleted table back (InputError once RESTORE_PERIOD is over); no-op otherwise."""
    if table.deleted_at is not None and as_utc(table.deleted_at) < utcnow() - RESTORE_PERIOD:
        raise InputError(Message(
            "This table was deleted more than 30 days ago and can no longer be restored."))

    def work() -> None:
        """Inside the lock."""
        table.deleted_at = None

    locked_write(table, work, deleted_ok=True)


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
        raise InputError(Message(
            "This group was deleted more than 30 days ago and can no longer be restored."))
    db.session.execute(
        update(Table)
        .where(Table.group_id == group.id, Table.deleted_at == group.deleted_at)
        .values(deleted_at=None, version=Table.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    group.deleted_at = None
    db.session.commit()
    db.session.expire_all()


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


def purge_deleted(now: datetime | None = None) -> int:
    """Remove for good what was deleted more than RESTORE_PERIOD before `now`: tables with
    their rounds, changes and remembered keys, and groups (a table restored on its own while
    its group stays deleted keeps going, without the group). Returns how many tables and
    groups went."""
    cutoff = (now or utcnow()) - RESTORE_PERIOD
    table_ids = list(db.session.scalars(select(Table.id).where(Table.deleted_at < cutoff)))
    group_ids = list(db.session.scalars(select(Group.id).where(Group.deleted_at < cutoff)))
    for start in range(0, len(table_ids), 500):  # bounded IN lists
        chunk = table_ids[start : start + 500]
        for model in (IdempotencyKey, Change, Round):
            db.session.execute(
                delete(model)
                .where(model.table_id.in_(chunk))
                .execution_options(synchronize_session=False)
            )
        db.session.execute(
            delete(Table).where(Table.id.in_(chunk)).execution_options(synchronize_session=False)
        )
    if group_ids:
        db.session.execute(
            update(Table)
            .where(Table.group_id.in_(group_ids))
            .values(group_id=None)
            .execution_options(synchronize_session=False)
        )
        db.session.execute(
            delete(Group).where(Group.id.in_(group_ids)).execution_options(synchronize_session=False)
        )
    db.session.commit()
    db.session.expire_all()
    return len(table_ids) + len(group_ids)


# -- play again -------------------------------------------------------------------------------
def play_again(table: Table) -> tuple[Table, str]:
    """A new table with the same variant, name, players, options, house rules and group; the
    dealer continues from the last game. Returns it with its edit token (shown once)."""
    fresh = Table(
        id=new_public_id(),
        variant=table.variant,
        name=table.name,
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
