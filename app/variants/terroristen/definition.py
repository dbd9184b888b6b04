"""Terroristen-Mau-Mau: the first player out wins the game; the table counts wins (ter.*)."""

from __future__ import annotations

from app.text import Text
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.terroristen.scoring import TerroristenScoring


class Terroristen(Variant):
    """Wins per player; open-ended or the most wins after N games."""

    id = "terroristen"
    label = Text("Terroristen-Mau-Mau", "Terrorist Mau-Mau")
    description = Text(
        "Wer zuerst alle Karten los ist, gewinnt; gezählt werden die Siege.",
        "The first player out wins the game; the table counts the wins.",
    )
    min_players = 2
    max_players = 10
    scoring = TerroristenScoring()
    scores_wins = True
    names_round_winner = True
    form_fields = {"games": "ter_games"}
    round_entry = "winner"
    chart_note_text = Text(
        "Gewonnene Spiele: Die oberste Linie ist am besten.",
        "Games won: the highest line is best.",
    )
    blank_sheet = BlankSheetSetup(room=10)
