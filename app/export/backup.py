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
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from typing import NamedTuple

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
from app.standings import standing_after
from app.text import Text

FORMAT_TABLE = "mautisch-table"
FORMAT_GROUP = "mautisch-group"
# The spreadsheet's columns, headed in the download's language.
CSV_COLUMNS = (
    Text("Datum", "date"),
    Text("Tisch", "table"),
    Text("Variante", "variant"),
    Text("Runde", "round"),
    Text("Spieler", "player"),
    Text("Punkte", "points"),
    Text("Zwischensumme", "running total"),
    Text("Geld (€)", "money (€)"),
)
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
        "closed": table.closed,
        "first_dealer": table.first_dealer,
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


@dataclass(frozen=True)
class Spreadsheet:
    """How a spreadsheet of one language reads a CSV: German Excel splits at semicolons and
    reads decimal commas and day.month.year; English keeps commas and decimal points."""

    lang: str
    delimiter: str
    decimal: str
    date_pattern: str  # strftime: numeric dates need no locale data (and are 20× cheaper)

    def money(self, cents: int) -> str:
        """Euros with two decimals in the sheet's notation (-0,90 / -0.90)."""
        sign = "-" if cents < 0 else ""
        euros, rest = divmod(abs(cents), 100)
        return f"{sign}{euros}{self.decimal}{rest:02d}"


SPREADSHEETS = {
    "de": Spreadsheet("de", ";", ",", "%d.%m.%Y"),
    "en": Spreadsheet("en", ",", ".", "%Y-%m-%d"),
}


def spreadsheet(lang: str) -> Spreadsheet:
    """The notation for a language (German for anything else, the app's first language)."""
    return SPREADSHEETS.get(lang, SPREADSHEETS["de"])


class Played(NamedTuple):
    """What the CSV needs of a stored round: the day it was entered and its input."""

    created_at: datetime
    data: dict[str, Any]


def played_rounds(
    table_ids: list[str] | None, group: Group | None = None
) -> dict[str, list[Played]]:
    """The rounds of some tables (or of a group's tables) by table id, each table's by number,
    as plain columns in one statement: a group of 500 tables builds no ORM object per round."""
    query = select(Round.table_id, Round.created_at, Round.data).order_by(
        Round.table_id, Round.number
    )
    if group is not None:
        query = query.join(Table, Round.table_id == Table.id).where(
            Table.group_id == group.id, Table.deleted_at.is_(None)
        )
    else:
        query = query.where(Round.table_id.in_(table_ids or []))
    found: dict[str, list[Played]] = defaultdict(list)
    for table_id, created_at, data in db.session.execute(query):
        found[table_id].append(Played(created_at, data))
    return found


def csv_rows(
    table: Table, rounds: list[Played], sheet: Spreadsheet = SPREADSHEETS["en"]
) -> Iterator[list[Any]]:
    """One row per round and player: the day it was entered, what the player scored, the
    running total and, when the table is played for money, what he would receive (+) or pay
    (-) were the series settled after that round (on the last round: the settlement).

    Doppel scores per team, so both partners show their team's game and the games of the set
    so far.
    """
    data = [r.data for r in rounds]
    state = standing_after(table, data)
    title = text_cell(table.name or table.id)
    definition = table.definition
    variant = definition.label.get(sheet.lang)
    seats = range(len(table.players))
    keys = [team_of(seat) if definition.team_scores else seat for seat in seats]
    names = [text_cell(player) for player in table.players]
    days: dict[Any, str] = {}  # a group's rounds come from few evenings: format each day once
    for number, (played, points, totals) in enumerate(
        zip(rounds, state.round_points, state.running_totals, strict=True), 1
    ):
        settled = standing_after(table, data[:number]).settlement if state.settlement else None
        moment = as_utc(played.created_at)
        day = days.get(moment.date())
        if day is None:
            day = days[moment.date()] = moment.strftime(sheet.date_pattern)
        for seat, key in enumerate(keys):
            money = "" if settled is None else sheet.money(settled.amounts_cents[seat])
            yield [day, title, variant, number, names[seat], points[key], totals[key], money]


def csv_text(
    tables: list[Table], rounds: dict[str, list[Played]] | None = None, lang: str = "de"
) -> str:
    """The CSV of some tables, header first, for the spreadsheet of the language.

    German Excel opens a double-clicked CSV with semicolons and decimal commas (RFC 4180
    otherwise: quotes where a cell needs them); English keeps commas and decimal points. The
    UTF-8 byte order mark makes Excel read umlauts right. `rounds` (by table id), when given,
    saves reading each table's rounds on its own.
    """
    sheet = spreadsheet(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sheet.delimiter, lineterminator="\r\n")
    writer.writerow([column.get(sheet.lang) for column in CSV_COLUMNS])
    if rounds is None:
        rounds = played_rounds([table.id for table in tables])
    for table in tables:
        writer.writerows(csv_rows(table, rounds.get(table.id, []), sheet))
    return "\ufeff" + out.getvalue()
