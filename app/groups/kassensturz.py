"""The Kassensturz of one view of a group's account: an evening, a month, any tables, or the
running account (everything ever settled minus everything ever paid).

Results come from the view's settled money tables, the payments from the group's records (those
that fall in the view), and what is still open — and the transfers that settle it — from both.
The page and `GET /api/v1/groups/{id}/settlement` both read it from here. Of the payments, only
those that can fall in the view are read (app.store.payments.payments_for), and what each was
made for needs the tables of the view's month at most (app.groups.evening_span).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from datetime import time
from typing import Protocol

from app.groups.evening import evening_of
from app.groups.stats import Balance
from app.groups.stats import TableResult
from app.groups.stats import money_balance
from app.groups.stats import settled
from app.scoring.names import player_key
from app.settlement.account import Paid
from app.settlement.account import Scope
from app.settlement.account import falls_in
from app.settlement.account import open_balances
from app.settlement.plan import MODES
from app.settlement.plan import ROUNDINGS
from app.settlement.plan import Plan
from app.settlement.plan import Transfer
from app.settlement.plan import make_plan
from app.store.kasse import ibans
from app.store.models import Group
from app.store.old_ticks import adopt_ticks
from app.store.payments import group_payments
from app.store.payments import payments_for
from app.text import InputError
from app.text import Message
from app.text import commas
from app.text import either
from app.text import shown


@dataclass(frozen=True)
class Choice:
    """How to pay: `direct`, through the `kasse` holder or into the `pot`, rounded to
    `round_to`; `own` when it is how the group itself settles (only then GiroCodes)."""

    mode: str = "direct"
    holder: str | None = None
    round_to: int = 1
    own: bool = True


def group_choice(group: Group) -> Choice:
    """How the group settles, as its settings say."""
    return Choice(group.settle_mode or "direct", group.kasse_holder, 1, True)


def read_choice(args: Mapping[str, str], group: Group) -> Choice:
    """`mode`, `kasse` and `round_to` as given in the query, the group's own way where one is
    not given (InputError naming the field for an empty or unknown value)."""
    own = group_choice(group)
    mode = args.get("mode", own.mode)
    if mode not in MODES:
        raise InputError(
            Message(
                "The way to pay must be %(allowed)s; got %(value)s.",
                allowed=either(list(MODES)),
                value=shown(mode),
            ),
            "mode",
        )
    raw = args.get("round_to", "1")
    if raw not in {str(step) for step in ROUNDINGS}:
        raise InputError(
            Message(
                "Rounding must be to %(allowed)s cents; got %(value)s.",
                allowed=either([str(step) for step in ROUNDINGS]),
                value=shown(raw),
            ),
            "round_to",
        )
    holder = None
    if mode == "kasse":
        given = args.get("kasse", own.holder if own.mode == "kasse" else "") or ""
        holder = given.strip() or None
        if holder is None:
            raise InputError(Message("Name the kitty holder: everyone pays to them."), "kasse")
    same = mode == own.mode and player_key(holder or "") == player_key(own.holder or "")
    return Choice(mode, holder, int(raw), same)


@dataclass(frozen=True)
class View:
    """What is settled: `scope` (None: the running account) and its tables' results."""

    scope: Scope | None
    results: list[TableResult]

    @property
    def selection(self) -> str:
        """The view's name in its transfers' ids."""
        return str(self.scope) if self.scope is not None else "open:all"


class Stamped(Protocol):
    """A table as a payment's selection needs it (a TableResult, or only its id and start)."""

    @property
    def table_id(self) -> str: ...

    @property
    def played_at(self) -> datetime: ...


def evenings_of(every: Sequence[Stamped], starts: time) -> dict[str, str]:
    """Each table's evening ("2026-11-26") by its id."""
    return {r.table_id: evening_of(r.played_at, starts).isoformat() for r in every}


def tables_for(scope: Scope, days: Mapping[str, str]) -> frozenset[str]:
    """The group's tables a payment for `scope` was made for (as the group is now; `days`:
    each table's evening, as `evenings_of` gives them)."""
    if scope.kind == "tables":
        return frozenset(i for i in scope.key.split(",") if i)
    if scope.kind == "month":
        return frozenset(table for table, day in days.items() if day[:7] == scope.key)
    return frozenset(table for table, day in days.items() if day == scope.key)


def candidates(view: View, group: Group, starts: time) -> list[Paid]:
    """The group's payments that can fall in the view, oldest first: for an evening its own
    and its month's, for a month its own and its evenings', and the selections of tables that
    name one of the view's tables. A selection of tables within one evening (or one month) is
    an evening (a month) here: no other evening's (month's) payment can fall in it."""
    if view.scope is None:
        return group_payments(group)
    span = view.scope.key
    if view.scope.kind == "tables":
        days = sorted({evening_of(r.played_at, starts).isoformat() for r in view.results})
        if not days or days[0][:7] != days[-1][:7]:
            return group_payments(group)
        span = days[0] if len(days) == 1 else days[0][:7]
    month = span[:7]
    return payments_for(
        group, span if span != month else f"{month}-", month, [r.table_id for r in view.results]
    )


def payments_in(view: View, group: Group, every: Sequence[Stamped], starts: time) -> list[Paid]:
    """The group's payments that fall in the view, oldest first (only those that can are
    read)."""
    found = candidates(view, group, starts)
    if view.scope is None:  # the running account: every payment falls in it
        return found
    wanted = frozenset(r.table_id for r in view.results)
    evenings = evenings_of(every, starts)
    return [
        paid
        for paid in found
        if paid.scope == view.scope or falls_in(tables_for(paid.scope, evenings), wanted)
    ]


@dataclass(frozen=True)
class Kassensturz:
    """A settled view: results as played, payments made, what is open, and the plan for it."""

    view: View
    results: list[Balance]
    payments: list[Paid]
    balances: list[tuple[str, int]]
    plan: Plan
    ibans: dict[str, str]
    choice: Choice

    @property
    def settled(self) -> list[TableResult]:
        """The finished money tables of the view (their results are settled)."""
        return settled(self.view.results)

    @property
    def unsettled(self) -> list[TableResult]:
        """The tables without money (or not finished): listed, not settled."""
        done = {r.table_id for r in self.settled}
        return [r for r in self.view.results if r.table_id not in done]

    @property
    def all_paid(self) -> bool:
        """Nothing is open any more (and there was something to settle)."""
        return bool(self.results) and not self.plan.transfers

    def iban_of(self, name: str | None) -> str | None:
        """The receiver's IBAN if the group has one for them."""
        return self.ibans.get(player_key(name)) if name else None

    def girocode(self, transfer: Transfer) -> bool:
        """Is a GiroCode offered: an open transfer of the group's own settlement to a payee
        with an IBAN (a preview of another way gives none)."""
        return self.choice.own and self.iban_of(transfer.payee) is not None


def matched_holder(holder: str, results: list[Balance], members: list[str]) -> str:
    """The Kasse holder as the group spells them: a player of the view's money tables or a
    member of the group (who holds the kitty on an evening he did not play: his balance is 0);
    InputError for anybody else."""
    for name in [b.player for b in results] + list(members):
        if player_key(name) == player_key(holder):
            return name
    names = commas(list(dict.fromkeys([b.player for b in results] + list(members)))) or "—"
    raise InputError(
        Message(
            "The kitty holder must be a player of the group; %(value)s is not. Players: %(names)s.",
            value=shown(holder),
            names=names,
        ),
        "kasse",
    )


def kassensturz(
    group: Group, view: View, choice: Choice, every: Sequence[Stamped], starts: time
) -> Kassensturz:
    """The Kassensturz of the view (InputError for a holder who is not the group's player);
    `every` holds the group's tables, to know what each payment was made for (for an evening or
    a month, those of its month are enough; for the running account none are needed). The view's
    transfers ticked paid before payments were facts are taken over first (app.store.old_ticks)."""
    results = money_balance(view.results, group.players)
    played = [(b.player, b.cents) for b in results]
    adopt_ticks(group, view.scope, played)
    holder = matched_holder(choice.holder, results, group.players) if choice.holder else None
    paid = payments_in(view, group, every, starts)
    balances = open_balances(played, paid, pot=choice.mode == "pot")
    if holder is not None and holder not in dict(balances):
        balances = [*balances, (holder, 0)]
    plan = make_plan(balances, view.selection, choice.mode, holder, choice.round_to)
    return Kassensturz(view, results, paid, balances, plan, ibans(group), choice)
