"""Maumau-Deluxe's house rules (RULES.md, "House rules"): its own switches, read by its rules."""

from __future__ import annotations

from app.engine.houserules import on_off
from app.text import Message

STRICT_DRAW = on_off(
    "dlx.house.strictdraw",
    "strict_draw",
    False,
    Message("Draw only when nothing fits"),
    Message('You may draw only when no card fits (a wish still allows "will not").'),
    Message("Anyone may draw, even when a card would fit."),
)
