"""The evenings of a group: the tables of one night, from EVENING_STARTS (06:00) to the same
time the next morning, server local time; a table belongs to the evening it was started in.

`Evening` is what the evening page, its awards and its picture are made from; the group page
lists the evenings from the group's record (`EveningLink`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta
from itertools import groupby

from app.awards import PlayedTable
from app.awards import Title
from app.awards import evening_titles
from app.groups.stats import Balance
from app.groups.stats import TableResult
from app.groups.stats import money_balance
from app.groups.stats import settled
from app.ratings.ledger import Sitting
from app.store.models import as_utc

DEFAULT_START = time(6, 0)
ALL_KEY = "offen"  # the running account's address ("Offen insgesamt")


def evening_start(setting: object) -> time:
    """The EVENING_STARTS setting ("06:00") as a time; a wrong setting is a startup error."""
    if isinstance(setting, time):
        return setting
    return time.fromisoformat(str(setting)) if setting else DEFAULT_START


def evening_of(moment: datetime, starts: time = DEFAULT_START) -> date:
    """The evening a moment belongs to: before `starts` it is still the night before."""
    local = as_utc(moment).astimezone()
    day = local.date()
    return day - timedelta(days=1) if local.time().replace(tzinfo=None) < starts else day


@dataclass(frozen=True)
class Evening:
    """One night of a group: its tables (oldest first) and what they came to."""

    group_id: str
    group_name: str
    group_players: list[str]
    date: date
    results: list[TableResult]
    # "evening", "month": every evening of the month of `date` (its first day), or "all":
    # the running account, every table the group ever played.
    span: str = "evening"

    @property
    def key(self) -> str:
        """The address's name of it: "2026-11-26" for an evening, "2026-11" for a month,
        "offen" for the running account."""
        if self.span == "all":
            return ALL_KEY
        return self.month_key if self.span == "month" else self.date.isoformat()

    @property
    def month_key(self) -> str:
        """The month it lies in, as a month's address names it ("2026-11")."""
        return month_key(self.date)

    @property
    def settled(self) -> list[TableResult]:
        """The finished money tables (the Kassensturz counts them)."""
        return settled(self.results)

    @property
    def unsettled(self) -> list[TableResult]:
        """Tables without money, or not finished: listed, not settled."""
        done = {r.table_id for r in self.settled}
        return [r for r in self.results if r.table_id not in done]

    def balances(self) -> list[Balance]:
        """Each person's money over the settled tables, biggest winner first."""
        return money_balance(self.results, self.group_players)

    def titles(self) -> list[Title]:
        """The titles the evening's tables earn (each variant declares its own)."""
        played = [
            PlayedTable(r.variant, r.players, r.options, r.rounds, r.closed, r.first_dealer, r.name)
            for r in self.results
        ]
        return evening_titles(played)

    @property
    def variants(self) -> list[str]:
        """The variants played, in order of first play (ids)."""
        return list(dict.fromkeys(r.variant for r in self.results))


@dataclass(frozen=True)
class EveningLink:
    """An evening as the group page lists it: its date and its tables as the group's record
    keeps them (app.ratings.ledger), oldest first."""

    date: date
    results: list[Sitting]

    @property
    def month_key(self) -> str:
        """The month it lies in ("2026-11")."""
        return month_key(self.date)

    @property
    def variants(self) -> list[str]:
        """The variants played, in order of first play (ids)."""
        return list(dict.fromkeys(r.variant for r in self.results))


def month_key(day: date) -> str:
    """The month a day lies in, as a month's address names it ("2026-11")."""
    return f"{day.year:04d}-{day.month:02d}"


def evening_links(tables: list[Sitting]) -> list[EveningLink]:
    """The evenings of the group's record (its tables oldest first), newest first."""
    nights = groupby(tables, key=lambda table: table.evening)
    return [EveningLink(day, list(night)) for day, night in nights if day is not None][::-1]


def evenings(
    group_id: str,
    group_name: str,
    group_players: list[str],
    results: list[TableResult],
    starts: time = DEFAULT_START,
) -> list[Evening]:
    """The group's evenings, newest first, each with its tables oldest first."""
    ordered = sorted(results, key=lambda r: r.played_at)
    nights = groupby(ordered, key=lambda r: evening_of(r.played_at, starts))
    found = [
        Evening(group_id, group_name, list(group_players), day, list(night))
        for day, night in nights
    ]
    return found[::-1]


def running_account(
    group_id: str,
    group_name: str,
    group_players: list[str],
    results: list[TableResult],
    today: date,
) -> Evening:
    """Every table the group played, as one selection: the running account."""
    ordered = sorted(results, key=lambda r: r.played_at)
    return Evening(group_id, group_name, list(group_players), today, ordered, "all")
