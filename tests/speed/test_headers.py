"""Per-request waste: no session cookie where none is needed, static files linked with their
hash kept for a year, compressed answers."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from app.factory import create_app
from tests.speed.conftest import new_table

YEAR = "max-age=31536000"
LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def test_api_answers_send_no_session_cookie(client: FlaskClient) -> None:
    """The API is not cookie-authenticated: no cookie, not even on a phone that has one."""
    table_id, _token = new_table(client)
    assert "Set-Cookie" in client.get(f"/t/{table_id}").headers  # the phone has its cookie now
    for answer in (
        client.get(f"/api/v1/tables/{table_id}"),
        client.post(
            "/api/v1/referee",
            json={"variant": "dynamisch", "situation": {"top": "H7"}, "action": {"draw": True}},
        ),
        client.post("/api/v1/tables", json={"variant": "terroristen", "players": ["A", "B"]}),
    ):
        assert answer.status_code in (200, 201)
        assert "Set-Cookie" not in answer.headers
        assert "Cookie" not in answer.headers.get("Vary", "")


def test_a_304_sends_no_cookie(client: FlaskClient) -> None:
    """The live poll's 304 is a few bytes: no cookie with it."""
    table_id, _token = new_table(client)
    client.get(f"/t/{table_id}")
    first = client.get(f"/api/v1/tables/{table_id}/version")
    again = client.get(
        f"/api/v1/tables/{table_id}/version", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304
    assert "Set-Cookie" not in again.headers


def test_a_page_sends_the_cookie_only_when_the_session_changes(client: FlaskClient) -> None:
    """Opening a table remembers it (a lasting cookie); opening it again changes nothing."""
    table_id, _token = new_table(client)
    first = client.get(f"/t/{table_id}").headers.get("Set-Cookie", "")
    assert "session=" in first and "Expires=" in first
    assert "Set-Cookie" not in client.get(f"/t/{table_id}").headers
    assert "Set-Cookie" not in client.get("/rules").headers


def test_static_links_carry_their_hash_and_are_kept_for_a_year(client: FlaskClient) -> None:
    """Every static link of a page names its content; such a file is immutable for a year."""
    table_id, _token = new_table(client)
    client.get(f"/t/{table_id}")  # this phone has a session cookie
    links = LINK.findall(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert len(links) >= 4
    for link in links:
        assert re.search(r"\.\w+\?v=[0-9a-f]{12}$", link), link
        answer = client.get(link)
        assert answer.status_code == 200
        assert (
            YEAR in answer.headers["Cache-Control"]
            and "immutable" in answer.headers["Cache-Control"]
        )
        assert "Set-Cookie" not in answer.headers
        again = client.get(link, headers={"If-None-Match": answer.headers["ETag"]})
        assert again.status_code == 304 and "Set-Cookie" not in again.headers
        answer.close()


def test_plain_and_outdated_static_links_still_answer(client: FlaskClient) -> None:
    """A page kept offline from before may link a file plainly or with an old hash."""
    plain = client.get("/static/css/base.css")
    old = client.get("/static/css/base.css?v=000000000000")
    for answer in (plain, old):
        assert answer.status_code == 200 and answer.mimetype == "text/css"
        assert "immutable" not in answer.headers.get("Cache-Control", "")
        assert "Set-Cookie" not in answer.headers
        answer.close()
    assert client.get("/static/css/nothing.css?v=000000000000").status_code == 404


def test_the_service_worker_keeps_the_names_the_pages_link(client: FlaskClient) -> None:
    """The worker's offline copies are the files the pages link (with their hash)."""
    worker = client.get("/sw.js").get_data(as_text=True)
    page = client.get("/").get_data(as_text=True)
    base = next(link for link in LINK.findall(page) if "/css/base." in link)
    assert f'"{base}"' in worker
    assert '"/static/css/base.css"' not in worker


def test_pages_css_js_and_json_are_compressed(client: FlaskClient) -> None:
    """br or gzip, as the phone offers, for anything above 1 KB."""
    table_id, _token = new_table(client, wins=12)  # its JSON is above 1 KB
    page = f"/t/{table_id}"
    css = LINK.findall(client.get(page).get_data(as_text=True))[0]
    for url in (page, css, f"/api/v1/tables/{table_id}", "/sw.js"):
        for offered, expected in (("gzip", "gzip"), ("br, gzip", "br")):
            answer = client.get(url, headers={"Accept-Encoding": offered})
            assert answer.headers.get("Content-Encoding") == expected, url
            assert "Accept-Encoding" in answer.headers["Vary"]
            answer.close()
    small = client.get(f"/api/v1/tables/{table_id}/version", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers  # a few bytes: not worth it


def test_compression_can_be_left_to_a_proxy() -> None:
    """COMPRESS_RESPONSES = False: everything goes out as it is."""
    app: Flask = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SECRET_KEY": "test",
            "COMPRESS_RESPONSES": False,
        }
    )
    answer = app.test_client().get("/rules", headers={"Accept-Encoding": "gzip, br"})
    assert answer.status_code == 200 and len(answer.data) > 1024
    assert "Content-Encoding" not in answer.headers


def test_sheets_worker_and_view_qr_leave_the_session_alone(app: Flask) -> None:
    """A PDF and its 304, the service worker, the view QR: no cookie read or sent, ever."""
    client = app.test_client()
    table_id, _token = new_table(client, wins=1)
    client.get(f"/t/{table_id}")  # the phone has its cookie now
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Runde 2 gespeichert.")]
    sheet = client.get(f"/t/{table_id}/sheet.pdf")
    again = client.get(f"/t/{table_id}/sheet.pdf", headers={"If-None-Match": sheet.headers["ETag"]})
    assert again.status_code == 304
    for answer in (
        sheet,
        again,
        client.get("/sheets/deluxe.pdf"),
        client.get("/sw.js"),
        client.get(f"/t/{table_id}/qr-view.svg"),
        client.get("/manifest.webmanifest"),
    ):
        assert answer.status_code in (200, 304)
        assert "Set-Cookie" not in answer.headers
        assert "Cookie" not in answer.headers.get("Vary", "")
    # The message was left for the next page the player opens.
    assert "Runde 2 gespeichert." in client.get(f"/t/{table_id}").get_data(as_text=True)
