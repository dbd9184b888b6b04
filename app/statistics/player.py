"""One player's statistics over a window (a season, a date range, a variant or all together)."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from app.ratings.ledger import Game
from app.ratings.ledger import Sitting
from app.ratings.record import Partner
from app.statistics.results import Face
from app.statistics.results import faces
from app.statistics.results import longest_streaks
from app.statistics.results import nemesis
from app.statistics.results import partners
from app.statistics.results import results_of
from app.statistics.results import victim
from app.statistics.window import Window


@dataclass(frozen=True)
class Loss:
    """The most money lost at one table."""

    cents: int  # negative
    table_id: str
    name: str
    evening: date | None


@dataclass(frozen=True)
class PlayerStats:
    """Everything the player page's statistics show for one window."""

    games: int
    wins: int
    average_points: float | None  # minus points per game played, where points are kept
    longest_winning: int
    longest_losing: int
    biggest_loss: Loss | None
    nemesis: Face | None
    victim: Face | None
    partners: list[Partner]
    rating: list[tuple[date, int]]  # the rating at the end of each evening played
    evenings: int  # evenings he played
    group_evenings: int  # evenings the group played
    tables: int
    cents: int  # money won (positive) or lost over the settled tables

    @property
    def win_rate(self) -> float | None:
        """The share of games won (None before the first)."""
        return self.wins / self.games if self.games else None

    @property
    def attendance(self) -> float | None:
        """The share of the group's evenings he played (None when there were none)."""
        return self.evenings / self.group_evenings if self.group_evenings else None


def player_stats(
    games: Iterable[Game],
    tables: Iterable[Sitting],
    history: Mapping[date, int],
    name: str,
    window: Window,
) -> PlayerStats:
    """The player's statistics over the window; `history` is his rating per evening on the
    board the window looks at (the variant's, or all together)."""
    results = results_of(games, name, window)
    longest_winning, longest_losing = longest_streaks(results)
    found = faces(results, name)
    group_evenings: set[date | None] = set()
    evenings: set[date | None] = set()
    points = rounds = cents = played = 0
    loss: Loss | None = None
    for table in tables:
        if not window.holds(table.evening, table.variant):
            continue
        group_evenings.add(table.evening)
        if name not in table.players:
            continue
        seat = table.players.index(name)
        played += 1
        evenings.add(table.evening)
        if table.points:
            points, rounds = points + table.points[seat], rounds + table.rounds
        if table.cents:
            cents += table.cents[seat]
            if table.cents[seat] < 0 and (loss is None or table.cents[seat] < loss.cents):
                loss = Loss(table.cents[seat], table.table_id, table.name, table.evening)
    return PlayerStats(
        games=len(results),
        wins=sum(result.won for result in results),
        average_points=points / rounds if rounds else None,
        longest_winning=longest_winning,
        longest_losing=longest_losing,
        biggest_loss=loss,
        nemesis=nemesis(found),
        victim=victim(found),
        partners=partners(results, name),
        rating=sorted((day, value) for day, value in history.items() if window.covers(day)),
        evenings=len(evenings),
        group_evenings=len(group_evenings),
        tables=played,
        cents=cents,
    )
