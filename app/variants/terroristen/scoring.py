"""Terroristen-Mau-Mau: the first player out wins the game; the table counts wins (ter.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from app import inputs
from app.inputs import Field
from app.scoring.base import SERIES_SCHEMA
from app.scoring.base import Scoring
from app.scoring.base import series_length
from app.scoring.types import Standing
from app.text import Message

GAMES = Field("options.games", Message("The number of games"))
WINNER = Field("winner", Message("The winner of the game"))


class TerroristenScoring(Scoring):
    """Wins per player; open-ended (games null) or the most wins after N games."""

    defaults = {"games": None}
    option_schemas = {"games": {"oneOf": [{"type": "null"}, SERIES_SCHEMA]}}
    round_keys = frozenset({"winner"})

    def option(self, key: str, value: Any) -> Any:
        """games: null (open-ended) or 1–100."""
        return None if value is None else series_length(value, GAMES)

    open_ended_schema = {"properties": {"games": {"type": "null"}}}

    def open_ended(self, options: Mapping[str, Any]) -> bool:
        """Without a number of games the table runs until the players end it."""
        return options.get("games") is None

    def closed_options(self, options: Mapping[str, Any], played: int) -> dict[str, Any]:
        """Ended by hand: as if the games played had been the number agreed."""
        return {**options, "games": played}

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The seat of the player who went out first."""
        return {
            "winner": inputs.seat(inputs.required(body, "winner", WINNER), WINNER, len(players))
        }

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[int]:
        """1 for the winner, 0 for everybody else (docs/api.md)."""
        return [int(seat == data["winner"]) for seat in range(players)]

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """Open-ended tables never finish; with N games the most wins win (ties: all of them)."""
        return self.wins_count(players, options, rounds)
