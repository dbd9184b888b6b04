"""Speedone score keeping (spd.*): scoring modes, target, partners, hand points."""

from __future__ import annotations

from typing import Any

import pytest

from app.text import InputError
from app.text import say
from app.variants.registry import round_points_of
from app.variants.registry import standing
from app.variants.registry import validate_round
from app.variants.registry import validate_table

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def options(**given: Any) -> dict[str, Any]:
    """Speedone options with defaults filled in."""
    return validate_table("speedone", "", PLAYERS, given)[2]


def play(opts: dict[str, Any], *bodies: dict[str, Any]) -> Any:
    """The standing after the given round bodies."""
    return standing(
        "speedone", PLAYERS, opts, [validate_round("speedone", PLAYERS, opts, b) for b in bodies]
    )


def test_spd_points_numbers_actions_wilds() -> None:
    """spd.points: number faces, 20 per action card, 50 per wild."""
    body = {
        "winner": 0,
        "hands": [
            None,
            {"numbers": 17, "actions": 1, "wilds": 0},
            {"numbers": 0, "actions": 0, "wilds": 2},
            {"numbers": 9, "actions": 0, "wilds": 0},
        ],
    }
    assert round_points_of("speedone", PLAYERS, options(scoring="own-points"), body) == [
        0,
        37,
        100,
        9,
    ]


def test_spd_opt_scoring_winner_takes_credits_the_others_points_highest_wins() -> None:
    """spd.opt.scoring winner-takes: the winner is credited the others' points; highest leads."""
    opts = options()
    assert round_points_of("speedone", PLAYERS, opts, {"winner": 2, "points": [10, 20, 0, 5]}) == [
        0,
        0,
        35,
        0,
    ]
    state = play(
        opts, {"winner": 2, "points": [10, 20, 0, 5]}, {"winner": 0, "points": [0, 1, 2, 3]}
    )
    assert (state.totals, state.ranking, state.leader) == ([6, 0, 35, 0], [2, 0, 1, 3], 2)


def test_spd_opt_scoring_own_points_lowest_wins_and_may_play_for_money() -> None:
    """spd.opt.scoring own-points: each is charged his points; lowest wins; money allowed."""
    opts = options(scoring="own-points", target=200, rate_cents=1)
    state = play(opts, {"winner": 0, "points": [0, 150, 90, 200]})
    assert (state.finished, state.winner, state.totals) == (True, 0, [0, 150, 90, 200])
    assert state.settlement is not None and state.settlement.amounts_cents == [200, -60, 60, -200]


def test_spd_opt_target_ends_at_the_end_of_the_round_reaching_it() -> None:
    """spd.opt.target: the game ends with the round in which a total reaches the target."""
    opts = options(target=200)
    state = play(opts, {"winner": 1, "points": [100, 0, 50, 49]})
    assert (state.finished, state.progress) == (
        False,
        {"kind": "target", "best": 199, "target": 200},
    )
    state = play(
        opts, {"winner": 1, "points": [100, 0, 50, 49]}, {"winner": 3, "points": [1, 0, 0, 0]}
    )
    assert (state.finished, state.winner) == (False, None)
    state = play(opts, {"winner": 1, "points": [100, 0, 50, 50]})
    assert (state.finished, state.winner, state.progress["best"]) == (True, 1, 200)


def test_spd_opt_partner_parties_sit_opposite_and_race_together() -> None:
    """spd.opt.partner: seats 0+2 and 1+3 add up their points and race to the target."""
    opts = options(partner=True, target=200)
    state = play(
        opts, {"winner": 0, "points": [0, 60, 0, 60]}, {"winner": 2, "points": [0, 40, 0, 50]}
    )
    assert state.teams == {"A": 210, "B": 0}
    assert (state.finished, state.winner, state.ranking[:2]) == (True, "A", [0, 2])


def test_spd_opt_partner_interpretation_winner_takes_all_three_others() -> None:
    """spd.opt.partner, I: the winner is credited all three others, his partner included."""
    # I: the winner is credited the points of all three other players, his partner's too.
    opts = options(partner=True)
    assert round_points_of("speedone", PLAYERS, opts, {"winner": 1, "points": [5, 0, 7, 9]}) == [
        0,
        21,
        0,
        0,
    ]


def test_spd_opt_partner_needs_exactly_four_players() -> None:
    """spd.opt.partner: exactly 4 players."""
    with pytest.raises(InputError) as error:
        validate_table("speedone", "", PLAYERS[:3], {"partner": True})
    assert error.value.field == "options.partner"


def test_spd_handlimit_bounds_the_points_of_a_hand() -> None:
    """spd.handlimit: 22 cards at most (680 points); only the winner's hand may be empty."""
    opts = options()
    body = {"winner": 0, "hands": [None, {"numbers": 0, "actions": 14, "wilds": 8}, None, None]}
    with pytest.raises(InputError, match="The hand of Cem") as missing:
        validate_round("speedone", PLAYERS, opts, body)
    assert missing.value.field == "hands[2]"  # the path in `field`, words in the sentence
    body["hands"] = [
        None,
        {"numbers": 0, "actions": 14, "wilds": 8},
        {"numbers": 0, "actions": 0, "wilds": 0},
        {"numbers": 1, "actions": 0, "wilds": 0},
    ]
    assert round_points_of("speedone", PLAYERS, opts, body)[0] == 681


def test_spd_house_handlimit_off_lifts_the_22_card_bound() -> None:
    """spd.house.handlimit off: a hand may hold more than 22 cards (points and breakdown),
    still within the whole deck (1240 points, 24 action cards)."""
    limited, unlimited = options(), options(handlimit=False)
    points = {"winner": 0, "points": [0, 700, 0, 0]}
    with pytest.raises(InputError) as error:
        validate_round("speedone", PLAYERS, limited, points)
    assert error.value.field == "points[1]" and "22" in say(error.value.text, "en")
    assert round_points_of("speedone", PLAYERS, unlimited, points)[0] == 700
    hand = {"numbers": 20, "actions": 20, "wilds": 8}  # 28 cards at least
    empty = {"numbers": 0, "actions": 0, "wilds": 0}
    body = {"winner": 0, "hands": [None, hand, empty, empty]}
    with pytest.raises(InputError) as error:
        validate_round("speedone", PLAYERS, limited, body)
    assert error.value.field == "hands[1].actions"
    assert round_points_of("speedone", PLAYERS, unlimited, body)[0] == 20 + 400 + 400
    with pytest.raises(InputError) as error:
        validate_round("speedone", PLAYERS, unlimited, {"winner": 0, "points": [0, 1241, 0, 0]})
    assert error.value.field == "points[1]" and "1240" in say(error.value.text, "en")


HAND = {"numbers": 1, "actions": 0, "wilds": 0}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"points": [0, 1, 2, 3]}, "winner"),
        ({"winner": 4, "points": [0, 1, 2, 3]}, "winner"),
        ({"winner": "0", "points": [0, 1, 2, 3]}, "winner"),
        ({"winner": 0}, "points"),
        ({"winner": 0, "points": [0, 1, 2, 3], "hands": [None, HAND, HAND, HAND]}, "points"),
        ({"winner": 0, "points": [0, 1, 2]}, "points"),
        ({"winner": 0, "points": [5, 1, 2, 3]}, "points[0]"),
        ({"winner": 0, "points": [0, -1, 2, 3]}, "points[1]"),
        ({"winner": 0, "points": [0, 681, 2, 3]}, "points[1]"),
        ({"winner": 0, "points": [0, 2.5, 2, 3]}, "points[1]"),
        ({"winner": 0, "points": [0, 600, 600, 100]}, "points"),
        ({"winner": 0, "hands": [HAND, HAND, HAND, HAND]}, "hands[0]"),
        ({"winner": 0, "hands": [None, None, HAND, HAND]}, "hands[1]"),
        (
            {"winner": 0, "hands": [None, {"numbers": 1, "actions": 0}, HAND, HAND]},
            "hands[1].wilds",
        ),
        (
            {"winner": 0, "hands": [None, {"numbers": 1, "actions": 0, "wilds": 9}, HAND, HAND]},
            "hands[1].wilds",
        ),
        (
            {"winner": 0, "hands": [None, {"numbers": 1, "actions": 15, "wilds": 8}, HAND, HAND]},
            "hands[1].actions",
        ),
        (
            {"winner": 0, "hands": [None, {"numbers": 1, "actions": 25, "wilds": 0}, HAND, HAND]},
            "hands[1].actions",
        ),
        (
            {"winner": 0, "hands": [None, {"numbers": 19, "actions": 20, "wilds": 0}, HAND, HAND]},
            "hands[1].numbers",
        ),
        (
            {
                "winner": 0,
                "hands": [None, {"numbers": 1, "actions": 0, "wilds": 0, "x": 1}, HAND, HAND],
            },
            "hands[1].x",
        ),
        (
            {
                "winner": 0,
                "hands": [
                    None,
                    {"numbers": 0, "actions": 0, "wilds": 5},
                    {"numbers": 0, "actions": 0, "wilds": 4},
                    HAND,
                ],
            },
            "hands",
        ),
        (
            {
                "winner": 0,
                "hands": [
                    None,
                    {"numbers": 0, "actions": 13, "wilds": 0},
                    {"numbers": 0, "actions": 12, "wilds": 0},
                    HAND,
                ],
            },
            "hands",
        ),
    ],
)
def test_spd_bad_round_names_the_field(body: Any, field: str) -> None:
    """Bad Speedone rounds name the field."""
    with pytest.raises(InputError) as error:
        validate_round("speedone", PLAYERS, options(), body)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"target": 300}, "options.target"),
        ({"target": "500"}, "options.target"),
        ({"target": 500.5}, "options.target"),
        ({"scoring": "lowest"}, "options.scoring"),
        ({"partner": 1}, "options.partner"),
        ({"stack2": "yes"}, "options.stack2"),
        ({"rate_cents": 10}, "options.rate_cents"),
        ({"scoring": "own-points", "partner": True, "rate_cents": 10}, "options.rate_cents"),
        ({"scoring": "own-points", "rate_cents": 1001}, "options.rate_cents"),
        ({"games": 8}, "options.games"),
    ],
)
def test_spd_bad_options_name_the_field(given: dict[str, Any], field: str) -> None:
    """Bad Speedone options name the field; money only with own-points and no partners."""
    with pytest.raises(InputError) as error:
        validate_table("speedone", "", PLAYERS, given)
    assert error.value.field == field
