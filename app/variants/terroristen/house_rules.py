"""Terroristen-Mau-Mau's house rules (RULES.md, "House rules"), read by its rules."""

from __future__ import annotations

from app.engine.houserules import HouseRule
from app.text import Message

SEVEN = HouseRule(
    "ter.house.seven",
    "seven",
    "draw2",
    Message("The seven"),
    (
        ("draw2", Message("The next player draws 2 cards.")),
        ("pass", Message("Seven on seven: pass it on, the next draws 2 more per seven.")),
        ("none", Message("The seven has no effect.")),
    ),
)

MULTI = HouseRule(
    "ter.house.multi",
    "multi",
    "rank",
    Message("Several cards at once"),
    (
        ("rank", Message("All cards of the same rank may be played together.")),
        ("twins", Message("Only identical cards (suit and rank, twins) together.")),
    ),
)
