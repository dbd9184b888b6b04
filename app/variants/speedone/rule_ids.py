"""Speedone's rule IDs by kind, and the `I:` interpretations the referee decides with (worded
exactly as the rules digest; app.engine.rule_ids merges every variant's)."""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    "spd.opt.stack2": "option",
    "spd.opt.stack4": "option",
    "spd.opt.scoring": "option",
    "spd.opt.target": "option",
    "spd.opt.partner": "option",
    "spd.serve": "play",
    "spd.wish": "play",
    "spd.skip": "play",
    "spd.reverse": "play",
    "spd.draw2": "play",
    "spd.draw4": "play",
    "spd.draw": "play",
    "spd.handlimit": "play",
    "spd.one": "manners",
    "spd.start": "setup",
    "spd.points": "score",
}
# fmt: on

INTERPRETATIONS: dict[str, Message] = {
    "spd.serve": Message(
        "a wild-draw-four may be played at any time (the seed gives no restriction)."
    ),
    "spd.start": Message(
        "the turned-up start card has no effect (the seed gives it none). A wild card turned up "
        "names no colour: the starting player may play any card on it (as if he named the colour "
        "of the card he plays)."
    ),
}
