"""A table's money: who pays whom after a series (dyn.money, for every variant that plays for
money). The group's account across tables is `app.settlement`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from app.scoring.types import Settlement
from app.scoring.types import Transfer


def position_amounts(ordered_totals: list[int], rate_cents: int) -> list[int]:
    """dyn.money: the k-th best receives from the k-th worst the difference × rate."""
    count = len(ordered_totals)
    amounts = [0] * count
    for position in range(count // 2):
        opposite = count - 1 - position
        difference = (ordered_totals[opposite] - ordered_totals[position]) * rate_cents
        amounts[position] = difference
        amounts[opposite] = -difference
    return amounts


def shared_amounts(totals: list[int], rate_cents: int) -> list[int]:
    """Amounts per seat; tied seats share their positions' amounts (dyn.money, I: ties), the
    remainder cents to the earlier seats, so the whole stays zero-sum in whole cents."""
    order = sorted(range(len(totals)), key=lambda seat: totals[seat])
    by_position = position_amounts([totals[seat] for seat in order], rate_cents)
    amounts = [0] * len(totals)
    position = 0
    for _total, group_iter in groupby(order, key=lambda seat: totals[seat]):
        group = list(group_iter)  # stable sort: already in seat order
        share, remainder = divmod(sum(by_position[position : position + len(group)]), len(group))
        for index, seat in enumerate(group):
            amounts[seat] = share + (1 if index < remainder else 0)
        position += len(group)
    return amounts


def paired_transfers(totals: list[int], amounts: list[int]) -> list[Transfer]:
    """Without ties: exactly last → first, second-last → second, ... (dyn.money)."""
    order = sorted(range(len(totals)), key=lambda seat: totals[seat])
    count = len(order)
    return [
        Transfer(payer=order[count - 1 - k], payee=order[k], cents=amounts[order[k]])
        for k in range(count // 2)
    ]


def greedy_transfers(amounts: list[int]) -> list[Transfer]:
    """The biggest debtor pays the biggest creditor until all are settled: at most n − 1
    transfers (I: transfers)."""
    balance = list(amounts)
    transfers: list[Transfer] = []
    while any(balance):
        payee = max(range(len(balance)), key=lambda seat: (balance[seat], -seat))
        payer = min(range(len(balance)), key=lambda seat: (balance[seat], seat))
        cents = min(balance[payee], -balance[payer])
        transfers.append(Transfer(payer=payer, payee=payee, cents=cents))
        balance[payee] -= cents
        balance[payer] += cents
    return transfers


def settle(totals_lower_is_better: list[int], rate_cents: int) -> Settlement:
    """dyn.money at `rate_cents` per point; totals where fewer is better (minus points)."""
    totals = list(totals_lower_is_better)
    amounts = shared_amounts(totals, rate_cents)
    if len(set(totals)) == len(totals):
        transfers = [t for t in paired_transfers(totals, amounts) if t.cents]
    else:
        transfers = greedy_transfers(amounts)
    return Settlement(amounts_cents=amounts, transfers=transfers)


@dataclass(frozen=True)
class MoneyRule:
    """How totals turn into money (dyn.money): the rate per point and whether fewer points
    are better; a standing keeps it to settle any round's running totals."""

    rate_cents: int
    lower_is_better: bool

    def settle(self, totals: Sequence[int]) -> Settlement:
        """The settlement were the series settled at these per-seat totals."""
        sign = 1 if self.lower_is_better else -1
        return settle([sign * total for total in totals], self.rate_cents)
