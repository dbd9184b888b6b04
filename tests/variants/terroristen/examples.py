"""Terroristen-Mau-Mau as the shared tests take it: one example of each kind the tests iterate over
(tests/variants/examples.py finds it by the variant's id)."""

from __future__ import annotations

from typing import Any

# A top card the referee's questions start from: any card of the deck is judged on it alone.
PLAIN_TOP = "H8"
# The referee's player range, as the rules digest gives it.
REFEREE_PLAYERS = (2, 10)
# A finished table's options and rounds (group statistics, exports, ratings).
SAMPLE: tuple[dict[str, Any], list[dict[str, Any]]] = (
    {"games": 3},
    [{"winner": 2}, {"winner": 0}, {"winner": 2}],
)
# Two rounds entered on the German pages (a running table).
PAGE_ROUNDS: list[dict[str, Any]] = [{"winner": 2}, {"winner": 0}]
# The blank sheet's German title.
SHEET_KIND_DE = "Terroristen-Mau-Mau · Strichliste der Siege"
# Whole games an eager self-play runs (each move asks the rules about every candidate).
EAGER_GAMES = 400
# The referee page's disputes: the verdict each must show and the rule that decides it.
DISPUTE_ANSWERS = {
    "jack-on-jack": ("false", "ter.jack"),
    "nine-previous": ("true", "ter.serve"),
    "nine-answer": ("true", "ter.9"),
    "seven-on-seven": ("false", "ter.7"),
    "eight-on-eight": ("false", "ter.8"),
    "same-rank": ("true", "ter.multi"),
    "wedding": ("true", "ter.wedding"),
}


def decks(players: int) -> int:
    """The referee's decks, by hand: ceil(players × 15 / 32) Skat decks, at least 2 (I)."""
    return max(2, -(-players * 15 // 32))


def deck_copies(code: str, players: int) -> int:
    """Every card once per deck."""
    return decks(players)


def referee_beyond_the_document(body: dict[str, Any]) -> bool:
    """The document's words for hand_count: at most the cards of the game, 32 per deck for
    the players asked about (the usual four when it names none)."""
    count = body["situation"].get("hand_count")
    return count is not None and count > 32 * decks(int(body.get("players", 4)))
