"""Doppel Mau-Mau as the shared tests take it: one example of each kind the tests iterate over
(tests/variants/examples.py finds it by the variant's id)."""

from __future__ import annotations

from typing import Any

# A top card the referee's questions start from: any card of the deck is judged on it alone.
PLAIN_TOP = "H10"
# The referee's player range, as the rules digest gives it.
REFEREE_PLAYERS = (2, 4)
# A finished table's options and rounds (group statistics, exports, ratings).
SAMPLE: tuple[dict[str, Any], list[dict[str, Any]]] = (
    {},
    [
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "B"},
        {"winner": "B"},
        {"winner": "A"},
        {"winner": "B"},
        {"winner": "B"},
        {"winner": "B"},
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "A"},
        {"winner": "A"},
    ],
)
# Two rounds entered on the German pages (a running table).
PAGE_ROUNDS: list[dict[str, Any]] = [{"winner": "A"}, {"winner": "B"}, {"winner": "A"}]
# The blank sheet's German title.
SHEET_KIND_DE = "Doppel Mau-Mau · Matchliste"
# Whole games an eager self-play runs (each move asks the rules about every candidate).
EAGER_GAMES = 400
# The referee page's disputes: the verdict each must show and the rule that decides it.
DISPUTE_ANSWERS = {
    "jack-on-jack": ("false", "dop.jack"),
    "nine-count": ("true", "dop.serve"),
    "nine-chain": ("true", "dop.9"),
    "counter-seven": ("true", "dop.7"),
    "last-eight": ("true", "dop.serve"),
    "last-seven": ("false", "dop.lastcard.two"),
}


def deck_copies(code: str, players: int) -> int:
    """The referee's deck, by hand: one Skat deck, every card once."""
    return 1
