"""A season's table: per player the evenings, tables and games played and won, the money, the
best evening, and club points for the evening's places."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from app.ratings.ledger import Game
from app.ratings.ledger import Sitting
from app.statistics.evenings import EveningLine
from app.statistics.evenings import evening_lines
from app.statistics.window import Window

# The evening's places as clubs count them: 1st 10, 2nd 6, 3rd 4, 4th 3, 5th 2, 6th 1 (shared
# places each get the better place's points; 7th and later nothing).
CLUB_POINTS = (10, 6, 4, 3, 2, 1)


def club_points(place: int) -> int:
    """The points of an evening's place."""
    return CLUB_POINTS[place - 1] if 1 <= place <= len(CLUB_POINTS) else 0


@dataclass
class SeasonRow:
    """One player's line of the season table."""

    player: str
    points: int = 0
    evenings: int = 0
    tables: int = 0
    tables_won: int = 0
    games: int = 0
    games_won: int = 0
    cents: int = 0
    best: EveningLine | None = None  # the evening he won the most money (then the best place)
    rank: int = 0

    def add(self, line: EveningLine) -> None:
        """Count one evening."""
        self.points += club_points(line.place)
        self.evenings += 1
        self.tables += line.tables
        self.tables_won += line.tables_won
        self.games += line.games
        self.games_won += line.games_won
        self.cents += line.cents
        if self.best is None or (line.cents, -line.place) > (self.best.cents, -self.best.place):
            self.best = line


def season_table(
    games: Iterable[Game], tables: Iterable[Sitting], window: Window
) -> list[SeasonRow]:
    """Every player of the window, by club points, then money, then games won, then name;
    equal points, money and games won share a rank."""
    rows: dict[str, SeasonRow] = {}
    for _evening, lines in sorted(
        evening_lines(games, tables, window).items(), key=lambda item: item[0] or date.min
    ):
        for line in lines:
            rows.setdefault(line.player, SeasonRow(line.player)).add(line)

    def key(row: SeasonRow) -> tuple[int, int, int]:
        return (-row.points, -row.cents, -row.games_won)

    ordered = sorted(rows.values(), key=lambda row: (key(row), row.player.casefold()))
    for index, row in enumerate(ordered):
        row.rank = (
            ordered[index - 1].rank if index and key(ordered[index - 1]) == key(row) else index + 1
        )
    return ordered
