"""The fields of a referee question in players' words ("Oberste Karte"), for the sentences
of its errors; the JSON path stays in the error's ``field``.
"""

from __future__ import annotations

import re

from app.text import InContext
from app.text import Message

FIELD_WORDS = {
    "variant": Message("Variant"),
    "players": Message("Players in the game"),
    "actor": Message("Who plays"),
    "lang": Message("Language"),
    "options": Message("House rules"),
    "situation.top": Message("Top card"),
    "situation.below": Message("Card below"),
    # The referee form labels these two otherwise ("Geltender Wunsch", "Offener Effekt").
    "situation.wish": InContext("field", "Active wish"),
    "situation.pending": InContext("field", "Pending effect"),
    "situation.hand": Message("Your hand"),
    "situation.hand_count": Message("Cards in your hand"),
    "situation.drew": Message("Already drawn"),
    "situation.top_was_last": Message("Top card was a last card"),
    "situation.waiting": Message("Effect still waiting"),
    "situation": Message("The situation"),
    "action.play": Message("Card played"),
    "action.wish": Message("Your wish"),
    "action.draw": Message("Draw"),
    "action": Message("Your move"),
}


def field_words(path: str | None) -> Message | str:
    """A field path (``action.play[0]``, ``situation.wish.suit``) in players' words: the
    words of its nearest named parent, the path itself when none is named."""
    if not path:
        return Message("The question")
    plain = re.sub(r"\[\d+\]", "", path)
    while plain:
        if plain in FIELD_WORDS:
            return FIELD_WORDS[plain]
        plain = plain.rpartition(".")[0]
    return path


def variant_title(name: str) -> str:
    """A variant as players call it (its short name, any case)."""
    return name.capitalize()
