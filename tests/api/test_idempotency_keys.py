"""What a remembered Idempotency-Key keeps (status and round id, no table JSON), how a repeat is
answered (the table and the key's round as they are now), and that a week-old record goes."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from sqlalchemy import inspect
from sqlalchemy import select
from sqlalchemy import text
from sqlalchemy import update

from app.factory import create_app
from app.store.db import db
from app.store.models import IdempotencyKey
from app.store.models import Round
from app.store.models import utcnow
from app.store.rounds import KEY_LIFETIME
from app.store.setup import MIGRATIONS
from app.store.setup import register_migrations
from tests.api.test_tables_api import create

ROUNDS = "/api/v1/tables/{}/rounds"


def post(
    client: FlaskClient, table: str, headers: dict[str, str], body: dict[str, Any], key: str
) -> Any:
    """POST a round with an Idempotency-Key; the response."""
    return client.post(ROUNDS.format(table), json=body, headers={**headers, "Idempotency-Key": key})


def records(app: Flask) -> list[dict[str, Any]]:
    """Every remembered key as its raw database row."""
    with app.app_context():
        rows = db.session.execute(text("SELECT * FROM idempotency_keys ORDER BY key"))
        return [dict(row._mapping) for row in rows]


def test_a_record_holds_the_status_and_round_id_but_no_table_json(
    app: Flask, client: FlaskClient
) -> None:
    """Each key costs a few numbers and a 64-digit fingerprint, however long the table gets."""
    table, headers = create(client, "terroristen")
    answers = [post(client, table, headers, {"winner": n % 4}, f"key-{n}") for n in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 201]
    with app.app_context():
        columns = {c["name"] for c in inspect(db.engine).get_columns("idempotency_keys")}
        ids = list(db.session.scalars(select(Round.id).order_by(Round.number)))
    assert columns == {"table_id", "key", "status", "round_id", "created_at", "body_hash"}
    kept = records(app)
    assert all(len(r["body_hash"]) == 64 for r in kept)
    assert [(r["key"], r["status"], r["round_id"]) for r in kept] == [
        ("key-0", 201, ids[0]),
        ("key-1", 201, ids[1]),
        ("key-2", 201, ids[2]),
    ]
    assert all("rounds" not in str(value) for row in kept for value in row.values())


def test_a_repeat_answers_the_round_as_it_is_now(client: FlaskClient) -> None:
    """Corrected and moved up since: the repeat shows it so, with the same status, adds nothing."""
    table, headers = create(client, "terroristen")
    post(client, table, headers, {"winner": 0}, "first")
    first = post(client, table, headers, {"winner": 1}, "second")
    assert (first.status_code, first.json["round"]["number"]) == (201, 2)
    corrected = client.put(f"{ROUNDS.format(table)}/2", json={"winner": 3}, headers=headers)
    assert corrected.status_code == 200
    assert client.delete(f"{ROUNDS.format(table)}/1", headers=headers).status_code == 200
    again = post(client, table, headers, {"winner": 1}, "second")
    assert again.status_code == 201
    made = first.json["round"]["id"]  # the round's stable id survives renumbering
    assert again.json["round"] == {
        "number": 1,
        "id": made,
        "etag": f"{made}.2",
        "points": again.json["rounds"][0]["points"],
        "version": 2,
        "input": {"winner": 3},
    }
    assert len(again.json["rounds"]) == 1
    assert again.json == {
        **client.get(f"/api/v1/tables/{table}").json,
        "round": again.json["round"],
    }


def test_a_repeat_after_its_round_was_deleted_adds_nothing(client: FlaskClient) -> None:
    """The round is gone: the repeat still adds nothing and says so with `round: null`."""
    table, headers = create(client, "terroristen")
    post(client, table, headers, {"winner": 0}, "gone")
    assert client.delete(f"{ROUNDS.format(table)}/1", headers=headers).status_code == 200
    again = post(client, table, headers, {"winner": 0}, "gone")
    assert (again.status_code, again.json["round"], again.json["rounds"]) == (201, None, [])


def test_a_repeat_never_answers_a_later_round_with_a_reused_id(
    app: Flask, client: FlaskClient
) -> None:
    """SQLite may hand the id of an undone round to the next one: that is not the key's round."""
    table, headers = create(client, "terroristen")
    made = post(client, table, headers, {"winner": 0}, "undone")
    assert made.status_code == 201
    assert client.post(f"/api/v1/tables/{table}/undo", headers=headers).status_code == 200
    later = client.post(ROUNDS.format(table), json={"winner": 2}, headers=headers)
    assert later.status_code == 201
    again = post(client, table, headers, {"winner": 0}, "undone")
    assert (again.status_code, again.json["round"]) == (201, None)
    assert [r["input"] for r in again.json["rounds"]] == [{"winner": 2}]


def test_a_record_older_than_a_week_is_purged(app: Flask, client: FlaskClient) -> None:
    """The next keyed round deletes week-old records (of any table); younger ones stay."""
    table, headers = create(client, "terroristen")
    other, other_headers = create(client, "terroristen")
    post(client, table, headers, {"winner": 0}, "old")
    post(client, other, other_headers, {"winner": 0}, "young")
    with app.app_context():
        for key, age in (
            ("old", KEY_LIFETIME + timedelta(minutes=1)),
            ("young", timedelta(days=6)),
        ):
            db.session.execute(
                update(IdempotencyKey)
                .where(IdempotencyKey.key == key)
                .values(created_at=utcnow() - age)
            )
        db.session.commit()
    post(client, other, other_headers, {"winner": 1}, "new")
    assert [r["key"] for r in records(app)] == ["new", "young"]
    # Forgotten, the old key is a new round again; the young one still repeats.
    assert len(post(client, table, headers, {"winner": 0}, "old").json["rounds"]) == 2
    assert len(post(client, other, other_headers, {"winner": 0}, "young").json["rounds"]) == 2


def test_an_expired_record_not_yet_purged_is_not_replayed(app: Flask, client: FlaskClient) -> None:
    """Older than a week counts as forgotten even before a write purged it."""
    table, headers = create(client, "terroristen")
    post(client, table, headers, {"winner": 0}, "stale")
    with app.app_context():
        db.session.execute(
            update(IdempotencyKey).values(created_at=utcnow() - KEY_LIFETIME - timedelta(hours=1))
        )
        db.session.commit()
    again = post(client, table, headers, {"winner": 0}, "stale")
    assert (again.status_code, len(again.json["rounds"])) == (201, 2)
    assert [r["key"] for r in records(app)] == ["stale"]  # written afresh


def test_migration_keeps_the_round_id_of_remembered_answers(tmp_path: Path) -> None:
    """A database from before (whole answers kept) is upgraded: each key keeps its round's id;
    one whose round is gone, and one older than a week, are dropped."""
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}",
            "SECRET_KEY": "test",
            "AUTO_MIGRATE": False,
        }
    )
    register_migrations(app)
    now = utcnow()
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0001")
        run = db.session.execute
        run(
            text(
                "INSERT INTO tables (id, variant, name, players, options, version, created_at,"
                " updated_at, edit_token_hash) VALUES ('t1', 'terroristen', '', "
                "'[\"A\", \"B\", \"C\"]', '{}', 2, :now, :now, 'x')"
            ),
            {"now": now},
        )
        for number, winner in ((1, 0), (2, 2)):
            run(
                text(
                    "INSERT INTO rounds (table_id, number, data, version, created_at, updated_at)"
                    " VALUES ('t1', :n, :data, 1, :now, :now)"
                ),
                {"n": number, "data": f'{{"winner": {winner}}}', "now": now},
            )
        for key, number, winner, age in (
            ("kept", 2, 2, timedelta(hours=1)),
            ("gone", 3, 1, timedelta(hours=1)),
            ("old", 1, 0, timedelta(days=9)),
        ):
            first = {"number": number, "input": {"winner": winner}}
            answer = json.dumps({"rounds": [], "round": first})
            run(
                text(
                    "INSERT INTO idempotency_keys (table_id, key, status, response, created_at)"
                    " VALUES ('t1', :key, 201, :answer, :at)"
                ),
                {"key": key, "answer": answer, "at": now - age},
            )
        db.session.commit()
        upgrade(directory=str(MIGRATIONS))
        second = db.session.scalar(select(Round.id).where(Round.number == 2))
        kept = db.session.execute(text("SELECT key, round_id FROM idempotency_keys")).all()
        columns = {c["name"] for c in inspect(db.engine).get_columns("idempotency_keys")}
        db.session.remove()
        db.engine.dispose()
    assert [tuple(row) for row in kept] == [("kept", second)]
    assert "response" not in columns


def test_a_key_kept_before_fingerprints_is_replayed_as_before(
    app: Flask, client: FlaskClient
) -> None:
    """A record from before the fingerprint column (None) answers as the first time, whatever
    the body: only a fingerprinted key can tell a different round."""
    table, headers = create(client, "terroristen")
    assert post(client, table, headers, {"winner": 0}, "old").status_code == 201
    with app.app_context():
        db.session.execute(update(IdempotencyKey).values(body_hash=None))
        db.session.commit()
    again = post(client, table, headers, {"winner": 2}, "old")
    assert again.status_code == 201
    assert again.json is not None and again.json["round"]["input"] == {"winner": 0}
