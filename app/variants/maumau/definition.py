"""Mau-Mau as families play it: wins or points to a limit, every special card a switch (mau.*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.text import Message
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.maumau.game import MaumauGame
from app.variants.maumau.scoring import MaumauScoring
from app.variants.rated import GAME
from app.variants.rated import TABLE
from app.variants.rated import RatedGame
from app.variants.rated import by_points
from app.variants.rated import winner_first


class Maumau(Variant):
    """mau.score.wins or mau.score.points (table option ``scoring``), mau.money."""

    id = "maumau"
    order = 6
    game = MaumauGame
    rules = MaumauGame.rules
    short_name = "Klassisch"
    label = Message("Classic Mau-Mau")
    description = Message(
        "The Mau-Mau families play: count wins or points; the special cards as you agree."
    )
    min_players = 2
    max_players = 6
    scoring = MaumauScoring()
    names_round_winner = True
    # The same winner twice in a row is an ordinary evening when only wins are counted.
    repeat_doubtful = False
    # The page's fields (table_form.py): wins or points, the games of a tally (empty:
    # open-ended), the limit, the cards dealt; the money box's rate.
    form_fields = {
        "scoring": "tally",
        "games": "mau_games",
        "limit": "limit",
        "cards": "cards",
        "rate_cents": "rate_cents",
    }
    round_entry = "winner"
    chart_note_text = Message("Wins or points, as the table counts them.")
    blank_sheet = BlankSheetSetup(
        room=6,
        rows=(1, 20, 12),
        choices={"scoring": ("wins", "points")},
        choice_words={
            "scoring": Message("Count"),
            "wins": Message("Games won"),
            "points": Message("Points to a limit"),
        },
    )

    def entry_for(self, options: Mapping[str, Any]) -> str:
        """mau.score.points asks the hands' points and the closing jack; wins only the winner."""
        return "points_jack" if options.get("scoring") == "points" else self.round_entry

    def scores_wins_for(self, options: Mapping[str, Any]) -> bool:
        """mau.score.wins: a round is a win (a tick in the grid)."""
        return options.get("scoring") != "points"

    def chart_target(self, options: Mapping[str, Any]) -> int | None:
        """mau.score.points: the limit that ends the table."""
        return options["limit"] if options.get("scoring") == "points" else None

    def chart_note(self, options: Mapping[str, Any]) -> Message:
        """Wins: the highest line is best; points: the lowest, up to the limit."""
        if options.get("scoring") == "points":
            return Message("Points: the lowest line is best; the table ends at the limit.")
        return Message("Games won: the highest line is best.")

    def rated_unit_for(self, options: Mapping[str, Any]) -> str:
        """mau.score.points: the points up to the limit decide the table and its money, so the
        finished table is one rated result; mau.score.wins: the table counts each game's
        winner, so each game is one."""
        return TABLE if options.get("scoring") == "points" else GAME

    def rated_note_for(self, options: Mapping[str, Any]) -> Message:
        """What counts, as the table keeps its score."""
        if options.get("scoring") == "points":
            return Message("each finished table counting points, placed by its points")
        return Message("each game counting wins, its winner ahead of the others")

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """Wins: the player out first won, the others alike; points: placed by points."""
        if options.get("scoring") == "points":
            return by_points(self.scoring.points(players, options, data))
        return winner_first(players, data["winner"])


VARIANT = Maumau()
