"""Dynamisch's round body in the API's document (dyn.score): per seat the jacks and other
cards left, somebody out, the suit named with a closing jack, and who holds that suit. That
the hands together hold at most the two decks less the top card is said in words: a sum over
the seats is beyond JSON Schema."""

from __future__ import annotations

from typing import Any

from app.variants.dynamisch.definition import VARIANT
from app.variants.dynamisch.scoring import DECK_JACKS
from app.variants.dynamisch.scoring import DECK_OTHERS
from app.variants.dynamisch.scoring import SUITS
from app.variants.round_schema import count
from app.variants.round_schema import per_seat

HOLDS = {"required": ["holds_named_suit"], "properties": {"holds_named_suit": {"const": True}}}
EMPTY = {"properties": {"jacks": {"const": 0}, "others": {"const": 0}}}
HAND: dict[str, Any] = {
    "type": "object",
    "required": ["jacks", "others"],
    "properties": {
        "jacks": count(DECK_JACKS),
        "others": count(DECK_OTHERS),
        "holds_named_suit": {"type": "boolean"},
    },
    "additionalProperties": False,
    # Only a player with cards can hold the named suit.
    "if": HOLDS,
    "then": {"not": EMPTY},
}
NAMED = {"required": ["jack_suit"], "properties": {"jack_suit": {"type": "string"}}}
ROUND = {
    "type": "object",
    "required": ["hands"],
    "properties": {
        "hands": {
            **per_seat(HAND, VARIANT.min_players, VARIANT.max_players),
            "contains": EMPTY,  # the game ends when somebody is out
            "description": f"Per seat; together at most {DECK_JACKS - 1} jacks after a closing "
            f"jack, else {DECK_JACKS} jacks and {DECK_OTHERS - 1} other cards.",
        },
        "jack_suit": {"enum": [*SUITS, None]},
    },
    # Nobody holds a named suit when no jack named one.
    "if": {"not": NAMED},
    "then": {"properties": {"hands": {"items": {"not": HOLDS}}}},
}
