"""In Chromium at 390 px, German and English: an untouched Dynamisch form asks before it
saves, "save anyway" saves it once; a refused new table names both of its errors at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WORDS = {
    "de": ("Niemand hat Karten — trotzdem speichern?", "Trotzdem speichern", "Speichern"),
    "en": ("Nobody has cards left — save anyway?", "Save anyway", "Save"),
}


@pytest.fixture(autouse=True)
def quiet_end(page: Page) -> Iterator[None]:
    """End each test with no request in flight (a cut request leaves a file open)."""
    yield
    page.wait_for_load_state("networkidle")


def worker_ready(page: Page) -> None:
    """Let the offline service worker finish installing before the first form is sent."""
    page.evaluate(
        "() => navigator.serviceWorker ? Promise.race([navigator.serviceWorker.ready,"
        " new Promise(resolve => setTimeout(resolve, 3000))]).then(() => true) : true"
    )


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_untouched_form_asks_once_then_saves(live_server: Any, page: Page, lang: str) -> None:
    """Save without a tap: the question and nothing saved; one more tap saves game 1."""
    question, anyway, save = WORDS[lang]
    client = live_server.app.test_client()
    made = client.post(
        "/api/v1/tables", json={"variant": "dynamisch", "players": ["Anna", "Ben", "Cem"]}
    ).json
    assert made
    page.goto(f"{live_server.url}/t/{made['id']}/edit/{made['edit_token']}?lang={lang}")
    page.wait_for_load_state("load")
    worker_ready(page)
    page.goto(f"{live_server.url}/t/{made['id']}/rounds/new?lang={lang}")
    page.get_by_role("button", name=save, exact=True).tap()
    expect(page.locator("[data-doubt]")).to_contain_text(question)
    assert client.get(f"/api/v1/tables/{made['id']}").json["rounds"] == []
    expect(page.locator("[data-doubt] [data-save-anyway]")).to_have_text(anyway)
    page.locator("[data-doubt] [data-save-anyway]").tap()
    expect(page).to_have_url(re.compile(rf"/t/{made['id']}(\?|$)"))
    assert len(client.get(f"/api/v1/tables/{made['id']}").json["rounds"]) == 1
    page.goto(f"{live_server.url}/t/{made['id']}/rounds/new?lang={lang}")
    expect(page.locator("[data-doubt]")).to_have_count(0)


@pytest.mark.parametrize(
    ("lang", "heading"),
    [("de", "Bitte diese 2 Angaben korrigieren:"), ("en", "Please correct these 2 entries:")],
)
def test_a_negative_rate_and_999_games_both_in_the_summary(
    live_server: Any, page: Page, lang: str, heading: str
) -> None:
    """Both errors linked in the summary; a tap on the second jumps to the rate field."""
    page.goto(f"{live_server.url}/t/new?lang={lang}")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Ben")
    page.fill("#games", "999")
    page.fill("#rate_cents", "-5")
    page.locator("form.new-table button[type=submit]").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_contain_text(heading)
    links = summary.locator("[data-error-link]")
    expect(links).to_have_count(2)
    links.nth(1).click()
    expect(page.locator("#rate_cents")).to_be_focused()
    expect(page.locator("main p.error")).to_have_count(0)
