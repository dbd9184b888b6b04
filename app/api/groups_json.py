"""A group and its Kassensturz as the JSON API shows them (docs/api.md §3)."""

from __future__ import annotations

from typing import Any

from flask import current_app

from app.groups.evening import evening_start
from app.groups.evening import evenings
from app.groups.kassensturz import Kassensturz
from app.groups.stats import TableResult
from app.scoring.names import player_key
from app.settlement.account import Paid
from app.settlement.account import Scope
from app.settlement.account import pot_total
from app.settlement.iban import masked
from app.store.kasse import ibans
from app.store.models import Group
from app.store.payments import group_payments


def group_json(group: Group, results: list[TableResult]) -> dict[str, Any]:
    """The group: its tables (oldest first) with their evening, the evenings newest first,
    and the members' IBANs masked (`ibans`, an addition)."""
    starts = evening_start(current_app.config["EVENING_STARTS"])
    nights = evenings(group.id, group.name, group.players, results, starts)
    evening_by_table = {r.table_id: n.date.isoformat() for n in nights for r in n.results}
    kept = ibans(group)
    names = {player_key(p): p for p in group.players}
    return {
        "id": group.id,
        "name": group.name,
        "players": list(group.players),
        "tables": [
            {
                "id": r.table_id,
                "variant": r.variant,
                "name": r.name,
                "finished": r.standing.finished,
                "evening": evening_by_table[r.table_id],
            }
            for r in results
        ],
        "evenings": [
            {"date": n.date.isoformat(), "tables": [r.table_id for r in n.results]} for n in nights
        ],
        "ibans": {names.get(key, key): masked(iban) for key, iban in sorted(kept.items())},
        "settle": settle_json(group),
        "pot": pot_json(group),
    }


def settle_json(group: Group) -> dict[str, Any]:
    """How the group settles: {"mode": "direct"}, or with its Kasse holder."""
    if group.settle_mode == "kasse":
        return {"mode": "kasse", "kasse": group.kasse_holder}
    return {"mode": group.settle_mode or "direct"}


def pot_json(group: Group) -> dict[str, Any]:
    """The pot: what it holds, and who paid how much into it (and what was paid out)."""
    paid = group_payments(group)
    into: dict[str, int] = {}
    for p in paid:
        if p.into_pot and p.payer is not None:
            into[p.payer] = into.get(p.payer, 0) + p.cents
    return {
        "cents": pot_total(paid),
        "paid_in": [{"player": n, "cents": c} for n, c in into.items()],
        "paid_out": [payment_json(p) for p in paid if p.from_pot],
    }


def scope_json(scope: Scope) -> dict[str, Any]:
    """What a payment was for, as the API writes it: {"evening": "2026-11-26"}, {"month":
    "2026-11"} or {"tables": ["…", "…"]}."""
    if scope.kind == "tables":
        return {"tables": scope.key.split(",")}
    return {scope.kind: scope.key}


def payment_json(paid: Paid) -> dict[str, Any]:
    """A payment as recorded (`to` null: into the pot, `from` null: out of it)."""
    return {
        "id": paid.id,
        "from": paid.payer,
        "to": paid.payee,
        "cents": paid.cents,
        "at": paid.at.astimezone().isoformat(timespec="seconds"),
        "for": scope_json(paid.scope),
    }


def settlement_json(found: Kassensturz) -> dict[str, Any]:
    """The Kassensturz: the contract's fields plus how it was found and the choice made."""
    plan = found.plan
    return {
        "tables": [r.table_id for r in found.settled],
        "unsettled_tables": [r.table_id for r in found.unsettled],
        "results": [{"player": b.player, "cents": b.cents} for b in found.results],
        "payments": [payment_json(p) for p in found.payments],
        "balances": [{"player": name, "cents": cents} for name, cents in found.balances],
        "transfers": [
            {
                "id": t.id,
                "from": t.payer,
                "to": t.payee,
                "cents": t.cents,
                "girocode": found.girocode(t),
                "iban": masked(iban) if (iban := found.iban_of(t.payee)) else None,
            }
            for t in plan.transfers
        ],
        "exact": plan.exact,
        "rounding_cents": plan.rounding_cents,
        "rounding_carrier": plan.carrier if plan.round_to > 1 else None,
        "rounding_changes": [{"player": n, "cents": c} for n, c in plan.rounding_changes],
        "settled": not plan.transfers,
        "method": plan.method,
        "mode": found.choice.mode,
        "kasse": plan.carrier if found.choice.mode == "kasse" else None,
        "round_to": plan.round_to,
        "own": found.choice.own,
    }
