"""Pushed pages are rendered once per table version and key, and are the page each phone would
have fetched, with its own form tokens.

The phones without rights share one render whatever else their address asks (only the query
parameters the live copy reads count); the editors share another, each with its own CSRF token
and a fresh idempotency key; each language its own.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from typing import TypeVar

import pytest
from flask import Flask
from flask import template_rendered
from flask.testing import FlaskClient
from flask_wtf.csrf import validate_csrf

from app.push.pages import Pages
from app.push.render import Viewer
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


def cookie_of(client: FlaskClient) -> str:
    """The phone's Cookie header."""
    return "; ".join(
        f"{name}={cookie.value}"
        for name in ("session", "lang")
        if (cookie := client.get_cookie(name)) is not None
    )


def viewer(client: FlaskClient, lang: str = "de", extra: str = "") -> Viewer:
    """The stream request of the phone behind `client`: its cookies, language and query."""
    headers = [(b"host", b"localhost"), (b"accept-language", lang.encode())]
    if cookie := cookie_of(client):
        headers.append((b"cookie", cookie.encode()))
    scope: dict[str, Any] = {
        "headers": headers,
        "query_string": f"{extra}lang={lang}".encode(),
        "scheme": "http",
        "client": ("192.0.2.7", 50000),
        "root_path": "",
    }
    return Viewer(scope)


@pytest.fixture
def renders(csrf_app: Flask) -> Iterator[list[str]]:
    """The table pages the app renders while the test runs (Flask's template signal)."""
    seen: list[str] = []

    def note(_app: Flask, template: Any, **_context: Any) -> None:
        if template.name == "tables/view.html":
            seen.append(template.name)

    template_rendered.connect(note, csrf_app)
    yield seen
    template_rendered.disconnect(note, csrf_app)


T = TypeVar("T")


def run_alone(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine in a loop of its own thread: the browser tests' Playwright keeps an
    event loop running in this one, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, work).result()


def pages_of(app: Flask, table_id: str, viewers: list[Viewer], version: int) -> list[str | None]:
    """The pushed pages of these phones, asked for together as after a change."""
    pages = Pages(app)

    async def all_at_once() -> list[str | None]:
        return list(await asyncio.gather(*(pages.page(table_id, v, version) for v in viewers)))

    return run_alone(all_at_once())


def test_readers_share_one_render_whatever_their_query(csrf_app: Flask, renders: list[str]) -> None:
    api = csrf_app.test_client()
    table_id, _token = new_table(api)
    phones = [csrf_app.test_client() for _ in range(6)]
    for phone in phones:
        phone.get(f"/t/{table_id}")
    renders.clear()

    got = pages_of(
        csrf_app, table_id, [viewer(p, extra=f"x={n}&") for n, p in enumerate(phones)], 1
    )

    assert len(renders) == 1
    assert len(set(got)) == 1 and got[0] is not None
    assert got[0] == phones[0].get(f"/t/{table_id}/live?lang=de").get_data(as_text=True)
    assert 'lang="de"' in got[0] and "csrf_token" not in got[0] and "x=0" not in got[0]


def test_editors_share_one_render_each_with_its_own_tokens(
    csrf_app: Flask, renders: list[str]
) -> None:
    api = csrf_app.test_client()
    made = api.post(
        "/api/v1/tables", json={"variant": "terroristen", "players": ["Anna", "Ben", "Cem"]}
    ).json
    assert made is not None  # a variant whose page saves a round with one tap
    table_id, token = made["id"], made["edit_token"]
    editors = [csrf_app.test_client() for _ in range(3)]
    reader = csrf_app.test_client()
    for editor in editors:
        editor.get(f"/t/{table_id}/edit/{token}")
        editor.get(f"/t/{table_id}")  # the page it watches, its forms' session token made
    reader.get(f"/t/{table_id}")
    renders.clear()

    *edited, seen = pages_of(csrf_app, table_id, [*map(viewer, editors), viewer(reader)], 0)

    assert len(renders) == 2  # the editors' page and the readers'
    assert seen is not None and f"/t/{table_id}/rounds/new" not in seen
    keys = set()
    for editor, page in zip(editors, edited, strict=True):
        assert page is not None and f"/t/{table_id}/rounds/new" in page
        tokens = set(re.findall(r'name="csrf_token"[^>]*?value="([^"]+)"', page))
        assert len(tokens) == 1
        with csrf_app.test_request_context(headers={"Cookie": cookie_of(editor)}):
            validate_csrf(tokens.pop())  # this phone's own: a form it sends is accepted
        keys |= set(re.findall(r'name="idempotency_key"[^>]*?value="([0-9a-f]{32})"', page))
    assert len(keys) == len(editors)  # one-tap saves of two phones are never taken as one


def test_each_language_its_own_page_and_a_change_renders_anew(csrf_app: Flask) -> None:
    api = csrf_app.test_client()
    table_id, token = new_table(api)
    german, english = csrf_app.test_client(), csrf_app.test_client()
    pages = Pages(csrf_app)
    de_viewer, en_viewer = viewer(german, "de"), viewer(english, "en")

    async def look(version: int) -> tuple[str | None, str | None]:
        return (
            await pages.page(table_id, de_viewer, version),
            await pages.page(table_id, en_viewer, version),
        )

    de, en = run_alone(look(1))
    assert de is not None and en is not None
    assert 'lang="de"' in de and 'lang="en"' in en
    assert run_alone(look(0))[0] is de  # an older version asked: the kept page

    add_round(api, table_id, token)
    fresh = run_alone(look(2))[0]
    # The key's page of version 1 is known: the push is what changed since, as the phone
    # showing version 1 would be answered.
    assert fresh is not None and fresh.startswith('<template data-changes data-version="2"')
    since = german.get(f"/t/{table_id}/live?lang=de", headers={"X-Changes-From": "1"})
    assert fresh == since.get_data(as_text=True)
    assert since.headers["X-Changes-Base"] == "1"


def test_a_gone_table_has_no_page(csrf_app: Flask) -> None:
    phone = csrf_app.test_client()
    assert pages_of(csrf_app, "nosuchtable", [viewer(phone)], 1) == [None]
