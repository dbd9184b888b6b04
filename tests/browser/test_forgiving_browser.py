"""Forgiving tables in real Chromium at phone size (390×844), CSRF on, German and English.

A save that fails mid-request (Playwright's request routing breaks the network or answers
500) is kept on the phone and shown as a pending row with provisional totals, then sent with
the same key: one round. Two phones (two browser contexts) entering the same game are told.
Settings, closing an open-ended table, play again, delete and restore, undo and redo by taps.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import Route
from playwright.sync_api import expect

from tests.conftest import PHONE

pytestmark = pytest.mark.browser
TAP = 44
PLAYERS = ["Anna", "Ben", "Cem"]
WORDS = {
    "de": {"pending": "ausstehend", "enter": "Spiel {n} eintragen", "saved": "gespeichert"},
    "en": {"pending": "pending", "enter": "Enter game {n}", "saved": "saved"},
}


class Table:
    """An open-ended Terroristen table on the live server; the API stands for another phone."""

    def __init__(self, server: Any) -> None:
        """Create it through the API."""
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

    def add(self, winner: int) -> None:
        """Another phone enters a game."""
        answer = self.api.post(
            f"/api/v1/tables/{self.id}/rounds",
            json={"winner": winner},
            headers={"X-Edit-Token": self.token},
        )
        assert answer.status_code == 201, answer.json

    def winners(self) -> list[int]:
        """The winner of each stored game."""
        shown = self.api.get(f"/api/v1/tables/{self.id}").json
        return [r["input"]["winner"] for r in shown["rounds"]]


@pytest.fixture
def table(live_server: Any) -> Table:
    """A fresh table with three players and no rounds."""
    return Table(live_server)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """Opens more phones (browser contexts at phone size, German first)."""
    contexts: list[BrowserContext] = []

    def open_phone(**options: Any) -> Page:
        """A new phone with one page."""
        context = browser.new_context(
            viewport=PHONE, locale="de-DE", is_mobile=True, has_touch=True, **options
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(5000)
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture(autouse=True)
def quiet_end(page: Page) -> Iterator[None]:
    """End each test with no request in flight (see test_tables_browser)."""
    yield
    page.unroute_all(behavior="ignoreErrors")
    page.wait_for_load_state("networkidle")


def editor(page: Page, table: Table, lang: str = "de") -> None:
    """Open the edit link, then the table page in `lang`."""
    page.goto(table.edit_link)
    page.goto(f"{table.view_link}?lang={lang}")
    page.wait_for_load_state("load")


def tap_winner(page: Page, name: str) -> None:
    """On the round form: tap the winner and save."""
    page.locator(".winner-choice label", has_text=name).first.tap()
    page.locator("form[data-round-form] button[type=submit]").first.tap()


def fits(page: Page) -> None:
    """No sideways scrolling; buttons and button links are big enough to tap."""
    width = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert width <= 390, f"page is {width}px wide at {page.url}"
    boxes: list[Any] = page.eval_on_selector_all(
        "main button, main a.button, main .choices label span",
        "els => els.filter(e => e.offsetParent && !e.closest('.choices label span span'))"
        ".map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect().height,"
        " e.getBoundingClientRect().width])",
    )
    small = [box for box in boxes if box[1] < TAP or box[2] < TAP]
    assert not small, small


def routed(phone: Any) -> Page:
    """A phone whose requests Playwright's routing sees: a service worker would pass them
    by it (Playwright's advice: block workers when routing)."""
    page: Page = phone(service_workers="block")
    return page


def pending_rows(page: Page) -> Any:
    """The provisional rows in the grid."""
    return page.locator(".rounds-grid tbody tr.pending-row")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_save_cut_off_after_the_server_saved_is_kept_and_lands_once(
    table: Table, phone: Any, lang: str
) -> None:
    """The Wi-Fi drops after the server saved game 2: the phone keeps it as pending (top of
    the page, a pending row with provisional totals, the button counts it) and resends it with
    the same key: one game 2, never two."""
    words = WORDS[lang]
    page = routed(phone)
    table.add(0)
    editor(page, table, lang)
    cut = {"done": False, "open": False}

    def cut_off(route: Route) -> None:
        """Let the first post reach the server, then lose its answer; later ones fail until
        the connection is back (`open`)."""
        if route.request.method != "POST" or cut["open"]:
            route.continue_()
        elif not cut["done"]:
            cut["done"] = True
            route.fetch(max_redirects=0)
            route.abort("connectionreset")
        else:
            route.abort("internetdisconnected")

    # Routed on the context before the form opens: no request of the form page can start
    # before the route is in place.
    page.context.route("**/rounds/new*", cut_off)
    page.locator("a.big-button").tap()
    page.wait_for_url(re.compile(r"/rounds/new"))
    page.wait_for_load_state("load")
    key = page.locator("form[data-round-form] input[name=idempotency_key]").input_value()
    tap_winner(page, "Cem")
    page.wait_for_url(re.compile(rf"/t/{table.id}(\?|$)"))
    box = page.locator("#pending-rounds")
    expect(box).to_be_visible()
    expect(box).to_contain_text(words["pending"])
    kept = page.evaluate("JSON.parse(localStorage.getItem('mautisch.pendingRounds'))")
    assert len(kept) == 1 and f"idempotency_key={key}" in kept[0]["body"]  # the same key
    assert table.winners() == [0, 2]  # the server had it already
    cut["open"] = True
    expect(box).to_be_hidden(timeout=12000)
    assert table.winners() == [0, 2]  # resent with its key: still one game 2
    expect(page.locator(".rounds-grid tbody tr")).to_have_count(2)
    expect(page.locator("a.big-button")).to_contain_text(words["enter"].format(n=3))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_failed_save_shows_as_pending_row_and_is_sent_later(
    table: Table, phone: Any, lang: str
) -> None:
    """The network breaks mid-save (then a 500): no error page, the round waits at the top
    and in the grid with provisional totals, the button says game 3; back online it is sent."""
    words = WORDS[lang]
    page = routed(phone)
    table.add(0)
    editor(page, table, lang)
    fits(page)
    failures = {"count": 0}

    def broken(route: Route) -> None:
        """The network fails the first post, the server errs on the next ones."""
        if route.request.method != "POST":
            route.continue_()
        elif failures["count"] == 0:
            failures["count"] += 1
            route.abort("internetdisconnected")
        else:
            failures["count"] += 1
            route.fulfill(status=500, body="<main>boom</main>", content_type="text/html")

    page.context.route("**/rounds/new*", broken)
    page.locator("a.big-button").tap()
    page.wait_for_url(re.compile(r"/rounds/new"))
    page.wait_for_load_state("load")
    tap_winner(page, "Ben")
    page.wait_for_url(re.compile(rf"/t/{table.id}(\?|$)"))
    box = page.locator("#pending-rounds")
    expect(box).to_be_visible()
    expect(pending_rows(page)).to_have_count(1)
    row = pending_rows(page).first
    expect(row).to_contain_text(words["pending"])
    # Provisional totals: Anna 1, Ben 1, Cem 0 after the pending game 2.
    expect(row.locator("td .running")).to_have_text(["1", "1", "0"])
    expect(page.locator("a.big-button")).to_contain_text(words["enter"].format(n=3))
    # The kept rounds are at the top: above the grid.
    assert box.bounding_box()["y"] < page.locator(".rounds-grid").bounding_box()["y"]
    assert table.winners() == [0]
    fits(page)
    # The next round's form counts the kept one in.
    page.locator("a.big-button").tap()
    expect(page.locator("[data-round-heading]")).to_contain_text("3")
    expected = page.locator("form[data-round-form] input[name=expected_number]")
    assert expected.input_value() == ""
    page.go_back()
    page.context.unroute("**/rounds/new*")
    expect(box).to_be_hidden(timeout=12000)
    assert table.winners() == [0, 1]
    expect(pending_rows(page)).to_have_count(0)
    assert failures["count"] >= 1


def test_two_phones_entering_the_same_game_are_told(table: Table, page: Page, phone: Any) -> None:
    """Both open game 2; the second is told what the first entered and saves its own as 3."""
    table.add(0)
    other = phone()
    for who in (page, other):
        editor(who, table)
        who.locator("a.big-button").tap()
        who.wait_for_load_state("load")
    tap_winner(page, "Anna")
    expect(page.locator(".flash")).to_contain_text("gespeichert")
    tap_winner(other, "Cem")
    error = other.locator("form[data-round-form] .error")
    expect(error).to_contain_text(
        "Spiel 2 hat gerade ein anderes Handy eingetragen: Anna 1, Ben 0, Cem 0"
    )
    assert table.winners() == [0, 0]
    anyway = other.locator("[data-save-anyway]")
    expect(anyway).to_have_text("Trotzdem als Spiel 3 speichern")
    fits(other)
    anyway.tap()
    expect(other.locator(".flash")).to_contain_text("gespeichert")
    assert table.winners() == [0, 0, 2]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_settings_close_and_play_again(table: Table, page: Page, lang: str) -> None:
    """Fix a name, end the open-ended table, then one tap on "play again"."""
    table.add(1)
    editor(page, table, lang)
    page.locator("[data-settings-link]").tap()
    page.wait_for_url(re.compile(r"/settings"))
    page.wait_for_load_state("load")
    fits(page)
    page.fill("#players-2", "Cemal")
    page.locator("form[data-table-settings] button[type=submit]").tap()
    expect(page.locator(".flash")).to_contain_text(
        "Einstellungen gespeichert" if lang == "de" else "Settings saved"
    )
    expect(page.locator(".player-list")).to_contain_text("Cemal")
    page.locator("[data-settings-link]").tap()
    page.locator("[data-close-table]").tap()
    again = page.locator("button[data-play-again].big-button")
    expect(again).to_be_visible()
    expect(again).to_contain_text("Nochmal spielen" if lang == "de" else "Play again")
    fits(page)
    again.tap()
    expect(page.locator(".flash")).to_contain_text(
        "Neuer Tisch gestartet" if lang == "de" else "New table started"
    )
    expect(page.locator("a.big-button")).to_contain_text(WORDS[lang]["enter"].format(n=1))
    assert table.id not in page.url


def test_delete_then_restore_from_the_start_page(table: Table, page: Page, phone: Any) -> None:
    """Asked first; gone for a reader (410 page); back from "Zuletzt gelöscht"."""
    table.add(2)
    editor(page, table)
    page.locator("[data-settings-link]").tap()
    page.get_by_role("link", name=re.compile("Diesen Tisch löschen")).tap()
    expect(page.locator("h1")).to_contain_text("löschen?")
    fits(page)
    page.locator("[data-confirm-delete]").tap()
    expect(page.locator("[data-recently-deleted]")).to_contain_text("Freitag")
    fits(page)
    reader = phone()
    answer = reader.goto(table.view_link)
    assert answer is not None and answer.status == 410
    expect(reader.locator("h1")).to_contain_text("Dieser Tisch wurde gelöscht")
    expect(reader.locator("[data-restore]")).to_have_count(0)
    page.locator("[data-recently-deleted] button").first.tap()
    expect(page.locator(".flash")).to_contain_text("Tisch wiederhergestellt")
    expect(page.locator(".rounds-grid tbody tr")).to_have_count(1)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_undo_names_the_change_and_redo_follows(table: Table, page: Page, lang: str) -> None:
    """No undo before anything; then it names game 1 and its winner (a game that is only its
    winner is named so); redo after undo."""
    editor(page, table, lang)
    expect(page.locator("[data-undo]")).to_have_count(0)
    page.locator("a.big-button").tap()
    tap_winner(page, "Cem")
    expect(page.locator(".flash")).to_contain_text(WORDS[lang]["saved"])
    undo = page.locator("[data-undo] button")
    expect(undo).to_contain_text(
        "Rückgängig: Spiel 1 — Sieg Cem" if lang == "de" else "Undo: Game 1 — won by Cem"
    )
    expect(page.locator("[data-redo]")).to_have_count(0)
    fits(page)
    undo.tap()
    redo = page.locator("[data-redo] button")
    expect(redo).to_contain_text(
        "Wiederholen: Spiel 1 wieder eintragen?" if lang == "de" else "Redo: Enter game 1 again?"
    )
    expect(page.locator("[data-undo]")).to_have_count(0)
    assert table.winners() == []
    redo.tap()
    expect(page.locator("[data-undo] button")).to_be_visible()
    assert table.winners() == [2]


def test_a_stale_correction_shows_the_round_as_it_is_now(
    table: Table, page: Page, phone: Any
) -> None:
    """Phone A opens game 2 to correct it; phone B deletes game 1; A's save never lands on
    another game: A sees its game (now game 1) as it is now and may save again."""
    for winner in (0, 1, 2):
        table.add(winner)
    other = phone()
    editor(page, table)
    editor(other, table)
    page.goto(f"{table.view_link}/rounds/2")
    other.goto(f"{table.view_link}/rounds/1")
    other.locator(".delete-form button").tap()
    other.locator("button.danger.big-button").tap()
    expect(other.locator(".flash")).to_contain_text("gelöscht")
    assert table.winners() == [1, 2]
    tap_winner(page, "Anna")
    error = page.locator("form[data-round-form] .error")
    expect(error).to_contain_text("Spiel 1 steht jetzt bei Anna 0 · Ben 1 · Cem 0")
    assert table.winners() == [1, 2]  # game 3 (now 2) was not overwritten
    fits(page)
    page.locator("form[data-round-form] button[type=submit]").first.tap()
    expect(page.locator(".flash")).to_contain_text("korrigiert")
    assert table.winners() == [0, 2]
