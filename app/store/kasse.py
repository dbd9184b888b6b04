"""The Kassensturz's stored parts: paid ticks (a log, undoable) and the members' IBANs."""

from __future__ import annotations

from sqlalchemy import select

from app.store.db import db
from app.store.models import Group
from app.store.models import GroupIban
from app.store.models import PaidTick


def player_key(name: str) -> str:
    """A player's identity across tables (as the group statistics match names)."""
    return name.strip().casefold()


def paid_transfers(group: Group) -> set[str]:
    """The ids of the group's transfers ticked paid: per transfer, its newest tick not undone."""
    query = (
        select(PaidTick.transfer_id, PaidTick.paid)
        .where(PaidTick.group_id == group.id, PaidTick.undone.is_(False))
        .order_by(PaidTick.id)
    )
    state = {transfer: paid for transfer, paid in db.session.execute(query)}
    return {transfer for transfer, paid in state.items() if paid}


def tick(group: Group, transfer_id: str, paid: bool) -> None:
    """Tick a transfer paid (or not); a tick that changes nothing is not logged."""
    if (transfer_id in paid_transfers(group)) == paid:
        return
    db.session.add(PaidTick(group_id=group.id, transfer_id=transfer_id, paid=paid))
    db.session.commit()


def last_tick(group: Group) -> PaidTick | None:
    """The group's newest tick not undone: what undo would take back."""
    found: PaidTick | None = db.session.scalar(
        select(PaidTick)
        .where(PaidTick.group_id == group.id, PaidTick.undone.is_(False))
        .order_by(PaidTick.id.desc())
        .limit(1)
    )
    return found


def undo_tick(group: Group) -> PaidTick | None:
    """Take back the newest tick (the transfer is as it was before it); None when there is none."""
    found = last_tick(group)
    if found is not None:
        found.undone = True
        db.session.commit()
    return found


def ibans(group: Group) -> dict[str, str]:
    """The IBANs of the group's members by player key."""
    query = select(GroupIban.player_key, GroupIban.iban).where(GroupIban.group_id == group.id)
    return {key: value for key, value in db.session.execute(query)}


def set_iban(group: Group, player: str, iban: str | None) -> None:
    """Keep (or with None forget) a member's checked IBAN."""
    found = db.session.get(GroupIban, (group.id, player_key(player)))
    if iban is None:
        if found is not None:
            db.session.delete(found)
    elif found is None:
        db.session.add(GroupIban(group_id=group.id, player_key=player_key(player), iban=iban))
    else:
        found.iban = iban
    db.session.commit()
