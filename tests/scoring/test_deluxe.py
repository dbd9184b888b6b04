"""Maumau-Deluxe score keeping (dlx.*)."""

from __future__ import annotations

from typing import Any

import pytest

from app.text import InputError
from app.variants.registry import round_points_of
from app.variants.registry import standing
from app.variants.registry import validate_round

PLAYERS = ["Anna", "Ben", "Cem"]
OPTIONS = {"rounds": 2, "rate_cents": 5}


def test_dlx_out_one_penalty_point_per_card_left() -> None:
    """dlx.out: everybody else gets 1 penalty point per card left in hand."""
    assert round_points_of("deluxe", PLAYERS, OPTIONS, {"cards": [3, 0, 5]}) == [3, 0, 5]


def test_dlx_out_the_player_out_deals_next() -> None:
    """dlx.out: the player who went out deals the next round, unless the round names another."""
    rounds = [validate_round("deluxe", PLAYERS, OPTIONS, {"cards": [3, 0, 5]})]
    assert standing("deluxe", PLAYERS, OPTIONS, rounds).next_dealer == 1
    rounds.append(
        validate_round("deluxe", PLAYERS, OPTIONS, {"cards": [0, 2, 5], "next_dealer": 2})
    )
    assert standing("deluxe", PLAYERS, OPTIONS, rounds).next_dealer == 2


def test_dlx_series_of_rounds_fewest_penalty_points_win_with_money() -> None:
    """After the series' rounds the fewest penalty points win; money as in dyn.money."""
    rounds = [
        validate_round("deluxe", PLAYERS, OPTIONS, {"cards": c}) for c in ([3, 0, 5], [0, 2, 4])
    ]
    state = standing("deluxe", PLAYERS, OPTIONS, rounds)
    assert (state.totals, state.finished, state.winner, state.ranking) == (
        [3, 2, 9],
        True,
        1,
        [1, 0, 2],
    )
    assert state.settlement is not None
    # 3 players: the middle one neither pays nor receives (dyn.money).
    assert state.settlement.amounts_cents == [0, 35, -35]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"cards": [0, 1]}, "cards"),
        ({"cards": [0, 1, 2, 3]}, "cards"),
        ({"cards": [0, -1, 2]}, "cards[1]"),
        ({"cards": [0, 49, 2]}, "cards[1]"),
        ({"cards": [0, 30, 30]}, "cards"),
        ({"cards": [1, 2, 3]}, "cards"),
        ({"cards": [0, 0, 3]}, "cards"),
        ({"cards": [0, 1.5, 3]}, "cards[1]"),
        ({"cards": [0, None, 3]}, "cards[1]"),
        ({}, "cards"),
        ({"cards": [0, 1, 2], "next_dealer": 3}, "next_dealer"),
    ],
)
def test_dlx_bad_round_names_the_field(body: Any, field: str) -> None:
    """Wrong counts, impossible totals, nobody or two players out: an error on the field."""
    with pytest.raises(InputError) as error:
        validate_round("deluxe", PLAYERS, OPTIONS, body)
    assert error.value.field == field


def test_a_whole_number_written_with_a_point_is_that_number() -> None:
    """JSON has one number type, and JSON Schema's "integer" takes 1.0: so does the check."""
    assert validate_round("deluxe", PLAYERS, OPTIONS, {"cards": [0, 1.0, 3]})["cards"] == [0, 1, 3]
