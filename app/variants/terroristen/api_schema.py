"""Terroristen's round body in the API's document: the winner's seat (ter.win)."""

from __future__ import annotations

from app.variants.terroristen.definition import VARIANT

ROUND = {
    "type": "object",
    "required": ["winner"],
    "properties": {"winner": {"type": "integer", "minimum": 0, "maximum": VARIANT.max_players - 1}},
}
