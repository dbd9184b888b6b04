"""The table as the JSON API shows it (docs/api.md §2 `GET /api/v1/tables/{id}`).

Built from the stored rounds on every answer: the store keeps only what was entered, the
scoring derives the rest (totals, ranking, settlement, sets ...). The pages never read this.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from app import store
from app.db import db
from app.models import Round
from app.models import Table
from app.standings import keep_standing
from app.standings import kept_standing


def round_json(round_: Round, points: Any) -> dict[str, Any]:
    """One round: number, points, version and the stored input."""
    return {
        "number": round_.number,
        "points": points,
        "version": round_.version,
        "input": round_.data,
    }


def current_rounds(table: Table) -> tuple[list[Round], int]:
    """The table's rounds by number and its version, as of one moment (one statement)."""
    rows = db.session.execute(
        select(Table.version, Round)
        .select_from(Table)
        .outerjoin(Round, Round.table_id == Table.id)
        .where(Table.id == table.id)
        .order_by(Round.number)
    ).all()
    version = rows[0][0] if rows else table.version
    return [round_ for _version, round_ in rows if round_ is not None], version


def json_of(table: Table, rounds: list[Round], version: int | None = None) -> dict[str, Any]:
    """The table after the given rounds (plus version, progress, leader).

    With the `version` the rounds were read at, their standing is computed once per version
    (app.standings) and shared with the pages and the next answer.
    """
    state = kept_standing(table.id, version) if version is not None else None
    if state is None:
        state = store.state_of(table, rounds)
        if version is not None:
            keep_standing(table.id, version, state)
    return {
        "id": table.id,
        "variant": table.variant,
        "name": table.name,
        "players": list(table.players),
        "options": table.definition.stored_options(table.options),
        "group_id": table.group_id,
        "version": table.version,
        "rounds": [round_json(r, p) for r, p in zip(rounds, state.round_points, strict=True)],
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
    }


def table_json(table: Table) -> dict[str, Any]:
    """The table as it is now."""
    return json_of(table, *current_rounds(table))


def added_json(table: Table, added: store.Added) -> dict[str, Any]:
    """The answer to `POST .../rounds`: the table as it is now with the round as `round`.

    A repeated Idempotency-Key gets the same: the round the key made as it is now
    (renumbered or corrected since), or `null` once that round was deleted.
    """
    rounds, version = current_rounds(table)
    answer = json_of(table, rounds, version)
    made = added.round.id if added.round is not None else None
    answer["round"] = next(
        (shown for row, shown in zip(rounds, answer["rounds"], strict=True) if row.id == made),
        None,
    )
    return answer
