"""Mau-Mau's round body in the API's document: the winner's seat (mau.score.wins), and for a
table that counts points the hand points per seat and whether a jack ended the game
(mau.score.points). That the winner's are 0 and that together they are at most a deck's is
said in words: JSON Schema can tie neither a list's entry to another field nor sum a list."""

from __future__ import annotations

from app.variants.maumau.definition import VARIANT
from app.variants.maumau.points import DECK_POINTS
from app.variants.round_schema import count
from app.variants.round_schema import per_seat

SEATS = (VARIANT.min_players, VARIANT.max_players)
WINNER = {"type": "integer", "minimum": 0, "maximum": SEATS[1] - 1}
ROUND = {
    "type": "object",
    "required": ["winner"],
    "properties": {"winner": WINNER},
    "oneOf": [
        {"title": "wins", "properties": {"points": False, "jack_end": False}},
        {
            "title": "points",
            "required": ["points"],
            "properties": {
                "points": {
                    **per_seat(count(DECK_POINTS), *SEATS),
                    "description": f"Hand points per seat, the winner's 0; together at most "
                    f"{DECK_POINTS}.",
                },
                "jack_end": {"type": "boolean"},
            },
        },
    ],
}
