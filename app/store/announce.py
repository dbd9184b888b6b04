"""Telling whoever serves the watching phones that a table changed (after its commit).

In this process a blinker signal, sent after the commit; to the other processes on PostgreSQL
a NOTIFY on the channel CHANNEL, sent inside the writing transaction so that PostgreSQL
delivers it exactly when (and only if) the change is committed. Listeners are in `app.push`.
"""

from __future__ import annotations

from blinker import Namespace
from sqlalchemy import func
from sqlalchemy import select

from app.store.db import db

CHANNEL = "mautisch_tables"
table_changed = Namespace().signal("table-changed")
# A save's own answer carries the table at a version to the phone that saved: its event stream
# (named by the phone, app.push.events) need not be pushed that version again.
answered = Namespace().signal("answered")
# That answer is rendered: the pushes' renders need no longer wait for it (app.push.events).
answer_done = Namespace().signal("answer-done")


def payload(table_id: str, version: int) -> str:
    """The NOTIFY payload: `<table id> <version>` (ids hold no space)."""
    return f"{table_id} {version}"


def parse(text: str) -> tuple[str, int] | None:
    """A payload read back, or None for one that is not ours."""
    table_id, _, version = text.partition(" ")
    return (table_id, int(version)) if table_id and version.isdigit() else None


def notify_in_transaction(table_id: str, version: int) -> None:
    """On PostgreSQL, queue the NOTIFY in the open transaction (a no-op elsewhere)."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(select(func.pg_notify(CHANNEL, payload(table_id, version))))


def answering(stream: str, version: int) -> None:
    """The phone holding `stream` is being answered with the table at `version`."""
    answered.send(None, stream=stream, version=version)


def answered_with(table_id: str, version: int) -> None:
    """A save's answer showing the table at `version` is rendered."""
    answer_done.send(None, table_id=table_id, version=version)


def committed(table_id: str, version: int) -> None:
    """Tell this process's listeners (after the commit)."""
    table_changed.send(None, table_id=table_id, version=version)
