"""Names of cards and wishes, and lists joined with "and"/"or", as catalog messages."""

from __future__ import annotations

from functools import lru_cache

from app.engine.cards import Card
from app.text import InContext
from app.text import Message
from app.text import Plural
from app.text import either
from app.text import say

SUIT_NAMES = {
    "C": InContext("card", "clubs"),
    "S": InContext("card", "spades"),
    "H": InContext("card", "hearts"),
    "D": InContext("card", "diamonds"),
    "R": InContext("card", "red"),
    "G": InContext("card", "green"),
    "B": InContext("card", "blue"),
    "Y": InContext("card", "yellow"),
}
RANK_NAMES = {
    "7": InContext("card", "seven"),
    "8": InContext("card", "eight"),
    "9": InContext("card", "nine"),
    "10": InContext("card", "ten"),
    "J": InContext("card", "jack"),
    "Q": InContext("card", "queen"),
    "K": InContext("card", "king"),
    "A": InContext("card", "ace"),
    "S": InContext("card", "skip"),
    "R": InContext("card", "reverse"),
    "+2": InContext("card", "draw-two"),
    "W": InContext("card", "wild"),
    "W+4": InContext("card", "wild draw-four"),
}


@lru_cache(maxsize=256)
def card_text(card: Card) -> Message:
    """``Herz-Bube`` / ``hearts jack``, ``Rot 5`` / ``red 5``, ``Farbjoker`` / ``wild``."""
    if card.suit is None:
        return RANK_NAMES[card.rank]
    suit = SUIT_NAMES[card.suit]
    if card.is_colour_card:
        value = card.rank if card.rank.isdigit() else RANK_NAMES[card.rank]
        return InContext("colour card", "%(colour)s %(value)s", colour=suit, value=value)
    return InContext("skat card", "%(suit)s %(rank)s", suit=suit, rank=RANK_NAMES[card.rank])


def card_name(card: Card, lang: str) -> str:
    """One card's name in ``lang``."""
    return say(card_text(card), lang)


def count_text(count: int) -> Message:
    """``1 Karte`` / ``1 card``, ``3 Karten`` / ``3 cards``."""
    return Plural("%(num)d card", "%(num)d cards", count)


def wish_text(target: str) -> Message | str:
    """A wished suit, colour or rank: ``Kreuz`` / ``clubs``, ``Zehn`` / ``ten``."""
    return SUIT_NAMES.get(target) or RANK_NAMES.get(target) or target


def wish_name(target: str, lang: str) -> str:
    """A wished suit, colour or rank in ``lang``."""
    return say(wish_text(target), lang)


def choices_text(targets: tuple[str, ...]) -> Message | str:
    """Wish choices joined by "oder" / "or"."""
    return either([wish_text(target) for target in targets])
