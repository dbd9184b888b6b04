"""Dynamisches Maumau: minus points per game, a series of 8, fewest wins, money (dyn.*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.text import Message
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.dynamisch.game import DynamischGame
from app.variants.dynamisch.scoring import DynamischScoring
from app.variants.rated import TABLE
from app.variants.rated import RatedGame
from app.variants.rated import by_points


class Dynamisch(Variant):
    """dyn.score, dyn.score.double, dyn.series, dyn.money, dyn.dealer."""

    id = "dynamisch"
    order = 1
    game = DynamischGame
    rules = DynamischGame.rules
    short_name = "Dynamisch"
    label = Message("Dynamic Mau-Mau")
    description = Message("A series of 8 games with minus points; the fewest wins.")
    min_players = 2
    max_players = 6
    scoring = DynamischScoring()
    names_jack_suit = True
    own_titles = True
    form_fields = {"games": "games", "rate_cents": "rate_cents"}
    round_entry = "hands"
    average_label = Message("Ø: minus points per game")
    chart_note_text = Message("Minus points: the lowest line is best.")
    blank_sheet = BlankSheetSetup(room=6, rows=(1, 12, 8))
    # dyn.series, dyn.money: the series' totals decide the winner and the money, not the
    # places of its single games, so the finished series is one rated result.
    rated_unit = TABLE
    rated_note = Message("each finished series, placed by its minus points")

    def round_doubts(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[Message]:
        """dyn.effect.noend: the game ends as one player goes out and the one who took the last
        effect holds cards; everybody out at once looks like an untouched form."""
        if any(hand["jacks"] + hand["others"] for hand in data["hands"]):
            return []
        return [Message("Nobody has cards left — save anyway?")]

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """dyn.score: placed by the game's minus points, fewest first (ties share a place)."""
        return by_points(self.scoring.points(players, options, data))


VARIANT = Dynamisch()
