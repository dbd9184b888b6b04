"""Money settlement (dyn.money and its two interpretations), plus its zero-sum property."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.scoring import Settlement
from app.scoring import settle


def balances(result: Settlement, count: int) -> list[int]:
    """What the transfers move per seat (positive receives)."""
    moved = [0] * count
    for transfer in result.transfers:
        moved[transfer.payee] += transfer.cents
        moved[transfer.payer] -= transfer.cents
    return moved


def test_dyn_money_first_from_last_second_from_second_last() -> None:
    """dyn.money: the 1st receives from the last, the 2nd from the second-last."""
    result = settle([0, 5, 3, 2], 10)
    assert result.amounts_cents == [50, -50, -10, 10]
    assert [t.to_json() for t in result.transfers] == [
        {"from": 1, "to": 0, "cents": 50},
        {"from": 2, "to": 3, "cents": 10},
    ]


def test_dyn_money_odd_count_middle_neither_pays_nor_receives() -> None:
    """dyn.money: with an odd count the middle player neither pays nor receives."""
    result = settle([12, 4, 7, 30, 9], 10)
    # Ranked 4, 7, 9, 12, 30: seat 4 (9 points) sits in the middle.
    assert result.amounts_cents == [-50, 260, 50, -260, 0]
    assert len(result.transfers) == 2


def test_dyn_money_interpretation_ties_share_their_positions() -> None:
    """dyn.money, I (ties): tied seats share their positions' amounts; odd cents go first."""
    # Sorted 0,0,5,10: positions receive 10 and 5 points; the tied pair shares 15 -> 7.5 each.
    result = settle([0, 10, 0, 5], 1)
    assert result.amounts_cents == [8, -10, 7, -5]  # the odd cent goes to the earlier seat
    assert sum(result.amounts_cents) == 0


def test_dyn_money_interpretation_transfers_at_most_n_minus_one_with_ties() -> None:
    """dyn.money, I (transfers): with ties at most n − 1 transfers settle everything."""
    result = settle([0, 10, 0, 5], 10)
    assert result.amounts_cents == [75, -100, 75, -50]
    assert len(result.transfers) <= 3
    assert balances(result, 4) == result.amounts_cents


def test_dyn_money_all_equal_pays_nothing() -> None:
    """dyn.money: equal totals, nothing to pay."""
    result = settle([4, 4, 4], 10)
    assert (result.amounts_cents, result.transfers) == ([0, 0, 0], [])


@given(st.lists(st.integers(0, 500), min_size=2, max_size=10), st.integers(0, 1000))
def test_dyn_money_settlement_is_zero_sum_and_settled_by_its_transfers(
    totals: list[int], rate: int
) -> None:
    """dyn.money for any totals: zero-sum, settled exactly, fewer points never get less money."""
    result = settle(totals, rate)
    assert sum(result.amounts_cents) == 0
    assert balances(result, len(totals)) == result.amounts_cents
    assert len(result.transfers) <= len(totals) - 1
    assert all(t.cents > 0 and t.payer != t.payee for t in result.transfers)
    for better in range(len(totals)):
        for worse in range(len(totals)):
            if totals[better] < totals[worse]:
                assert result.amounts_cents[better] >= result.amounts_cents[worse]
    if len(set(totals)) == len(totals) and rate:
        assert len(result.transfers) == len(totals) // 2


@given(st.lists(st.integers(0, 500), min_size=2, max_size=10, unique=True), st.integers(1, 1000))
def test_dyn_money_without_ties_exactly_the_pairs(totals: list[int], rate: int) -> None:
    """dyn.money, I (transfers): without ties exactly last → first, second-last → second, …,
    each the difference of their totals × rate; an odd middle seat does not appear."""
    order = sorted(range(len(totals)), key=lambda seat: totals[seat])
    pairs = [
        (order[-1 - k], order[k], (totals[order[-1 - k]] - totals[order[k]]) * rate)
        for k in range(len(totals) // 2)
    ]
    result = settle(totals, rate)
    assert [(t.payer, t.payee, t.cents) for t in result.transfers] == pairs


@given(st.lists(st.integers(0, 6), min_size=2, max_size=9), st.integers(1, 99))
def test_dyn_money_ties_get_the_mean_of_their_positions(totals: list[int], rate: int) -> None:
    """dyn.money, I (ties): each tied seat gets the mean of its positions' amounts in whole
    cents (within one cent), the remainder cents going to the earlier seats."""
    count = len(totals)
    ordered = sorted(totals)
    by_position = [0] * count
    for k in range(count // 2):
        by_position[k] = (ordered[-1 - k] - ordered[k]) * rate
        by_position[-1 - k] = -by_position[k]
    amounts = settle(totals, rate).amounts_cents
    for total in set(totals):
        seats = [seat for seat in range(count) if totals[seat] == total]
        positions = [k for k in range(count) if ordered[k] == total]
        share = sum(by_position[k] for k in positions)
        assert sum(amounts[seat] for seat in seats) == share
        got = [amounts[seat] for seat in seats]
        assert got == sorted(got, reverse=True) and got[0] - got[-1] <= 1
