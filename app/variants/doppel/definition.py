"""Doppel Mau-Mau: two teams, games to sets to a match (dop.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from app.scoring.types import Standing
from app.text import Message
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.doppel.game import DoppelGame
from app.variants.doppel.scoring import DoppelScoring
from app.variants.rated import SET
from app.variants.rated import RatedGame
from app.variants.rated import RatedResult
from app.variants.rated import team_won


class Doppel(Variant):
    """dop.deal, dop.game, dop.set, dop.match: exactly 4 players, partners sit opposite."""

    id = "doppel"
    order = 5
    game = DoppelGame
    rules = DoppelGame.rules
    short_name = "Doppel"
    label = Message("Double Mau-Mau")
    description = Message("Two teams of two; sets to 5 with a lead of 2, two sets win the match.")
    # The scored table seats 4; the referee also judges 2–3 left when players went out.
    min_players = 4
    max_players = 4
    scoring = DoppelScoring()
    team_play = True
    team_scores = True
    has_sets = True
    own_titles = True
    scores_wins = True
    round_entry = "team"
    # The same winner twice in a row is an ordinary evening, not a round entered twice.
    repeat_doubtful = False
    chart_note_text = Message("Games won in the current set; a new set starts at 0.")
    blank_sheet = BlankSheetSetup(room=4)
    # dop.set, dop.match: a set (5 games, a lead of 2) is what the match counts, and its winner
    # is decided by play rather than by one deal; rating single games would let the match's
    # winners lose rating on a match they won with fewer games (5:3, 0:5, 5:3). A whole match
    # is only one result per evening, too few for a team's rating to settle: the set it is.
    rated_unit = SET
    rated_note = Message("each decided set, the team that won it ahead")

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """dop.game: two teams of two, the winning team first."""
        return team_won(data["winner"])

    def rated_results(
        self,
        players: int,
        options: Mapping[str, Any],
        rounds: Sequence[Mapping[str, Any]],
        standing: Standing,
    ) -> list[RatedResult]:
        """dop.set: each decided set, rated after the game that decided it (a set still being
        played is rated once it is decided)."""
        results, played = [], 0
        for each in standing.sets or []:
            played += each["A"] + each["B"]
            if each["winner"] is not None:
                results.append(RatedResult(played, team_won(each["winner"])))
        return results


VARIANT = Doppel()
