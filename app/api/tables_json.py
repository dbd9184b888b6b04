"""The table as the JSON API shows it (docs/api.md §2 `GET /api/v1/tables/{id}`).

Derived from the stored rounds on every answer. The pages never read this.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple

from sqlalchemy import inspect
from sqlalchemy import select

from app.store.db import db
from app.store.models import Round
from app.store.models import Table
from app.store.rounds import Added
from app.store.standings import standing_after


class RoundRow(NamedTuple):
    """A stored round as the answer shows it (plain columns: no ORM object per round)."""

    id: int
    number: int
    version: int
    data: Any
    uid: str


def round_entry(number: int, uid: str, version: int, data: Any, points: Any) -> dict[str, Any]:
    """One round: number, `id`, `etag`, points, version and the stored input."""
    return {
        "number": number,
        "id": uid,
        "etag": f"{uid}.{version}",
        "points": points,
        "version": version,
        "input": data,
    }


def round_json(round_: Round, points: Any) -> dict[str, Any]:
    """One stored round (an ORM object) as the table JSON shows it."""
    return round_entry(round_.number, round_.uid, round_.version, round_.data, points)


def current_rounds(table: Table) -> tuple[list[RoundRow], int]:
    """The table's rounds by number and its version, in one statement, as plain columns."""
    rows = db.session.execute(
        select(Round.id, Round.number, Round.version, Round.data, Round.uid, Table.version)
        .select_from(Table)
        .outerjoin(Round, Round.table_id == Table.id)
        .where(Table.id == table.id)
        .order_by(Round.number)
    ).all()
    version = rows[0][5] if rows else table.version
    return [
        RoundRow(row_id, number, changed, data, uid)
        for row_id, number, changed, data, uid, _version in rows
        if row_id is not None
    ], version


def json_of(table: Table, rounds: list[RoundRow], version: int | None = None) -> dict[str, Any]:
    """The table after the given rounds; `version` is the one they were read at."""
    state = standing_after(table, [r.data for r in rounds])
    return {
        "id": table.id,
        "variant": table.variant,
        "name": table.name,
        "players": list(table.players),
        "options": table.definition.stored_options(table.options),
        "group_id": table.group_id,
        "version": table.version,
        "closed": table.closed,
        "rounds": [
            round_entry(number, uid, changed, data, points)
            for (_id, number, changed, data, uid), points in zip(
                rounds, state.round_points, strict=True
            )
        ],
        "totals": state.totals,
        "ranking": state.ranking,
        "finished": state.finished,
        "winner": state.winner,
        "leader": state.leader,
        "next_dealer": state.next_dealer,
        "progress": state.progress,
        "settlement": state.settlement.to_json() if state.settlement else None,
        "teams": state.teams,
        "sets": state.sets,
        # Where a reversal carries over into the next game (dyn.twin.reverse): the direction
        # that game starts in; null in the other variants.
        "direction": state.direction,
    }


def table_json(table: Table) -> dict[str, Any]:
    """The table as it is now."""
    return json_of(table, *current_rounds(table))


def added_json(table: Table, added: Added) -> dict[str, Any]:
    """The answer to `POST .../rounds`: the table now, the round as `round` (null: deleted)."""
    rounds, version = current_rounds(table)
    answer = json_of(table, rounds, version)
    # The session's key: `.id` of the expired object would load the round again.
    identity = inspect(added.round).identity if added.round is not None else None
    made = identity[0] if identity else None
    answer["round"] = next(
        (shown for row, shown in zip(rounds, answer["rounds"], strict=True) if row.id == made), None
    )
    return answer
