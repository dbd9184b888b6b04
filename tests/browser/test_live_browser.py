"""Share and watch, offline at the table: real Chromium at phone size (390×844), CSRF on.

Several browser contexts are several phones: a change on one shows on the others within 2 s;
two editors correcting the same round get a conflict, never a silent overwrite; a round
entered without a connection is kept on the phone and arrives exactly once.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.conftest import PHONE

pytestmark = pytest.mark.browser
LIVE = 2000  # ms: a change must show on every open page within this
TAP = 44
PLAYERS = ["Anna", "Ben", "Cem"]
STATUS = {"de": ("Aktuell", "Offline", "ausstehend"), "en": ("Up to date", "Offline", "pending")}
SENDING = {"de": "wird gesendet …", "en": "sending …"}


class Table:
    """A Terroristen table on the live server, changed through the JSON API like another phone."""

    def __init__(self, server: Any) -> None:
        self.url = server.url
        self.api: FlaskClient = server.app.test_client()
        created = self.api.post(
            "/api/v1/tables",
            json={"variant": "terroristen", "name": "Freitag", "players": PLAYERS, "options": {}},
        )
        self.id = created.json["id"]
        self.token = created.json["edit_token"]
        self.view_link = f"{self.url}/t/{self.id}"
        self.edit_link = f"{self.url}/t/{self.id}/edit/{self.token}"

    def send(self, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
        """A change through the API with the edit token."""
        headers = {"X-Edit-Token": self.token, **({"Idempotency-Key": key} if key else {})}
        answer = self.api.open(
            f"/api/v1/tables/{self.id}{path}", method=method, json=body, headers=headers
        )
        assert answer.status_code in (200, 201), answer.json
        return answer.json

    def rounds(self) -> list[dict[str, Any]]:
        """The rounds as the server has them now."""
        return list(self.api.get(f"/api/v1/tables/{self.id}").json["rounds"])


@pytest.fixture
def table(live_server: Any) -> Table:
    """A fresh table with three players and no rounds."""
    return Table(live_server)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """Opens more phones (browser contexts at phone size, German first)."""
    contexts: list[BrowserContext] = []

    def open_phone(color_scheme: str = "light", service_workers: str = "allow") -> Page:
        """A new phone with one page."""
        context = browser.new_context(
            viewport=PHONE,
            locale="de-DE",
            is_mobile=True,
            has_touch=True,
            color_scheme=color_scheme,
            service_workers=service_workers,
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(5000)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def rows(page: Page) -> Any:
    """The rows of the rounds grid."""
    return page.locator(".rounds-grid tbody tr")


def winners(page: Page) -> list[str]:
    """Per row the column that has the winner's tick (Terroristen)."""
    return list(
        page.eval_on_selector_all(
            ".rounds-grid tbody tr",
            "rows => rows.map(r => [...r.querySelectorAll('td')]"
            ".findIndex(td => td.textContent.includes('✓'))).map(String)",
        )
    )


def enter_by_tap(page: Page, winner: str) -> None:
    """On the table page: + round, tap the winner, save."""
    page.locator("a.big-button").tap()
    page.locator(".winner-choice label", has_text=winner).first.tap()
    page.locator("form[data-round-form] button[type=submit]").tap()


def until(page: Page, expression: str, seconds: float = 5) -> None:
    """Evaluate `expression` in the page until it is true (wait_for_function would need eval,
    which the app's Content-Security-Policy forbids)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {expression}"
        page.wait_for_timeout(100)


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page."""
    until(page, "Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)")


def kept(page: Page, path: str) -> None:
    """Wait until the service worker keeps the page at `path`."""
    until(
        page,
        "caches.open('mautisch-pages-v3').then(c => c.keys())"
        f".then(keys => keys.some(k => new URL(k.url).pathname === {json.dumps(path)}))",
    )


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_open_page_shows_a_change_within_two_seconds(
    table: Table, page: Page, phone: Any, lang: str
) -> None:
    """Editor (taps), a viewer and a second editor: save, correction and deletion show live."""
    current = STATUS[lang][0]
    page.goto(table.edit_link)
    page.goto(f"{table.view_link}?lang={lang}")
    viewer = phone()
    viewer.goto(f"{table.view_link}?lang={lang}")
    other_editor = phone()
    other_editor.goto(table.edit_link)
    other_editor.goto(f"{table.view_link}?lang={lang}")
    watchers = (viewer, other_editor)
    for watcher in watchers:
        expect(watcher.locator(".live-status")).to_have_text(current)

    enter_by_tap(page, "Ben")
    expect(page.locator(".flash")).to_be_visible()
    for watcher in watchers:
        expect(rows(watcher)).to_have_count(1, timeout=LIVE)
    assert winners(viewer) == ["1"]  # seat 1: Ben

    table.send("PUT", "/rounds/1", {"winner": 2})
    for watcher in (page, *watchers):
        expect(watcher.locator(".rounds-grid tbody tr td").nth(2)).to_contain_text(
            "✓", timeout=LIVE
        )
    table.send("DELETE", "/rounds/1")
    for watcher in (page, *watchers):
        expect(rows(watcher)).to_have_count(0, timeout=LIVE)
        expect(watcher.locator(".live-status")).to_have_text(current)
    # The second editor's page still offers the editor's controls after the live updates.
    table.send("POST", "/rounds", {"winner": 0})
    expect(other_editor.locator(".round-link")).to_have_count(1, timeout=LIVE)
    expect(viewer.locator(".round-link")).to_have_count(0)


def test_concurrent_correction_is_a_conflict_with_the_current_value(
    table: Table, page: Page, phone: Any
) -> None:
    """Two editors open game 1; the first saves Cem, the second is told instead of overwriting."""
    table.send("POST", "/rounds", {"winner": 0})
    other = phone()
    for editor in (page, other):
        editor.goto(table.edit_link)
        editor.goto(f"{table.view_link}/rounds/1")
    page.locator(".winner-choice label", has_text="Cem").tap()
    page.locator("form[data-round-form] button[type=submit]").tap()
    expect(page.locator(".flash")).to_contain_text("korrigiert")
    other.locator(".winner-choice label", has_text="Ben").tap()
    other.locator("form[data-round-form] button[type=submit]").tap()
    error = other.locator("form[data-round-form] .error")
    expect(error).to_contain_text("Das hat inzwischen jemand anderes geändert")
    expect(error).to_contain_text("Anna 0 · Ben 0 · Cem 1")
    assert table.rounds()[0]["input"]["winner"] == 2  # nothing overwritten
    other.locator("form[data-round-form] button[type=submit]").tap()  # now deliberately
    expect(other.locator(".flash")).to_contain_text("korrigiert")
    assert table.rounds()[0]["input"]["winner"] == 1
    expect(page.locator(".rounds-grid tbody td").nth(1)).to_contain_text("✓", timeout=LIVE)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_round_entered_offline_arrives_exactly_once(table: Table, page: Page, lang: str) -> None:
    """Offline: kept on the phone as pending; online again: sent, shown, and only once."""
    _current, offline, pending = STATUS[lang]
    page.goto(table.edit_link)
    page.goto(f"{table.view_link}?lang={lang}")
    kept(page, f"/t/{table.id}/rounds/new")
    kept(page, f"/t/{table.id}")
    page.context.set_offline(True)
    try:
        enter_by_tap(page, "Cem")
        expect(page.locator("#pending-rounds")).to_be_visible()
        # Under load, headless Chromium's offline emulation sometimes lets a page that has just
        # loaded report itself online and send: then the badge says "sending" and the round may
        # already be stored. Either way the entry is kept until the server has it, once.
        expect(page.locator(".pending-badge")).to_have_text(
            re.compile(f"{pending}|{SENDING[lang]}")
        )
        expect(page.locator(".live-status")).to_contain_text(offline)
        queued = page.evaluate("localStorage.getItem('mautisch.pendingRounds')")
        assert len(json.loads(queued)) == 1 and len(table.rounds()) <= 1
    finally:
        page.context.set_offline(False)
    expect(rows(page)).to_have_count(1, timeout=7000)  # sent on "online", then shown live
    expect(page.locator("#pending-rounds")).to_be_hidden()
    assert [r["input"]["winner"] for r in table.rounds()] == [2]
    # The same entry sent once more (a second tab had it too, an answer was lost): still one.
    page.evaluate("queue => localStorage.setItem('mautisch.pendingRounds', queue)", queued)
    page.reload()
    until(page, "JSON.parse(localStorage.getItem('mautisch.pendingRounds') || '[]').length === 0")
    assert [r["input"]["winner"] for r in table.rounds()] == [2]
    expect(rows(page)).to_have_count(1)


def test_kept_parts_survive_a_live_update(table: Table, page: Page) -> None:
    """An opened "Stift weitergeben" stays open when the page is updated around it."""
    page.goto(table.edit_link)
    qr = page.locator(".hand-pen img")
    assert qr.get_attribute("src") is None  # the edit link's code is not fetched unasked
    page.locator(".hand-pen summary").tap()
    expect(qr).to_be_visible()
    page.wait_for_function("() => document.querySelector('.hand-pen img').naturalWidth > 0")
    table.send("POST", "/rounds", {"winner": 1})
    expect(rows(page)).to_have_count(1, timeout=LIVE)
    expect(page.locator(".hand-pen img")).to_be_visible()
    assert page.locator(".hand-pen").get_attribute("open") is not None


def test_repeated_idempotency_key_makes_one_round(table: Table, page: Page, phone: Any) -> None:
    """The same POST sent twice (a retry after a lost answer) exists once, on every page."""
    viewer = phone()
    viewer.goto(table.view_link)
    page.goto(table.view_link)
    answers = page.evaluate(
        """([url, token]) => {
            const headers = {"Content-Type": "application/json", "X-Edit-Token": token,
                             "Idempotency-Key": "round-from-the-pub-42"};
            const send = () => fetch(url, {method: "POST", headers, body: '{"winner": 2}'})
                .then(r => r.json().then(b => [r.status, b.round.number]));
            return send().then(first => Promise.all([send(), send()])
                .then(again => [first, ...again]));
        }""",
        [f"{table.url}/api/v1/tables/{table.id}/rounds", table.token],
    )
    assert answers == [[201, 1], [201, 1], [201, 1]]
    assert len(table.rounds()) == 1
    expect(rows(viewer)).to_have_count(1, timeout=LIVE)
    viewer.wait_for_timeout(1200)  # another poll: still one
    expect(rows(viewer)).to_have_count(1)


def test_last_opened_tables_stay_readable_offline(live_server: Any, page: Page) -> None:
    """Two tables opened online; offline both still read, an unknown page falls back."""
    first, second = Table(live_server), Table(live_server)
    first.send("POST", "/rounds", {"winner": 2})
    page.goto(first.view_link)
    kept(page, f"/t/{first.id}")  # the first visit came before the worker: kept on request
    page.goto(second.view_link)
    kept(page, f"/t/{second.id}")
    page.context.set_offline(True)
    try:
        page.goto(first.view_link)
        expect(page.locator("h1")).to_have_text("Freitag")
        expect(rows(page)).to_have_count(1)
        expect(page.locator(".live-status")).to_contain_text("Offline")
        page.goto(f"{live_server.url}/rules/never-opened")
        expect(page.locator("h1")).to_have_text("Keine Verbindung")
        expect(page.locator("[data-recent-tables] a")).to_have_count(2)
    finally:
        page.context.set_offline(False)
    page.goto(first.view_link)
    expect(page.locator(".live-status")).to_have_text("Aktuell")


def test_installable_manifest_and_worker(table: Table, page: Page) -> None:
    """Chromium reads the manifest without errors; the worker controls the page."""
    page.goto(table.view_link)
    controlled(page)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    parsed = json.loads(manifest["data"])
    assert {icon["sizes"] for icon in parsed["icons"]} >= {"192x192", "512x512"}


def test_keep_the_screen_on_toggle(table: Table, page: Page) -> None:
    """Where the browser has the Wake Lock API the toggle shows and answers the tap."""
    page.goto(table.view_link)
    toggle = page.locator("[data-wake]")
    if not page.evaluate("'wakeLock' in navigator"):
        expect(toggle).to_be_hidden()
        return
    expect(toggle).to_have_text("☀ Bildschirm anlassen")
    toggle.tap()
    # Headless Chromium may refuse the lock; the button then says so instead of pretending.
    page.wait_for_timeout(300)
    pressed = toggle.get_attribute("aria-pressed")
    if pressed == "true":
        expect(toggle).to_contain_text("Bildschirm bleibt an")
        assert page.evaluate("localStorage.getItem('mautisch.keepScreenOn')") == "on"
    else:
        assert toggle.get_attribute("title")


def test_table_page_parts_fit_a_phone_in_dark_mode(table: Table, phone: Any) -> None:
    """Chart and picture fit 390 px, controls are at least 44 px, text is light on dark."""
    table.api.post(
        f"/api/v1/tables/{table.id}/rounds",
        json={"winner": 1},
        headers={"X-Edit-Token": table.token},
    )
    page = phone("dark")
    page.goto(table.edit_link)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    boxes = page.eval_on_selector_all(
        ".hand-pen summary, [data-wake], .live-status",
        "els => els.filter(e => e.offsetParent)"
        ".map(e => [e.className, e.getBoundingClientRect().height])",
    )
    assert boxes and all(height >= TAP for _, height in boxes), boxes
    chart_text = page.eval_on_selector(".mc-chart text", "e => getComputedStyle(e).fill")
    card = page.eval_on_selector(".chart-card", "e => getComputedStyle(e).backgroundColor")
    assert luminance(chart_text) > 0.6 > 0.2 > luminance(card), (chart_text, card)
    assert page.locator(".chart-card svg").bounding_box()["width"] <= PHONE["width"]


def luminance(css: str) -> float:
    """Relative brightness (0–1) of an `rgb(r, g, b)` colour."""
    r, g, b = (int(part) for part in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_status_says_out_of_date_when_the_server_is_gone(table: Table, phone: Any) -> None:
    """Online but no answer from the server: "Veraltet" after a few seconds, with the time."""
    # Without the service worker: once it claims the page, Chromium may send the poll past
    # the routes below, and the server it should not reach answers "Aktuell".
    page = phone(service_workers="block")
    page.goto(table.view_link)
    expect(page.locator(".live-status")).to_have_text("Aktuell")
    page.context.route("**/version", lambda route: route.abort("connectionrefused"))
    start = time.monotonic()
    expect(page.locator(".live-status")).to_contain_text("Veraltet", timeout=8000)
    assert time.monotonic() - start < 8
    expect(page.locator(".live-status")).to_contain_text("Stand")
    page.context.unroute("**/version")
    expect(page.locator(".live-status")).to_have_text("Aktuell", timeout=LIVE)


def dot_colour(page: Page) -> str:
    """The computed background colour of the live status dot."""
    return str(page.eval_on_selector(".live-dot", "dot => getComputedStyle(dot).backgroundColor"))


def test_status_dot_is_green_when_current_and_red_when_offline(table: Table, page: Page) -> None:
    """The dot's colour carries the state at a glance: green current, red offline."""
    page.goto(table.view_link)
    expect(page.locator(".live-status")).to_have_text("Aktuell")
    current = dot_colour(page)
    r, g, _b = (int(x) for x in current[current.index("(") + 1 : current.index(")")].split(","))
    assert g > r, f"current state should be green, is {current}"
    page.context.set_offline(True)
    try:
        expect(page.locator(".live-status")).to_contain_text("Offline", timeout=LIVE)
        offline = dot_colour(page)
        r, g, _b = (int(x) for x in offline[offline.index("(") + 1 : offline.index(")")].split(","))
        assert r > g, f"offline state should be red, is {offline}"
    finally:
        page.context.set_offline(False)
