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
    """The paths this page asks for from now on (filled as they happen); a picture fetched
    when it came into view (`?piece=`) ends in "#piece"."""
    seen: list[str] = []

    def note(url: str) -> None:
        seen.append(url.split("?")[0] + ("#piece" if "piece=" in url else ""))

    page.on("request", lambda request: note(request.url))
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


HANDS = {
    "hands": [
        {"jacks": 0, "others": 0},
        {"jacks": 0, "others": 2},
        {"jacks": 1, "others": 1},
        {"jacks": 0, "others": 3},
    ],
    "jack_suit": None,
}


def long_table(server: ServerProcess) -> tuple[str, str]:
    """A Dynamisch table of 100 games with 20 played: (id, edit token)."""
    made = fetch(
        server.url,
        "/api/v1/tables",
        "POST",
        {
            "variant": "dynamisch",
            "players": ["Anna", "Ben", "Cem", "Dora"],
            "options": {"games": 100},
        },
    ).json()
    for _ in range(20):
        a_game(server, made["id"], made["edit_token"])
    return made["id"], made["edit_token"]


def a_game(server: ServerProcess, table_id: str, token: str) -> None:
    """Another phone enters a game through the API."""
    answer = fetch(
        server.url, f"/api/v1/tables/{table_id}/rounds", "POST", HANDS, **{"X-Edit-Token": token}
    )
    assert answer.status == 201


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_round_entered_in_place_reaches_the_watcher_as_changes(
    server: ServerProcess, browser: Any, lang: str
) -> None:
    """Dynamisch, 20 games played: "+ Spiel" opens the entry without a page load, the save is
    the editor's only request (its stream stays open, nothing is fetched again), and the
    watching phone is sent the new row and totals: its other rows are the same nodes."""
    table_id, token = long_table(server)
    editor, watcher = new_phone(browser, lang), new_phone(browser, lang)
    editor.goto(f"{server.url}/t/{table_id}/edit/{token}")
    editor.goto(f"{server.url}/t/{table_id}?lang={lang}")
    watcher.goto(f"{server.url}/t/{table_id}?lang={lang}")
    for page in (editor, watcher):
        expect(page.locator(".live-status")).to_have_text(CURRENT[lang])
    editor.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # lazy pictures
    editor.wait_for_load_state("networkidle")
    editor.evaluate("() => window.scrollTo(0, 0)")
    watcher.wait_for_timeout(1500)  # the stream holds: no more polling
    watcher.evaluate("() => { window.firstRow = document.querySelector('.rounds-grid tbody tr'); }")
    asked_editor, asked_watcher = requests_of(editor), requests_of(watcher)

    editor.locator("a.big-button").tap()
    expect(editor).to_have_url(f"{server.url}/t/{table_id}/rounds/new")
    expect(editor.locator("[data-round-inline] h1")).to_have_text(f"{GAME[lang]} 21")
    editor.locator("[data-stepper]:has(#hands-1-others) [data-step='1']").tap()
    editor.locator("[data-stepper]:has(#hands-3-jacks) [data-step='1']").tap()
    editor.locator("[data-round-inline] button[type=submit]").tap()
    # dyn.score, games 1–20: 0 / 2 / 3 / 3 each; game 21: 0 / 1 / 0 / 2 (Cem out).
    for page in (editor, watcher):
        expect(page.locator(".rounds-grid tfoot td")).to_have_text(["0", "41", "60", "62"])
    expect(editor).to_have_url(f"{server.url}/t/{table_id}?lang={lang}")
    expect(watcher.locator(".rounds-grid tbody tr")).to_have_count(21)
    assert watcher.evaluate("() => window.firstRow.isConnected")  # not the whole page anew
    watcher.wait_for_timeout(1000)
    assert [u for u in asked_watcher if u.endswith(("/version", "/live", "/events"))] == []
    # The next game: the editor's one request is the save (its stream stays open, its QR
    # codes and scripts are not fetched again).
    editor.wait_for_load_state("networkidle")
    asked_editor.clear()
    editor.locator("a.big-button").tap()
    expect(editor.locator("[data-round-inline] h1")).to_have_text(f"{GAME[lang]} 22")
    editor.locator("[data-stepper]:has(#hands-0-others) [data-step='1']").tap()
    with editor.expect_request(lambda r: r.method == "POST") as saving:
        editor.locator("[data-round-inline] button[type=submit]").tap()
    # The save names the editor's stream, which then skips the version the answer carries.
    assert len(saving.value.headers.get("x-stream", "")) > 10, saving.value.headers
    expect(editor.locator("a.big-button")).to_contain_text("23")
    expect(watcher.locator(".rounds-grid tfoot td")).to_have_text(["1", "41", "60", "62"])
    editor.wait_for_timeout(1000)
    editor_asked = [u for u in asked_editor if "/static/" not in u]
    assert editor_asked == [f"{server.url}/t/{table_id}/rounds/new"], asked_editor

    # The phone's back button closes an entry opened by mistake; the table is as it was.
    editor.locator("a.big-button").tap()
    expect(editor.locator("[data-round-inline]")).to_be_visible()
    editor.go_back()
    expect(editor.locator("[data-round-inline]")).to_have_count(0)
    expect(editor.locator(".rounds-grid")).to_be_visible()
    expect(editor.locator("a.big-button")).to_be_focused()
    for page in (editor, watcher):
        page.context.close()


def test_a_pushed_round_redraws_the_pictures_only_when_they_come_into_view(
    server: ServerProcess, browser: Any
) -> None:
    """A change is sent without drawing the pictures: the watching phone fetches the running
    totals chart when it scrolls to it, and then shows the new game in it."""
    table_id, token = long_table(server)  # the pictures below the grid, out of view
    watcher = new_phone(browser, "de")
    watcher.goto(f"{server.url}/t/{table_id}?lang=de")
    expect(watcher.locator(".live-status")).to_have_text(CURRENT["de"])
    chart = watcher.locator(".chart-card svg")
    drawn = chart.inner_html()
    asked = requests_of(watcher)
    a_game(server, table_id, token)
    expect(watcher.locator(".rounds-grid tbody tr")).to_have_count(21, timeout=LIVE)
    watcher.wait_for_timeout(1000)
    assert f"{server.url}/t/{table_id}/live#piece" not in asked, asked  # not in view yet
    assert chart.inner_html() == drawn
    chart.scroll_into_view_if_needed()
    watcher.wait_for_function(
        "drawn => document.querySelector('.chart-card svg').innerHTML !== drawn", arg=drawn
    )
    assert asked.count(f"{server.url}/t/{table_id}/live#piece") == 1, asked
    drawn = chart.inner_html()
    a_game(server, table_id, token)  # in view now: drawn again at once
    expect(watcher.locator(".rounds-grid tbody tr")).to_have_count(22, timeout=LIVE)
    watcher.wait_for_function(
        "drawn => document.querySelector('.chart-card svg').innerHTML !== drawn", arg=drawn
    )
    watcher.context.close()
