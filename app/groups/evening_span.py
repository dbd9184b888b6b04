"""One evening or one month of a group, read from its own tables (app.store.evening_tables).

The tables are found by their start time: a window of UTC times safely around the local days
(any zone, any EVENING_STARTS), then each table's evening decided as everywhere else
(`evening_of`). What payments were made for needs the ids and start times of the month's
tables only: a payment for another month's tables never falls in this month or its evenings,
and one for another evening never falls in this one (app.groups.kassensturz).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta

from app.groups.evening import Evening
from app.groups.evening import evening_of
from app.groups.results import result_of
from app.groups.stats import TableResult
from app.store.evening_tables import named
from app.store.evening_tables import newest_start
from app.store.evening_tables import rounds_of
from app.store.evening_tables import started_between
from app.store.evening_tables import starts_between
from app.store.models import Group
from app.store.models import Table
from app.store.models import as_utc

# A local day starts at most 14 h before and ends at most 12 h after its UTC day, and an
# evening runs until EVENING_STARTS the next morning: two days on either side hold it all.
MARGIN = timedelta(days=2)


@dataclass(frozen=True)
class Stamp:
    """A table as a payment's selection needs it: its id and when it was started."""

    table_id: str
    played_at: datetime


def window(first: date, last: date) -> tuple[datetime, datetime]:
    """UTC times around the evenings from `first` to `last` (a query's bounds)."""
    start = datetime.combine(first, time(0), tzinfo=UTC) - MARGIN
    end = datetime.combine(last + timedelta(days=1), time(0), tzinfo=UTC) + MARGIN
    return start, end


def month_days(month: date) -> tuple[date, date]:
    """The first and the last day of the month `month` lies in."""
    first = month.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return first, following - timedelta(days=1)


def with_rounds(tables: list[Table]) -> list[TableResult]:
    """These tables with their rounds' input (one statement)."""
    data = rounds_of([table.id for table in tables])
    return [result_of(table, data.get(table.id, [])) for table in tables]


def results_between(group: Group, first: date, last: date, starts: time) -> list[TableResult]:
    """The group's tables of the evenings from `first` to `last` with their rounds' input,
    oldest first (two statements)."""
    return with_rounds(
        [
            table
            for table in started_between(group.id, *window(first, last))
            if first <= evening_of(table.created_at, starts) <= last
        ]
    )


def results_named(group: Group, table_ids: list[str]) -> dict[str, TableResult]:
    """The group's tables (not deleted) among these ids, with their rounds' input, by id."""
    return {result.table_id: result for result in with_rounds(named(group.id, table_ids))}


def newest_evening(group: Group, starts: time) -> date | None:
    """The evening of the group's newest table, None without one: the newest start's, or a
    later one of a table started shortly before it (the local clock may turn back an hour)."""
    newest = newest_start(group.id)
    if newest is None:
        return None
    recent = starts_between(group.id, as_utc(newest) - MARGIN, as_utc(newest) + MARGIN)
    return max(evening_of(at, starts) for _table_id, at in recent)


def evening_on(group: Group, day: date, starts: time) -> Evening | None:
    """The group's evening of `day`, None when it played none then."""
    results = results_between(group, day, day, starts)
    if not results:
        return None
    return Evening(group.id, group.name, list(group.players), day, results)


def month_from(group: Group, month: date, starts: time) -> Evening | None:
    """Every evening of the month as one selection, None when the group played none then."""
    results = results_between(group, *month_days(month), starts)
    if not results:
        return None
    first = month.replace(day=1)
    return Evening(group.id, group.name, list(group.players), first, results, "month")


def stamps_between(group: Group, first: date, last: date, starts: time) -> list[Stamp]:
    """The group's tables of the evenings from `first` to `last` as payments' selections need
    them (ids and start times, no rows or rounds)."""
    return [
        Stamp(table_id, as_utc(at))
        for table_id, at in starts_between(group.id, *window(first, last))
        if first <= evening_of(at, starts) <= last
    ]


def month_stamps(group: Group, evening: Evening, starts: time) -> list[Stamp]:
    """The tables of the evening's month as payments' selections need them (none for the
    running account: every payment falls in it)."""
    if evening.span == "all":
        return []
    return stamps_between(group, *month_days(evening.date), starts)
