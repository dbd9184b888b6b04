"""The fields of a referee question in players' words, for the sentences of its errors.

An error keeps the JSON path of docs/api.md §1 in its ``field``; its sentence names the field
as a player says it ("Oberste Karte", "Spieler im Spiel"), never by the path.
"""

from __future__ import annotations

import re

from app.text import Text

FIELD_WORDS = {
    "variant": Text("Variante", "Variant"),
    "players": Text("Spieler im Spiel", "Players in the game"),
    "actor": Text("Wer spielt", "Who plays"),
    "lang": Text("Sprache", "Language"),
    "options": Text("Hausregeln", "House rules"),
    "situation.top": Text("Oberste Karte", "Top card"),
    "situation.below": Text("Karte darunter", "Card below"),
    "situation.wish": Text("Aktiver Wunsch", "Active wish"),
    "situation.pending": Text("Anstehende Wirkung", "Pending effect"),
    "situation.hand": Text("Deine Hand", "Your hand"),
    "situation.hand_count": Text("Karten auf der Hand", "Cards in your hand"),
    "situation.drew": Text("Schon gezogen", "Already drawn"),
    "situation.top_was_last": Text("Oberste Karte war eine letzte Karte",
                                   "Top card was a last card"),
    "situation.waiting": Text("Noch wartende Wirkung", "Effect still waiting"),
    "situation": Text("Die Situation", "The situation"),
    "action.play": Text("Gespielte Karte", "Card played"),
    "action.wish": Text("Dein Wunsch", "Your wish"),
    "action.draw": Text("Ziehen", "Draw"),
    "action": Text("Dein Zug", "Your move"),
}


def field_words(path: str | None) -> Text:
    """A field path (``action.play[0]``, ``situation.wish.suit``) in players' words: the
    words of its nearest named parent, the path itself when none is named."""
    if not path:
        return Text("Die Frage", "The question")
    plain = re.sub(r"\[\d+\]", "", path)
    while plain:
        if plain in FIELD_WORDS:
            return FIELD_WORDS[plain]
        plain = plain.rpartition(".")[0]
    return Text(path, path)


def variant_title(name: str) -> str:
    """A variant as players call it: ``Dynamisch``, ``Doppel``."""
    return name.capitalize()
