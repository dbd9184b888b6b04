"""A table's rounds: added (exactly once per Idempotency-Key), corrected, deleted.

A round body is checked here, once, by the table's variant (docs/api.md §2); the forms and the
API hand it over as the client sent it. Numbers stay 1..n: a unique constraint on table and
number backs up the lock (app.store.locking).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from typing import NamedTuple

from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import update

from app.store.changelog import log_change
from app.store.db import db
from app.store.keys import check_same_round
from app.store.keys import fingerprint
from app.store.locking import locked_write
from app.store.models import IdempotencyKey
from app.store.models import Round
from app.store.models import Table
from app.store.models import as_utc
from app.store.models import utcnow
from app.store.standings import read_standing
from app.store.tables import round_rows
from app.store.tables import state_of
from app.store.tables import table_state
from app.text import InputError
from app.text import Message
from app.text import shown
from app.variants import registry as variants

ROUND_LIMIT = 1000  # rounds per table: far beyond any evening, a guard against runaway clients


# How long a POST .../rounds with an Idempotency-Key is remembered: a phone sends a round kept
# offline within hours; a week covers a weekend away from any connection.
KEY_LIFETIME = timedelta(days=7)


class TableFinished(Exception):
    """The table is finished: no further round (API 409)."""


class Added(NamedTuple):
    """What `add_round` did: the status to answer and the round as it is now (None: deleted)."""

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
            "no such round now"
            if current is None
            else f"round {current.number} is now {current.etag}"
        )
        self.current = current
        self.points = points


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


def add_round(
    table: Table, body: Any, idempotency_key: str | None = None, expected_number: Any = None
) -> Added:
    """Append a round (checked by its variant), numbered after the last one, atomically.

    A key used before (within KEY_LIFETIME) adds nothing: the answer is what it did. A table
    that moved past `expected_number` saves nothing (NumberTaken).
    """
    if isinstance(body, dict) and "expected_number" in body:
        body = dict(body)
        given = body.pop("expected_number")
        expected_number = given if expected_number is None else expected_number
    expected = expected_round_number(expected_number)
    replay = idempotency_key is not None and remembered_key(table, idempotency_key) is not None
    if not replay and table_state(table).finished:  # 409 before complaints about the body
        raise TableFinished(table.id)
    data = variants.validate_round(table.variant, table.players, table.options, body)
    if idempotency_key is not None and not 1 <= len(idempotency_key) <= 100:
        raise InputError(
            Message("The Idempotency-Key header must be 1 to 100 characters long."),
            "Idempotency-Key",
        )

    def work() -> Added:
        """Inside the lock: replay, finished check, next number, change log, remembered key."""
        if idempotency_key is not None:
            forget_old_keys()
            seen = remembered_key(table, idempotency_key)
            if seen is not None:
                check_same_round(seen, data)
                raise Replayed(Added(seen.status, round_of_key(table, seen)))
        before = read_standing(table)  # the rounds' input only: no row objects to build
        if before.finished:
            raise TableFinished(table.id)
        if len(before.round_points) >= ROUND_LIMIT:
            raise InputError(
                Message(
                    "A table holds at most %(round_limit)s rounds; start a new table.",
                    round_limit=ROUND_LIMIT,
                )
            )
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
                    table_id=table.id,
                    key=idempotency_key,
                    status=201,
                    round_id=round_.id,
                    body_hash=fingerprint(data),
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
    if isinstance(value, float) and value.is_integer():  # JSON's 2.0 is the number 2
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ROUND_LIMIT + 1:
        raise InputError(
            Message(
                "The expected round number (expected_number) must be a whole number from 1 to "
                "%(highest)s; got %(got)s.",
                highest=ROUND_LIMIT + 1,
                got=shown(value),
            ),
            "expected_number",
        )
    return value


def round_at(table: Table, number: int) -> Round | None:
    """Round `number` of the table as it is now, or None."""
    found: Round | None = db.session.scalar(
        select(Round).where(Round.table_id == table.id, Round.number == number)
    )
    return found


def remembered_key(table: Table, idempotency_key: str) -> IdempotencyKey | None:
    """The record of a key of `POST .../rounds` used for this table within KEY_LIFETIME."""
    seen = db.session.get(IdempotencyKey, (table.id, idempotency_key))
    if seen is None or as_utc(seen.created_at) < utcnow() - KEY_LIFETIME:
        return None
    return seen


def round_of_key(table: Table, seen: IdempotencyKey) -> Round | None:
    """The round a remembered key made, or None once deleted (SQLite may reuse a deleted id,
    so a round newer than the key's record is not its round)."""
    found = db.session.get(Round, seen.round_id)
    if found is None or found.table_id != table.id:
        return None
    return found if as_utc(found.created_at) <= as_utc(seen.created_at) else None


def forget_old_keys() -> int:
    """Delete every key record older than KEY_LIFETIME; returns how many went."""
    result = db.session.execute(
        delete(IdempotencyKey)
        .where(IdempotencyKey.created_at < utcnow() - KEY_LIFETIME)
        # "fetch": a deleted record leaves the session too, so its key can be used afresh.
        .execution_options(synchronize_session="fetch")
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


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
    end = variants.finished_after(table.variant, table.players, table.options, rounds, table.closed)
    if end is not None and end < len(rounds):
        words = table.definition.round_words
        last, after = words.number(end, inside=True), words.number(len(rounds), inside=True)
        raise InputError(
            Message(
                "With this change the table would be finished after %(last)s, but it is entered up "
                "to %(after)s; delete the later ones first.",
                last=last,
                after=after,
            )
        )


def edit_round(table: Table, number: int, body: Any, if_match: str | int | None = None) -> Round:
    """Replace round `number`'s input; its version goes up by one.

    `if_match` (the etag the client saw, or a bare version): a round no longer exactly that one
    is RoundConflict, and nothing changes.
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
    """Move rounds above `after` by `by` (±1) via their negatives: one UPDATE could clash
    midway (the database checks the unique number row by row)."""
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
    """Delete round `number`; later rounds move up one. With `if_match` only that very round
    goes (RoundConflict otherwise), so a resent DELETE never removes a second round."""

    def work() -> None:
        """Inside the lock: check the rest still makes sense, remove, log."""
        matching_round(table, number, if_match)
        rounds = round_rows(table.id)
        refuse_early_end(table, [r.data for r in rounds if r.number != number])
        before = remove(table, number).data
        log_change(table, "delete", number, before, None)

    locked_write(table, work)
