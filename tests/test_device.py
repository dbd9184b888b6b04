"""What a phone remembers in its session (`app.rights.phone`): its tables, groups, tokens."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask import session
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient

from app.rights.phone import device_group_ids
from app.rights.phone import device_table_ids
from app.rights.phone import remember
from app.rights.phone import remember_group
from app.rights.phone import remember_table
from app.rights.phone import remembered_ids
from app.rights.phone import remembered_token


def test_newest_first_each_once_and_tokens_kept_apart(app: Flask) -> None:
    """An id moves to the front; beyond the limit the oldest goes, but a token stays until
    more newer tokens than the limit push it out."""
    with app.test_request_context():
        remember("ids", "tokens", "a", "token-a", limit=3)
        remember("ids", "tokens", "b", None, limit=3)
        remember("ids", "tokens", "c", "token-c", limit=3)
        remember("ids", "tokens", "a", None, limit=3)
        assert remembered_ids("ids") == ["a", "c", "b"]
        assert remembered_token("tokens", "a") == "token-a"
        remember("ids", "tokens", "d", None, limit=3)
        remember("ids", "tokens", "e", None, limit=3)
        assert remembered_ids("ids") == ["e", "d", "a"]
        assert session["tokens"] == {"a": "token-a", "c": "token-c"}
        for name in ("f", "g"):
            remember("ids", "tokens", name, f"token-{name}", limit=3)
        assert session["tokens"] == {"a": "token-a", "f": "token-f", "g": "token-g"}


def test_a_token_for_the_first_id_is_still_kept(app: Flask) -> None:
    """Claiming the edit link of the table already on top stores its token."""
    with app.test_request_context():
        remember("ids", "tokens", "a", None, limit=3)
        remember("ids", "tokens", "a", "token-a", limit=3)
        assert remembered_ids("ids") == ["a"] and remembered_token("tokens", "a") == "token-a"


def test_a_tampered_session_counts_as_empty(app: Flask) -> None:
    """Values of the wrong shape are ignored rather than a 500."""
    with app.test_request_context():
        session["ids"] = "not a list"
        session["tokens"] = ["not", "a", "dict"]
        assert remembered_ids("ids") == []
        assert remembered_token("tokens", "a") is None
        remember("ids", "tokens", "a", "token-a", limit=3)
        assert remembered_ids("ids") == ["a"] and session["tokens"] == {"a": "token-a"}


def test_tables_and_groups_keep_their_own_lists(app: Flask) -> None:
    """Tables and groups are remembered alike, under their own keys and limits (30 and 12)."""
    with app.test_request_context():
        for number in range(40):
            remember_table(f"t{number}", f"token-t{number}")
            remember_group(f"g{number}", f"token-g{number}")
        assert len(device_table_ids()) == 30 and device_table_ids()[0] == "t39"
        assert len(device_group_ids()) == 12 and device_group_ids()[0] == "g39"
        assert len(session["edit_tokens"]) == 30 and len(session["group_tokens"]) == 12


def shared_table(client: FlaskClient) -> tuple[str, str]:
    """A table made through the API: its id and edit token."""
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": ["A", "B"]})
    assert made.json is not None
    return made.json["id"], made.json["edit_token"]


def test_a_phone_that_views_40_shared_tables_still_edits_its_own(app: Flask) -> None:
    """Viewing takes a place among the tables looked at, never among those this phone edits."""
    phone, others = app.test_client(), app.test_client()
    own, token = shared_table(phone)
    assert phone.get(f"/t/{own}/edit/{token}").status_code == 302
    for _ in range(40):
        table_id, _token = shared_table(others)
        assert phone.get(f"/t/{table_id}").status_code == 200
    assert phone.get(f"/t/{own}/rounds/new").status_code == 200
    assert own in phone.get("/").get_data(as_text=True)
    assert others.get(f"/t/{own}/rounds/new").status_code == 403


def test_the_fullest_session_still_fits_a_browser_cookie(app: Flask) -> None:
    """30 tables edited, 30 others looked at, 12 groups edited: under a browser's 4096 bytes."""
    phone = app.test_client()
    for _ in range(30):
        table_id, token = shared_table(phone)
        phone.get(f"/t/{table_id}/edit/{token}")
    for _ in range(30):
        phone.get(f"/t/{shared_table(app.test_client())[0]}")
    for number in range(12):
        phone.post("/groups/new", data={"name": f"Runde {number}", "players": "Anna\nBen"})
    cookie = phone.get_cookie("session")
    assert cookie is not None
    with app.test_request_context():
        assert len(session_of(app, cookie.value)["edit_tokens"]) == 30
    assert len("session=" + cookie.value) < 4000


def session_of(app: Flask, value: str) -> Any:
    """The session a cookie value holds (Flask's own serializer reads it back)."""
    serializer = SecureCookieSessionInterface().get_signing_serializer(app)
    assert serializer is not None
    return serializer.loads(value)
