"""Terroristen-Mau-Mau score keeping (ter.*): the table counts wins."""

from __future__ import annotations

import pytest

from app.text import InputError
from app.variants.registry import round_points_of
from app.variants.registry import standing
from app.variants.registry import validate_round
from app.variants.registry import validate_table

PLAYERS = ["Anna", "Ben", "Cem"]


def wins(games: int | None, *winners: int) -> object:
    """The standing after games won by the given seats."""
    opts = validate_table("terroristen", "", PLAYERS, {"games": games})[2]
    return standing(
        "terroristen",
        PLAYERS,
        opts,
        [validate_round("terroristen", PLAYERS, opts, {"winner": w}) for w in winners],
    )


def test_ter_winner_is_the_first_player_out_one_point() -> None:
    """Terroristen: the first player out wins the game, 1 point."""
    assert round_points_of("terroristen", PLAYERS, {"games": None}, {"winner": 2}) == [0, 0, 1]


def test_ter_open_ended_table_never_finishes() -> None:
    """Terroristen without a number of games never finishes."""
    state = wins(None, *([0] * 150))
    assert (state.finished, state.winner, state.leader) == (False, None, 0)
    assert state.progress == {"kind": "open", "played": 150}


def test_ter_games_most_wins_win_and_ties_are_a_list() -> None:
    """Terroristen with N games: most wins win, a tie names all tied seats."""
    state = wins(3, 1, 1, 0)
    assert (state.finished, state.winner, state.totals, state.ranking) == (
        True,
        1,
        [1, 2, 0],
        [1, 0, 2],
    )
    assert wins(2, 0, 2).winner == [0, 2]


@pytest.mark.parametrize(
    "body", [{}, {"winner": 3}, {"winner": -1}, {"winner": None}, {"winner": True}, {"winner": "A"}]
)
def test_ter_bad_winner(body: dict[str, object]) -> None:
    """The winner is a seat of the table."""
    with pytest.raises(InputError) as error:
        validate_round("terroristen", PLAYERS, {"games": None}, body)
    assert error.value.field == "winner"
