"""Mau-Mau's score keeping, a table option: wins (mau.score.wins) or points to a limit
(mau.score.points); either may be played for money (mau.money)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app import inputs
from app.inputs import Field
from app.scoring.base import RATE_SCHEMA
from app.scoring.base import SERIES_SCHEMA
from app.scoring.base import Scoring
from app.scoring.base import rate_cents
from app.scoring.base import series_length
from app.scoring.types import Standing
from app.text import InputError
from app.text import Message
from app.variants.maumau.money import WinsMoney
from app.variants.maumau.points import DECK_POINTS

SCORING = Field("options.scoring", Message("The scoring"))
GAMES = Field("options.games", Message("The number of games"))
LIMIT = Field("options.limit", Message("The points limit"))
CARDS = Field("options.cards", Message("The cards dealt to each player"))
WINNER = Field("winner", Message("The winner of the game"))
POINTS = Field("points", Message("The points"))
JACK_END = Field("jack_end", Message("Ended with a jack"))
DECK_CARDS = 32  # one Skat deck


class MaumauScoring(Scoring):
    """Wins per player (open-ended or N games), or points per player up to a limit."""

    defaults = {"scoring": "wins", "games": None, "limit": 100, "rate_cents": 0, "cards": 5}
    option_schemas = {
        "scoring": {"enum": ["wins", "points"]},
        "games": {"oneOf": [{"type": "null"}, SERIES_SCHEMA]},
        "limit": {"type": "integer", "minimum": 10, "maximum": 1000},
        "rate_cents": RATE_SCHEMA,
        "cards": {"type": "integer", "minimum": 5, "maximum": 7},
    }
    # mau.score.points plays to a limit, not a number of games; the deck (32) must hold every
    # hand and leave a stock: 7 cards for at most 4 players, 6 for at most 5.
    table_rules = (
        {
            "if": {
                "required": ["options"],
                "properties": {
                    "options": {
                        "required": ["scoring"],
                        "properties": {"scoring": {"const": "points"}},
                    }
                },
            },
            "then": {"properties": {"options": {"properties": {"games": {"type": "null"}}}}},
        },
        *(
            {
                "if": {
                    "required": ["options"],
                    "properties": {
                        "options": {
                            "required": ["cards"],
                            "properties": {"cards": {"const": cards}},
                        }
                    },
                },
                "then": {"properties": {"players": {"maxItems": (DECK_CARDS - 1) // cards}}},
            }
            for cards in (6, 7)
        ),
    )
    round_keys = frozenset({"winner", "points", "jack_end"})
    money_when = {}  # mau.money: both scorings may be played for money

    def option(self, key: str, value: Any) -> Any:
        """scoring wins|points, games null or 1–100, limit 10–1000, rate_cents, cards 5–7."""
        if key == "scoring":
            return inputs.choice(value, SCORING, ("wins", "points"))
        if key == "games":
            return None if value is None else series_length(value, GAMES)
        if key == "limit":
            return inputs.whole(value, LIMIT, 10, 1000)
        if key == "cards":
            return inputs.whole(value, CARDS, 5, 7)
        return rate_cents(value)

    def check_options(self, options: dict[str, Any], players: int) -> None:
        """A number of games belongs to wins; the deck must hold every hand and a start card."""
        if options["scoring"] == "points" and options["games"] is not None:
            raise GAMES.fail(Message("is only for tables that count wins; points play to a limit."))
        if players * options["cards"] >= DECK_CARDS:
            raise CARDS.fail(
                Message(
                    "must leave cards for the stock: %(players)s players × %(cards)s cards do not "
                    "fit one deck of 32.",
                    players=players,
                    cards=options["cards"],
                )
            )

    open_ended_schema = {"properties": {"scoring": {"const": "wins"}, "games": {"type": "null"}}}

    def open_ended(self, options: Mapping[str, Any]) -> bool:
        """Wins without a number of games run until the players end the table."""
        return options["scoring"] == "wins" and options.get("games") is None

    def closed_options(self, options: Mapping[str, Any], played: int) -> dict[str, Any]:
        """Ended by hand: as if the games played had been the number agreed."""
        return {**options, "games": played}

    def entry_max(self, options: Mapping[str, Any]) -> dict[str, int]:
        """A hand holds at most the whole deck's points (the steppers' upper end)."""
        return {"points": DECK_POINTS}

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The winner's seat; with points also each hand's points (the winner's 0) and
        whether a jack ended the game."""
        count = len(players)
        winner = inputs.seat(inputs.required(body, "winner", WINNER), WINNER, count)
        if options["scoring"] == "wins":
            for key, field in (("points", POINTS), ("jack_end", JACK_END)):
                if key in body:
                    raise field.fail(Message("is only entered when the table counts points."))
            return {"winner": winner}
        raw = inputs.entries(inputs.required(body, "points", POINTS), POINTS, count)
        points = [
            inputs.whole(
                value,
                Field(f"points[{seat}]", Message("The hand points of %(name)s", name=name)),
                0,
                DECK_POINTS,
            )
            for seat, (name, value) in enumerate(zip(players, raw, strict=True))
        ]
        if points[winner]:
            raise InputError(
                Message(
                    "%(player)s won the game and so has no cards left: 0 points, not %(points)s.",
                    player=players[winner],
                    points=points[winner],
                ),
                f"points[{winner}]",
            )
        if sum(points) > DECK_POINTS:
            raise POINTS.fail(
                Message("add up to more than one deck holds (%(most)s).", most=DECK_POINTS)
            )
        jack_end = inputs.flag(body.get("jack_end", False), JACK_END)
        return {"winner": winner, "points": points, "jack_end": jack_end}

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[int]:
        """wins: 1 for the winner; points: the hand points, doubled after a jack."""
        if options["scoring"] == "wins":
            return [int(seat == data["winner"]) for seat in range(players)]
        factor = 2 if data["jack_end"] else 1  # mau.score.points: "Mau-Mau" counts double
        return [factor * value for value in data["points"]]

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """The standing of either scoring and when the table finished."""
        if options["scoring"] == "wins":
            return self.wins(players, options, rounds)
        return self.to_limit(players, options, rounds)

    def wins(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """mau.score.wins: most wins after N games (or open-ended); mau.money per game."""
        standing, done_at = self.wins_count(players, options, rounds)
        rate = options["rate_cents"]
        if rate:
            standing = replace(standing, money=WinsMoney(rate))
        return standing, done_at

    def to_limit(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """mau.score.points: the table ends when a player reaches the limit; fewest points
        win; mau.money ranks by total as dyn.money."""
        limit, points = options["limit"], [self.points(players, options, d) for d in rounds]
        totals = [0] * players
        finished: int | None = None
        for number, row in enumerate(points, start=1):
            totals = [a + b for a, b in zip(totals, row, strict=True)]
            if finished is None and max(totals) >= limit:
                finished = number
        standing = self.tally(
            players,
            points,
            lower_is_better=True,
            finished=finished is not None,
            next_dealer=self.next_dealer(players, rounds),
            progress={"kind": "target", "best": max(totals), "target": limit},
            rate=options["rate_cents"],
        )
        return standing, finished
