"""Mau-Mau as the shared tests take it: one example of each kind the tests iterate over
(tests/variants/examples.py finds it by the variant's id)."""

from __future__ import annotations

from typing import Any

# A top card the referee's questions start from: any card of the deck is judged on it alone.
PLAIN_TOP = "H10"
# The referee's player range, as the rules digest gives it.
REFEREE_PLAYERS = (2, 6)
# A finished table's options and rounds (group statistics, exports, ratings): wins for money.
SAMPLE: tuple[dict[str, Any], list[dict[str, Any]]] = (
    {"games": 3, "rate_cents": 10},
    [{"winner": 1}, {"winner": 3}, {"winner": 1}],
)
# Two rounds entered on the German pages (a running table).
PAGE_ROUNDS: list[dict[str, Any]] = [{"winner": 2}, {"winner": 0}]
# The blank sheet's German title.
SHEET_KIND_DE = "Klassisches Mau-Mau · Spielliste"
# Whole games an eager self-play runs (each move asks the rules about every candidate).
EAGER_GAMES = 400
# The referee page's disputes: the verdict each must show and the rule that decides it.
DISPUTE_ANSWERS = {
    "jack-on-jack": ("false", "mau.jack"),
    "seven-on-seven": ("true", "mau.7"),
    "nine-reverse": ("true", "mau.9"),
    "ace-again": ("true", "mau.ace"),
    "jack-last": ("true", "mau.jack"),
    "drawn-card": ("true", "mau.draw.play"),
}


def beyond_the_document(body: dict[str, Any]) -> bool:
    """mau.score.points, said in words: 32 cards count 4 × (7+8+9+10+20+3+4+11) = 288 at most,
    and the winner, who went out, holds 0."""
    return sum(body.get("points", [])) > 288 or winner_holds_points(body)


def table_options_for(body: dict[str, Any]) -> dict[str, Any]:
    """A body with hand points belongs to a table that counts points."""
    return {"scoring": "points"} if "points" in body else {}


def winner_holds_points(body: dict[str, Any]) -> bool:
    """The winner went out: his points are 0 (said in words in the document)."""
    return "points" in body and body["points"][int(body["winner"])] != 0


def deck_copies(code: str, players: int) -> int:
    """The referee's deck, by hand: one Skat deck, every card once."""
    return 1
