"""The fewest transfers that settle a list of balances (positive: receives, in cents).

A zero-sum subgroup of k people settles in k − 1 transfers, so the fewest transfers for n
people are n minus the largest number of zero-sum subgroups they split into. For up to
EXACT_LIMIT people that number is found exactly by a dynamic programme over subsets (2^n
masks); above it the biggest debtor pays the biggest creditor until all are settled.
"""

from __future__ import annotations

from dataclasses import dataclass

# 2^12 masks × 12 people: a few tens of milliseconds; 2^20 would take seconds per request.
EXACT_LIMIT = 12


@dataclass(frozen=True)
class Payment:
    """One transfer: `payer` pays `payee` `cents` (a positive amount)."""

    payer: str
    payee: str
    cents: int


def greedy(balances: list[tuple[str, int]]) -> list[Payment]:
    """The biggest debtor pays the biggest creditor until all are settled (ties: first listed).

    Every step settles at least one of the two, the last one both: at most n − 1 transfers.
    """
    names = [name for name, _cents in balances]
    left = [cents for _name, cents in balances]
    payments: list[Payment] = []
    while any(left):
        payee = max(range(len(left)), key=lambda i: (left[i], -i))
        payer = min(range(len(left)), key=lambda i: (left[i], i))
        cents = min(left[payee], -left[payer])
        payments.append(Payment(names[payer], names[payee], cents))
        left[payee] -= cents
        left[payer] += cents
    return payments


def zero_sum_groups(amounts: list[int]) -> list[list[int]]:
    """The indices of `amounts` (all non-zero, summing to zero) split into as many zero-sum
    groups as possible.

    `best[mask]` is the largest number of zero-sum groups a chain of removals from `mask`
    passes; each zero-sum mask on the best chain closes one group.
    """
    count = len(amounts)
    full = (1 << count) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(count) if mask >> i & 1) + (
            total[mask] == 0
        )
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        closes = total[mask] == 0
        if closes and current:
            groups.append(current)
            current = []
        index = next(
            i
            for i in range(count)
            if mask >> i & 1 and best[mask ^ (1 << i)] + closes == best[mask]
        )
        current.append(index)
        mask ^= 1 << index
    if current:
        groups.append(current)
    return groups


def fewest(balances: list[tuple[str, int]]) -> tuple[list[Payment], bool]:
    """The transfers that settle `balances` (which sum to zero) and whether they are proven
    the fewest (`True` up to EXACT_LIMIT people with money to pay or receive)."""
    if sum(cents for _name, cents in balances) != 0:
        raise ValueError("balances must sum to zero")
    owing = [(name, cents) for name, cents in balances if cents]
    if len(owing) > EXACT_LIMIT:
        return greedy(owing), False
    payments: list[Payment] = []
    for group in zero_sum_groups([cents for _name, cents in owing]):
        payments.extend(greedy([owing[i] for i in sorted(group)]))
    return payments, True
