"""Speedone's house rules (RULES.md, "House rules"): its own switches, read by its rules."""

from __future__ import annotations

from app.engine.houserules import on_off
from app.text import Message

STACK2 = on_off(
    "spd.opt.stack2",
    "stack2",
    False,
    Message("Draw-two on draw-two"),
    Message("A draw-two may be answered with a draw-two; the next player takes them all."),
    Message("A draw-two is drawn, never stacked."),
)

STACK4 = on_off(
    "spd.opt.stack4",
    "stack4",
    False,
    Message("Wild draw-four on wild draw-four"),
    Message("A wild draw-four may be answered with a wild draw-four."),
    Message("A wild draw-four is drawn, never stacked."),
)

HANDLIMIT = on_off(
    "spd.house.handlimit",
    "handlimit",
    True,
    Message("At most 22 cards in hand"),
    Message("A player holding 22 cards draws no more."),
    Message("No limit: every card drawn is taken."),
)
