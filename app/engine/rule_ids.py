"""The rule IDs of the rules digest, what kind of rule each is, and the `I:` interpretations.

``RULE_KINDS``: ``play`` rules decide verdicts, ``manners`` rules become ``remind`` effects,
``setup`` and ``score`` rules belong to whole games and the score keeping.
"""

from __future__ import annotations

from app.text import Message

# fmt: off
RULE_KINDS: dict[str, str] = {
    # Dynamisches Maumau
    "dyn.serve": "play", "dyn.twin.reverse": "play", "dyn.jack.match": "play",
    "dyn.jack.wish": "play", "dyn.start": "setup", "dyn.dealer": "setup", "dyn.stock": "setup",
    "dyn.effect.noend": "play", "dyn.pass": "play", "dyn.7": "play", "dyn.8": "play",
    "dyn.9": "play", "dyn.10": "play", "dyn.ace": "play", "dyn.wedding": "play",
    "dyn.wedding.serve": "play", "dyn.noend.9-10-A": "play", "dyn.score": "score",
    "dyn.score.double": "score", "dyn.series": "score", "dyn.money": "score",
    # Maumau-Deluxe
    "dlx.serve": "play", "dlx.start": "setup", "dlx.pair": "play", "dlx.stock": "setup",
    "dlx.out": "play", "dlx.lastcard": "play", "dlx.mau": "manners",
    "dlx.penalty.wrong": "play", "dlx.jack": "play", "dlx.queen": "play",
    "dlx.wish.override": "play", "dlx.wish.unheld": "play", "dlx.wish": "play",
    "dlx.king": "play", "dlx.ace": "play", "dlx.10": "play",
    # Speedone
    "spd.opt.stack2": "option", "spd.opt.stack4": "option", "spd.opt.scoring": "option",
    "spd.opt.target": "option", "spd.opt.partner": "option", "spd.serve": "play",
    "spd.wish": "play", "spd.skip": "play", "spd.reverse": "play", "spd.draw2": "play",
    "spd.draw4": "play", "spd.draw": "play", "spd.handlimit": "play", "spd.one": "manners",
    "spd.start": "setup", "spd.points": "score",
    # Terroristen-Mau-Mau
    "ter.serve": "play", "ter.start": "setup", "ter.jack": "play", "ter.7": "play",
    "ter.8": "play", "ter.9": "play", "ter.10": "play", "ter.ace": "play", "ter.multi": "play",
    "ter.wedding": "play", "ter.greet.cq": "manners", "ter.greet.dk": "manners",
    "ter.pik": "manners", "ter.knock": "manners", "ter.mau": "manners",
    "ter.manners": "manners",
    # Doppel Mau-Mau
    "dop.deal": "setup", "dop.serve": "play", "dop.jack": "play", "dop.draw": "play",
    "dop.9": "play", "dop.8": "play", "dop.7": "play", "dop.stock": "setup",
    "dop.announce": "manners", "dop.out": "play", "dop.lastcard.two": "play",
    "dop.game": "score", "dop.set": "score", "dop.match": "score",
}
# fmt: on

RULE_IDS: tuple[str, ...] = tuple(RULE_KINDS)

# The digest's `I:` lines the referee decides with, by rule ID, worded exactly as the digest.
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
    "spd.serve": Message(
        "a wild-draw-four may be played at any time (the seed gives no restriction)."
    ),
    "spd.start": Message(
        "the turned-up start card has no effect (the seed gives it none). A wild card turned up "
        "names no colour: the starting player may play any card on it (as if he named the colour "
        "of the card he plays)."
    ),
    "ter.7": Message(
        "the seed lists the 7 as special but gives no effect; the project uses the common "
        "Mau-Mau rule: the next player draws 2 cards and his turn ends. It cannot be passed on "
        "(house rule ter.house.seven chooses otherwise)."
    ),
    "ter.multi": Message('"gleiche Karten" means same rank, any suit'),
    "dop.9": Message(
        "each nine played adds 2 obligations, each card played (or drawn in its place) uses 1."
    ),
    "dop.lastcard.two": Message(
        "an 8 — also one played as the last card with two players left — first gives the other "
        "player the chance to counter with an 8 (dop.8); only if he does not is he skipped and "
        "the player of the 8 on turn again."
    ),
}
