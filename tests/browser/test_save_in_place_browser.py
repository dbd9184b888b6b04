"""Saving a round in one round trip, in real Chromium at phone size (390×844), CSRF on, German
and English: the table is shown at once with the round as being saved, the server's answer (the
table page) is put in place without another request, a lost answer is sent again once, and
the one-tap winners of Terroristen and Doppel save through the same path with their undo named.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import Request
from playwright.sync_api import Route
from playwright.sync_api import expect

from tests.conftest import PHONE

pytestmark = pytest.mark.browser
WORDS = {
    "de": {
        "saving": "wird gespeichert …",
        "saved": "Spiel {n} gespeichert.",
        "undo": "Rückgängig: Spiel {n} — Sieg {who}",
        "save": "Speichern",
        "pending": "ausstehend",
        "match": "Gewinner: Team A (Anna + Cem)",
    },
    "en": {
        "saving": "being saved …",
        "saved": "Game {n} saved.",
        "undo": "Undo: Game {n} — won by {who}",
        "save": "Save",
        "pending": "pending",
        "match": "Winner: Team A (Anna + Cem)",
    },
}


class Table:
    """A table on the live server, made and read through the JSON API."""

    def __init__(self, server: Any, variant: str, players: list[str]) -> None:
        """Create it through the API."""
        self.url = server.url
        self.api: FlaskClient = server.app.test_client()
        created = self.api.post(
            "/api/v1/tables",
            json={"variant": variant, "name": "Freitag", "players": players, "options": {}},
        )
        self.id = created.json["id"]
        self.token = created.json["edit_token"]

    def add(self, body: dict[str, Any]) -> None:
        """Another phone enters a game."""
        answer = self.api.post(
            f"/api/v1/tables/{self.id}/rounds", json=body, headers={"X-Edit-Token": self.token}
        )
        assert answer.status_code == 201, answer.json

    def winners(self) -> list[Any]:
        """The winner of each stored game."""
        shown = self.api.get(f"/api/v1/tables/{self.id}").json
        return [r["input"]["winner"] for r in shown["rounds"]]

    def open(self, page: Page, lang: str) -> None:
        """The edit link, then the table page in `lang`."""
        page.goto(f"{self.url}/t/{self.id}/edit/{self.token}")
        page.goto(f"{self.url}/t/{self.id}?lang={lang}")
        page.wait_for_load_state("load")


@pytest.fixture
def phone(browser: Any) -> Iterator[Page]:
    """A phone whose requests Playwright's routing sees (no service worker to pass them by)."""
    context: BrowserContext = browser.new_context(
        viewport=PHONE, locale="de-DE", is_mobile=True, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    yield page
    page.unroute_all(behavior="ignoreErrors")
    page.wait_for_load_state("networkidle")
    context.close()


def asked(page: Page) -> list[str]:
    """Every page, form post or script request the page makes from now on, as "METHOD path"
    (files and pictures left out)."""
    seen: list[str] = []

    def note(request: Request) -> None:
        path = re.sub(r"^https?://[^/]+", "", request.url)
        if request.resource_type in ("document", "fetch", "xhr", "eventsource"):
            seen.append(f"{request.method} {path.split('?')[0]}")

    page.on("request", note)
    return seen


def stored_rows(page: Page) -> Any:
    """The rows of saved rounds in the grid."""
    return page.locator(".rounds-grid tbody tr:not([data-pending-row], .set-result) > th")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_round_is_saved_in_place_with_one_request(
    live_server: Any, phone: Page, lang: str
) -> None:
    """Dynamisch: the table shows the new game as being saved before the answer comes (held
    back here), then the server's row and totals replace it; the save is one request."""
    words = WORDS[lang]
    table = Table(live_server, "dynamisch", ["Anna", "Ben", "Cem", "Dora"])
    table.add(
        {
            "hands": [
                {"jacks": 0, "others": 0},
                {"jacks": 1, "others": 2},
                {"jacks": 0, "others": 3},
                {"jacks": 0, "others": 1},
            ],
            "jack_suit": None,
        }
    )
    table.open(phone, lang)
    held: list[Route] = []
    phone.route(
        "**/rounds/new",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    loads = asked(phone)
    phone.locator("a.big-button").tap()
    phone.wait_for_url(re.compile(r"/rounds/new"))
    expect(phone.locator("[data-round-inline] h1")).to_be_focused()
    # Opened in place: no page is loaded (the stream may reconnect meanwhile, as it does).
    assert not [r for r in loads if r.startswith("GET /t/") and not r.endswith("/events")], loads
    phone.locator("[data-stepper]:has(#hands-1-others) [data-step='1']").tap()
    phone.locator("[data-stepper]:has(#hands-1-others) [data-step='1']").tap()
    phone.locator("[data-stepper]:has(#hands-2-jacks) [data-step='1']").tap()
    requests = asked(phone)
    phone.get_by_role("button", name=words["save"]).tap()
    saving = phone.locator(".rounds-grid tr[data-saving]")
    expect(saving).to_contain_text(words["saving"])
    expect(saving.locator("th")).to_contain_text("2")
    # Ben's 2 other cards and Cem's jack, as the form showed them; totals wait for the server.
    expect(saving.locator("td .running")).to_have_text(["…", "…", "…", "…"])
    deltas = saving.locator("td .delta")
    expect(deltas.nth(1)).to_contain_text("2")
    expect(deltas.nth(2)).to_contain_text("2")
    expect(deltas.nth(3)).to_have_text(deltas.nth(0).inner_text())  # both out: 0
    expect(phone.locator(".rounds-grid tfoot tr.totals-pending")).to_have_count(1)
    # The entry opened in place (no page load) and the save is its one request; the table page
    # behind it goes on watching (the version, where no stream is held).
    sent = [r for r in requests if not r.endswith(("/version", "/events"))]
    assert len(held) == 1 and sent == ["POST /t/" + table.id + "/rounds/new"]
    held[0].continue_()
    expect(stored_rows(phone)).to_have_count(2)
    expect(phone.locator("tr[data-saving]")).to_have_count(0)
    expect(phone.locator(".flash")).to_contain_text(words["saved"].format(n=2))
    # dyn.score: game 1 0/4/3/1, game 2 0/2/2/0 (Anna out).
    expect(phone.locator(".rounds-grid tfoot td")).to_have_text(["0", "6", "5", "1"])
    expect(phone).to_have_url(re.compile(rf"/t/{table.id}\?lang={lang}$"))
    # After the save only the watching (the event stream, the version) asks: the answer was
    # only what changed, the chart below is fetched when it comes into view.
    sent = [r for r in requests if not r.endswith(("/version", "/events"))]
    assert sent[0] == "POST /t/" + table.id + "/rounds/new"
    assert not [r for r in sent[1:] if not r.endswith("/live")], requests
    assert len(table.api.get(f"/api/v1/tables/{table.id}").json["rounds"]) == 2
    # The page is the table page now: it keeps watching (live.js), and the next game opens.
    expect(phone.locator("[data-live-state='current']")).to_be_visible()
    expect(phone.locator("a.big-button")).to_contain_text("3")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_lost_answer_is_sent_again_and_lands_once(
    live_server: Any, phone: Page, lang: str
) -> None:
    """Terroristen by one tap: the server saves game 2 but its answer is lost; the phone keeps
    the game with its key, takes game 3 while still cut off, and sends both by itself: one
    game 2, one game 3."""
    words = WORDS[lang]
    table = Table(live_server, "terroristen", ["Anna", "Ben", "Cem"])
    table.add({"winner": 0})
    table.open(phone, lang)
    cut = {"posts": 0, "open": False}

    def cut_off(route: Route) -> None:
        """The first post reaches the server and its answer is lost; later ones fail until
        the connection is back."""
        if route.request.method != "POST" or cut["open"]:
            route.continue_()
            return
        cut["posts"] += 1
        if cut["posts"] == 1:
            route.fetch(max_redirects=0)
            route.abort("connectionreset")
        else:
            route.abort("internetdisconnected")

    phone.route("**/rounds/new", cut_off)
    phone.locator("[data-one-tap] button", has_text="Cem").tap()
    box = phone.locator("#pending-rounds")
    expect(box).to_be_visible()
    expect(box).to_contain_text(words["pending"])
    assert table.winners() == [0, 2]  # the server had it already
    kept = phone.evaluate("JSON.parse(localStorage.getItem('mautisch.pendingRounds'))")
    assert len(kept) == 1 and kept[0]["state"] == "pending"
    # Still without a connection, the next game is tapped: kept too, with a key of its own.
    phone.locator("[data-one-tap] button", has_text="Ben").tap()
    expect(box.locator("li[data-state]")).to_have_count(2)
    cut["open"] = True
    expect(box).to_be_hidden(timeout=15000)
    assert table.winners() == [0, 2, 1]  # game 2 sent again with its key: still one game 2
    expect(stored_rows(phone)).to_have_count(3)


def one_tap(page: Page, who: str, number: int, words: dict[str, str], undo_who: str) -> None:
    """Tap a winner; the game is saved in place and its undo names it."""
    page.locator("[data-one-tap] button", has_text=who).first.tap()
    expect(page.locator("[data-undo] button")).to_contain_text(
        words["undo"].format(n=number, who=undo_who)
    )


@pytest.mark.parametrize("lang", ["de", "en"])
def test_one_tap_winners_play_a_doppel_match(live_server: Any, phone: Page, lang: str) -> None:
    """A whole Doppel match by one tap a game (sets 5:3 and 5:0 for A), each game one request;
    the sets and the match's winner show, and no winner button is left."""
    words = WORDS[lang]
    table = Table(live_server, "doppel", ["Anna", "Ben", "Cem", "Dora"])
    table.open(phone, lang)
    requests = asked(phone)
    team = {"A": "Anna + Cem", "B": "Ben + Dora"}
    label = {"A": "Team A (Anna + Cem)", "B": "Team B (Ben + Dora)"}
    games = ["A", "B", "A", "B", "A", "B", "A", "A"] + ["A"] * 5
    for number, winner in enumerate(games, start=1):
        one_tap(phone, team[winner], number, words, label[winner])
        expect(stored_rows(phone)).to_have_count(number)
    assert table.winners() == games
    expect(phone.locator(".set-result").first).to_contain_text("A 5 : 3 B")
    expect(phone.locator(".result")).to_contain_text(words["match"])
    expect(phone.locator("[data-one-tap] button")).to_have_count(0)
    saves = [r for r in requests if r.startswith("POST")]
    assert saves == [f"POST /t/{table.id}/rounds/new"] * len(games)
    assert f"GET /t/{table.id}" not in requests


@pytest.mark.parametrize("lang", ["de", "en"])
def test_one_tap_winners_in_terroristen_with_undo(live_server: Any, phone: Page, lang: str) -> None:
    """Three games by one tap each; the last is undone by its named button."""
    words = WORDS[lang]
    table = Table(live_server, "terroristen", ["Anna", "Ben", "Cem"])
    table.open(phone, lang)
    for number, who in enumerate(["Anna", "Cem", "Anna"], start=1):
        one_tap(phone, who, number, words, who)
    expect(phone.locator(".rounds-grid tfoot td")).to_have_text(["2", "0", "1"])
    assert table.winners() == [0, 2, 0]
    phone.locator("[data-undo] button").tap()
    expect(stored_rows(phone)).to_have_count(2)
    assert table.winners() == [0, 2]
    expect(phone.locator("[data-one-tap]")).to_contain_text("3")
