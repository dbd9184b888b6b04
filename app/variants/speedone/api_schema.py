"""Speedone's round body in the API's document (spd.points): the winner's seat and either the
hand points or the hands (number faces, actions, wilds) per seat. The document takes the hand
limit as on (spd.handlimit, the default: 22 cards). Said in words, as JSON Schema can tie no
list entry to another field nor sum a list: the winner's entry is 0 (or null), how many actions
and number faces fit beside the wilds of a hand, and the deck's total."""

from __future__ import annotations

from typing import Any

from app.variants.round_schema import count
from app.variants.round_schema import per_seat
from app.variants.speedone.definition import VARIANT
from app.variants.speedone.hands import DECK_ACTIONS
from app.variants.speedone.hands import DECK_WILDS
from app.variants.speedone.hands import HAND_MAX
from app.variants.speedone.hands import most_faces
from app.variants.speedone.rules import HAND_LIMIT

SEATS = (VARIANT.min_players, VARIANT.max_players)
HAND: dict[str, Any] = {
    "type": "object",
    "required": ["numbers", "actions", "wilds"],
    "properties": {
        "numbers": count(most_faces(HAND_LIMIT)),
        "actions": count(min(DECK_ACTIONS, HAND_LIMIT)),
        "wilds": count(DECK_WILDS),
    },
    "additionalProperties": False,
    "description": f"At most {HAND_LIMIT} cards: the actions fit beside the wilds, the number "
    "faces beside both.",
}
ROUND = {
    "type": "object",
    "required": ["winner"],
    "properties": {"winner": {"type": "integer", "minimum": 0, "maximum": SEATS[1] - 1}},
    "oneOf": [
        {
            "required": ["points"],
            "not": {"required": ["hands"]},
            "properties": {
                "points": {
                    **per_seat(count(HAND_MAX), *SEATS),
                    "description": "Hand points per seat, the winner's 0.",
                }
            },
        },
        {
            "required": ["hands"],
            "not": {"required": ["points"]},
            "properties": {
                "hands": {
                    **per_seat({"oneOf": [HAND, {"type": "null"}]}, *SEATS),
                    "description": "Per seat; the winner's null or empty, nobody else's null.",
                }
            },
        },
    ],
}
