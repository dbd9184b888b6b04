"""Dynamisches Maumau as the shared tests take it: one example of each kind the tests iterate over
(tests/variants/examples.py finds it by the variant's id)."""

from __future__ import annotations

from typing import Any

# A top card the referee's questions start from: any card of the deck is judged on it alone.
PLAIN_TOP = "H8"
# The referee's player range, as the rules digest gives it.
REFEREE_PLAYERS = (2, 6)
# A finished table's options and rounds (group statistics, exports, ratings).
SAMPLE: tuple[dict[str, Any], list[dict[str, Any]]] = (
    {"games": 3, "rate_cents": 10},
    [
        {
            "hands": [
                {"jacks": 0, "others": 0},
                {"jacks": 1, "others": 3, "holds_named_suit": True},
                {"jacks": 0, "others": 2},
                {"jacks": 0, "others": 5},
            ],
            "jack_suit": "H",
        },
        {
            "hands": [
                {"jacks": 0, "others": 2},
                {"jacks": 0, "others": 0},
                {"jacks": 1, "others": 1},
                {"jacks": 0, "others": 4},
            ],
            "jack_suit": None,
        },
        {
            "hands": [
                {"jacks": 0, "others": 1},
                {"jacks": 0, "others": 3},
                {"jacks": 0, "others": 0},
                {"jacks": 2, "others": 2},
            ],
            "jack_suit": None,
        },
    ],
)
# Two rounds entered on the German pages (a running table).
PAGE_ROUNDS: list[dict[str, Any]] = [
    {
        "hands": [
            {"jacks": 0, "others": 0},
            {"jacks": 1, "others": 3},
            {"jacks": 0, "others": 3},
            {"jacks": 0, "others": 2},
        ],
        "jack_suit": None,
    },
    {
        "hands": [
            {"jacks": 0, "others": 2},
            {"jacks": 0, "others": 0},
            {"jacks": 2, "others": 1, "holds_named_suit": True},
            {"jacks": 0, "others": 4},
        ],
        "jack_suit": "H",
    },
]
# The blank sheet's German title.
SHEET_KIND_DE = "Dynamisches Maumau · Punkteliste"
# Whole games an eager self-play runs (each move asks the rules about every candidate).
EAGER_GAMES = 400
# The referee page's disputes: the verdict each must show and the rule that decides it.
DISPUTE_ANSWERS = {
    "jack-on-jack": ("false", "dyn.jack.match"),
    "twin-jack": ("true", "dyn.jack.match"),
    "pass-seven": ("true", "dyn.pass"),
    "eight-on-eight": ("true", "dyn.pass"),
    "jack-on-ace": ("true", "dyn.ace"),
    "last-ace": ("true", "dyn.serve"),
    "last-nine": ("true", "dyn.serve"),
    "wedding": ("true", "dyn.wedding"),
}


def beyond_the_document(body: dict[str, Any]) -> bool:
    """dyn.score's deck, said in words in the document: two Skat decks hold 8 jacks and 56
    other cards; the card that ended the game lies on the pile (a jack when a suit was named)."""
    hands = body["hands"]
    closing_jack = body.get("jack_suit") is not None
    jacks = sum(hand["jacks"] for hand in hands)
    others = sum(hand["others"] for hand in hands)
    return jacks > 8 - closing_jack or others > 56 - (not closing_jack)


def deck_copies(code: str, players: int) -> int:
    """The referee's deck, by hand: two Skat decks, every card twice."""
    return 2
