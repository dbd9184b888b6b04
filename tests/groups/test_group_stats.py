"""Group statistics (app.groups.stats): pure functions over real standings, no web request;
the leaderboards and the charts read the tables as the group's record keeps them."""

from __future__ import annotations

from typing import Any

import pytest

from app.groups import stats
from app.groups.replay import played_on
from app.groups.stats import TableResult
from app.ratings.ledger import GroupRatings
from app.ratings.ledger import Sitting
from app.variants import registry as variants
from tests.groups.samples import PLAYERS
from tests.groups.samples import SAMPLES
from tests.groups.samples import day
from tests.groups.samples import hands


def result(
    variant: str,
    rounds: list[dict[str, Any]] | None = None,
    players: list[str] | None = None,
    options: dict[str, Any] | None = None,
    on: int = 1,
) -> TableResult:
    """A table as the statistics see it, scored by its variant."""
    sample_options, sample_rounds = SAMPLES[variant]
    _name, names, opts = variants.validate_table(
        variant, "", players or PLAYERS, options or sample_options
    )
    data = [
        variants.validate_round(variant, names, opts, b)
        for b in (sample_rounds if rounds is None else rounds)
    ]
    standing = variants.standing(variant, names, opts, data)
    return TableResult(f"t{on}", "", variant, names, data, standing, day(on))


def record(results: list[TableResult], group_players: list[str] | None = None) -> list[Sitting]:
    """The tables as the group's record keeps them, played oldest first."""
    ordered = sorted(results, key=lambda r: r.played_at)
    return played_on(GroupRatings(group_players or []), ordered).tables


def row(board: list[stats.LeaderRow], player: str) -> stats.LeaderRow:
    """A player's line of a leaderboard."""
    return next(r for r in board if r.player == player)


def test_dynamisch_leaderboard_counts_tables_games_and_minus_points() -> None:
    """dyn.series: fewest minus points wins the table; dyn.score: 0 points means out first."""
    board = stats.leaderboards(record([result("dynamisch")]))["dynamisch"]
    # totals: Anna 0+2+1=3, Ben 10+0+3=13, Cem 2+3+0=5, Dora 5+4+6=15
    assert [r.player for r in board] == ["Anna", "Cem", "Ben", "Dora"]  # Ben, Cem: 1 game each
    anna = row(board, "Anna")
    assert (anna.tables_played, anna.tables_won, anna.games_played, anna.games_won) == (1, 1, 3, 1)
    assert anna.average == pytest.approx(1.0)
    assert row(board, "Dora").average == pytest.approx(5.0)
    assert row(board, "Dora").games_won == 0


def test_tables_won_only_counts_finished_tables() -> None:
    """A running table has no winner yet: played, not won."""
    running = result("dynamisch", rounds=SAMPLES["dynamisch"][1][:2])
    anna = row(stats.leaderboards(record([running]))["dynamisch"], "Anna")
    assert (anna.tables_played, anna.tables_won, anna.games_played) == (1, 0, 2)


def test_deluxe_average_is_penalty_points_per_round() -> None:
    """dlx.out: one penalty point per card left; the player out scores 0 and wins the round."""
    board = stats.leaderboards(record([result("deluxe")]))["deluxe"]
    assert row(board, "Ben").average == pytest.approx(1.5)  # 3 + 0 over 2 rounds
    assert row(board, "Ben").games_won == 1
    assert board[0].player == "Ben"  # fewest penalty points (3 against 4, 4, 7) wins the table


def test_speedone_game_winner_comes_from_the_round_not_the_points() -> None:
    """spd.points: with own-points Dora may hold 0 points and still not have won the round."""
    board = stats.leaderboards(record([result("speedone")]))["speedone"]
    assert row(board, "Dora").games_won == 0
    assert row(board, "Ben").games_won == 1
    assert row(board, "Ben").average is None  # Speedone points mean different things per scoring


def test_doppel_counts_sets_and_matches_for_both_partners() -> None:
    """dop.set, dop.match: team A (seats 0+2) wins 2 sets to 1; both partners get them."""
    board = stats.leaderboards(record([result("doppel")]))["doppel"]
    for player, sets, matches in (("Anna", 2, 1), ("Cem", 2, 1), ("Ben", 1, 0), ("Dora", 1, 0)):
        assert (row(board, player).sets_won, row(board, player).tables_won) == (sets, matches)
    assert row(board, "Anna").games_won == 11
    assert [r.player for r in board][:2] == ["Anna", "Cem"]


def test_players_are_matched_case_insensitively_and_the_group_spelling_wins() -> None:
    """The same person across evenings, even typed differently; guests keep their spelling."""
    first = result(
        "terroristen",
        players=["anna", "Ben", "Gustav"],
        options={"games": 1},
        rounds=[{"winner": 0}],
    )
    second = result(
        "terroristen",
        players=["ANNA", "ben", "Cem"],
        options={"games": 1},
        rounds=[{"winner": 1}],
        on=2,
    )
    board = stats.leaderboards(record([first, second], group_players=["Anna", "Ben"]))[
        "terroristen"
    ]
    assert sorted(r.player for r in board) == ["Anna", "Ben", "Cem", "Gustav"]
    assert (row(board, "Anna").tables_played, row(board, "Anna").tables_won) == (2, 1)


def test_leaderboards_follow_the_variant_order() -> None:
    """One board per variant played, in the order of app.variants.VARIANTS."""
    boards = stats.leaderboards(
        record([result("doppel"), result("deluxe", on=2), result("dynamisch", on=3)])
    )
    assert list(boards) == ["dynamisch", "deluxe", "doppel"]


def test_a_tie_counts_as_a_won_table_for_each_tied_player() -> None:
    """dyn.series: equal fewest minus points — both have won the table."""
    tied = result(
        "dynamisch",
        options={"games": 2, "rate_cents": 0},
        rounds=[hands((0, 0), (0, 3), (0, 4), (0, 5)), hands((0, 3), (0, 0), (0, 4), (0, 5))],
    )
    board = stats.leaderboards(record([tied]))["dynamisch"]
    assert [(r.player, r.tables_won) for r in board][:2] == [("Anna", 1), ("Ben", 1)]


def test_money_balance_adds_settled_tables_and_stays_zero_sum() -> None:
    """dyn.money per finished table, summed per player; running tables do not count yet."""
    finished = [result("dynamisch", on=1), result("deluxe", on=2)]
    running = result("dynamisch", rounds=SAMPLES["dynamisch"][1][:1], on=3)
    balances = stats.money_balance([*finished, running])
    by_player = {b.player: b.cents for b in balances}
    # dynamisch totals 3/13/5/15 at 10 ct: 1st from last (120), 2nd from second-last (80)
    deluxe = finished[1].standing.settlement
    assert deluxe is not None
    expected = [a + b for a, b in zip([120, -80, 80, -120], deluxe.amounts_cents, strict=True)]
    assert [by_player[p] for p in PLAYERS] == expected
    assert sum(by_player.values()) == 0
    assert all(b.tables == 2 for b in balances)
    assert balances == sorted(balances, key=lambda b: -b.cents)


def test_no_money_without_a_rate() -> None:
    """Tables without rate_cents have no settlement: no balance lines."""
    assert stats.money_balance([result("terroristen"), result("doppel")]) == []


def test_wins_over_time_is_cumulative_and_ordered_by_date() -> None:
    """One point per finished table, oldest first, each player's tables won so far."""
    late = result("terroristen", options={"games": 1}, rounds=[{"winner": 1}], on=9)
    early = result("terroristen", options={"games": 1}, rounds=[{"winner": 0}], on=2)
    running = result("terroristen", options={"games": 3}, rounds=[{"winner": 0}], on=5)
    series = stats.wins_over_time(record([late, running, early]))
    assert series.moments == [day(2), day(9)]
    assert dict(series.series) == {"Anna": [1, 1], "Ben": [0, 1], "Cem": [0, 0], "Dora": [0, 0]}


def test_money_over_time_in_euros() -> None:
    """The running balance after each settled table, in euros."""
    series = stats.money_over_time(record([result("dynamisch", on=4), result("dynamisch", on=1)]))
    assert series.moments == [day(1), day(4)]
    assert dict(series.series)["Anna"] == [1.2, 2.4]
    assert dict(series.series)["Dora"] == [-1.2, -2.4]


def test_empty_group_has_nothing() -> None:
    """No tables: no boards, no money, no points in time."""
    assert stats.leaderboards([]) == {}
    assert stats.money_balance([]) == []
    assert stats.wins_over_time([]).moments == []
    assert stats.money_over_time([]).moments == []


@pytest.mark.parametrize(
    ("winner", "seats"),
    [(None, set()), (2, {2}), ([0, 3], {0, 3}), ("A", {0, 2}), ("B", {1, 3})]
    + [(["A", "B"], {0, 1, 2, 3})],
)
def test_seats_of_a_winner(winner: Any, seats: set[int]) -> None:
    """A seat, tied seats, a team (partners opposite), tied teams."""
    assert stats.seats_of(winner) == seats
