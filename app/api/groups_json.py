"""A group and its Kassensturz as the JSON API shows them (docs/api.md §3)."""

from __future__ import annotations

from typing import Any

from flask import current_app

from app.groups.evening import evening_start
from app.groups.evening import evenings
from app.groups.kassensturz import Kassensturz
from app.groups.stats import TableResult
from app.settlement.iban import masked
from app.settlement.plan import player_key
from app.store.kasse import ibans
from app.store.models import Group


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
    }


def settlement_json(found: Kassensturz) -> dict[str, Any]:
    """The Kassensturz: the contract's fields plus how it was found and the choice made."""
    plan = found.plan
    return {
        "tables": [r.table_id for r in found.settled],
        "unsettled_tables": [r.table_id for r in found.unsettled],
        "balances": [{"player": b.player, "cents": b.cents} for b in found.balances],
        "transfers": [
            {
                "id": t.id,
                "from": t.payer,
                "to": t.payee,
                "cents": t.cents,
                "paid": t.id in found.paid,
                "iban": masked(iban) if (iban := found.iban_of(t.payee)) else None,
            }
            for t in plan.transfers
        ],
        "exact": plan.exact,
        "rounding_cents": plan.rounding_cents,
        "rounding_carrier": plan.carrier if plan.round_to > 1 else None,
        "method": plan.method,
        "mode": found.choice.mode,
        "kasse": plan.carrier if found.choice.mode == "kasse" else None,
        "round_to": plan.round_to,
        "all_paid": found.all_paid,
    }
