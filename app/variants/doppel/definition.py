"""Doppel Mau-Mau: two teams, games to sets to a match (dop.*)."""

from __future__ import annotations

from app.text import Text
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.doppel.scoring import DoppelScoring


class Doppel(Variant):
    """dop.deal, dop.game, dop.set, dop.match: exactly 4 players, partners sit opposite."""

    id = "doppel"
    label = Text("Doppel Mau-Mau", "Double Mau-Mau")
    description = Text(
        "Zwei Teams zu zweit; Sätze bis 5 mit 2 Vorsprung, 2 Sätze gewinnen.",
        "Two teams of two; sets to 5 with a lead of 2, two sets win the match.",
    )
    # The scored table seats 4; the referee also judges 2–3 left when players went out.
    min_players = 4
    max_players = 4
    scoring = DoppelScoring()
    team_play = True
    team_scores = True
    has_sets = True
    scores_wins = True
    round_entry = "team"
    chart_note_text = Text(
        "Gewonnene Spiele im laufenden Satz; ein neuer Satz beginnt bei 0.",
        "Games won in the current set; a new set starts at 0.",
    )
    blank_sheet = BlankSheetSetup(room=4)
