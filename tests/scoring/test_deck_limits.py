"""Impossible rounds: the hands together hold at most what the deck allows, less the discard
pile's top card. The deck facts come from the engine's decks."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import deck
from app.text import InputError
from app.text import say
from app.variants.registry import find_variant
from app.variants.registry import validate_round
from app.variants.registry import validate_table


def refused(variant: str, players: list[str], body: dict[str, Any], **options: Any) -> InputError:
    """The error a round body gets (it must be refused)."""
    clean = validate_table(variant, "", players, options)[2]
    with pytest.raises(InputError) as error:
        validate_round(variant, players, clean, body)
    return error.value


def accepted(variant: str, players: list[str], body: dict[str, Any]) -> dict[str, Any]:
    """The normalised round body (it must be accepted)."""
    return validate_round(variant, players, validate_table(variant, "", players, {})[2], body)


def test_deluxe_hands_hold_at_most_the_deck_less_the_top_card() -> None:
    """dlx: 48 cards, one lies on the discard pile: [0, 40, 8] (48 in hands) is impossible,
    47 is the most; one hand alone holds at most 47."""
    assert len(deck("deluxe")) == 48
    error = refused("deluxe", ["Anna", "Ben", "Cem"], {"cards": [0, 40, 8]})
    assert error.field == "cards"
    assert "47" in say(error.text, "en") and "47" in say(error.text, "de")
    assert "discard pile" in say(error.text, "en") and "Ablagestapel" in say(error.text, "de")
    assert accepted("deluxe", ["Anna", "Ben", "Cem"], {"cards": [0, 40, 7]})["cards"][2] == 7
    alone = refused("deluxe", ["Anna", "Ben"], {"cards": [0, 48]})
    assert alone.field == "cards[1]" and "47" in say(alone.text, "en")


DYN = ["Anna", "Ben", "Cem", "Dora"]


def dyn_hands(*counts: tuple[int, int]) -> list[dict[str, int]]:
    """Hands from (jacks, others) pairs."""
    return [{"jacks": j, "others": o} for j, o in counts]


def test_dynamisch_a_closing_jack_lies_on_the_pile() -> None:
    """dyn: 8 jacks in the deck; a game ended by a jack has that jack on the discard pile, so
    the hands hold at most 7 jacks."""
    body = {"hands": dyn_hands((0, 0), (3, 0), (3, 0), (2, 0)), "jack_suit": "H"}
    error = refused("dynamisch", DYN, body)
    assert error.field == "hands"
    assert "at most 7" in say(error.text, "en") and "höchstens 7" in say(error.text, "de")
    assert accepted("dynamisch", DYN, {**body, "jack_suit": None})["hands"][3]["jacks"] == 2
    seven = {"hands": dyn_hands((0, 0), (3, 0), (2, 0), (2, 0)), "jack_suit": "H"}
    assert accepted("dynamisch", DYN, seven)["jack_suit"] == "H"


def test_dynamisch_otherwise_a_card_that_is_no_jack_lies_on_the_pile() -> None:
    """Without a closing jack the top card is another card: at most 55 others in hands."""
    body = {"hands": dyn_hands((0, 0), (0, 20), (0, 20), (0, 16))}
    error = refused("dynamisch", DYN, body)
    assert error.field == "hands" and "at most 55" in say(error.text, "en")
    assert accepted("dynamisch", DYN, {**body, "jack_suit": "C"})["jack_suit"] == "C"
    fifty_five = {"hands": dyn_hands((0, 0), (0, 20), (0, 20), (0, 15))}
    assert accepted("dynamisch", DYN, fifty_five)["hands"][3]["others"] == 15


SPD = ["Anna", "Ben", "Cem", "Dora"]
EMPTY = {"numbers": 0, "actions": 0, "wilds": 0}


def test_speedone_number_faces_within_the_deck_composition() -> None:
    """spd: 8 cards of each of 1-9, so 22 number cards show at most 8×9 + 8×8 + 6×7 = 178
    (not 22 × 9 = 198); and all hands together at most what their room allows."""
    one = {"numbers": 179, "actions": 0, "wilds": 0}
    error = refused("speedone", SPD, {"winner": 0, "hands": [None, one, EMPTY, EMPTY]})
    assert error.field == "hands[1].numbers" and "178" in say(error.text, "en")
    most = {"numbers": 178, "actions": 0, "wilds": 0}
    assert accepted("speedone", SPD, {"winner": 0, "hands": [None, most, EMPTY, EMPTY]})
    # Two hands of 22 number cards: the 44 highest faces add up to 296, not 2 × 178.
    two = {"winner": 0, "hands": [None, most, most, EMPTY]}
    error = refused("speedone", SPD, two)
    assert error.field == "hands" and "296" in error.message("en") and "296" in error.message("de")


def test_speedone_without_the_hand_limit_the_deck_still_bounds_the_faces() -> None:
    """spd.house.handlimit off: a hand may be larger, but all number faces add up to 360."""
    big = {"numbers": 200, "actions": 0, "wilds": 0}
    body = {"winner": 0, "hands": [None, big, big, EMPTY]}
    error = refused("speedone", SPD, body, handlimit=False)
    assert error.field == "hands" and "360" in say(error.text, "en")


def test_the_round_form_steppers_end_where_the_deck_does() -> None:
    """The forms' upper ends come from the same deck facts (one place)."""
    assert find_variant("deluxe").entry_max({}) == {"cards": 47}
    assert find_variant("dynamisch").entry_max({}) == {"jacks": 8, "others": 56}
    assert find_variant("speedone").entry_max({"handlimit": True}) == {
        "points": 680,
        "numbers": 178,
        "actions": 22,
        "wilds": 8,
    }
    assert find_variant("terroristen").entry_max({}) == {}
