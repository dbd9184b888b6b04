"""Speedone as the shared tests take it: one example of each kind the tests iterate over
(tests/variants/examples.py finds it by the variant's id)."""

from __future__ import annotations

from typing import Any

# A top card the referee's questions start from: any card of the deck is judged on it alone.
PLAIN_TOP = "R5"
# The referee's player range, as the rules digest gives it.
REFEREE_PLAYERS = (2, 10)
# A finished table's options and rounds (group statistics, exports, ratings).
SAMPLE: tuple[dict[str, Any], list[dict[str, Any]]] = (
    {"target": 200, "scoring": "own-points", "rate_cents": 2},
    [
        {"winner": 0, "points": [0, 37, 12, 80]},
        {
            "winner": 1,
            "hands": [
                {"numbers": 17, "actions": 1, "wilds": 0},
                None,
                {"numbers": 3, "actions": 0, "wilds": 1},
                {"numbers": 0, "actions": 0, "wilds": 0},
            ],
        },
    ],
)
# Two rounds entered on the German pages (a running table).
PAGE_ROUNDS: list[dict[str, Any]] = [
    {"winner": 0, "points": [0, 37, 12, 80]},
    {"winner": 2, "points": [15, 20, 0, 8]},
]
# The blank sheet's German title.
SHEET_KIND_DE = "Speedone · Punkteliste"
# Whole games an eager self-play runs (each move asks the rules about every candidate).
EAGER_GAMES = 500
# The referee page's disputes: the verdict each must show and the rule that decides it.
DISPUTE_ANSWERS = {
    "four-on-two": ("false", "spd.opt.stack4"),
    "two-on-two": ("true", "spd.opt.stack2"),
    "two-on-two-off": ("false", "spd.opt.stack2"),
    "reverse-two": ("true", "spd.serve"),
    "wild-four": ("true", "spd.serve"),
    "hand-limit": ("true", "spd.handlimit"),
}
