"""What the downloads contain: the complete JSON backup and the spreadsheet CSV.

The JSON holds everything needed to rebuild a table, the change log too (what undo reverts),
and what the rounds come to: a reader needs no Mautisch to see the result, and the import
refuses a file whose numbers do not match its rounds (hand-edited or damaged).
"""

from __future__ import annotations

import _csv
import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from typing import Any

from app.export.plans import ChangePlan
from app.export.plans import RoundPlan
from app.export.validation import VERSION
from app.scoring import Standing
from app.scoring.types import team_of
from app.store.changelog import CHANGE_LIMIT
from app.store.models import Group
from app.store.models import Table
from app.text import Message
from app.text import say

FORMAT_TABLE = "mautisch-table"
FORMAT_GROUP = "mautisch-group"
CSV_COLUMNS = (
    Message("date"),
    Message("table"),
    Message("variant"),
    Message("round"),
    Message("player"),
    Message("points"),
    Message("running total"),
    Message("money (€)"),
)
# A spreadsheet runs a cell that starts like a formula; a name like "=1+1" must stay text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def stamp(moment: datetime) -> str:
    """A stored time as ISO 8601 with its zone (UTC; SQLite hands it back without one)."""
    if moment.tzinfo is None:
        return moment.isoformat() + "+00:00"
    return moment.astimezone(UTC).isoformat()


def utc_day(moment: datetime) -> date:
    """The day of a stored time in UTC."""
    return moment.date() if moment.tzinfo is None else moment.astimezone(UTC).date()


def table_backup(
    table: Table, rounds: list[RoundPlan], changes: list[ChangePlan], state: Standing
) -> dict[str, Any]:
    """The complete JSON backup of one table: its rounds, change log and their standing."""
    changes = changes[-CHANGE_LIMIT:]  # a log from before the store trimmed it
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


def group_backup(
    group: Group, tables: list[dict[str, Any]], money: dict[str, Any]
) -> dict[str, Any]:
    """The complete JSON backup of a group: its name, players, every table in full and its
    money (app.export.money)."""
    return {
        "format": FORMAT_GROUP,
        "version": VERSION,
        "id": group.id,
        "name": group.name,
        "players": list(group.players),
        "created_at": stamp(group.created_at),
        "tables": tables,
        **money,
    }


def json_text(data: dict[str, Any]) -> str:
    """A JSON file readable by humans too: one field, table or round a line (umlauts as they
    are); full indentation would need the slow pure-Python encoder."""
    lines = []
    for key, value in data.items():
        items: list[str] = []
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            items = [compact(v) for v in value]
        if items:
            lines.append(f"  {compact(key)}: [\n    " + ",\n    ".join(items) + "\n  ]")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def compact(value: object) -> str:
    """One JSON value on one line, umlauts as they are."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def text_cell(value: str) -> str:
    """A text cell a spreadsheet shows as text, never evaluates (CSV injection)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


@dataclass(frozen=True)
class Spreadsheet:
    """How a spreadsheet reads a CSV: German Excel splits at semicolons and reads decimal
    commas; English keeps commas and points."""

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


def csv_rows(
    table: Table, rounds: list[RoundPlan], state: Standing, sheet: Spreadsheet
) -> Iterator[list[Any]]:
    """One row per round and player: day, score, running total and, played for money, what
    he would receive or pay were the series settled then (where teams score: the team's, for
    both)."""
    title = text_cell(table.name or table.id)
    definition = table.definition
    variant = say(definition.label, sheet.lang)
    seats = range(len(table.players))
    keys = [team_of(seat) if definition.team_scores else seat for seat in seats]
    names = [text_cell(player) for player in table.players]
    no_money = [""] * len(keys)
    days: dict[date, str] = {}  # a table's rounds come from one evening: format each day once
    for number, (played, points, totals) in enumerate(
        zip(rounds, state.round_points, state.running_totals, strict=True), 1
    ):
        settled = state.settlement_after(number)
        amounts = no_money if settled is None else list(map(sheet.money, settled.amounts_cents))
        played_on = utc_day(played.created_at)
        day = days.get(played_on)
        if day is None:
            day = days[played_on] = played_on.strftime(sheet.date_pattern)
        yield from (
            [day, title, variant, number, name, points[key], totals[key], money]
            for name, key, money in zip(names, keys, amounts, strict=True)
        )


def csv_part(table: Table, rounds: list[RoundPlan], state: Standing, sheet: Spreadsheet) -> str:
    """The CSV rows of one table (see `csv_file`)."""
    out = io.StringIO()
    writer(out, sheet).writerows(csv_rows(table, rounds, state, sheet))
    return out.getvalue()


def csv_file(parts: list[str], sheet: Spreadsheet) -> str:
    """The CSV of some tables' rows (`csv_part`), header first; the UTF-8 byte order mark
    makes Excel read umlauts right."""
    out = io.StringIO()
    out.write("\ufeff")
    writer(out, sheet).writerow([say(column, sheet.lang) for column in CSV_COLUMNS])
    out.writelines(parts)
    return out.getvalue()


def writer(out: io.StringIO, sheet: Spreadsheet) -> _csv.Writer:
    """A CSV writer in the sheet's notation."""
    return csv.writer(out, delimiter=sheet.delimiter, lineterminator="\r\n")
