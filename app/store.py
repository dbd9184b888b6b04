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
from typing import TypeVar

from flask import abort
from flask_babel import gettext as _
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.exc import OperationalError

from app import variants
from app.db import db
from app.models import Change
from app.models import IdempotencyKey
from app.models import Round
from app.models import Table
from app.models import utcnow
from app.scoring import Standing
from app.standings import kept_standing
from app.standings import standing_of
from app.text import InputError
from app.text import Text

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
    """An edit started from an older version of the round (API 409): the round as it is now."""

    def __init__(self, current: Round, points: Any) -> None:
        """Keep the round as it is now and its points (the 409 answer and the form show them)."""
        super().__init__(f"round {current.number} is at version {current.version}")
        self.current = current
        self.points = points


# -- reading --------------------------------------------------------------------------------
def get_table(table_id: str) -> Table:
    """The table, or 404 with a sentence in the page's or request's language.

    An id that no table can have (longer than the column, or with NUL, which PostgreSQL
    refuses in any text) is not looked up: it would be a database error instead of a 404.
    """
    possible = len(table_id) <= ID_LIMIT and "\x00" not in table_id
    table = db.session.get(Table, table_id) if possible else None
    if table is None:
        abort(404, description=_("There is no table with this link."))
    return table


def round_rows(table_id: str) -> list[Round]:
    """The table's rounds, freshly read, by number."""
    return list(
        db.session.scalars(select(Round).where(Round.table_id == table_id).order_by(Round.number))
    )


def state_of(table: Table, rounds: list[Round]) -> Standing:
    """The standing after the given rounds."""
    return variants.standing(table.variant, table.players, table.options, [r.data for r in rounds])


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


def locked_write(table: Table, work: Callable[[], T]) -> T:
    """Run `work` in a transaction that first bumps (and so locks) the table; commit; retry."""
    table_id = table.id
    for attempt in range(ATTEMPTS):
        db.session.commit()  # no read transaction may be open before the locking UPDATE
        try:
            bumped = db.session.execute(
                update(Table)
                .where(Table.id == table_id)
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


def add_round(table: Table, body: Any, idempotency_key: str | None = None) -> Added:
    """Append a round (checked by its variant); numbered after the last one, atomically.

    With an `idempotency_key` already used for this table (within KEY_LIFETIME) nothing is
    added: the answer is what that key did (`Added`). Raises InputError (bad body),
    TableFinished (409), LookupError (table gone).
    """
    replay = idempotency_key is not None and remembered_key(table, idempotency_key) is not None
    if not replay and table_state(table).finished:  # 409 before complaints about the body
        raise TableFinished(table.id)
    seen_version = table.version
    data = variants.validate_round(table.variant, table.players, table.options, body)
    if idempotency_key is not None and not 1 <= len(idempotency_key) <= 100:
        raise InputError(Text(
            "Der Header Idempotency-Key muss 1 bis 100 Zeichen lang sein.",
            "The Idempotency-Key header must be 1 to 100 characters long.",
        ), "Idempotency-Key")

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
            raise InputError(Text(
                f"Ein Tisch fasst höchstens {ROUND_LIMIT} Runden; bitte einen neuen Tisch anlegen.",
                f"A table holds at most {ROUND_LIMIT} rounds; start a new table.",
            ))
        number = (
            db.session.scalar(select(func.max(Round.number)).where(Round.table_id == table.id)) or 0
        ) + 1
        round_ = Round(table_id=table.id, number=number, data=data, version=1)
        db.session.add(round_)
        db.session.add(
            Change(table_id=table.id, kind="add", round_number=number, before=None, after=data)
        )
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
    end = variants.finished_after(table.variant, table.players, table.options, rounds)
    if end is not None and end < len(rounds):
        raise InputError(Text(
            f"Mit dieser Änderung wäre der Tisch nach Runde {end} beendet, es folgen aber noch "
            f"{len(rounds) - end} Runde(n); bitte diese zuerst löschen.",
            f"With this change the table would be finished after round {end}, "
            f"but {len(rounds) - end} more round(s) follow; delete those first.",
        ))


def edit_round(table: Table, number: int, body: Any, expected_version: int | None = None) -> Round:
    """Replace round `number`'s input; its version goes up by one.

    Raises RoundConflict when `expected_version` is given and the round has moved on,
    LookupError for an unknown round, InputError for a bad body.
    """
    numbered(table, number)  # 404 before any complaint about the body (docs/api.md)
    data = variants.validate_round(table.variant, table.players, table.options, body)

    def work() -> Round:
        """Inside the lock: compare versions, check the whole table, log the change."""
        round_ = numbered(table, number)
        if expected_version is not None and expected_version != round_.version:
            points = state_of(table, round_rows(table.id)).round_points[number - 1]
            raise RoundConflict(round_, points)
        refuse_early_end(
            table, [data if r.number == number else r.data for r in round_rows(table.id)]
        )
        db.session.add(
            Change(
                table_id=table.id, kind="edit", round_number=number, before=round_.data, after=data
            )
        )
        round_.data = data
        round_.version += 1
        round_.updated_at = utcnow()
        return round_

    return locked_write(table, work)


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


def delete_round(table: Table, number: int) -> None:
    """Delete round `number`; later rounds move up one. LookupError for an unknown round."""

    def work() -> None:
        """Inside the lock: check the rest still makes sense, remove, log."""
        rounds = round_rows(table.id)
        if not any(r.number == number for r in rounds):
            raise LookupError(f"table {table.id} has no round {number}")
        refuse_early_end(table, [r.data for r in rounds if r.number != number])
        before = remove(table, number).data
        db.session.add(
            Change(table_id=table.id, kind="delete", round_number=number, before=before, after=None)
        )

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


def undo_last_change(table: Table) -> Change | None:
    """Revert the newest add/edit/delete not yet undone; it is marked undone and an "undo"
    change is logged. Returns the reverted change, or None when there is nothing to undo."""

    def work() -> Change | None:
        """Inside the lock: the inverse of the change (undo steps back in LIFO order)."""
        change: Change | None = db.session.scalar(
            select(Change)
            .where(Change.table_id == table.id, Change.kind != "undo", Change.undone.is_(False))
            .order_by(Change.id.desc())
            .limit(1)
        )
        if change is None:
            return None
        if change.kind == "add":
            remove(table, change.round_number)
        elif change.kind == "edit":
            round_ = numbered(table, change.round_number)
            round_.data = logged_round(change)
            round_.version += 1
            round_.updated_at = utcnow()
        else:
            shift_numbers(table.id, change.round_number - 1, 1)
            restored = Round(
                table_id=table.id, number=change.round_number, data=logged_round(change)
            )
            db.session.add(restored)
        change.undone = True
        db.session.add(
            Change(
                table_id=table.id,
                kind="undo",
                round_number=change.round_number,
                before=change.after,
                after=change.before,
            )
        )
        return change

    return locked_write(table, work)


def logged_round(change: Change) -> dict[str, Any]:
    """The round input an edit or delete replaced (always logged for those kinds)."""
    if change.before is None:
        raise LookupError(f"change {change.id} has no round to restore")
    return change.before
