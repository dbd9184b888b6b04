"""The Kassensturz of a selection of a group's tables: the choice of how to pay (read from
the request's parameters), the plan, the paid ticks, the receivers' IBANs.

The page and `GET /api/v1/groups/{id}/settlement` both read it from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.groups.stats import Balance
from app.groups.stats import TableResult
from app.groups.stats import money_balance
from app.groups.stats import settled
from app.settlement.plan import MODES
from app.settlement.plan import ROUNDINGS
from app.settlement.plan import Plan
from app.settlement.plan import make_plan
from app.settlement.plan import player_key
from app.store.kasse import ibans
from app.store.kasse import paid_transfers
from app.store.models import Group
from app.text import InputError
from app.text import Message
from app.text import commas
from app.text import either
from app.text import shown


@dataclass(frozen=True)
class Choice:
    """How the group pays: `direct` or through the `kasse` holder, rounded to `round_to`."""

    mode: str = "direct"
    holder: str | None = None
    round_to: int = 1


def read_choice(args: Mapping[str, str]) -> Choice:
    """`mode`, `kasse` and `round_to` as given in the query (InputError naming the field)."""
    mode = args.get("mode") or "direct"
    if mode not in MODES:
        raise InputError(
            Message(
                "The way to pay must be %(allowed)s; got %(value)s.",
                allowed=either(list(MODES)),
                value=shown(mode),
            ),
            "mode",
        )
    raw = args.get("round_to") or "1"
    if raw not in {str(step) for step in ROUNDINGS}:
        raise InputError(
            Message(
                "Rounding must be to %(allowed)s cents; got %(value)s.",
                allowed=either([str(step) for step in ROUNDINGS]),
                value=shown(raw),
            ),
            "round_to",
        )
    holder = (args.get("kasse") or "").strip() or None
    if mode == "kasse" and holder is None:
        raise InputError(Message("Name the Kasse holder: everyone pays to them."), "kasse")
    return Choice(mode, holder if mode == "kasse" else None, int(raw))


@dataclass(frozen=True)
class Kassensturz:
    """A settled selection: its tables, balances, plan, paid ticks and receivers' IBANs."""

    results: list[TableResult]
    settled: list[TableResult]
    balances: list[Balance]
    plan: Plan
    paid: set[str]
    ibans: dict[str, str]
    choice: Choice

    @property
    def unsettled(self) -> list[TableResult]:
        """The tables without money (or not finished): listed, not settled."""
        done = {r.table_id for r in self.settled}
        return [r for r in self.results if r.table_id not in done]

    @property
    def all_paid(self) -> bool:
        """Has every transfer been ticked paid (and is there one)?"""
        return bool(self.plan.transfers) and all(t.id in self.paid for t in self.plan.transfers)

    def iban_of(self, name: str) -> str | None:
        """The receiver's IBAN if the group has one for them."""
        return self.ibans.get(player_key(name))


def matched_holder(holder: str, balances: list[Balance]) -> str:
    """The Kasse holder as the group spells them; InputError unless they played for money."""
    for balance in balances:
        if player_key(balance.player) == player_key(holder):
            return balance.player
    names = commas([b.player for b in balances]) if balances else "—"
    raise InputError(
        Message(
            "The Kasse holder must have played a money table of this evening; %(value)s did "
            "not. Who did: %(names)s.",
            value=shown(holder),
            names=names,
        ),
        "kasse",
    )


def kassensturz(
    group: Group, results: list[TableResult], selection: str, choice: Choice
) -> Kassensturz:
    """The Kassensturz of these tables of the group (InputError for a wrong holder)."""
    balances = money_balance(results, group.players)
    holder = matched_holder(choice.holder, balances) if choice.holder else None
    plan = make_plan(
        [(b.player, b.cents) for b in balances], selection, choice.mode, holder, choice.round_to
    )
    return Kassensturz(
        results=results,
        settled=settled(results),
        balances=balances,
        plan=plan,
        paid=paid_transfers(group),
        ibans=ibans(group),
        choice=choice,
    )
