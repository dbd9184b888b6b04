"""The change log is bounded per table (the newest store.CHANGE_LIMIT changes) and keeps undo
meaningful; a table's own backup always imports again, however often it was edited."""

from __future__ import annotations

import io
import json

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func
from sqlalchemy import select

from app.store.changelog import CHANGE_LIMIT
from app.store.db import db
from app.store.models import Change

PLAYERS = ["Anna", "Ben", "Cem"]


def changes_of(app: Flask, table_id: str) -> int:
    """How many changes the table keeps."""
    with app.app_context():
        return int(
            db.session.scalar(
                select(func.count()).select_from(Change).where(Change.table_id == table_id)
            )
            or 0
        )


def import_backup(client: FlaskClient, backup: dict[str, object]) -> int:
    """Upload a backup to the import form, keeping both if it is already here: the status."""
    raw = json.dumps(backup).encode()
    return client.post(
        "/import",
        data={"backup": (io.BytesIO(raw), "backup.json"), "duplicate": "keep"},
        content_type="multipart/form-data",
    ).status_code


def test_log_is_bounded_and_undo_still_steps_back(app: Flask, client: FlaskClient) -> None:
    """CHANGE_LIMIT + 30 corrections: the newest CHANGE_LIMIT are kept, undo reverts the newest,
    and the table's own backup imports as a new table."""
    made = client.post(
        "/api/v1/tables",
        json={"variant": "terroristen", "players": PLAYERS, "options": {"games": None}},
    ).json
    assert made is not None
    table, headers = made["id"], {"X-Edit-Token": made["edit_token"]}
    assert (
        client.post(
            f"/api/v1/tables/{table}/rounds", json={"winner": 0}, headers=headers
        ).status_code
        == 201
    )
    for edit in range(CHANGE_LIMIT + 30):
        answer = client.put(
            f"/api/v1/tables/{table}/rounds/1", json={"winner": (edit + 1) % 3}, headers=headers
        )
        assert answer.status_code == 200
    assert changes_of(app, table) == CHANGE_LIMIT
    undone = client.post(f"/api/v1/tables/{table}/undo", headers=headers).json
    assert undone is not None
    assert undone["rounds"][0]["input"]["winner"] == (CHANGE_LIMIT + 29) % 3
    backup = json.loads(client.get(f"/t/{table}/export.json").data)
    assert len(backup["changes"]) == CHANGE_LIMIT
    assert import_backup(client, backup) == 302


def test_an_untrimmed_heavily_edited_table_exports_and_imports(
    app: Flask, client: FlaskClient
) -> None:
    """A table with 4,001 logged changes from before the bound: its export imports."""
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert made is not None
    table, headers = made["id"], {"X-Edit-Token": made["edit_token"]}
    client.post(f"/api/v1/tables/{table}/rounds", json={"winner": 0}, headers=headers)
    with app.app_context():
        db.session.add_all(
            Change(
                table_id=table,
                kind="edit",
                round_number=1,
                before={"winner": 0},
                after={"winner": 0},
            )
            for _ in range(4000)
        )
        db.session.commit()
    assert changes_of(app, table) == 4001
    backup = json.loads(client.get(f"/t/{table}/export.json").data)
    assert len(backup["changes"]) <= CHANGE_LIMIT
    assert import_backup(client, backup) == 302
    # Its next write trims the log.
    client.put(f"/api/v1/tables/{table}/rounds/1", json={"winner": 1}, headers=headers)
    assert changes_of(app, table) == CHANGE_LIMIT
