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


# spd.points by hand: 108 cards, 8 wilds (50), 24 actions (20), number cards 4 × 0 and 8 each
# of 1–9; a hand holds at most 22 cards (spd.handlimit).
FACES_HIGH_FIRST = [face for face in range(9, 0, -1) for _ in range(8)] + [0] * 4


def most_faces_of(cards: float) -> int:
    """The highest number faces `cards` number cards can show: nines first."""
    return sum(FACES_HIGH_FIRST[: max(int(cards), 0)])


def beyond_the_document(body: dict[str, Any]) -> bool:
    """What the document says in words: actions fit beside the wilds and faces beside both in
    22 cards; the hands together within the deck (wilds, actions, faces); the points of all
    hands at most what 107 cards are worth (8 × 50 + 24 × 20 + 360 = 1240)."""
    if "points" in body:
        return sum(body["points"]) > 1240 or body["points"][int(body["winner"])] != 0
    won = body["hands"][int(body["winner"])]
    if won and (won["numbers"] or won["actions"] or won["wilds"]):
        return True  # the winner went out: his hand is null or empty
    if any(hand is None for seat, hand in enumerate(body["hands"]) if seat != int(body["winner"])):
        return True  # only the winner's hand may be null
    hands = [hand for hand in body["hands"] if hand]
    for hand in hands:
        if hand["actions"] > 22 - hand["wilds"]:
            return True
        if hand["numbers"] > most_faces_of(22 - hand["wilds"] - hand["actions"]):
            return True
    room = min(sum(22 - h["wilds"] - h["actions"] for h in hands if h["numbers"]), 76)
    return (
        sum(h["wilds"] for h in hands) > 8
        or sum(h["actions"] for h in hands) > 24
        or sum(h["numbers"] for h in hands) > most_faces_of(room)
        or sum(h["numbers"] + 20 * h["actions"] + 50 * h["wilds"] for h in hands) > 1240
    )


def deck_copies(code: str, players: int) -> int:
    """The referee's deck, by hand: each colour's 0 once, its other cards twice, four of
    each wild card."""
    if code in ("W", "W+4"):
        return 4
    return 1 if code[1:] == "0" else 2
