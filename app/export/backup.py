"""What the downloads contain: the complete JSON backup and the spreadsheet CSV.

JSON (format "mautisch-table" / "mautisch-group", version 1) holds everything needed to
rebuild a table: options, players, every round as entered (with its version), the change log
(what undo reverts) and the times. It also carries what the rounds come to (points per round,
totals, finished, winner): a reader needs no Mautisch to see the result, and the import
recomputes them and refuses a file whose numbers do not match its rounds (hand-edited or
damaged).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import select

from app import store
from app.db import db
from app.export.checks import VERSION
from app.groups.results import as_utc
from app.groups.results import group_changes
from app.groups.results import group_rounds
from app.groups.results import group_tables
from app.models import Change
from app.models import Group
from app.models import Round
from app.models import Table
from app.scoring.types import team_of

FORMAT_TABLE = "mautisch-table"
FORMAT_GROUP = "mautisch-group"
CSV_COLUMNS = ("table", "variant", "round", "seat", "player", "points", "total")
# A spreadsheet runs a cell that starts like a formula; a name like "=1+1" must stay text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def stamp(moment: datetime) -> str:
    """A stored time as ISO 8601 with its zone (UTC)."""
    return as_utc(moment).isoformat()


def table_changes(table: Table) -> list[Change]:
    """The table's change log, oldest first."""
    return list(
        db.session.scalars(select(Change).where(Change.table_id == table.id).order_by(Change.id))
    )


def table_backup(
    table: Table, rounds: list[Round] | None = None, changes: list[Change] | None = None
) -> dict[str, Any]:
    """The complete JSON backup of one table (its rounds and change log read unless given)."""
    if rounds is None:
        rounds = store.round_rows(table.id)
    if changes is None:
        changes = table_changes(table)
    changes = changes[-store.CHANGE_LIMIT :]  # a log from before the store trimmed it
    state = store.state_of(table, rounds)
    return {
        "format": FORMAT_TABLE,
        "version": VERSION,
        "id": table.id,
        "variant": table.variant,
        "name": table.name,
        "players": list(table.players),
        "options": table.definition.stored_options(table.options),
        "created_at": stamp(table.created_at),
        "rounds": [
            {
                "number": r.number,
                "data": r.data,
                "version": r.version,
                "points": points,
                "created_at": stamp(r.created_at),
                "updated_at": stamp(r.updated_at),
            }
            for r, points in zip(rounds, state.round_points, strict=True)
        ],
        "totals": state.totals,
        "finished": state.finished,
        "winner": state.winner,
        "changes": [
            {
                "kind": c.kind,
                "round_number": c.round_number,
                "before": c.before,
                "after": c.after,
                "undone": c.undone,
                "created_at": stamp(c.created_at),
            }
            for c in changes
        ],
    }


def group_backup(group: Group) -> dict[str, Any]:
    """The complete JSON backup of a group: its name, players and every table in full."""
    rounds = group_rounds(group)
    changes = group_changes(group)
    return {
        "format": FORMAT_GROUP,
        "version": VERSION,
        "id": group.id,
        "name": group.name,
        "players": list(group.players),
        "created_at": stamp(group.created_at),
        "tables": [
            table_backup(t, rounds.get(t.id, []), changes.get(t.id, []))
            for t in group_tables(group)
        ],
    }


def text_cell(value: str) -> str:
    """A text cell a spreadsheet shows as text, never evaluates (CSV injection)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def csv_rows(table: Table, rounds: list[Round] | None = None) -> Iterator[list[Any]]:
    """One row per round and player: what the seat scored and its running total.

    Seats count from 1 here, as on the paper sheet (the API counts from 0); Doppel scores per
    team, so both partners show their team's game and the games of the set so far. The
    table's rounds are read here unless given.
    """
    state = store.table_state(table) if rounds is None else store.state_of(table, rounds)
    title = text_cell(table.name or table.id)
    for number, (points, totals) in enumerate(
        zip(state.round_points, state.running_totals, strict=True), 1
    ):
        for seat, player in enumerate(table.players):
            key = team_of(seat) if table.definition.team_scores else seat
            yield [
                title,
                table.variant,
                number,
                seat + 1,
                text_cell(player),
                points[key],
                totals[key],
            ]


def csv_text(tables: list[Table], rounds: dict[str, list[Round]] | None = None) -> str:
    """The CSV of some tables, header first.

    Comma-separated (RFC 4180, what Python's csv, LibreOffice, Numbers and Google Sheets
    expect): all numbers are whole, so the German decimal comma never clashes with it. The
    UTF-8 byte order mark makes Excel read umlauts right; its text import (Daten → Aus
    Text/CSV) splits at commas in every locale. `rounds` (by table id), when given, saves
    reading each table's rounds on its own.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for table in tables:
        writer.writerows(csv_rows(table, None if rounds is None else rounds.get(table.id, [])))
    return "\ufeff" + out.getvalue()
