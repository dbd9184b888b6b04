"""Deluxe's rule IDs by kind, and the `I:` interpretations the referee decides with (worded
exactly as the rules digest; app.engine.rule_ids merges every variant's)."""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    "dlx.serve": "play",
    "dlx.start": "setup",
    "dlx.pair": "play",
    "dlx.stock": "setup",
    "dlx.out": "play",
    "dlx.lastcard": "play",
    "dlx.mau": "manners",
    "dlx.penalty.wrong": "play",
    "dlx.jack": "play",
    "dlx.queen": "play",
    "dlx.wish.override": "play",
    "dlx.wish.unheld": "play",
    "dlx.wish": "play",
    "dlx.king": "play",
    "dlx.ace": "play",
    "dlx.10": "play",
}
# fmt: on

INTERPRETATIONS: dict[str, Message] = {
    "dlx.start": Message("the turned-up start card has no effect (the seed gives it none)."),
    "dlx.pair": Message(
        "the second card's effect adds to the first: two kings = the next player draws 4 (more "
        "in a chain), two 10s = the next two players are skipped, two aces = still one extra "
        "card, two jacks/queens = one wish. A pair never counts as two separate turns."
    ),
    "dlx.wish": Message(
        "the wish stays in force until every player has discarded a card of the wished rank "
        "(suit) once, counted from the wish. A player who has not yet done so must, on his turn, "
        "discard the wished rank (suit) — it need not otherwise match the top card — or draw one "
        "card. A player who already has done so serves the top card normally. While the wish is "
        "in force, J, Q, K, A and 10 are plain cards (no wishes, draws, skips or extra plays)."
    ),
}
