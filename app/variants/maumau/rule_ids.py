"""Mau-Mau's rule IDs by kind (app.engine.rule_ids merges every variant's); its house rules are
options as Speedone's are; the one point RULES.md §6 leaves open is the ace as the last card."""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    "mau.serve": "play",
    "mau.draw.play": "play",
    "mau.start": "setup",
    "mau.stock": "setup",
    "mau.jack": "play",
    "mau.7": "play",
    "mau.8": "play",
    "mau.9": "play",
    "mau.ace": "play",
    "mau.last": "manners",
    "mau.score.wins": "score",
    "mau.score.points": "score",
    "mau.money": "score",
    "mau.house.jackonjack": "option",
    "mau.house.seven": "option",
    "mau.house.nine": "option",
    "mau.house.ace": "option",
    "mau.house.drawplay": "option",
    "mau.house.jacklast": "option",
}
# fmt: on

INTERPRETATIONS: dict[str, Message] = {
    "mau.house.ace": Message(
        "an ace played as the last card does not end the game: its player still owes a card, "
        "so he draws one and his turn ends."
    )
}
