"""Doppel Mau-Mau's house rules (RULES.md, "House rules"): its own switches, read by its rules."""

from __future__ import annotations

from app.engine.houserules import HouseRule
from app.text import Message

NINE = HouseRule(
    "dop.house.nine",
    "nine",
    "must",
    Message("After a nine"),
    (
        ("must", Message("Who plays a nine must play the cards owed (or draw one for each).")),
        ("may", Message("Who plays a nine may draw instead: all cards still owed at once.")),
    ),
)
