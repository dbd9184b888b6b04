"""Terroristen's rule IDs by kind, and the `I:` interpretations the referee decides with (worded
exactly as the rules digest; app.engine.rule_ids merges every variant's)."""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    "ter.serve": "play",
    "ter.start": "setup",
    "ter.jack": "play",
    "ter.7": "play",
    "ter.8": "play",
    "ter.9": "play",
    "ter.10": "play",
    "ter.ace": "play",
    "ter.multi": "play",
    "ter.wedding": "play",
    "ter.greet.cq": "manners",
    "ter.greet.dk": "manners",
    "ter.pik": "manners",
    "ter.knock": "manners",
    "ter.mau": "manners",
    "ter.manners": "manners",
}
# fmt: on

INTERPRETATIONS: dict[str, Message] = {
    "ter.7": Message(
        "the seed lists the 7 as special but gives no effect; the project uses the common "
        "Mau-Mau rule: the next player draws 2 cards and his turn ends. It cannot be passed on "
        "(house rule ter.house.seven chooses otherwise)."
    ),
    "ter.multi": Message('"gleiche Karten" means same rank, any suit'),
}
