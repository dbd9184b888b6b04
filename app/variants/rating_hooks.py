"""The hooks by which a variant's definition says what one rated result is (a game, a set or
the finished table) and how its sides placed; `app/variants/base.py`'s Variant inherits them.

What decides the money and the winner decides the rating, so a table's winner never loses
rating against a player he beat there.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import ClassVar

from app.scoring.types import Standing
from app.text import Message
from app.variants.rated import GAME
from app.variants.rated import TABLE
from app.variants.rated import RatedGame
from app.variants.rated import RatedResult
from app.variants.rated import by_totals


class RatingHooks:
    """What one rated result is: "game", "set" or "table" (app/variants/rated.py), and the
    phrase the player page says of it."""

    rated_unit: ClassVar[str] = GAME
    rated_note: ClassVar[Message] = Message("each game, its winner ahead of the others")

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """What one stored round is for the ratings: the sides and their places (hook)."""
        raise NotImplementedError

    def rated_unit_for(self, options: Mapping[str, Any]) -> str:
        """What one rated result is at a table with these options (its `rated_unit`, unless an
        option changes what decides the table)."""
        return self.rated_unit

    def rated_note_for(self, options: Mapping[str, Any]) -> Message:
        """What counts for the ratings at a table with these options, as a phrase."""
        return self.rated_note

    def rated_results(
        self,
        players: int,
        options: Mapping[str, Any],
        rounds: Sequence[Mapping[str, Any]],
        standing: Standing,
    ) -> list[RatedResult]:
        """A table's rated results in the order decided: one per round ("game"), or one for
        the finished table ("table"; a running table is rated once it is decided)."""
        if self.rated_unit_for(options) == TABLE:
            if not standing.finished or not rounds:
                return []
            return [RatedResult(len(rounds), self.rated_table(players, options, standing))]
        return [
            RatedResult(number, self.rated_game(players, options, data))
            for number, data in enumerate(rounds, start=1)
        ]

    def rated_table(
        self, players: int, options: Mapping[str, Any], standing: Standing
    ) -> RatedGame:
        """A finished table for the ratings: by its totals, fewest first (hook)."""
        return by_totals(standing.totals)
