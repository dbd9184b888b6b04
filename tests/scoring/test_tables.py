"""Creating a table: variants, names, players, options and the bad input each refuses."""

from __future__ import annotations

from typing import Any

import pytest

from app.text import InputError
from app.variants.registry import VARIANTS
from app.variants.registry import standing
from app.variants.registry import validate_table

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def test_variants_with_defaults() -> None:
    """Names stripped, option and house-rule defaults filled in."""
    assert validate_table("dynamisch", " Freitag ", [" Anna", "Ben "], None) == (
        "Freitag",
        ["Anna", "Ben"],
        {"games": 8, "rate_cents": 0},
    )
    assert validate_table("deluxe", "", FOUR, {})[2] == {
        "rounds": 10,
        "rate_cents": 0,
        "strict_draw": False,
    }
    assert validate_table("terroristen", "", FOUR, {})[2] == {
        "games": None,
        "seven": "draw2",
        "multi": "rank",
    }
    assert validate_table("doppel", "", FOUR, {})[2] == {"nine": "must"}
    assert validate_table("speedone", "", FOUR, {})[2]["target"] == 500


def test_money_allowed_per_variant() -> None:
    """Which tables may be played for money."""
    assert VARIANTS["dynamisch"].money_allowed({})
    assert VARIANTS["speedone"].money_allowed({"scoring": "own-points", "partner": False})
    assert not VARIANTS["speedone"].money_allowed({"scoring": "winner-takes", "partner": False})
    assert not VARIANTS["doppel"].money_allowed({})


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_empty_table_standing(variant: str) -> None:
    """A table without rounds: nobody leads, seat 0 deals, seat order."""
    options = validate_table(variant, "", FOUR, {})[2]
    state = standing(variant, FOUR, options, [])
    assert (state.finished, state.winner, state.leader, state.next_dealer) == (False, None, None, 0)
    assert state.ranking == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("variant", "name", "players", "options", "field", "limit"),
    [
        ("uno", "", FOUR, {}, "variant", "dynamisch"),
        (None, "", FOUR, {}, "variant", "dynamisch"),
        ("dynamisch", "x" * 81, FOUR, {}, "name", "80"),
        ("dynamisch", 5, FOUR, {}, "name", "80"),
        ("dynamisch", "", "Anna,Ben", {}, "players", "list"),
        ("dynamisch", "", ["Anna"], {}, "players", "2 to 6"),
        ("dynamisch", "", FOUR * 2, {}, "players", "2 to 6"),
        ("doppel", "", FOUR[:3], {}, "players", "exactly 4"),
        ("dynamisch", "", ["Anna", "  "], {}, "players[1]", "1 to 40"),
        ("dynamisch", "", ["Anna", "B" * 41], {}, "players[1]", "1 to 40"),
        ("dynamisch", "", ["Anna", 7], {}, "players[1]", "1 to 40"),
        ("dynamisch", "", ["Anna", "anna "], {}, "players[1]", "different"),
        ("dynamisch", "", FOUR, [], "options", "object"),
        ("dynamisch", "", FOUR, {"rounds": 3}, "options.rounds", "games, rate_cents"),
        ("dynamisch", "", FOUR, {"games": 0}, "options.games", "1 to 100"),
        ("dynamisch", "", FOUR, {"games": 101}, "options.games", "1 to 100"),
        ("dynamisch", "", FOUR, {"games": 2.5}, "options.games", "1 to 100"),
        ("dynamisch", "", FOUR, {"games": True}, "options.games", "1 to 100"),
        ("dynamisch", "", FOUR, {"rate_cents": -1}, "options.rate_cents", "0 to 1000"),
        ("dynamisch", "", FOUR, {"rate_cents": 1001}, "options.rate_cents", "0 to 1000"),
        ("deluxe", "", FOUR, {"rounds": 0}, "options.rounds", "1 to 100"),
        ("deluxe", "", FOUR, {"games": 5}, "options.games", "rounds"),
        ("terroristen", "", FOUR, {"games": 0}, "options.games", "1 to 100"),
        ("terroristen", "", FOUR, {"rate_cents": 5}, "options.rate_cents", "games"),
        ("doppel", "", FOUR, {"games": 3}, "options.games", "known fields here: nine"),
        # Found by the contract check: PostgreSQL refuses NUL, UTF-8 lone surrogates (500s).
        ("dynamisch", "Fr\x00eitag", FOUR, {}, "name", "U+0000"),
        ("dynamisch", "Fr\ud800", FOUR, {}, "name", "U+D800"),
        ("dynamisch", "", ["Anna", "Ben\x00"], {}, "players[1]", "U+0000"),
        ("dynamisch", "", ["Anna\ud83d", "Ben"], {}, "players[0]", "U+D83D"),
        ("dynamisch", "", ["Anna", "Ben\nCem"], {}, "players[1]", "control characters"),
    ],
)
def test_bad_table_names_field_and_limit(
    variant: Any, name: Any, players: Any, options: Any, field: str, limit: str
) -> None:
    """Bad table input: each error names the field and the limit."""
    with pytest.raises(InputError) as error:
        validate_table(variant, name, players, options)
    assert error.value.field == field
    assert limit in error.value.message("en")
    assert error.value.message("de") and error.value.message("de") != error.value.message("en")
