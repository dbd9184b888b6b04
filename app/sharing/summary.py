"""What a shared evening (or month, or the running account) shows, as plain data the evening
page fills in: the date, each table's winner, the Kassensturz's balances, open transfers and
payments made, and the titles. Texts are a `Message`, a plain string or runs (each name a
run of its own, app/sharing/runs.py), said in the summary's language where they are drawn."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from babel.dates import format_date

from app.awards import Title
from app.sharing.runs import Said
from app.sharing.runs import Text
from app.sharing.runs import joined
from app.sharing.runs import plain
from app.sharing.runs import runs
from app.sheets.record import Lang
from app.sheets.table_result import money
from app.text import Message
from app.text import Name
from app.text import both
from app.text import catalog


@dataclass(frozen=True)
class TableLine:
    """One table of the evening: its name (may be empty), variant, winner and result; the
    parties' lines under the result where partners race as parties (spd.opt.partner)."""

    name: str
    variant: Text
    winner: Message | str
    result: Text = ""
    parties: tuple[Text, ...] = ()


@dataclass(frozen=True)
class TransferLine:
    """One transfer: `payer` pays `payee` `cents` (None: the pot); `paid` for a payment made,
    else it is still open."""

    payer: str | None
    payee: str | None
    cents: int
    paid: bool = False


@dataclass(frozen=True)
class BalanceLine:
    """One player's money in the view: the result as played and what is still open."""

    player: str
    cents: int
    open: int


@dataclass(frozen=True)
class EveningSummary:
    """One evening, a month or the running account of a group, ready to draw; `note` is said
    under the transfers (what rounding changed, for whom)."""

    day: date
    group: str
    lang: str
    tables: tuple[TableLine, ...] = ()
    transfers: tuple[TransferLine, ...] = ()
    titles: tuple[Title, ...] = ()
    note: Text = ""
    # "evening", "month" (`day` is its first day) or "all": the running account on `day`.
    span: str = "evening"
    balances: tuple[BalanceLine, ...] = ()

    def said(self, text: Text) -> str:
        """A text in the summary's language, as one string."""
        return plain(self.runs(text))

    def runs(self, text: Text) -> Said:
        """A text in the summary's language, each name its own run."""
        return runs(text, self.lang)

    @property
    def date_text(self) -> str:
        """ "Donnerstag, 26. November 2026", "November 2026" for a month, "Offen insgesamt,
        Stand 26.11.2026" for the running account."""
        if self.span == "month":
            return format_date(self.day, format="MMMM yyyy", locale=self.lang)
        if self.span == "all":
            when = format_date(self.day, format="medium", locale=self.lang)
            return self.said(Message("Open altogether, as of %(date)s", date=when))
        return format_date(self.day, format="full", locale=self.lang)

    @property
    def key(self) -> str:
        """The view in the file's name, as in the page's address: day, month or "offen"."""
        if self.span == "all":
            return "offen"
        return self.day.isoformat()[:7] if self.span == "month" else self.day.isoformat()

    @property
    def settling_heading(self) -> str:
        """The Kassensturz's heading, speaking of the view."""
        headings = {"month": SETTLING_UP_MONTH, "all": OPEN_ALTOGETHER}
        return self.said(headings.get(self.span, SETTLING_UP))

    @property
    def titles_heading(self) -> str:
        """ "Titel des Abends" or "Titel des Monats"."""
        return self.said(TITLES_MONTH if self.span == "month" else TITLES)

    @property
    def sheet_lang(self) -> Lang:
        """The language as the sheets' builders take it."""
        return sheet_lang(self.lang)

    def table_title(self, line: TableLine) -> Said:
        """ "Tisch 1 · <variant>", or the variant alone for a table without a name."""
        variant = self.runs(line.variant)
        return joined([self.runs(Name(line.name)), variant], " · ") if line.name else variant

    def winner_text(self, line: TableLine) -> Said:
        """ "Gewinner: Anna"."""
        return self.runs(Message("Winner: %(winner)s", winner=line.winner))

    def transfer_text(self, transfer: TransferLine) -> Said:
        """ "Jörg → Anna", the pot named where it is a side."""
        sides = (transfer.payer, transfer.payee)
        return joined([self.runs(Name(s) if s is not None else POT) for s in sides], " → ")

    def people(self, title: Title) -> Said:
        """A title's people: "Anna, Ben und Cem", each name a run of its own."""
        names: list[Message | str] = [Name(person) for person in title.people]
        return self.runs(both(names))

    def amount(self, transfer: TransferLine) -> str:
        """ "0,70 €" / "€0.70"."""
        return money(transfer.cents, self.lang)

    def signed(self, cents: int) -> str:
        """ "+0,90 €", "−0,20 €", "0,00 €"."""
        return money(cents, self.lang, signed=True)

    @property
    def still_open(self) -> tuple[TransferLine, ...]:
        """The transfers that settle what is open."""
        return tuple(each for each in self.transfers if not each.paid)

    @property
    def payments(self) -> tuple[TransferLine, ...]:
        """The payments made."""
        return tuple(each for each in self.transfers if each.paid)

    @property
    def all_paid(self) -> bool:
        """Every transfer is ticked paid (and there is at least one)."""
        return bool(self.transfers) and all(each.paid for each in self.transfers)

    @property
    def settles(self) -> bool:
        """Is there a Kassensturz to draw: balances or transfers?"""
        return bool(self.balances or self.transfers)


def sheet_lang(code: str) -> Lang:
    """A language as the sheets' builders take it, from the app's catalog (no request)."""
    found = catalog(code)
    return Lang(code, found.gettext, found.ngettext)


# The headings both the picture and the PDF use.
TABLES = Message("Tables")
SETTLING_UP = Message("Settling up")
SETTLING_UP_MONTH = Message("Settling up the month")
OPEN_ALTOGETHER = Message("Open altogether")
TITLES = Message("Titles of the evening")
TITLES_MONTH = Message("Titles of the month")
BALANCES = Message("Balances")
PLAYER = Message("Player")
RESULT = Message("Result")
STILL_OPEN = Message("Still open")
WHO_PAYS_WHOM = Message("Who pays whom")
PAYMENTS_MADE = Message("Payments made")
PAID = Message("paid")
ALL_PAID = Message("Everything is paid.")
POT = Message("the pot")
