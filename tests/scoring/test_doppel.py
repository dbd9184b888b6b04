"""Doppel Mau-Mau score keeping (dop.*): games, sets, match."""

from __future__ import annotations

import pytest

from app.scoring import Standing
from app.text import InputError
from app.variants.registry import round_points_of
from app.variants.registry import standing
from app.variants.registry import validate_round
from app.variants.registry import validate_table

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def match(games: str) -> Standing:
    """The standing after games won by the teams in the string, e.g. "AABAB"."""
    return standing(
        "doppel", PLAYERS, {}, [validate_round("doppel", PLAYERS, {}, {"winner": w}) for w in games]
    )


def test_dop_game_one_point_for_the_team_out_first() -> None:
    """dop.game: the team whose players are both out first wins the game: 1 point."""
    assert round_points_of("doppel", PLAYERS, {}, {"winner": "B"}) == {"A": 0, "B": 1}


def test_dop_set_first_to_five_with_a_lead_of_two() -> None:
    """dop.set: 5:3 wins the set; the next set starts at 0:0."""
    state = match("AAAABBBA")  # 5:3
    assert state.sets == [{"A": 5, "B": 3, "winner": "A"}, {"A": 0, "B": 0, "winner": None}]
    assert (state.totals, state.teams, state.finished) == (
        {"A": 0, "B": 0},
        {"A": 1, "B": 0},
        False,
    )
    assert state.progress == {"kind": "set", "set": 2, "A": 0, "B": 0}
    assert (state.leader, state.ranking) == ("A", [0, 2, 1, 3])


def test_dop_set_goes_on_until_a_lead_of_two() -> None:
    """dop.set: 5:4 is not enough; the set goes on until a lead of 2."""
    state = match("AAAABBBB" + "A")  # 5:4 is not enough
    assert state.sets == [{"A": 5, "B": 4, "winner": None}]
    state = match("AAAABBBB" + "AB" + "BB")  # 5:5, then B pulls away to 5:7
    assert state.sets is not None and state.sets[0] == {"A": 5, "B": 7, "winner": "B"}


def test_dop_match_first_to_two_sets() -> None:
    """dop.match: the first team with 2 sets wins; totals are the games of the last set."""
    state = match("AAAAA" + "BBBBB" + "AAAAA")
    assert (state.finished, state.winner, state.teams) == (True, "A", {"A": 2, "B": 1})
    assert state.sets is not None and len(state.sets) == 3
    assert state.totals == {"A": 5, "B": 0}
    assert state.running_totals[4] == {"A": 5, "B": 0}
    assert state.running_totals[5] == {"A": 0, "B": 1}


def test_dop_exactly_four_players() -> None:
    """Doppel is played by exactly 4 players in two teams."""
    with pytest.raises(InputError) as error:
        validate_table("doppel", "", PLAYERS[:3], {})
    assert error.value.field == "players"


@pytest.mark.parametrize(
    "body", [{}, {"winner": "C"}, {"winner": "a"}, {"winner": 0}, {"winner": None}]
)
def test_dop_bad_team(body: dict[str, object]) -> None:
    """The winner is team A or B, nothing else."""
    with pytest.raises(InputError) as error:
        validate_round("doppel", PLAYERS, {}, body)
    assert error.value.field == "winner"
