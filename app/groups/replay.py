"""A group's tables replayed into ratings, oldest first, going on from a checkpoint.

Ratings depend on the order of all games, so a change anywhere means replaying from there.
Changes nearly always touch the newest evening (the rounds being entered now), so a replay
keeps a checkpoint before the newest evening's tables and the next one starts there when
every older table is still exactly the same (players, options, rounds, time).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from datetime import datetime
from typing import Any

from app.groups.evening import evening_of
from app.groups.stats import Roster
from app.groups.stats import TableResult
from app.groups.stats import seats_of
from app.ratings.ledger import ACROSS
from app.ratings.ledger import Board
from app.ratings.ledger import Game
from app.ratings.ledger import GroupRatings
from app.ratings.ledger import Sitting
from app.variants.registry import find_variant


@dataclass(frozen=True)
class Checkpoint:
    """The ratings after the first tables (each as its `table_key`); never changed."""

    keys: list[Any]
    rated: GroupRatings


def table_key(result: TableResult) -> Any:
    """Everything of a table its games depend on: equal keys, equal games."""
    return (result.table_id, result.played_at, result.players, result.options, result.rounds)


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


def play_table(rated: GroupRatings, result: TableResult, names: list[str], evening: date) -> None:
    """Add one table: its games on its variant's board and on all variants', its money."""
    won = seats_of(result.standing.winner) if result.standing.finished else set()
    settlement = result.standing.settlement
    settled = result.standing.finished and settlement is not None
    definition = find_variant(result.variant)
    kept = definition.average_label is not None  # minus points per game
    rated.tables.append(
        Sitting(
            result.table_id,
            result.name,
            result.variant,
            result.played_at,
            tuple(names),
            result.standing.finished,
            tuple(names[s] for s in sorted(won)),
            evening,
            tuple(settlement.amounts_cents) if settled and settlement is not None else (),
            len(result.rounds),
            tuple(map(sum, zip(*result.standing.round_points, strict=True)))
            if kept and result.rounds
            else (),
            definition.rated_note_for(result.options),
        )
    )
    for game in table_games(result, names, evening):
        rated.games.append(game)
        rated.boards.setdefault(game.variant, Board()).play(game)
        rated.boards.setdefault(ACROSS, Board()).play(game)
    if settled and settlement is not None:
        for transfer in settlement.transfers:
            rated.money[(names[transfer.payer], names[transfer.payee])] += transfer.cents


def rate_group(
    results: list[TableResult],
    regulars: list[str],
    evening: Callable[[datetime], date] = evening_of,
    resume: Checkpoint | None = None,
) -> tuple[GroupRatings, Checkpoint]:
    """Rate every game of the group's tables (oldest first) and collect the tables and the
    money paid between players; go on from `resume` where it still holds. Returns the
    ratings and the checkpoint before the newest evening's tables."""
    ordered = sorted(results, key=lambda r: r.played_at)
    keys = [table_key(r) for r in ordered]
    evenings = [evening(r.played_at) for r in ordered]
    # Tables before the newest evening (a new name's spelling comes from its first table, so
    # the spellings of these tables do not change with newer ones).
    cut = sum(e != evenings[-1] for e in evenings) if ordered else 0
    roster = Roster(regulars, ordered)
    spelled = [roster.name(name) for name in regulars]
    holds = (
        resume is not None
        and resume.rated.regulars == spelled
        and len(resume.keys) <= cut
        and resume.keys == keys[: len(resume.keys)]
    )
    checkpoint = resume if resume is not None and holds else None
    if checkpoint is not None:
        rated, start = checkpoint.rated.copy(), len(checkpoint.keys)
    else:
        rated, start = GroupRatings(spelled), 0
    for index in range(start, len(ordered) + 1):
        if index == cut and (checkpoint is None or len(checkpoint.keys) != cut):
            checkpoint = Checkpoint(keys[:cut], rated.copy())
        if index < len(ordered):
            names = [roster.name(name) for name in ordered[index].players]
            play_table(rated, ordered[index], names, evenings[index])
    assert checkpoint is not None  # start <= cut <= len(ordered): the loop passed the cut
    return rated, checkpoint
