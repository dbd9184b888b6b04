"""JSON read and written by orjson (app.web.flaskapp): the same values and shapes as Flask's own
JSON, in both directions, and a short answer passes compression untouched."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.speed.conftest import new_table

QUESTION = {"variant": "dynamisch", "situation": {"top": "H7"}, "action": {"draw": True}}


def test_answers_keep_flasks_shape_in_plain_utf8(client: FlaskClient) -> None:
    """Keys sorted as Flask sorts them, one closing newline, German words as UTF-8 (no `\\u`
    escapes): the bytes parse to exactly the value Flask's writer gave."""
    created = client.post("/api/v1/tables", json={"variant": "terroristen",
                                                  "players": ["Jürgen", "Gül"]})
    assert created.status_code == 201
    table = client.get(f"/api/v1/tables/{created.json['id']}")
    raw = table.get_data()
    assert raw.endswith(b"}\n") and "Jürgen".encode() in raw and b"\\u00fc" not in raw
    keys = list(json.loads(raw))
    assert keys == sorted(keys)
    answer = client.post("/api/v1/referee", json=QUESTION)
    assert answer.mimetype == "application/json" and list(answer.json) == sorted(answer.json)


def test_a_long_number_is_read_whole(client: FlaskClient) -> None:
    """orjson reads a 26-digit integer as a float; such a body is read by the standard library,
    so the sentence names the number the player sent, not 1e+25."""
    body = '{"variant": "dynamisch", "players": 10000000000000000000000000, ' \
           '"situation": {"top": "H7"}, "action": {"draw": true}, "lang": "en"}'
    answer = client.post("/api/v1/referee", data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.json["field"] == "players"
    assert "10000000000000000000000000" in answer.json["error"]
    assert "e+" not in answer.json["error"]


def test_bodies_orjson_refuses_are_read_as_before(client: FlaskClient) -> None:
    """NaN is no JSON to orjson; the standard library read it before, and still does: the
    answer names the field, not the body."""
    body = '{"variant": "dynamisch", "players": NaN, "situation": {"top": "H7"}, ' \
           '"action": {"draw": true}}'
    answer = client.post("/api/v1/referee", data=body, content_type="application/json")
    assert (answer.status_code, answer.json["field"]) == (400, "players")


def test_a_short_answer_is_not_compressed_and_does_not_vary(client: FlaskClient) -> None:
    """Below 1 KB nothing is compressed whatever the phone accepts, so the answer does not
    vary by Accept-Encoding; a long one still does."""
    table_id, _token = new_table(client, wins=12)
    short = client.post("/api/v1/referee", json=QUESTION, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in short.headers
    assert "Accept-Encoding" not in short.headers.get("Vary", "")
    long = client.get(f"/api/v1/tables/{table_id}", headers={"Accept-Encoding": "gzip"})
    assert long.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in long.headers["Vary"]
