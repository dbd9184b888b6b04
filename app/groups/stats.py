"""Group statistics: pure functions over the standings of a group's tables (no Flask, no DB).

Names match case-insensitively across tables (the group's spelling wins). Only finished
tables count for wins and money; games count at every table.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from datetime import datetime
from typing import Any

from app.scoring.names import player_key
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.scoring.types import team_of
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

    def __init__(self, group_players: Iterable[str], results: Iterable[TableResult]) -> None:
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


def leaderboards(
    results: list[TableResult], group_players: Iterable[str] = ()
) -> dict[str, list[LeaderRow]]:
    """Per variant played, one row per player, best first (tables, then games, then average)."""
    roster = Roster(group_players, results)
    boards: dict[str, dict[str, LeaderRow]] = {}
    for result in results:
        board = boards.setdefault(result.variant, {})
        won = seats_of(result.standing.winner) if result.standing.finished else set()
        averaged = find_variant(result.variant).average_label is not None
        # Each game's winners once, not once per seat (a group may hold thousands of games).
        games_won = [0] * len(result.players)
        for data in result.rounds:
            for winner in game_winners(result.variant, data):
                games_won[winner] += 1
        set_winners = [s.get("winner") for s in result.standing.sets or []]
        for seat, raw in enumerate(result.players):
            name = roster.name(raw)
            row = board.setdefault(name, LeaderRow(name, averaged=averaged))
            row.tables_played += 1
            row.tables_won += seat in won
            row.games_played += len(result.rounds)
            row.games_won += games_won[seat]
            if row.averaged:
                row.points += sum(points[seat] for points in result.standing.round_points)
            row.sets_won += set_winners.count(team_of(seat))
    return {
        variant: sorted(boards[variant].values(), key=rank_key)
        for variant in VARIANTS
        if variant in boards
    }


def rank_key(row: LeaderRow) -> tuple[int, int, int, float, str]:
    """Tables (matches) won, sets, games won, then the lower average, then the name."""
    average = row.average if row.average is not None else 0.0
    return (-row.tables_won, -row.sets_won, -row.games_won, average, row.player.casefold())


def settled(results: list[TableResult]) -> list[TableResult]:
    """Finished tables with a money settlement, oldest first."""
    done = [r for r in results if r.standing.finished and r.standing.settlement is not None]
    return sorted(done, key=lambda r: r.played_at)


def money_balance(results: list[TableResult], group_players: Iterable[str] = ()) -> list[Balance]:
    """Money per player over all settled tables, biggest winner first (zero-sum overall)."""
    roster = Roster(group_players, results)
    cents: dict[str, int] = {}
    tables: dict[str, int] = {}
    for result in settled(results):
        assert result.standing.settlement is not None
        for raw, amount in zip(
            result.players, result.standing.settlement.amounts_cents, strict=True
        ):
            name = roster.name(raw)
            cents[name] = cents.get(name, 0) + amount
            tables[name] = tables.get(name, 0) + 1
    rows = [Balance(name, cents[name], tables[name]) for name in cents]
    return sorted(rows, key=lambda b: (-b.cents, b.player.casefold()))


def cumulative(
    results: list[TableResult], roster: Roster, gains: Callable[[TableResult], dict[int, float]]
) -> TimeSeries:
    """One point per table (oldest first): every player's running sum of `gains` per seat."""
    ordered = sorted(results, key=lambda r: r.played_at)
    names = list(dict.fromkeys(roster.name(p) for r in ordered for p in r.players))
    running = dict.fromkeys(names, 0.0)
    values: dict[str, list[float]] = {name: [] for name in names}
    for result in ordered:
        for seat, amount in gains(result).items():
            running[roster.name(result.players[seat])] += amount
        for name in names:
            values[name].append(running[name])
    return TimeSeries([r.played_at for r in ordered], [(name, values[name]) for name in names])


def wins_over_time(results: list[TableResult], group_players: Iterable[str] = ()) -> TimeSeries:
    """Tables won so far per player, after each finished table (all variants together)."""
    finished = [r for r in results if r.standing.finished]
    roster = Roster(group_players, finished)
    return cumulative(finished, roster, lambda r: dict.fromkeys(seats_of(r.standing.winner), 1.0))


def money_over_time(results: list[TableResult], group_players: Iterable[str] = ()) -> TimeSeries:
    """Money balance so far per player in euros, after each settled table."""
    done = settled(results)
    roster = Roster(group_players, done)

    def euros(result: TableResult) -> dict[int, float]:
        """The table's amounts per seat in euros."""
        assert result.standing.settlement is not None
        return {s: c / 100 for s, c in enumerate(result.standing.settlement.amounts_cents)}

    return cumulative(done, roster, euros)
