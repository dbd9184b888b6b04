"""A group's season: a year from its start day (1 January unless the group sets another)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from app.statistics.window import Window

DEFAULT_START = (1, 1)  # the calendar year


@dataclass(frozen=True)
class Season:
    """One season: its first day and the first day of the next."""

    start: date
    end: date

    @property
    def window(self) -> Window:
        """Its evenings, every variant."""
        return Window(self.start, self.end)

    @property
    def key(self) -> str:
        """How a page names it in a link: the year it starts in."""
        return str(self.start.year)

    @property
    def calendar_year(self) -> bool:
        """Does it run from 1 January to 31 December?"""
        return (self.start.month, self.start.day) == (1, 1)

    def previous(self) -> Season:
        """The season before."""
        return season_starting(self.start.year - 1, (self.start.month, self.start.day))


def start_day(year: int, start: tuple[int, int]) -> date:
    """The start (month, day) in a year; 29 February is 28 February in other years."""
    month, day = start
    if (month, day) == (2, 29) and not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)):
        day = 28
    return date(year, month, day)


def season_starting(year: int, start: tuple[int, int] = DEFAULT_START) -> Season:
    """The season that starts in this year."""
    return Season(start_day(year, start), start_day(year + 1, start))


def season_of(evening: date, start: tuple[int, int] = DEFAULT_START) -> Season:
    """The season an evening belongs to."""
    year = evening.year if evening >= start_day(evening.year, start) else evening.year - 1
    return season_starting(year, start)


def seasons_played(evenings: list[date], start: tuple[int, int] = DEFAULT_START) -> list[Season]:
    """Every season with an evening, newest first."""
    found = {season_of(evening, start) for evening in evenings}
    return sorted(found, key=lambda season: season.start, reverse=True)


def parse_start(text: str | None) -> tuple[int, int]:
    """A stored start "MM-DD" as (month, day); the calendar year where none is set."""
    if not text:
        return DEFAULT_START
    month, day = (int(part) for part in text.split("-"))
    return month, day
