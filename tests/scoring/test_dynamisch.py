"""Dynamisches Maumau score keeping (dyn.*): one test per rule ID, bad input as a table."""

from __future__ import annotations

from typing import Any

import pytest

from app.text import InputError
from app.text import say
from app.variants.registry import round_points_of
from app.variants.registry import standing
from app.variants.registry import validate_round

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
OPTIONS = {"games": 8, "rate_cents": 0}


def hands(*counts: tuple[int, int], named: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """Hands from (jacks, others) pairs; seats in `named` hold the named suit."""
    return [
        {"jacks": j, "others": o, "holds_named_suit": seat in named}
        for seat, (j, o) in enumerate(counts)
    ]


def game(
    *counts: tuple[int, int], jack_suit: str | None = None, named: tuple[int, ...] = ()
) -> dict[str, Any]:
    """A normalised round body."""
    return validate_round(
        "dynamisch",
        PLAYERS,
        OPTIONS,
        {"hands": hands(*counts, named=named), "jack_suit": jack_suit},
    )


def test_dyn_score_two_per_jack_one_per_other_card() -> None:
    """dyn.score: 2 minus points per jack, 1 per other card."""
    body = {
        "hands": [
            {"jacks": 0, "others": 0},
            {"jacks": 2, "others": 3},
            {"jacks": 1, "others": 0},
            {"jacks": 0, "others": 5},
        ]
    }
    assert round_points_of("dynamisch", PLAYERS, OPTIONS, body) == [0, 7, 2, 5]


def test_dyn_score_double_for_holders_of_the_named_suit() -> None:
    """dyn.score.double: holders of the named suit score double when a jack ended the game."""
    data = game((0, 0), (1, 3), (0, 3), (0, 2), jack_suit="H", named=(1, 3))
    assert round_points_of("dynamisch", PLAYERS, OPTIONS, data) == [0, 10, 3, 4]
    assert standing("dynamisch", PLAYERS, OPTIONS, [data]).details == [
        {"jack_suit": "H", "doubled": [1, 3]}
    ]


def test_dyn_score_double_interpretation_jack_of_named_suit_counts() -> None:
    """dyn.score.double, I: a jack of the named suit counts as a card of that suit."""
    # I: a player whose only heart is the heart jack still holds the named suit.
    data = game((0, 0), (1, 0), (0, 1), (0, 1), jack_suit="H", named=(1,))
    assert round_points_of("dynamisch", PLAYERS, OPTIONS, data)[1] == 4


def test_dyn_score_double_only_when_a_jack_ended_the_game() -> None:
    """dyn.score.double: without a final jack nobody holds a named suit."""
    with pytest.raises(InputError) as error:
        game((0, 0), (1, 3), (0, 3), (0, 2), named=(1,))
    assert error.value.field == "hands[1].holds_named_suit"


def test_dyn_jack_suit_accepts_symbols_and_lower_case() -> None:
    """Card codes: symbols and lower case are accepted, the canonical code is stored."""
    assert game((0, 0), (0, 1), (0, 1), (0, 1), jack_suit="♣")["jack_suit"] == "C"
    assert game((0, 0), (0, 1), (0, 1), (0, 1), jack_suit="s")["jack_suit"] == "S"


def test_dyn_series_ends_after_the_option_games_fewest_wins() -> None:
    """dyn.series: after the table's number of games the fewest minus points win."""
    options = {"games": 2, "rate_cents": 0}
    rounds = [game((0, 0), (0, 3), (0, 1), (0, 2)), game((0, 2), (0, 0), (0, 4), (0, 1))]
    first = standing("dynamisch", PLAYERS, options, rounds[:1])
    assert (first.finished, first.winner, first.leader) == (False, None, 0)
    final = standing("dynamisch", PLAYERS, options, rounds)
    assert final.totals == [2, 3, 5, 3]
    assert final.running_totals == [[0, 3, 1, 2], [2, 3, 5, 3]]
    assert (final.finished, final.winner, final.ranking) == (True, 0, [0, 1, 3, 2])
    assert final.progress == {"kind": "games", "played": 2, "of": 2}


def test_dyn_series_tie_for_fewest_is_a_list_of_winners() -> None:
    """dyn.series: a tie for the fewest minus points names all tied seats."""
    final = standing(
        "dynamisch", PLAYERS, {"games": 1, "rate_cents": 0}, [game((0, 0), (0, 3), (0, 0), (0, 2))]
    )
    assert final.winner == [0, 2]


def test_dyn_money_settles_the_series_at_the_rate() -> None:
    """dyn.money: the docs/api.md example, settled at 10 cents per point."""
    options = {"games": 8, "rate_cents": 10}
    state = standing("dynamisch", PLAYERS, options, [game((0, 0), (1, 3), (0, 3), (0, 2))])
    assert state.settlement is not None
    assert state.settlement.to_json() == {
        "amounts_cents": [50, -50, -10, 10],
        "transfers": [{"from": 1, "to": 0, "cents": 50}, {"from": 2, "to": 3, "cents": 10}],
    }


def test_dyn_money_absent_without_a_rate() -> None:
    """dyn.money: no rate, no settlement."""
    assert (
        standing("dynamisch", PLAYERS, OPTIONS, [game((0, 0), (0, 1), (0, 1), (0, 1))]).settlement
        is None
    )


def played(*counts: tuple[int, int], **extra: Any) -> dict[str, Any]:
    """A normalised round body with extra keys (direction, next_dealer)."""
    return validate_round("dynamisch", PLAYERS, OPTIONS, {"hands": hands(*counts), **extra})


def dealer_after(*rounds: dict[str, Any]) -> int:
    """Who deals the next game after these rounds."""
    return standing("dynamisch", PLAYERS, OPTIONS, list(rounds)).next_dealer


def test_dyn_dealer_is_the_seat_after_the_player_who_went_out() -> None:
    """dyn.dealer: who would have been on turn next deals, not the seat after the dealer."""
    assert dealer_after() == 0
    cem_out = played((0, 1), (0, 1), (0, 0), (0, 1))
    assert dealer_after(cem_out) == 3  # Dora follows Cem (the old rotation said Ben)
    anna_out = played((0, 0), (0, 1), (0, 1), (0, 1))
    assert dealer_after(cem_out, anna_out) == 1


def test_dyn_dealer_follows_the_direction_and_it_carries_over() -> None:
    """dyn.dealer in the direction of play; dyn.twin.reverse: the reversal persists, so a
    round without a direction keeps the previous round's."""
    reversed_ = played((0, 1), (0, 1), (0, 0), (0, 1), direction="counterclockwise")
    assert reversed_["direction"] == "counterclockwise"
    assert dealer_after(reversed_) == 1  # Ben sits before Cem
    dora_out = played((0, 1), (0, 1), (0, 1), (0, 0))
    assert "direction" not in dora_out
    assert dealer_after(reversed_, dora_out) == 2  # still counterclockwise: Cem
    back = played((0, 1), (0, 1), (0, 1), (0, 0), direction="clockwise")
    assert dealer_after(reversed_, back) == 0
    state = standing("dynamisch", PLAYERS, OPTIONS, [reversed_, dora_out])
    assert state.direction == "counterclockwise"


def test_dyn_dealer_several_out_and_a_named_dealer() -> None:
    """Several out: the first of them after the dealer in the direction; a named next dealer
    (an 8 skipped somebody) wins over the rule."""
    two_out = played((0, 1), (0, 0), (0, 1), (0, 0))
    assert dealer_after(two_out) == 2  # dealer Anna; Ben is the first out after her
    named = played((0, 0), (0, 1), (0, 1), (0, 1), next_dealer=3)
    assert named["next_dealer"] == 3
    assert dealer_after(named) == 3
    assert dealer_after(named, played((0, 0), (0, 1), (0, 1), (0, 1))) == 1


def test_dyn_direction_must_be_one_of_two() -> None:
    """A direction other than clockwise/counterclockwise names the field."""
    with pytest.raises(InputError) as error:
        played((0, 0), (0, 1), (0, 1), (0, 1), direction="left")
    assert error.value.field == "direction"


def test_dyn_effect_noend_somebody_must_be_out() -> None:
    """dyn.effect.noend: a game ends only with at least one player out."""
    with pytest.raises(InputError) as error:
        game((0, 1), (0, 1), (0, 1), (0, 1))
    assert error.value.field == "hands"


FOUR_OUT = [{"jacks": 0, "others": 0}] * 4


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "hands"),
        ({"hands": FOUR_OUT[:3]}, "hands"),
        ({"hands": "none"}, "hands"),
        ({"hands": [{"jacks": -1, "others": 0}, *FOUR_OUT[1:]]}, "hands[0].jacks"),
        ({"hands": [{"jacks": 9, "others": 0}, *FOUR_OUT[1:]]}, "hands[0].jacks"),
        ({"hands": [*FOUR_OUT[:3], {"jacks": 0, "others": 57}]}, "hands[3].others"),
        ({"hands": [*FOUR_OUT[:3], {"jacks": 0, "others": 2.5}]}, "hands[3].others"),
        ({"hands": [*FOUR_OUT[:3], {"jacks": 0, "others": "3"}]}, "hands[3].others"),
        ({"hands": [*FOUR_OUT[:3], {"jacks": True, "others": 0}]}, "hands[3].jacks"),
        ({"hands": [*FOUR_OUT[:3], {"jacks": 1}]}, "hands[3].others"),
        ({"hands": [*FOUR_OUT[:3], {"jacks": 1, "others": 0, "queens": 1}]}, "hands[3].queens"),
        ({"hands": [*FOUR_OUT[:3], None]}, "hands[3]"),
        ({"hands": [FOUR_OUT[0], *[{"jacks": 3, "others": 0}] * 3]}, "hands"),
        ({"hands": [FOUR_OUT[0], *[{"jacks": 0, "others": 19}] * 3]}, "hands"),
        ({"hands": FOUR_OUT, "jack_suit": "X"}, "jack_suit"),
        ({"hands": FOUR_OUT, "jack_suit": 1}, "jack_suit"),
        (
            {
                "hands": [*FOUR_OUT[:3], {"jacks": 0, "others": 0, "holds_named_suit": True}],
                "jack_suit": "H",
            },
            "hands[3].holds_named_suit",
        ),
        (
            {
                "hands": [*FOUR_OUT[:3], {"jacks": 0, "others": 1, "holds_named_suit": 1}],
                "jack_suit": "H",
            },
            "hands[3].holds_named_suit",
        ),
        ({"hands": FOUR_OUT, "next_dealer": 4}, "next_dealer"),
        ({"hands": FOUR_OUT, "next_dealer": -1}, "next_dealer"),
        ({"hands": FOUR_OUT, "winner": 0}, "winner"),
        ([], None),
    ],
)
def test_dyn_bad_round_names_the_field(body: Any, field: str | None) -> None:
    """Bad Dynamisch rounds name the field in both languages."""
    with pytest.raises(InputError) as error:
        validate_round("dynamisch", PLAYERS, OPTIONS, body)
    assert error.value.field == field
    assert say(error.value.text, "en").endswith(".") and say(error.value.text, "de").endswith(".")
    assert say(error.value.text, "en") != say(error.value.text, "de")
