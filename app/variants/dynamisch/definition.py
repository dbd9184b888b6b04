"""Dynamisches Maumau: minus points per game, a series of 8, fewest wins, money (dyn.*)."""

from __future__ import annotations

from app.text import Text
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.dynamisch.scoring import DynamischScoring


class Dynamisch(Variant):
    """dyn.score, dyn.score.double, dyn.series, dyn.money, dyn.dealer."""

    id = "dynamisch"
    label = Text("Dynamisches Maumau", "Dynamic Mau-Mau")
    description = Text(
        "Serie von 8 Spielen mit Minuspunkten; wer die wenigsten hat, gewinnt.",
        "A series of 8 games with minus points; the fewest wins.",
    )
    min_players = 2
    max_players = 6
    scoring = DynamischScoring()
    names_jack_suit = True
    form_fields = {"games": "games", "rate_cents": "rate_cents"}
    round_entry = "hands"
    average_label = Text("Ø: Minuspunkte pro Spiel", "Ø: minus points per game")
    chart_note_text = Text(
        "Minuspunkte: Die unterste Linie ist am besten.", "Minus points: the lowest line is best."
    )
    blank_sheet = BlankSheetSetup(room=6, rows=(1, 12, 8))
