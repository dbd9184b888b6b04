"""Group statistics: pure functions over a group's tables (no Flask, no DB), as the ratings'
record keeps each (`Sitting`: names in the group's spelling) or, for the money of an evening,
as read with its standing (`TableResult`).

Names match case-insensitively across tables (the group's spelling wins). Only finished
tables count for wins and money; games count at every table.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from datetime import datetime
from typing import Any
from typing import Protocol
from typing import TypeVar

from app.ratings.ledger import Sitting
from app.scoring.names import player_key
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.variants.registry import VARIANTS
from app.variants.registry import find_variant


@dataclass(frozen=True)
class TableResult:
    """One table as the statistics see it: what was entered and what it came to."""

    table_id: str
    name: str
    variant: str
    players: list[str]
    rounds: list[dict[str, Any]]
    standing: Standing
    played_at: datetime
    # What the evening's titles read besides the rounds (app/awards).
    options: dict[str, Any] = field(default_factory=dict)
    closed: bool = False
    first_dealer: int = 0
    version: int = 0  # the stored table's, as read (every change bumps it)

    @property
    def finished(self) -> bool:
        """The table is decided."""
        return self.standing.finished

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners' names as entered, by seat (a team, or all tied); none while running."""
        won = seats_of(self.standing.winner) if self.standing.finished else set()
        return tuple(self.players[s] for s in sorted(won))

    @property
    def cents(self) -> tuple[int, ...]:
        """The money per seat of a finished money table, else none."""
        settlement = self.standing.settlement
        if not self.standing.finished or settlement is None:
            return ()
        return tuple(settlement.amounts_cents)


class Money(Protocol):
    """A table as the money statistics read it: a `TableResult` or a `Sitting`."""

    @property
    def players(self) -> Sequence[str]:
        """The names by seat."""

    @property
    def cents(self) -> Sequence[int]:
        """The money per seat of a settled table, else none."""

    @property
    def played_at(self) -> datetime:
        """When it was started."""


Counted = TypeVar("Counted", bound=Money)  # a TableResult or a Sitting, given back as it came


@dataclass
class LeaderRow:
    """One player's line of a variant's leaderboard."""

    player: str
    # Minus/penalty-point variants (dyn.score, dlx.out) have an average per game.
    averaged: bool = False
    tables_played: int = 0
    tables_won: int = 0
    games_played: int = 0
    games_won: int = 0
    points: int = 0
    sets_won: int = 0

    @property
    def average(self) -> float | None:
        """Minus/penalty points per game (None before the first game or for other variants)."""
        return self.points / self.games_played if self.averaged and self.games_played else None


@dataclass(frozen=True)
class Balance:
    """A player's money over all settled tables (positive: received)."""

    player: str
    cents: int
    tables: int


@dataclass(frozen=True)
class TimeSeries:
    """Values per player at successive points in time, ready for a line chart."""

    moments: list[datetime]
    series: list[tuple[str, list[float]]] = field(default_factory=list)


class Roster:
    """Display names by key: the group's players first, then guests in order of appearance."""

    def __init__(self, group_players: Iterable[str], results: Iterable[Money]) -> None:
        """Collect every name once."""
        self.names: dict[str, str] = {}
        for name in group_players:
            self.names.setdefault(player_key(name), name)
        for result in results:
            for name in result.players:
                self.names.setdefault(player_key(name), name)

    def name(self, raw: str) -> str:
        """The display name of a player as entered at one table."""
        return self.names[player_key(raw)]


def seats_of(winner: Winner) -> set[int]:
    """The seats a winner stands for: a seat, a team's two seats, or all tied seats/teams."""
    if winner is None:
        return set()
    if isinstance(winner, str):
        return set(TEAM_SEATS[winner])
    if isinstance(winner, list):
        return set().union(*(seats_of(each) for each in winner))
    return {winner}


def game_winners(variant: str, data: Mapping[str, Any]) -> set[int]:
    """Who won one game/round, read from the entered body (docs/api.md §2)."""
    return find_variant(variant).round_winners(data)


def leaderboards(tables: Iterable[Sitting]) -> dict[str, list[LeaderRow]]:
    """Per variant played, one row per player, best first (tables, then games, then average)."""
    boards: dict[str, dict[str, LeaderRow]] = {}
    for table in tables:
        board = boards.setdefault(table.variant, {})
        averaged = find_variant(table.variant).average_label is not None
        for seat, name in enumerate(table.players):
            row = board.setdefault(name, LeaderRow(name, averaged=averaged))
            row.tables_played += 1
            row.tables_won += name in table.winners
            row.games_played += table.rounds
            row.games_won += table.games_won[seat]
            if row.averaged and table.points:
                row.points += table.points[seat]
            row.sets_won += table.sets_won[seat]
    return {
        variant: sorted(boards[variant].values(), key=rank_key)
        for variant in VARIANTS
        if variant in boards
    }


def rank_key(row: LeaderRow) -> tuple[int, int, int, float, str]:
    """Tables (matches) won, sets, games won, then the lower average, then the name."""
    average = row.average if row.average is not None else 0.0
    return (-row.tables_won, -row.sets_won, -row.games_won, average, row.player.casefold())


def settled(tables: Iterable[Counted]) -> list[Counted]:
    """Finished tables with a money settlement, oldest first."""
    return sorted((t for t in tables if t.cents), key=lambda t: t.played_at)


def money_balance(tables: Iterable[Money], group_players: Iterable[str] = ()) -> list[Balance]:
    """Money per player over all settled tables, biggest winner first (zero-sum overall)."""
    done = settled(tables)
    roster = Roster(group_players, done)
    cents: dict[str, int] = {}
    counted: dict[str, int] = {}
    for table in done:
        for raw, amount in zip(table.players, table.cents, strict=True):
            name = roster.name(raw)
            cents[name] = cents.get(name, 0) + amount
            counted[name] = counted.get(name, 0) + 1
    rows = [Balance(name, cents[name], counted[name]) for name in cents]
    return sorted(rows, key=lambda b: (-b.cents, b.player.casefold()))


def cumulative(tables: list[Sitting], gains: Callable[[Sitting], dict[str, float]]) -> TimeSeries:
    """One point per table (oldest first): every player's running sum of `gains` per name."""
    ordered = sorted(tables, key=lambda t: t.played_at)
    names = list(dict.fromkeys(name for t in ordered for name in t.players))
    running = dict.fromkeys(names, 0.0)
    values: dict[str, list[float]] = {name: [] for name in names}
    for table in ordered:
        for name, amount in gains(table).items():
            running[name] += amount
        for name in names:
            values[name].append(running[name])
    return TimeSeries([t.played_at for t in ordered], [(name, values[name]) for name in names])


def wins_over_time(tables: list[Sitting]) -> TimeSeries:
    """Tables won so far per player, after each finished table (all variants together)."""
    finished = [t for t in tables if t.finished]
    return cumulative(finished, lambda t: dict.fromkeys(t.winners, 1.0))


def money_over_time(tables: list[Sitting]) -> TimeSeries:
    """Money balance so far per player in euros, after each settled table."""

    def euros(table: Sitting) -> dict[str, float]:
        """The table's amounts per player in euros."""
        return {name: c / 100 for name, c in zip(table.players, table.cents, strict=True)}

    return cumulative(settled(tables), euros)
