"""The group's account: results as played, payments as made, and what is still open.

Payments are facts (who paid whom how much, for which selection of tables); results are
derived from the rounds. What is open is results − payments received + payments made, so a
correction of a round never changes a payment: it changes what is open, and the transfers that
settle it may then include a payment back.

A payment "falls in" a view when every table it was made for is one of the view's tables: an
evening's payment shows on its evening, its month and the running account; a month's payment
on the month and the running account. In the pot (the group's Kasse for the trip) the pot is
`None`: losers pay into it, nobody is paid out of it for winning.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from app.scoring.names import player_key

POT = None  # the pot's side of a payment into it (or out of it)
SCOPES = ("evening", "month", "tables")


@dataclass(frozen=True)
class Scope:
    """What a payment was made for: an `evening` ("2026-11-26"), a `month` ("2026-11") or
    `tables` (sorted ids joined by commas)."""

    kind: str
    key: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.key}"

    @classmethod
    def of_tables(cls, ids: Iterable[str]) -> Scope:
        """The scope of a free selection of tables (order and repeats do not matter)."""
        return cls("tables", ",".join(sorted(set(ids))))


@dataclass(frozen=True)
class Paid:
    """One payment as it was recorded: `payer` paid `payee` `cents` (either may be the pot)."""

    id: str
    payer: str | None
    payee: str | None
    cents: int
    at: datetime
    scope: Scope
    transfer: str | None = None  # the transfer it was ticked from, if it was
    phone: str | None = None  # which phone recorded it (its undo is that phone's)

    @property
    def into_pot(self) -> bool:
        """Paid into the pot."""
        return self.payee is POT

    @property
    def from_pot(self) -> bool:
        """Paid out of the pot (the trip, a round of drinks): no player's debt."""
        return self.payer is POT


def falls_in(paid_for: frozenset[str], view: frozenset[str] | None) -> bool:
    """Does a payment made for these tables show in the view of these tables (None: the
    running account, where every payment shows)?"""
    return view is None or (bool(paid_for) and paid_for <= view)


def open_balances(
    results: Sequence[tuple[str, int]], payments: Iterable[Paid], pot: bool = False
) -> list[tuple[str, int]]:
    """What each player still gets (+) or owes (−), in the order of `results` (players who only
    appear in a payment are added after them).

    Outside the pot, payments between players count and the pot's are left aside; in the pot
    every loser owes his loss to the pot, a winner gets nothing, and payments into the pot count.
    """
    names = {player_key(name): name for name, _cents in results}
    open_ = {player_key(name): (min(cents, 0) if pot else cents) for name, cents in results}

    def move(name: str, cents: int) -> None:
        key = player_key(name)
        names.setdefault(key, name)
        open_[key] = open_.get(key, 0) + cents

    for paid in payments:
        if paid.from_pot or (paid.into_pot and not pot):
            continue  # a payout is no player's debt; the pot counts only where the group uses it
        if paid.payer is not None:
            move(paid.payer, paid.cents)
        if paid.payee is not None:
            move(paid.payee, -paid.cents)
    return [(names[key], cents) for key, cents in open_.items()]


def pot_total(payments: Iterable[Paid]) -> int:
    """What the pot holds: paid into it minus paid out of it."""
    return sum(p.cents if p.into_pot else -p.cents if p.from_pot else 0 for p in payments)


def paid_back(paid: Sequence[Paid], payer: str, payee: str) -> bool:
    """Would `payer` paying `payee` give back money `payee` paid him before (after a
    correction), as the page says it: "gibt … zurück"?"""
    return any(
        p.payer is not None
        and p.payee is not None
        and player_key(p.payer) == player_key(payee)
        and player_key(p.payee) == player_key(payer)
        for p in paid
    )
