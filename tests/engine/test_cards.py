"""Cards, codes and decks ("Card codes"): parse/format round trip, twins, decks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.engine import COLOURS
from app.engine import RANKS
from app.engine import SUITS
from app.engine import VALUES
from app.engine import Card
from app.engine import InvalidCardError
from app.engine import deck
from app.engine.cards import format_cards
from app.engine.cards import parse_cards
from app.text import InputError
from app.text import shown

ALL_CARDS = sorted({*deck("dynamisch"), *deck("speedone")}, key=Card.sort_key)
SYMBOL_OF = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


@given(st.sampled_from(ALL_CARDS))
def test_code_round_trip(card: Card) -> None:
    """str() gives the canonical code and parse() reads it back; repr evaluates back."""
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card  # noqa: S307 - the repr contract of python-chess


@given(st.sampled_from(ALL_CARDS), st.booleans(), st.booleans())
def test_symbols_and_lower_case_are_accepted(card: Card, symbol: bool, lower: bool) -> None:
    """Input may use ♣♠♥♦ and lower case; output is always the canonical code."""
    code = str(card)
    if symbol and card.suit in SYMBOL_OF:
        code = SYMBOL_OF[card.suit] + code[1:]
    if lower:
        code = code.lower()
    assert str(Card.parse(code)) == str(card)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("H7", "H7"),
        ("♥7", "H7"),
        ("c10", "C10"),
        (" dj ", "DJ"),
        ("♠q", "SQ"),
        ("R5", "R5"),
        ("gs", "GS"),
        ("BR", "BR"),
        ("y+2", "Y+2"),
        ("w", "W"),
        ("W+4", "W+4"),
    ],
)
def test_parse_examples(text: str, code: str) -> None:
    """The examples of the rules digest, in every accepted spelling."""
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize(
    "text", ["", "X7", "H1", "H11", "HJJ", "R10", "RJ", "W+2", "7H", "H 7", "♥"]
)
def test_parse_errors_quote_the_input(text: str) -> None:
    """A bad code raises InvalidCardError (a ValueError) whose message quotes the input."""
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(text)
    assert shown(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_constructor_refuses_impossible_cards() -> None:
    """Card("H", "S") is neither a Skat nor a Speedone card."""
    with pytest.raises(InvalidCardError):
        Card("H", "S")


def test_twins_are_equal_cards() -> None:
    """Two physical cards with the same code are twins: equal and of equal hash."""
    assert Card.parse("HJ") == Card.parse("♥j")
    assert len({Card.parse("HJ"), Card.parse("hj")}) == 1


@given(st.sampled_from(ALL_CARDS))
def test_every_spelling_reads_the_card_the_decks_hold(card: Card) -> None:
    """One Card per code: any spelling of it parses to the very object in the decks (a
    card is a frozen value, so the referee looks each one up instead of building it)."""
    held = next(other for other in deck("dynamisch") + deck("speedone") if other == card)
    assert Card.parse(str(card)) is held
    assert Card.parse(f" {str(card).lower()} ") is held


def test_speedone_aliases() -> None:
    """Speedone cards keep colour and value in suit and rank."""
    wild, skip = Card.parse("W+4"), Card.parse("GS")
    assert (wild.colour, wild.value, wild.is_wild, wild.is_colour_card) == (None, "W+4", True, True)
    assert (skip.colour, skip.value, skip.is_colour_card) == ("G", "S", True)
    assert not Card.parse("S7").is_colour_card


def test_card_lists_round_trip() -> None:
    """Comma-separated lists, as the situation text uses them."""
    cards = parse_cards("CJ, ♠7,y+2")
    assert format_cards(cards) == "CJ,S7,Y+2"
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    ("variant", "players", "size", "copies"),
    [
        ("dynamisch", 4, 64, 2),
        ("deluxe", 8, 48, 2),
        ("doppel", 4, 32, 1),
        ("terroristen", 2, 64, 2),
        ("terroristen", 5, 96, 3),
        ("terroristen", 10, 160, 5),
    ],
)
def test_skat_decks(variant: str, players: int, size: int, copies: int) -> None:
    """Deck sizes per variant; every card appears ``copies`` times."""
    cards = deck(variant, players)
    assert len(cards) == size
    assert set(Counter(cards).values()) == {copies}


def test_speedone_deck_and_constants() -> None:
    """108 Speedone cards over the four colours and the wild cards."""
    cards = deck("speedone")
    assert len(cards) == 108
    assert {card.suit for card in cards} == {*COLOURS, None}
    assert {card.rank for card in cards} == set(VALUES)
    assert (SUITS, RANKS) == (("C", "S", "H", "D"), ("7", "8", "9", "10", "J", "Q", "K", "A"))


def test_unknown_variant_deck() -> None:
    """deck() names the variants when given an unknown one."""
    with pytest.raises(ValueError, match="'skat' is not a variant"):
        deck("skat")


def test_parse_errors_come_in_german_too() -> None:
    """InvalidCardError is an InputError: the sentence in German and English (``text``,
    ``message(lang)``; ``str()`` is English), both quoting the input."""
    with pytest.raises(InvalidCardError) as caught:
        Card.parse("X9")
    error = caught.value
    assert isinstance(error, InputError)
    assert str(error) == error.message("en")
    assert error.message("de").startswith('"X9" ist kein Kartencode: erwartet ist eine Farbe')
