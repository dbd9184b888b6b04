"""Deluxe's round body in the API's document: the cards left per seat, exactly one player out
(dlx.out). That all hands together hold at most the deck less the top card is said in words:
a sum over the seats is beyond JSON Schema."""

from __future__ import annotations

from app.variants.deluxe.definition import VARIANT
from app.variants.deluxe.scoring import IN_HANDS
from app.variants.round_schema import count
from app.variants.round_schema import per_seat

ROUND = {
    "type": "object",
    "required": ["cards"],
    "properties": {
        "cards": {
            **per_seat(count(IN_HANDS), VARIANT.min_players, VARIANT.max_players),
            "contains": {"const": 0},
            "minContains": 1,
            "maxContains": 1,
            "description": f"Cards left per seat; together at most {IN_HANDS}.",
        }
    },
}
