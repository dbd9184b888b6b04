"""A group's tables replayed into ratings, oldest first, going on from a checkpoint.

Ratings depend on the order of all games, so a change anywhere means replaying from there.
Changes nearly always touch the newest evening (the rounds being entered now), so a replay
keeps a checkpoint before the newest evening's tables and the next one starts there when
every table it covers is still exactly the same: its id, its version (which every change of
the table bumps) and its start, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from datetime import datetime

from app.groups.evening import evening_of
from app.groups.stats import Roster
from app.groups.stats import TableResult
from app.groups.stats import game_winners
from app.groups.stats import seats_of
from app.ratings.ledger import ACROSS
from app.ratings.ledger import Board
from app.ratings.ledger import Game
from app.ratings.ledger import GroupRatings
from app.ratings.ledger import Sitting
from app.scoring.types import team_of
from app.variants.registry import find_variant

# A table as a checkpoint covers it: its id, version and start (equal stamps, equal games).
Stamp = tuple[str, int, datetime]


@dataclass(frozen=True)
class Checkpoint:
    """The ratings after the first tables of a group (each as its `Stamp`, oldest first);
    never changed."""

    keys: list[Stamp]
    rated: GroupRatings

    def holds(self, stamps: list[Stamp], cut: int, regulars: list[str]) -> bool:
        """Does it cover the first of these tables (not beyond `cut`), for these regulars?"""
        size = len(self.keys)
        return self.rated.regulars == regulars and size <= cut and self.keys == stamps[:size]


def newest_cut(evenings: list[date]) -> int:
    """How many of the tables (their evenings, oldest first) come before the newest evening's."""
    return sum(evening != evenings[-1] for evening in evenings) if evenings else 0


def table_games(result: TableResult, names: list[str], evening: date) -> list[Game]:
    """The rated results of one table (games, sets or the whole table, as its variant says),
    in the order decided; each numbered by the round that decided it."""
    definition = find_variant(result.variant)
    games = []
    for found in definition.rated_results(
        len(names), result.options, result.rounds, result.standing
    ):
        rated = found.game
        sides = tuple(tuple(names[seat] for seat in side) for side in rated.sides)
        games.append(
            Game(result.table_id, result.variant, found.through, evening, sides, rated.places)
        )
    return games


def sitting_of(result: TableResult, names: list[str], evening: date) -> Sitting:
    """The table as the record keeps it for the statistics, its names as the group spells them."""
    definition = find_variant(result.variant)
    won = seats_of(result.standing.winner) if result.finished else set()
    games_won = [0] * len(names)
    for data in result.rounds:  # each game's winners once (a group may hold thousands)
        for seat in game_winners(result.variant, data):
            games_won[seat] += 1
    set_winners = [found.get("winner") for found in result.standing.sets or []]
    averaged = definition.average_label is not None  # minus points per game
    return Sitting(
        result.table_id,
        result.name,
        result.variant,
        result.played_at,
        tuple(names),
        result.finished,
        tuple(names[seat] for seat in sorted(won)),
        evening,
        result.cents,
        len(result.rounds),
        tuple(map(sum, zip(*result.standing.round_points, strict=True)))
        if averaged and result.rounds
        else (),
        definition.rated_note_for(result.options),
        tuple(games_won),
        tuple(set_winners.count(team_of(seat)) for seat in range(len(names))),
    )


def play_table(rated: GroupRatings, result: TableResult, names: list[str], evening: date) -> None:
    """Add one table: its games on its variant's board and on all variants', its money."""
    rated.tables.append(sitting_of(result, names, evening))
    for game in table_games(result, names, evening):
        rated.games.append(game)
        rated.boards.setdefault(game.variant, Board()).play(game)
        rated.boards.setdefault(ACROSS, Board()).play(game)
    settlement = result.standing.settlement
    if result.cents and settlement is not None:
        for transfer in settlement.transfers:
            rated.money[(names[transfer.payer], names[transfer.payee])] += transfer.cents


def played_on(
    rated: GroupRatings,
    results: list[TableResult],
    evening: Callable[[datetime], date] = evening_of,
) -> GroupRatings:
    """A copy of `rated` with these tables (oldest first, all after its own) played on it.
    A name is spelled as the regulars, else as at its first table (app.groups.stats.Roster)."""
    after = rated.copy()
    known = [*after.regulars, *(name for table in after.tables for name in table.players)]
    roster = Roster(known, results)
    for result in results:
        names = [roster.name(name) for name in result.players]
        play_table(after, result, names, evening(result.played_at))
    return after
