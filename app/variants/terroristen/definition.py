"""Terroristen-Mau-Mau: the first player out wins the game; the table counts wins (ter.*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.text import Message
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.rated import RatedGame
from app.variants.rated import winner_first
from app.variants.terroristen.game import TerroristenGame
from app.variants.terroristen.scoring import TerroristenScoring


class Terroristen(Variant):
    """Wins per player; open-ended or the most wins after N games."""

    id = "terroristen"
    order = 4
    game = TerroristenGame
    rules = TerroristenGame.rules
    short_name = "Terroristen"
    label = Message("Terrorist Mau-Mau")
    description = Message("The first player out wins the game; the table counts the wins.")
    min_players = 2
    max_players = 10
    scoring = TerroristenScoring()
    scores_wins = True
    names_round_winner = True
    form_fields = {"games": "ter_games"}
    round_entry = "winner"
    # The same winner twice in a row is an ordinary evening, not a round entered twice.
    repeat_doubtful = False
    chart_note_text = Message("Games won: the highest line is best.")
    blank_sheet = BlankSheetSetup(room=10)
    # ter.win: each game has its winner and the table only counts the wins, so each game is
    # one rated result (the default unit), its winner ahead of everybody else.

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """ter.win: the player out first wins; the others did not, all alike."""
        return winner_first(players, data["winner"])


VARIANT = Terroristen()
