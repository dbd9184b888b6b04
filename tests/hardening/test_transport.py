"""Cookies and headers: Secure cookies, HSTS and a Permissions-Policy over HTTPS; no caching of
pages with an edit link; a session that lasts from its last use; renewing an edit link."""

from __future__ import annotations

import re
import time
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from app.store.models import new_edit_token
from app.store.models import new_public_id
from app.web.headers import RENEWED_KEY

HTTPS = {"base_url": "https://mautisch.example"}
BODY = {"variant": "terroristen", "players": ["Anna", "Ben"]}


def api_table(client: FlaskClient) -> tuple[str, str]:
    """A table made through the API: id and edit token."""
    made = client.post("/api/v1/tables", json=BODY).json
    assert made is not None
    return made["id"], made["edit_token"]


def test_https_answers_carry_hsts_permissions_and_secure_cookies(client: FlaskClient) -> None:
    """Over HTTPS: HSTS, Permissions-Policy, and every cookie Secure; over http none of it."""
    secure = client.get("/?lang=de", **HTTPS)
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "camera=()" in secure.headers["Permissions-Policy"]
    cookies = secure.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in cookie for cookie in cookies)
    plain = FlaskClient(client.application).get("/?lang=de")
    assert "Strict-Transport-Security" not in plain.headers
    assert all("Secure" not in cookie for cookie in plain.headers.getlist("Set-Cookie"))


def test_pages_with_an_edit_link_are_not_stored(client: FlaskClient) -> None:
    """The editor's table page (it shows the edit link) is no-store; a viewer's is not."""
    table_id, token = api_table(client)
    assert client.get(f"/t/{table_id}/edit/{token}").status_code == 302
    editor = client.get(f"/t/{table_id}")
    assert token in editor.get_data(as_text=True)
    assert editor.headers["Cache-Control"] == "no-store"
    viewer = FlaskClient(client.application).get(f"/t/{table_id}")
    assert token not in viewer.get_data(as_text=True)
    assert "no-store" not in viewer.headers.get("Cache-Control", "")


def test_session_lifetime_is_bounded_and_slides(app: Flask, client: FlaskClient) -> None:
    """At most 90 days; a page request after a day re-sends the cookie, one within it does not."""
    lifetime = app.permanent_session_lifetime
    assert timedelta(days=30) <= lifetime <= timedelta(days=90)
    # A new phone's empty session needs no cookie; once it remembers a table, it has one.
    assert not client.get("/").headers.getlist("Set-Cookie")
    table_id, _token = api_table(client)
    first = client.get(f"/t/{table_id}")
    assert first.headers.getlist("Set-Cookie")
    assert not client.get("/").headers.getlist("Set-Cookie")  # used again at once: nothing
    with client.session_transaction() as session:
        session[RENEWED_KEY] = int(time.time()) - 2 * 24 * 3600
    renewed = [c for c in client.get("/").headers.getlist("Set-Cookie") if "session=" in c]
    assert renewed and "Expires=" in renewed[0]
    # The API never sends a session cookie.
    assert not client.get("/api/v1/openapi.json").headers.getlist("Set-Cookie")


def renew_button(page: str) -> str:
    """The action of the page's renew form."""
    found = re.search(r'class="renew-edit-link" action="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_renewing_a_table_edit_link_retires_the_old_one(client: FlaskClient) -> None:
    """The editor renews: the old link is 403, the API refuses the old token, this phone goes
    on editing."""
    table_id, old = api_table(client)
    client.get(f"/t/{table_id}/edit/{old}")
    action = renew_button(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert client.post(action).status_code == 302
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "der alte funktioniert nicht mehr" in page
    new = re.search(rf"/t/{table_id}/edit#([A-Za-z0-9_-]+)", page)
    assert new is not None and new.group(1) != old
    other = FlaskClient(client.application)
    assert other.get(f"/t/{table_id}/edit/{old}").status_code == 403
    assert other.post(f"/t/{table_id}/edit", data={"token": new.group(1)}).status_code == 302
    headers = {"X-Edit-Token": old}
    assert (
        client.post(
            f"/api/v1/tables/{table_id}/rounds", json={"winner": 0}, headers=headers
        ).status_code
        == 403
    )
    # A viewer cannot renew.
    assert FlaskClient(client.application).post(action).status_code == 403


def test_renewing_a_group_edit_link(client: FlaskClient) -> None:
    """A group editor renews the group's link; the old one stops working."""
    client.post("/groups/new", data={"name": "Stammtisch", "players": "Anna\nBen"})
    listing = client.get("/groups").get_data(as_text=True)
    group_id = listing.split('href="/g/')[1].split('"')[0]
    page = client.get(f"/g/{group_id}").get_data(as_text=True)
    old = re.search(rf"/g/{group_id}/edit#([A-Za-z0-9_-]+)", page)
    assert old is not None
    assert client.post(renew_button(page)).status_code == 302
    other = FlaskClient(client.application)
    assert other.get(f"/g/{group_id}/edit/{old.group(1)}").status_code == 403
    assert other.post(f"/g/{group_id}/edit", data={"token": old.group(1)}).status_code == 403


def test_edit_links_carry_the_token_after_the_hash(client: FlaskClient) -> None:
    """The shown edit link keeps the token out of the path (no access log sees it); its page
    claims by POST; the old path form still claims."""
    table_id, token = api_table(client)
    client.get(f"/t/{table_id}/edit/{token}")  # an old link still works
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f'value="http://localhost/t/{table_id}/edit#{token}"' in page
    assert f"/edit/{token}" not in page
    other = FlaskClient(client.application)
    claim = other.get(f"/t/{table_id}/edit")
    assert claim.status_code == 200 and token not in claim.get_data(as_text=True)
    assert "js/claim" in claim.get_data(as_text=True)
    assert claim.headers["Cache-Control"] == "no-store"
    assert other.post(f"/t/{table_id}/edit", data={"token": "wrong"}).status_code == 403
    assert other.post(f"/t/{table_id}/edit", data={"token": token}).status_code == 302
    assert token in other.get(f"/t/{table_id}").get_data(as_text=True)


def test_a_view_that_never_touches_the_session_leaves_the_cookie_closed(app: Flask) -> None:
    """The cookie is opened only when used: an answer that does not look at the session has
    no `Vary: Cookie` and sends nothing back, even when a renewal would be due."""
    app.add_url_rule("/test-untouched", "test_untouched", lambda: "untouched")
    client = app.test_client()
    table_id, _token = api_table(client)
    assert client.get(f"/t/{table_id}").headers.getlist("Set-Cookie")  # remembered: a cookie
    with client.session_transaction() as session:
        session[RENEWED_KEY] = int(time.time()) - 2 * 24 * 3600
    untouched = client.get("/test-untouched")
    assert untouched.status_code == 200
    assert not untouched.headers.getlist("Set-Cookie")
    assert "Cookie" not in untouched.headers.get("Vary", "")
    # The next page that uses the session renews it.
    assert client.get(f"/t/{table_id}").headers.getlist("Set-Cookie")


def test_a_full_session_cookie_stays_below_what_a_browser_keeps(app: Flask) -> None:
    """The most a phone remembers (30 tables and 12 groups with their edit tokens, a form
    secret, a message): the cookie stays below the 4096 bytes a browser keeps."""
    client = app.test_client()
    tables = [new_public_id() for _ in range(30)]
    groups = [new_public_id() for _ in range(12)]
    with client.session_transaction() as session:
        session["tables"] = tables
        session["edit_tokens"] = {table: new_edit_token() for table in tables}
        session["groups"] = groups
        session["group_tokens"] = {group: new_edit_token() for group in groups}
        session["csrf_token"] = "f" * 40
        session["_flashes"] = [
            (
                "success",
                "Neuer Bearbeiten-Link: der alte funktioniert nicht mehr. Gib den neuen weiter.",
            )
        ]
    cookies = client.get("/").headers.getlist("Set-Cookie")
    sent = [cookie for cookie in cookies if cookie.startswith("session=")]
    assert sent and len(sent[0]) < 4096
