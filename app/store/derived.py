"""What a group's ratings came to before its newest evening, stored so that a start of the
server goes on from there instead of replaying every game the group ever played.

It is derived, never a fact: a row says what it was made from (each table's id, version and
start, inside `data`) and by what (`made_by`: a digest of the program and its settings), and
is read only where both still hold (app.groups.rated), so it cannot go stale. A row lost or
deleted costs one replay; a deleted group's goes with it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON
from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import String
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column

from app.store.db import db
from app.store.models import ID_LENGTH
from app.store.models import utcnow


class RatingsCheckpoint(db.Model):  # type: ignore[name-defined,misc]
    """A group's ratings after its tables before the newest evening (app.ratings.snapshot)."""

    __tablename__ = "ratings_checkpoints"

    group_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True
    )
    made_by: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def stored_checkpoint(group_id: str, made_by: str) -> dict[str, Any] | None:
    """The group's stored checkpoint if this program made it, else None."""
    query = select(RatingsCheckpoint.data).where(
        RatingsCheckpoint.group_id == group_id, RatingsCheckpoint.made_by == made_by
    )
    return db.session.scalar(query)


def store_checkpoint(group_id: str, made_by: str, data: dict[str, Any]) -> None:
    """Keep this checkpoint in place of the group's last one. Only a page reads it, so a clash
    with another process storing its own (or a busy database) leaves the older one: the next
    look stores it again."""
    db.session.commit()  # a write first: no read transaction may be open (SQLite's upgrade)
    try:
        db.session.execute(delete(RatingsCheckpoint).where(RatingsCheckpoint.group_id == group_id))
        db.session.add(RatingsCheckpoint(group_id=group_id, made_by=made_by, data=data))
        db.session.commit()
    except (IntegrityError, OperationalError):
        db.session.rollback()
