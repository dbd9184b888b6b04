"""Maumau-Deluxe as the shared tests take it: one example of each kind the tests iterate over
(tests/variants/examples.py finds it by the variant's id)."""

from __future__ import annotations

from typing import Any

# A top card the referee's questions start from: any card of the deck is judged on it alone.
PLAIN_TOP = "H7"
# The referee's player range, as the rules digest gives it.
REFEREE_PLAYERS = (2, 8)
# A finished table's options and rounds (group statistics, exports, ratings).
SAMPLE: tuple[dict[str, Any], list[dict[str, Any]]] = (
    {"rounds": 2, "rate_cents": 5},
    [{"cards": [0, 3, 2, 5]}, {"cards": [4, 0, 2, 2]}],
)
# Two rounds entered on the German pages (a running table).
PAGE_ROUNDS: list[dict[str, Any]] = [{"cards": [0, 3, 2, 5]}, {"cards": [4, 0, 1, 2]}]
# The blank sheet's German title.
SHEET_KIND_DE = "Maumau-Deluxe · Strafpunkteliste"
# Whole games an eager self-play runs (each move asks the rules about every candidate).
EAGER_GAMES = 300
# The referee page's disputes: the verdict each must show and the rule that decides it.
DISPUTE_ANSWERS = {
    "twins": ("true", "dlx.pair"),
    "last-special": ("false", "dlx.lastcard"),
    "wisher-jack": ("false", "dlx.wish.override"),
    "wish-ends": ("true", "dlx.wish"),
    "king-on-king": ("true", "dlx.king"),
    "ten-two-players": ("true", "dlx.serve"),
}


def beyond_the_document(body: dict[str, Any]) -> bool:
    """The hands hold at most the 48-card deck less the card on the pile, said in words."""
    return sum(body["cards"]) > 47


def deck_copies(code: str, players: int) -> int:
    """The referee's deck, by hand: two Skat decks without 8s and 9s, every card twice."""
    return 2
