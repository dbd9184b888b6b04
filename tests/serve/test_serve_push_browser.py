"""Real Chromium phones (390×844) on `mautisch serve`: a round saved on one appears on another.

By push: the watching phone holds the table's event stream and is sent its fresh page in it
(in its language), without polling the version or fetching the page. With the stream blocked
(the route aborted, as a proxy that drops it would), the phone polls and still shows the round.
German and English.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.conftest import PHONE
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import ServerProcess
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

pytestmark = pytest.mark.browser
LIVE = 2000  # ms
CURRENT = {"de": "Aktuell", "en": "Up to date"}
GAME = {"de": "Spiel", "en": "Game"}  # the grid's heading of its rounds column
PLAYERS = ["Anna", "Ben", "Cem"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One `mautisch serve` for the module, stopped by its pid at the end."""
    folder: Path = tmp_path_factory.mktemp("push-browser")
    env = server_env(f"sqlite:///{folder / 'push.sqlite'}")
    process = ServerProcess(
        env, "serve", "--host", "127.0.0.1", "--port", "0", log=folder / "server.log"
    )
    try:
        assert process.wait_until_up(time.monotonic() + START_LIMIT), process.errors()
        yield process
    finally:
        process.stop()


def new_phone(browser: Any, lang: str) -> Page:
    """A phone (its own browser context) in the language of the test."""
    context = browser.new_context(
        viewport=PHONE, locale="de-DE" if lang == "de" else "en-GB", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    return page


def requests_of(page: Page) -> list[str]:
    """The paths this page asks for from now on (filled as they happen)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url.split("?")[0]))
    return seen


def tap_a_round(page: Page, winner: str) -> None:
    """On the editor's table page: + round, tap the winner, save."""
    page.locator("a.big-button").tap()
    page.locator(".winner-choice label", has_text=winner).first.tap()
    page.locator("form[data-round-form] button[type=submit]").tap()


def two_phones(server: ServerProcess, browser: Any, lang: str) -> tuple[Page, Page, str]:
    """An editor phone on a new table's page and a watching phone on its shared view."""
    made = fetch(
        server.url,
        "/api/v1/tables",
        "POST",
        {"variant": "terroristen", "name": "Freitag", "players": PLAYERS, "options": {}},
    )
    table_id, token = made.json()["id"], made.json()["edit_token"]
    editor = new_phone(browser, lang)
    editor.goto(f"{server.url}/t/{table_id}/edit/{token}")
    editor.goto(f"{server.url}/t/{table_id}?lang={lang}")
    watcher = new_phone(browser, lang)
    return editor, watcher, table_id


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_round_reaches_the_other_phone_by_push(
    server: ServerProcess, browser: Any, lang: str
) -> None:
    editor, watcher, table_id = two_phones(server, browser, lang)
    seen = requests_of(watcher)
    watcher.goto(f"{server.url}/t/{table_id}?lang={lang}")
    expect(watcher.locator(".live-status")).to_have_text(CURRENT[lang])
    assert f"{server.url}/t/{table_id}/events" in seen
    watcher.wait_for_timeout(1500)  # the stream's first event has come: no more polling
    seen.clear()
    tap_a_round(editor, "Ben")
    expect(watcher.locator(".rounds-grid tbody tr")).to_have_count(1, timeout=LIVE)
    expect(watcher.locator(".live-status")).to_have_text(CURRENT[lang])
    watcher.wait_for_timeout(1500)
    assert [url for url in seen if url.endswith(("/version", "/live"))] == [], seen
    expect(watcher.locator("main")).to_contain_text(GAME[lang])
    for page in (editor, watcher):
        page.context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_with_the_stream_blocked_the_other_phone_polls(
    server: ServerProcess, browser: Any, lang: str
) -> None:
    editor, watcher, table_id = two_phones(server, browser, lang)
    watcher.route("**/events", lambda route: route.abort())
    seen = requests_of(watcher)
    watcher.goto(f"{server.url}/t/{table_id}?lang={lang}")
    expect(watcher.locator(".live-status")).to_have_text(CURRENT[lang])
    tap_a_round(editor, "Cem")
    expect(watcher.locator(".rounds-grid tbody tr")).to_have_count(1, timeout=LIVE)
    expect(watcher.locator(".live-status")).to_have_text(CURRENT[lang])
    assert any(url.endswith("/version") for url in seen), seen
    for page in (editor, watcher):
        page.context.close()
