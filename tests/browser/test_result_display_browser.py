"""The standing's words in real Chromium at 390×844: Doppel sets, parties, ties."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.conftest import LiveServer

pytestmark = pytest.mark.browser
DOPPEL_GAMES = ["B"] * 3 + ["A"] * 5 + ["A", "B"] * 5 + ["B"]


@pytest.fixture(autouse=True)
def quiet_end(page: Page) -> Iterator[None]:
    """End each test with no request in flight (a cut-off request leaves a file open)."""
    yield
    page.wait_for_load_state("networkidle")


def api_table(
    page: Page,
    server: LiveServer,
    variant: str,
    players: list[str],
    options: dict[str, Any],
    rounds: list[dict[str, Any]],
) -> str:
    """A table made and played through the JSON API; its page's address."""
    made = page.request.post(
        f"{server.url}/api/v1/tables",
        data={"variant": variant, "players": players, "options": options},
    )
    assert made.status == 201, made.text()
    body = made.json()
    for round_ in rounds:
        added = page.request.post(
            f"{server.url}/api/v1/tables/{body['id']}/rounds",
            data=round_,
            headers={"X-Edit-Token": body["edit_token"]},
        )
        assert added.status == 201, added.text()
    return f"{server.url}/t/{body['id']}"


def fits_the_phone(page: Page) -> None:
    """Nothing on the page is wider than the 390 px screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_doppel_sets_in_the_header_and_the_grid(page: Page, live_server: LiveServer) -> None:
    """Sets won and the running set's leader, in German and English; a row closes set 1."""
    url = api_table(
        page,
        live_server,
        "doppel",
        ["Anna", "Ben", "Cem", "Dora"],
        {},
        [{"winner": w} for w in DOPPEL_GAMES],
    )
    page.goto(url)
    progress = page.locator("[data-progress]")
    expect(progress).to_contain_text("Gewonnene Sätze: A 1 : 0 B · Satz 2, Spiele: A 5 : 6 B")
    expect(progress).to_contain_text("Team B (Ben + Dora) führt in Satz 2")
    expect(progress).not_to_contain_text("Vorne")
    row = page.locator("tr.set-result")
    expect(row).to_have_count(1)
    expect(row).to_have_text("Satz 1: A 5 : 3 B — gewonnen von Team A (Anna + Cem)")
    row.scroll_into_view_if_needed()
    expect(row).to_be_visible()
    assert row.bounding_box()["width"] <= 390  # type: ignore[index]
    fits_the_phone(page)
    page.goto(url + "?lang=en")
    expect(page.locator("[data-progress]")).to_contain_text(
        "Sets won: A 1 : 0 B · set 2, games: A 5 : 6 B · Team B (Ben + Dora) leads set 2"
    )
    expect(page.locator("tr.set-result")).to_have_text(
        "Set 1: A 5 : 3 B — won by Team A (Anna + Cem)"
    )
    fits_the_phone(page)


def test_partner_parties_and_tied_places(page: Page, live_server: LiveServer) -> None:
    """Speedone partners ranked as parties; a tie at Terroristen shares the first place."""
    url = api_table(
        page,
        live_server,
        "speedone",
        ["Anna", "Ben", "Cem", "Dora"],
        {"target": 200, "scoring": "winner-takes", "partner": True},
        [
            {"winner": 0, "points": [0, 50, 30, 40]},
            {"winner": 1, "points": [10, 0, 20, 60]},
            {"winner": 2, "points": [5, 40, 0, 50]},
        ],
    )
    page.goto(url)
    lines = page.locator(".result .ranking li")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("1.")
    expect(lines.nth(0)).to_contain_text("Team A (Anna + Cem)")
    expect(lines.nth(0).locator(".player-total")).to_have_text("215")
    expect(lines.nth(0).locator(".members")).to_have_text("Anna 120 · Cem 95")
    expect(lines.nth(1).locator(".player-total")).to_have_text("90")
    fits_the_phone(page)
    url = api_table(
        page,
        live_server,
        "terroristen",
        ["Anna", "Ben", "Cem"],
        {"games": 4},
        [{"winner": w} for w in (0, 1, 0, 1)],
    )
    for address in (url, url + "?lang=en"):
        page.goto(address)
        places = page.locator(".result .ranking .place")
        expect(places).to_have_text(["1.", "1.", "3."])
        fits_the_phone(page)
