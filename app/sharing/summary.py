"""What a shared evening shows, as plain data the evening page fills in: the date, each
table's winner, the Kassensturz's transfers and the titles. Texts are a `Message` or a plain
string (names), said in the summary's language where they are drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from babel.dates import format_date

from app.awards import Title
from app.scoring.types import Standing
from app.sheets.record import Lang
from app.sheets.table_result import money
from app.sheets.table_result import status_text
from app.sheets.table_result import winner_text
from app.text import Message
from app.text import catalog
from app.text import say
from app.variants.registry import find_variant

Text = Message | str


@dataclass(frozen=True)
class TableLine:
    """One table of the evening: its name (may be empty), variant, winner and result."""

    name: str
    variant: Text
    winner: Text
    result: Text = ""


@dataclass(frozen=True)
class TransferLine:
    """One transfer of the Kassensturz: `payer` pays `payee` `cents`; ticked when paid."""

    payer: str
    payee: str
    cents: int
    paid: bool = False


@dataclass(frozen=True)
class EveningSummary:
    """One evening of a group, ready to draw; `note` is said under the transfers (e.g. the
    rounding difference)."""

    day: date
    group: str
    lang: str
    tables: tuple[TableLine, ...] = ()
    transfers: tuple[TransferLine, ...] = ()
    titles: tuple[Title, ...] = ()
    note: Text = ""
    # A Kassensturz over a whole month: `day` is its first day, said as the month.
    whole_month: bool = False

    def said(self, text: Text) -> str:
        """A text in the summary's language."""
        return say(text, self.lang)

    @property
    def date_text(self) -> str:
        """ "Donnerstag, 26. November 2026" / "Thursday, November 26, 2026"."""
        if self.whole_month:
            return format_date(self.day, format="MMMM yyyy", locale=self.lang)
        return format_date(self.day, format="full", locale=self.lang)

    @property
    def sheet_lang(self) -> Lang:
        """The language as the sheets' builders take it."""
        return sheet_lang(self.lang)

    def table_title(self, line: TableLine) -> str:
        """ "Tisch 1 · <variant>", or the variant alone for a table without a name."""
        variant = self.said(line.variant)
        return f"{line.name} · {variant}" if line.name else variant

    def winner_text(self, line: TableLine) -> str:
        """ "Gewinner: Anna"."""
        return self.said(Message("Winner: %(winner)s", winner=line.winner))

    def transfer_text(self, transfer: TransferLine) -> str:
        """ "Jörg → Anna"."""
        return f"{transfer.payer} → {transfer.payee}"

    def amount(self, transfer: TransferLine) -> str:
        """ "0,70 €" / "€0.70"."""
        return money(transfer.cents, self.lang)

    @property
    def all_paid(self) -> bool:
        """Every transfer is ticked paid (and there is at least one)."""
        return bool(self.transfers) and all(each.paid for each in self.transfers)


def sheet_lang(code: str) -> Lang:
    """A language as the sheets' builders take it, from the app's catalog (no request)."""
    found = catalog(code)
    return Lang(code, found.gettext, found.ngettext)


def table_line(
    name: str, variant: str, players: Sequence[str], standing: Standing, lang: str
) -> TableLine:
    """One table said as its score sheet says it: the winner by name (a team by its players)
    and the totals best first, or the sets won where games make sets; how far it got while it
    runs."""
    words = sheet_lang(lang)
    definition = find_variant(variant)
    if not standing.finished:
        return TableLine(name, definition.label, "–", status_text(standing, words))
    names = list(players)
    winner = winner_text(standing.winner, names, words)
    if definition.has_sets and standing.teams is not None:
        sets = standing.teams
        return TableLine(
            name,
            definition.label,
            winner,
            Message("Sets won: A %(a)s : %(b)s B", a=sets["A"], b=sets["B"]),
        )
    totals = " · ".join(f"{names[seat]} {standing.totals[seat]}" for seat in standing.ranking)
    return TableLine(name, definition.label, winner, totals)


# The headings both the picture and the PDF use.
TABLES = Message("Tables")
SETTLING_UP = Message("Settling up")
TITLES = Message("Titles of the evening")
PAID = Message("paid")
ALL_PAID = Message("Everything is paid.")
