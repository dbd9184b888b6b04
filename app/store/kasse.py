"""The members' IBANs, kept for the payment codes of the Kassensturz (GiroCode)."""

from __future__ import annotations

from sqlalchemy import select

from app.store.db import db
from app.store.models import Group
from app.store.models import GroupIban


def player_key(name: str) -> str:
    """A player's identity across tables (as the group statistics match names)."""
    return name.strip().casefold()


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
