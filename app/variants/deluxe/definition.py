"""Maumau-Deluxe: 1 penalty point per card left, a series of 10 rounds (dlx.*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.text import Message
from app.variants.base import ROUNDS
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.deluxe.game import DeluxeGame
from app.variants.deluxe.scoring import DeluxeScoring
from app.variants.rated import TABLE
from app.variants.rated import RatedGame
from app.variants.rated import by_points


class Deluxe(Variant):
    """dlx.out: the player out deals next, everybody else 1 point per card left."""

    id = "deluxe"
    order = 2
    game = DeluxeGame
    rules = DeluxeGame.rules
    short_name = "Deluxe"
    label = Message("Mau-Mau Deluxe")
    description = Message("10 rounds, one penalty point per card in hand; the fewest wins.")
    min_players = 2
    max_players = 8
    scoring = DeluxeScoring()
    round_words = ROUNDS
    form_fields = {"rounds": "rounds", "rate_cents": "rate_cents"}
    round_entry = "cards"
    average_label = Message("Ø: penalty points per round")
    chart_note_text = Message("Penalty points: the lowest line is best.")
    blank_sheet = BlankSheetSetup(room=8, rows=(1, 20, 10), row_words=ROUNDS)
    # The 10 rounds' penalty points together decide the winner and the money: the finished
    # table is one rated result.
    rated_unit = TABLE
    rated_note = Message("each finished table, placed by its penalty points")

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """dlx.out: placed by the round's penalty points, fewest first (ties share a place)."""
        return by_points(self.scoring.points(players, options, data))


VARIANT = Deluxe()
