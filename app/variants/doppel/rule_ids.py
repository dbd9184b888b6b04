"""Doppel's rule IDs by kind, and the `I:` interpretations the referee decides with (worded
exactly as the rules digest; app.engine.rule_ids merges every variant's)."""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    "dop.deal": "setup",
    "dop.serve": "play",
    "dop.jack": "play",
    "dop.draw": "play",
    "dop.9": "play",
    "dop.8": "play",
    "dop.7": "play",
    "dop.stock": "setup",
    "dop.announce": "manners",
    "dop.out": "play",
    "dop.lastcard.two": "play",
    "dop.game": "score",
    "dop.set": "score",
    "dop.match": "score",
}
# fmt: on

INTERPRETATIONS: dict[str, Message] = {
    "dop.9": Message(
        "each nine played adds 2 obligations, each card played (or drawn in its place) uses 1."
    ),
    "dop.lastcard.two": Message(
        "an 8 — also one played as the last card with two players left — first gives the other "
        "player the chance to counter with an 8 (dop.8); only if he does not is he skipped and "
        "the player of the 8 on turn again."
    ),
}
