"""Mau-Mau's house rules (RULES.md, "House rules"): the points where families disagree."""

from __future__ import annotations

from app.engine.houserules import HouseRule
from app.engine.houserules import on_off
from app.text import Message

JACK_ON_JACK = on_off(
    "mau.house.jackonjack",
    "jack_on_jack",
    False,
    Message("Jack on jack"),
    Message("A jack may be played on a jack."),
    Message("No jack on a jack."),
)
SEVEN = HouseRule(
    "mau.house.seven",
    "seven",
    "stack",
    Message("The seven"),
    (
        ("stack", Message("Seven on seven: the next draws 2 more per seven.")),
        ("draw2", Message("The next player draws 2 cards; a seven cannot be answered.")),
        ("none", Message("The seven has no effect.")),
    ),
)
NINE = HouseRule(
    "mau.house.nine",
    "nine",
    "none",
    Message("The nine"),
    (
        ("none", Message("The nine has no effect.")),
        ("reverse", Message("The nine changes the direction.")),
    ),
)
ACE = HouseRule(
    "mau.house.ace",
    "ace",
    "none",
    Message("The ace"),
    (
        ("none", Message("The ace has no effect.")),
        ("again", Message("Who plays an ace plays one more card (or draws one).")),
    ),
)
DRAW_PLAY = on_off(
    "mau.house.drawplay",
    "draw_play",
    True,
    Message("Play the drawn card"),
    Message("A drawn card that fits may be played at once."),
    Message("After drawing the turn always passes."),
)
JACK_LAST = on_off(
    "mau.house.jacklast",
    "jack_last",
    True,
    Message("Jack as last card"),
    Message("A jack may be the last card."),
    Message("A jack may not be the last card."),
)
