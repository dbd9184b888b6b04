"""Deleted tables and groups are kept for 30 days (restorable), then removed for good.

`flask --app app purge` removes what is due; every start does the same (`app.store.setup`), so a
home server that runs for weeks between restarts still purges on the next one.
"""

from __future__ import annotations

from datetime import datetime

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy import update

from app.store.db import db
from app.store.models import Change
from app.store.models import Group
from app.store.models import GroupIban
from app.store.models import IdempotencyKey
from app.store.models import PaidTick
from app.store.models import Round
from app.store.models import Table
from app.store.models import utcnow
from app.store.tables import RESTORE_PERIOD


@click.command("purge")
@with_appcontext
def purge_command() -> None:
    """Remove the tables and groups deleted more than 30 days ago."""
    gone = purge_deleted()
    click.echo(f"{gone} gelöschte Tische/Gruppen endgültig entfernt / deleted tables/groups purged")


def init_purge(app: Flask) -> None:
    """Offer the `purge` command and purge what is due now (inside the app context, once the
    schema is current)."""
    app.cli.add_command(purge_command)
    if app.config.get("AUTO_MIGRATE"):
        purge_deleted()


def purge_deleted(now: datetime | None = None) -> int:
    """Remove what was deleted more than RESTORE_PERIOD before `now`; returns the counts.

    A table restored on its own while its group stays deleted keeps going, without the group.
    """
    cutoff = (now or utcnow()) - RESTORE_PERIOD
    table_ids = list(db.session.scalars(select(Table.id).where(Table.deleted_at < cutoff)))
    group_ids = list(db.session.scalars(select(Group.id).where(Group.deleted_at < cutoff)))
    for start in range(0, len(table_ids), 500):  # bounded IN lists
        chunk = table_ids[start : start + 500]
        for model in (IdempotencyKey, Change, Round):
            db.session.execute(
                delete(model)
                .where(model.table_id.in_(chunk))
                .execution_options(synchronize_session=False)
            )
        db.session.execute(
            delete(Table).where(Table.id.in_(chunk)).execution_options(synchronize_session=False)
        )
    if group_ids:
        db.session.execute(
            update(Table)
            .where(Table.group_id.in_(group_ids))
            .values(group_id=None)
            .execution_options(synchronize_session=False)
        )
        for kept in (PaidTick, GroupIban):
            db.session.execute(
                delete(kept)
                .where(kept.group_id.in_(group_ids))
                .execution_options(synchronize_session=False)
            )
        db.session.execute(
            delete(Group)
            .where(Group.id.in_(group_ids))
            .execution_options(synchronize_session=False)
        )
    db.session.commit()
    db.session.expire_all()
    return len(table_ids) + len(group_ids)
