"""A settlement plan: open balances, the way to pay (direct, through the Kasse, into the pot),
rounding, ids.

Rounding (`round_to` cents): every person's balance except the carrier's is rounded to the
nearest multiple (a half rounds towards zero: less money moves); the carrier takes what keeps
the sum at zero, so every transfer is a multiple as well. The carrier is the Kasse holder,
or in direct mode the biggest winner (ties: the first by name); the pot has no carrier (what
rounding leaves over stays with the pot). `rounding_cents` is what the carrier receives more
(+) or less (−) than won because of rounding, and `rounding_changes` names everyone whose
amount rounding changed: shown, never dropped.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from app.scoring.names import player_key
from app.settlement.fewest import Payment
from app.settlement.fewest import fewest

ROUNDINGS = (1, 5, 10, 50)
MODES = ("direct", "kasse", "pot")


@dataclass(frozen=True)
class Transfer:
    """One payment of the plan with its stable id; `payee` None pays into the pot."""

    id: str
    payer: str
    payee: str | None
    cents: int


@dataclass(frozen=True)
class Plan:
    """Who pays whom: `balances` as played, the transfers after rounding, how they were found
    (`method`: fewest, greedy or kasse), the rounding carrier and difference."""

    balances: list[tuple[str, int]]
    transfers: list[Transfer]
    method: str
    round_to: int
    carrier: str | None
    rounding_cents: int
    rounding_changes: list[tuple[str, int]]

    @property
    def exact(self) -> bool:
        """Are the transfers proven the fewest possible?"""
        return self.method == "fewest"


def transfer_id(selection: str, payer: str, payee: str | None, cents: int) -> str:
    """Stable for the same settlement: the same selection, people and amount, the same id."""
    text = "|".join((selection, player_key(payer), player_key(payee or ""), str(cents)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def nearest(cents: int, step: int) -> int:
    """`cents` rounded to the nearest multiple of `step`; a half towards zero."""
    sign = -1 if cents < 0 else 1
    whole, rest = divmod(abs(cents), step)
    return sign * step * (whole + (2 * rest > step))


def biggest_winner(balances: list[tuple[str, int]]) -> str | None:
    """The carrier of direct mode: the biggest winner, ties broken by name."""
    winners = [(-cents, player_key(name), name) for name, cents in balances if cents > 0]
    return min(winners)[2] if winners else None


def rounded(
    balances: list[tuple[str, int]], step: int, carrier: str | None
) -> tuple[list[tuple[str, int]], int]:
    """The balances after rounding, the carrier balancing the sum, and the carrier's
    difference."""
    if step == 1:
        return list(balances), 0
    if carrier is None:  # the pot: each debt rounded, the pot keeps the difference
        after = [(n, nearest(c, step)) for n, c in balances]
        return after, sum(c for _n, c in balances) - sum(c for _n, c in after)
    others = [(n, nearest(c, step)) for n, c in balances if n != carrier]
    exact = dict(balances)[carrier]
    carried = -sum(c for _n, c in others)
    after = [(n, carried if n == carrier else dict(others)[n]) for n, _c in balances]
    return after, carried - exact


def through_kasse(balances: list[tuple[str, int]], holder: str) -> list[Payment]:
    """Everyone pays the holder what they lost, the holder pays everyone what they won."""
    payments = []
    for name, cents in balances:
        if name != holder and cents < 0:
            payments.append(Payment(name, holder, -cents))
        elif name != holder and cents > 0:
            payments.append(Payment(holder, name, cents))
    return payments


def into_pot(balances: list[tuple[str, int]]) -> list[tuple[str, str | None, int]]:
    """Every loser pays what he still owes into the pot; winners get nothing out of it."""
    return [(name, None, -cents) for name, cents in balances if cents < 0]


def make_plan(
    balances: list[tuple[str, int]],
    selection: str,
    mode: str = "direct",
    holder: str | None = None,
    round_to: int = 1,
) -> Plan:
    """The plan for these open balances (summing to zero outside the pot); `holder` is a name
    of `balances` in kasse mode (the caller checks it); `selection` names what is settled."""
    if mode not in MODES or round_to not in ROUNDINGS:
        raise ValueError(f"unknown mode {mode!r} or rounding {round_to!r}")
    if mode == "kasse" and holder not in dict(balances):
        raise ValueError("the Kasse holder must be one of the balances")
    carrier = {"kasse": holder, "pot": None}.get(mode, biggest_winner(balances))
    after, difference = rounded(balances, round_to, carrier)
    method = mode
    if mode == "pot":
        moves = into_pot(after)
    else:
        if mode == "kasse" and holder is not None:
            found = through_kasse(after, holder)
        else:
            found, proven = fewest(after)
            method = "fewest" if proven else "greedy"
        moves = [(p.payer, p.payee, p.cents) for p in found]
    transfers = [
        Transfer(transfer_id(selection, payer, payee, cents), payer, payee, cents)
        for payer, payee, cents in moves
    ]
    changes = [
        (name, new - old)
        for (name, old), (_n, new) in zip(balances, after, strict=True)
        if new != old
    ]
    return Plan(balances, transfers, method, round_to, carrier, difference, changes)
