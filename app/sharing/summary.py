"""What a shared evening (or month, or the running account) shows, as plain data the evening
page fills in: the date, each table's winner, the Kassensturz's balances, open transfers and
payments made, and the titles. Texts are a `Message`, a plain string or runs (each name a
run of its own, app/sharing/runs.py), said in the summary's language where they are drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from babel.dates import format_date

from app.awards import Title
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.sharing.runs import Name
from app.sharing.runs import Run
from app.sharing.runs import Said
from app.sharing.runs import Text
from app.sharing.runs import joined
from app.sharing.runs import plain
from app.sharing.runs import runs
from app.sheets.record import Lang
from app.sheets.table_result import money
from app.sheets.table_result import status_text
from app.text import Message
from app.text import catalog
from app.text import commas
from app.variants.registry import find_variant


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
        """ "Tisch 1 · Dynamisches Maumau", or the variant alone for a table without a name."""
        variant = self.runs(line.variant)
        return joined([self.runs(Name(line.name)), variant], " · ") if line.name else variant

    def winner_text(self, line: TableLine) -> Said:
        """ "Gewinner: Anna"."""
        return self.runs(Message("Winner: %(winner)s", winner=line.winner))

    def transfer_text(self, transfer: TransferLine) -> Said:
        """ "Jörg → Anna", the pot named where it is a side."""
        sides = (transfer.payer, transfer.payee)
        return joined([self.runs(Name(s) if s is not None else POT) for s in sides], " → ")

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


def table_line(
    name: str, variant: str, players: Sequence[str], standing: Standing, lang: str
) -> TableLine:
    """One table said as its score sheet says it: the winner by name (a team by its players)
    and the totals best first, the sets won where games make sets, the parties' totals where
    partners race as parties (204 : 145, each party's players under it); how far it got while
    it runs."""
    definition = find_variant(variant)
    if not standing.finished:
        return TableLine(name, definition.label, "–", status_text(standing, sheet_lang(lang)))
    names = list(players)
    winner = winner_said(standing.winner, names)
    if definition.has_sets and standing.teams is not None:
        sets = standing.teams
        return TableLine(
            name,
            definition.label,
            winner,
            Message("Sets won: A %(a)s : %(b)s B", a=sets["A"], b=sets["B"]),
        )
    if standing.teams is not None:
        parties = tuple(party_line(team, names, standing.totals) for team in TEAM_SEATS)
        result = Message(
            "Team A %(a)s : %(b)s Team B", a=standing.teams["A"], b=standing.teams["B"]
        )
        return TableLine(name, definition.label, winner, result, parties)
    totals = [
        (Run(names[seat], True), Run(f" {standing.totals[seat]}")) for seat in standing.ranking
    ]
    return TableLine(name, definition.label, winner, joined(totals, " · "))


def winner_said(winner: Winner, players: list[str]) -> Message | str:
    """A seat, tied seats, a team or tied teams (partner Speedone), each name a `Name`."""
    if winner is None:
        return "–"
    if isinstance(winner, list):
        return commas([winner_said(each, players) for each in winner])
    if isinstance(winner, str):
        first, second = TEAM_SEATS[winner]
        return Message(
            "Team %(team)s (%(first)s & %(second)s)",
            team=winner,
            first=Name(players[first]),
            second=Name(players[second]),
        )
    return Name(players[winner])


def party_line(team: str, players: list[str], totals: Sequence[int]) -> Message:
    """ "Team A: Anna 120 · Cem 84", a party's players under its total."""
    first, second = TEAM_SEATS[team]
    return Message(
        "Team %(team)s: %(first)s %(first_total)s · %(second)s %(second_total)s",
        team=team,
        first=Name(players[first]),
        first_total=totals[first],
        second=Name(players[second]),
        second_total=totals[second],
    )


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
