"""Readers' pushed pages are rendered once per change and are the page each would have fetched.

The renders of one table's phones start together after a change: the phones without rights
share one render (their page does not depend on their cookies), an editor gets its own with its
controls, each language its own.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from app.push.render import Viewer
from app.push.render import page
from app.push.shared import Shared
from tests.serve.test_serve_push import ROUND


def new_table(client: FlaskClient) -> tuple[str, str]:
    """A Dynamisch table with one round: (id, edit token)."""
    made = client.post(
        "/api/v1/tables",
        json={"variant": "dynamisch", "name": "Freitag", "players": ["Anna", "Ben", "Cem", "Dora"]},
    ).json
    assert made is not None
    add_round(client, made["id"], made["edit_token"])
    return made["id"], made["edit_token"]


def add_round(client: FlaskClient, table_id: str, token: str) -> None:
    """One round through the API."""
    answer = client.post(
        f"/api/v1/tables/{table_id}/rounds", json=ROUND, headers={"X-Edit-Token": token}
    )
    assert answer.status_code == 201, answer.json


def viewer(client: FlaskClient, lang: str = "de") -> Viewer:
    """The stream request of the phone behind `client`: its cookies and language."""
    cookies = "; ".join(
        f"{name}={cookie.value}"
        for name in ("session", "lang")
        if (cookie := client.get_cookie(name)) is not None
    )
    headers = [(b"host", b"localhost"), (b"accept-language", lang.encode())]
    if cookies:
        headers.append((b"cookie", cookies.encode()))
    scope: dict[str, Any] = {
        "headers": headers,
        "query_string": f"lang={lang}".encode(),
        "scheme": "http",
        "client": ("192.0.2.7", 50000),
        "root_path": "",
    }
    return Viewer(scope)


def test_readers_share_one_render_which_is_their_own_page(csrf_app: Flask) -> None:
    api = csrf_app.test_client()
    table_id, _token = new_table(api)
    other_id, _ = new_table(api)
    first, second = csrf_app.test_client(), csrf_app.test_client()
    first.get(f"/t/{other_id}")  # a different session: another table remembered
    first.get(f"/t/{table_id}")
    second.get(f"/t/{table_id}")
    assert first.get_cookie("session").value != second.get_cookie("session").value  # type: ignore[union-attr]
    shared = Shared()

    one = page(csrf_app, table_id, viewer(first), shared)
    two = page(csrf_app, table_id, viewer(second), shared)

    assert one is not None and two is one  # rendered once
    assert two == second.get(f"/t/{table_id}/live?lang=de").get_data(as_text=True)
    assert 'lang="de"' in two and "csrf_token" not in two


def test_an_editor_gets_its_own_page_with_its_controls(csrf_app: Flask) -> None:
    api = csrf_app.test_client()
    table_id, token = new_table(api)
    editor, reader = csrf_app.test_client(), csrf_app.test_client()
    editor.get(f"/t/{table_id}/edit/{token}")
    reader.get(f"/t/{table_id}")
    shared = Shared()

    seen = page(csrf_app, table_id, viewer(reader), shared)
    edited = page(csrf_app, table_id, viewer(editor), shared)

    assert seen is not None and edited is not None
    assert 'name="csrf_token"' in edited and f"/t/{table_id}/rounds/new" in edited
    assert "csrf_token" not in seen and f"/t/{table_id}/rounds/new" not in seen
    assert page(csrf_app, table_id, viewer(reader), shared) is seen


def test_each_language_its_own_page_and_a_change_renders_anew(csrf_app: Flask) -> None:
    api = csrf_app.test_client()
    table_id, token = new_table(api)
    german, english = csrf_app.test_client(), csrf_app.test_client()
    shared = Shared()

    de = page(csrf_app, table_id, viewer(german, "de"), shared)
    en = page(csrf_app, table_id, viewer(english, "en"), shared)
    assert de is not None and en is not None
    assert 'lang="de"' in de and 'lang="en"' in en

    add_round(api, table_id, token)
    fresh = page(csrf_app, table_id, viewer(german, "de"), shared)
    assert fresh is not None and fresh != de
    assert fresh == german.get(f"/t/{table_id}/live?lang=de").get_data(as_text=True)


def test_phones_asking_together_wait_for_one_render() -> None:
    shared = Shared()
    renders: list[int] = []

    def render() -> tuple[str | None, int]:
        renders.append(1)
        time.sleep(0.05)  # the others arrive meanwhile
        return f"page {len(renders)}", 3

    got: list[str | None] = []
    threads = [
        threading.Thread(target=lambda: got.append(shared.get("t", 3, render))) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)

    assert got == ["page 1"] * 8 and len(renders) == 1
    assert shared.get("t", 2, render) == "page 1"  # an older version asked: the newer page
    assert shared.get("t", 4, render) == "page 2"  # a newer one: rendered anew


def test_a_page_that_could_not_be_had_is_not_kept() -> None:
    shared = Shared(kept=2)
    assert shared.get("t", 1, lambda: (None, -1)) is None
    assert shared.get("t", 1, lambda: ("page", 1)) == "page"
    shared.get("u", 1, lambda: ("other", 1))
    shared.get("v", 1, lambda: ("third", 1))
    assert list(shared.entries) == ["u", "v"]  # the least recently used went
