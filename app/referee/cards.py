"""Cards as the page shows them: grid tiles, small chips and wish choices per variant."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from app.engine import COLOURS
from app.engine import SUITS
from app.engine import Card
from app.engine import deck
from app.engine import find_variant
from app.engine.texts import card_name
from app.engine.texts import wish_name
from app.text import InContext
from app.text import say

SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
# German cards print B(ube), D(ame), K(önig), A(ss); the codes stay J, Q, K, A.
RANK_LETTERS = {"J": InContext("card letter", "J"), "Q": InContext("card letter", "Q")}
# The symbols of the colour deck (skip, reverse, wild cards); numbers show as they are.
COLOUR_LABELS = {"S": "⊘", "R": "⇄", "W": "W", "W+4": "+4"}
# A suit or colour with more cards than this is shown in two rows, so tiles stay wide on a
# phone (a colour of 13 values: 7 + 6).
ROW_WIDTH = 8


@dataclass(frozen=True)
class Tile:
    """One card as shown: its code, a short label, its colour class, full name, copies."""

    code: str
    label: str
    css: str
    name: str
    copies: int = 1


def rank_letter(rank: str, lang: str) -> str:
    """A rank as a card prints it: ``B`` for a jack in German, numbers as they are."""
    return say(RANK_LETTERS[rank], lang) if rank in RANK_LETTERS else rank


def tile(card: Card, lang: str, copies: int = 1) -> Tile:
    """The tile of a card: ``♥B`` (Herz-Bube) in red, ``⊘`` on green for a green skip."""
    if card.suit in SUIT_SYMBOLS:
        label = SUIT_SYMBOLS[card.suit] + rank_letter(card.rank, lang)
        css = f"suit-{card.suit}"
    else:
        label = COLOUR_LABELS.get(card.rank, card.rank)
        css = f"colour-{card.suit or 'W'}"
    return Tile(str(card), label, css, card_name(card, lang), copies)


def chip(code: str, lang: str) -> Tile:
    """A tile for any code the user typed; an unreadable code is shown as typed."""
    try:
        return tile(Card.parse(code), lang)
    except ValueError:
        return Tile(code, code, "unknown", code)


def split_row(row: list[Tile]) -> list[list[Tile]]:
    """A row of more than ``ROW_WIDTH`` tiles as rows of nearly equal length."""
    parts = math.ceil(len(row) / ROW_WIDTH)
    width = math.ceil(len(row) / parts) if row else 1
    return [row[start : start + width] for start in range(0, len(row), width)]


def deck_suits(cards: list[Card]) -> list[str]:
    """The suits (or colours) of a deck, in the order of the card codes."""
    present = {card.suit for card in cards}
    return [suit for suit in (*SUITS, *COLOURS) if suit in present]


def grid(variant: str, players: int, lang: str) -> list[list[Tile]]:
    """The variant's deck as rows of tiles: one row per suit or colour, wild cards last."""
    counts = Counter(deck(variant, players))
    tiles = {card: tile(card, lang, copies) for card, copies in counts.items()}
    rows = [
        row
        for suit in deck_suits(list(counts))
        for row in split_row([t for card, t in tiles.items() if card.suit == suit])
    ]
    wild = [t for card, t in tiles.items() if card.suit is None]
    return rows + ([wild] if wild else [])


@dataclass(frozen=True)
class WishChoice:
    """A wish the page offers: the query value, a label and its colour class."""

    value: str
    label: str
    css: str
    name: str


def wish_choices(variant: str, lang: str) -> list[WishChoice]:
    """What the variant's wishing cards can name: suits or colours, and ranks where a card
    wishes a rank (dlx.jack)."""
    kinds = set(find_variant(variant).wish_kinds.values())
    cards = deck(variant)
    choices: list[WishChoice] = []
    if "suit" in kinds:
        choices += [
            WishChoice(
                s,
                SUIT_SYMBOLS.get(s, wish_name(s, lang)),
                f"suit-{s}" if s in SUIT_SYMBOLS else f"colour-{s}",
                wish_name(s, lang),
            )
            for s in deck_suits(cards)
        ]
    if "rank" in kinds:
        ranks = dict.fromkeys(card.rank for card in cards)
        choices += [WishChoice(r, rank_letter(r, lang), "rank", wish_name(r, lang)) for r in ranks]
    return choices


def wish_label(value: str, lang: str) -> str:
    """A wished suit, colour or rank in words (``Pik``, ``Zehn``)."""
    return wish_name(value.strip().upper(), lang)
