"""A group's ratings written as JSON and read back exactly, to be stored between starts.

Plain lists and numbers: a rating is its mu and sigma (floats round-trip exactly), an evening
its ordinal, a moment ISO 8601, a game its table's place in the list (the game's variant and
evening are its table's). What a rated result is at a table is kept as its message's msgid and
values.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from datetime import datetime
from typing import Any

from app.ratings.ledger import Board
from app.ratings.ledger import Game
from app.ratings.ledger import GroupRatings
from app.ratings.ledger import Sitting
from app.ratings.scale import MODEL
from app.text import Message


def board_json(board: Board) -> dict[str, Any]:
    """A board: each player's rating, games and rating after each of his evenings."""
    return {
        "ratings": {name: [r.mu, r.sigma] for name, r in board.ratings.items()},
        "games": dict(board.games),
        "history": {
            name: [[evening.toordinal(), value] for evening, value in own.items()]
            for name, own in board.history.items()
        },
    }


def board_from(data: dict[str, Any]) -> Board:
    """The board as written by `board_json`."""
    return Board(
        {
            name: MODEL.rating(mu=mu, sigma=sigma, name=name)
            for name, (mu, sigma) in data["ratings"].items()
        },
        Counter(data["games"]),
        {
            name: {date.fromordinal(day): value for day, value in own}
            for name, own in data["history"].items()
        },
    )


def message_json(message: Message | None) -> list[Any] | None:
    """A plain message as [msgid, values]."""
    if message is None:
        return None
    if type(message) is not Message or any(isinstance(v, Message) for v in message.values.values()):
        raise TypeError(f"only a plain message is written here, not {message!r}")
    return [message.msgid, message.values]


def sitting_json(table: Sitting) -> list[Any]:
    """A table as the record keeps it, field by field."""
    return [
        table.table_id,
        table.name,
        table.variant,
        table.played_at.isoformat(),
        table.players,
        table.finished,
        table.winners,
        table.evening.toordinal() if table.evening is not None else None,
        table.cents,
        table.rounds,
        table.points,
        message_json(table.counts),
        table.games_won,
        table.sets_won,
    ]


def sitting_from(row: list[Any]) -> Sitting:
    """The table as written by `sitting_json`."""
    (table_id, name, variant, at, players, finished, winners, evening) = row[:8]
    (cents, rounds, points, counts, games_won, sets_won) = row[8:]
    return Sitting(
        table_id,
        name,
        variant,
        datetime.fromisoformat(at),
        tuple(players),
        finished,
        tuple(winners),
        date.fromordinal(evening) if evening is not None else None,
        tuple(cents),
        rounds,
        tuple(points),
        Message(counts[0], **counts[1]) if counts is not None else None,
        tuple(games_won),
        tuple(sets_won),
    )


def ratings_json(rated: GroupRatings) -> dict[str, Any]:
    """The whole record: regulars, boards, tables, games (by their table's place), money."""
    place = {table.table_id: index for index, table in enumerate(rated.tables)}
    return {
        "regulars": rated.regulars,
        "boards": {key: board_json(board) for key, board in rated.boards.items()},
        "tables": [sitting_json(table) for table in rated.tables],
        "games": [[place[g.table_id], g.number, g.sides, g.places] for g in rated.games],
        "money": [[payer, payee, cents] for (payer, payee), cents in rated.money.items()],
    }


def ratings_from(data: dict[str, Any]) -> GroupRatings:
    """The record as written by `ratings_json`."""
    tables = [sitting_from(row) for row in data["tables"]]
    games = []
    for index, number, sides, places in data["games"]:
        table = tables[index]
        assert table.evening is not None  # every rated table has its evening
        sided = tuple(tuple(side) for side in sides)
        games.append(
            Game(table.table_id, table.variant, number, table.evening, sided, tuple(places))
        )
    return GroupRatings(
        list(data["regulars"]),
        {key: board_from(board) for key, board in data["boards"].items()},
        games,
        tables,
        Counter({(payer, payee): cents for payer, payee, cents in data["money"]}),
    )
