"""What a shared evening shows, as plain data the evening page fills in: the date, each
table's winner, the Kassensturz's transfers and the titles. Texts are a `Message` or a plain
string (names), said in the summary's language where they are drawn."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from babel.dates import format_date

from app.awards import Title
from app.sheets.record import Lang
from app.sheets.table_result import money
from app.text import Message
from app.text import catalog
from app.text import say

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

    def said(self, text: Text) -> str:
        """A text in the summary's language."""
        return say(text, self.lang)

    @property
    def date_text(self) -> str:
        """ "Donnerstag, 26. November 2026" / "Thursday, November 26, 2026"."""
        return format_date(self.day, format="full", locale=self.lang)

    @property
    def sheet_lang(self) -> Lang:
        """The language as the sheets' builders take it."""
        found = catalog(self.lang)
        return Lang(self.lang, found.gettext, found.ngettext)

    def table_title(self, line: TableLine) -> str:
        """ "Tisch 1 · Dynamisches Maumau", or the variant alone for a table without a name."""
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


# The headings both the picture and the PDF use.
TABLES = Message("Tables")
SETTLING_UP = Message("Settling up")
TITLES = Message("Titles of the evening")
PAID = Message("paid")
ALL_PAID = Message("Everything is paid.")
