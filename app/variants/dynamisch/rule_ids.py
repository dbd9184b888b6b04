"""Dynamisch's rule IDs by kind, and the `I:` interpretations the referee decides with (worded
exactly as the rules digest; app.engine.rule_ids merges every variant's)."""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    "dyn.serve": "play",
    "dyn.twin.reverse": "play",
    "dyn.jack.match": "play",
    "dyn.jack.wish": "play",
    "dyn.start": "setup",
    "dyn.dealer": "setup",
    "dyn.stock": "setup",
    "dyn.effect.noend": "play",
    "dyn.pass": "play",
    "dyn.7": "play",
    "dyn.8": "play",
    "dyn.9": "play",
    "dyn.10": "play",
    "dyn.ace": "play",
    "dyn.wedding": "play",
    "dyn.wedding.serve": "play",
    "dyn.noend.9-10-A": "play",
    "dyn.score": "score",
    "dyn.score.double": "score",
    "dyn.series": "score",
    "dyn.money": "score",
}
# fmt: on

INTERPRETATIONS: dict[str, Message] = {
    "dyn.jack.wish": Message(
        '"the card below" is the card physically under the jack; its own suit counts, even if '
        "that card was itself played under a wish."
    ),
    "dyn.ace": Message(
        "while his hand holds a card he may legally play on the ace — a serving card, or a jack "
        "that dyn.jack.match allows — he may not draw instead."
    ),
    "dyn.wedding": Message(
        "with no wedding announced after a queen/king, play continues with the next player as "
        "usual; the wedding chance is only for the exact counterpart (same suit, other of Q/K)."
    ),
}
