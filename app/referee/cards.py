"""Cards as the page shows them: grid tiles, small chips and wish choices per variant."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app.engine import COLOURS
from app.engine import SUITS
from app.engine import Card
from app.engine import deck
from app.engine.texts import card_name
from app.engine.texts import wish_name

SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
# German cards print B(ube), D(ame), K(önig), A(ss); the codes stay J, Q, K, A.
RANK_LABELS = {"de": {"J": "B", "Q": "D"}, "en": {}}
SPEEDONE_LABELS = {"S": "⊘", "R": "⇄", "W": "W", "W+4": "+4"}
# Speedone's colours in two rows of at most seven tiles, so tiles stay wide on a phone.
SPEEDONE_ROWS = (("0", "1", "2", "3", "4", "5", "6"), ("7", "8", "9", "S", "R", "+2"))
# Only Deluxe jacks wish a rank (dlx.jack); every other wish is a suit or colour.
RANK_WISH_VARIANTS = ("deluxe",)


@dataclass(frozen=True)
class Tile:
    """One card as shown: its code, a short label, its colour class, full name, copies."""

    code: str
    label: str
    css: str
    name: str
    copies: int = 1


def tile(card: Card, lang: str, copies: int = 1) -> Tile:
    """The tile of a card: ``♥B`` (Herz-Bube) in red, ``⊘`` on green for a green skip."""
    if card.is_speedone:
        label = SPEEDONE_LABELS.get(card.rank, card.rank)
        css = f"colour-{card.suit or 'W'}"
    else:
        assert card.suit is not None
        label = SUIT_SYMBOLS[card.suit] + RANK_LABELS[lang].get(card.rank, card.rank)
        css = f"suit-{card.suit}"
    return Tile(str(card), label, css, card_name(card, lang), copies)


def chip(code: str, lang: str) -> Tile:
    """A tile for any code the user typed; an unreadable code is shown as typed."""
    try:
        return tile(Card.parse(code), lang)
    except ValueError:
        return Tile(code, code, "unknown", code)


def grid(variant: str, players: int, lang: str) -> list[list[Tile]]:
    """The variant's deck as rows of tiles: suits × ranks, or Speedone colours × values."""
    counts = Counter(deck(variant, players))
    tiles = {str(card): tile(card, lang, copies) for card, copies in counts.items()}
    if variant != "speedone":
        return [[t for code, t in tiles.items() if code[0] == suit] for suit in SUITS]
    rows = [[tiles[colour + value] for value in values]
            for colour in COLOURS for values in SPEEDONE_ROWS]
    return [*rows, [tiles["W"], tiles["W+4"]]]


@dataclass(frozen=True)
class WishChoice:
    """A wish the page offers: the query value, a label and its colour class."""

    value: str
    label: str
    css: str
    name: str


def wish_choices(variant: str, lang: str) -> list[WishChoice]:
    """The suits (Speedone: colours) a wish can name, and Deluxe's ranks (dlx.jack)."""
    if variant == "speedone":
        choices = [WishChoice(c, wish_name(c, lang), f"colour-{c}", wish_name(c, lang))
                   for c in COLOURS]
    else:
        choices = [WishChoice(s, SUIT_SYMBOLS[s], f"suit-{s}", wish_name(s, lang)) for s in SUITS]
    if variant in RANK_WISH_VARIANTS:
        ranks = dict.fromkeys(card.rank for card in deck(variant))
        choices += [WishChoice(r, RANK_LABELS[lang].get(r, r), "rank", wish_name(r, lang))
                    for r in ranks]
    return choices


def wish_label(value: str, lang: str) -> str:
    """A wished suit, colour or rank in words (``Pik``, ``Zehn``)."""
    return wish_name(value.strip().upper(), lang)
