"""German and English words for cards and wishes; the engine's texts carry both languages
(``app.text.Text``)."""

from __future__ import annotations

from functools import lru_cache

from app.engine.cards import Card
from app.text import LANGS
from app.text import Text

SUIT_NAMES = {
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo",
           "R": "Rot", "G": "Grün", "B": "Blau", "Y": "Gelb"},
    "en": {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds",
           "R": "red", "G": "green", "B": "blue", "Y": "yellow"},
}
RANK_NAMES = {
    "de": {"7": "Sieben", "8": "Acht", "9": "Neun", "10": "Zehn", "J": "Bube", "Q": "Dame",
           "K": "König", "A": "Ass", "S": "Aussetzen", "R": "Richtungswechsel", "+2": "+2",
           "W": "Farbjoker", "W+4": "Farbjoker +4"},
    "en": {"7": "seven", "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen",
           "K": "king", "A": "ace", "S": "skip", "R": "reverse", "+2": "draw-two",
           "W": "wild", "W+4": "wild draw-four"},
}


def card_name(card: Card, lang: str) -> str:
    """``Herz-Bube`` / ``hearts jack``, ``Rot 5`` / ``red 5``, ``Farbjoker`` / ``wild``."""
    if card.suit is None:
        return RANK_NAMES[lang][card.rank]
    suit = SUIT_NAMES[lang][card.suit]
    if card.is_speedone:
        value = card.rank if card.rank.isdigit() else RANK_NAMES[lang][card.rank]
        return f"{suit} {value}"
    if lang == "de":
        return f"{suit}-{RANK_NAMES[lang][card.rank]}"
    return f"{suit} {RANK_NAMES[lang][card.rank]}"


@lru_cache(maxsize=256)
def card_text(card: Card) -> Text:
    """One card's name in both languages (a game names the same few cards over and over)."""
    return Text(card_name(card, "de"), card_name(card, "en"))


def count_text(count: int) -> Text:
    """``1 Karte`` / ``1 card``, ``3 Karten`` / ``3 cards``."""
    return Text(f"{count} Karte{'' if count == 1 else 'n'}",
                f"{count} card{'' if count == 1 else 's'}")


def wish_name(target: str, lang: str) -> str:
    """A wished suit, colour or rank: ``Kreuz`` / ``clubs``, ``Zehn`` / ``ten``."""
    return SUIT_NAMES[lang].get(target) or RANK_NAMES[lang].get(target, target)


@lru_cache(maxsize=64)
def wish_text(target: str) -> Text:
    """A wished suit, colour or rank in both languages."""
    return Text(wish_name(target, "de"), wish_name(target, "en"))


def choices_text(targets: tuple[str, ...]) -> Text:
    """Wish choices joined by "oder" / "or"."""
    return Text(*(join([wish_name(t, lang) for t in targets], lang, "oder" if lang == "de"
                       else "or") for lang in LANGS))


def join(words: list[str], lang: str, last: str | None = None) -> str:
    """``a, b und c`` / ``a, b and c``."""
    conjunction = last or ("und" if lang == "de" else "and")
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"
