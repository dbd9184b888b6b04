"""Dealer, direction and import in real Chromium at 390×844, German and English: the direction
toggle of a Dynamisch game and the dealer it leads to; importing a backup that is already
here asks first."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tables_browser import TAP
from tests.browser.test_tables_browser import assert_fits
from tests.browser.test_tables_browser import choose
from tests.browser.test_tables_browser import enter_round
from tests.browser.test_tables_browser import plus
from tests.browser.test_tables_browser import settled
from tests.browser.test_tables_browser import start_table

pytestmark = pytest.mark.browser
FOUR = ["Anna", "Ben", "Cem", "Dora"]


@pytest.fixture(autouse=True)
def quiet_end(page: Page) -> Iterator[None]:
    """End with no request in flight (see tests/browser/test_tables_browser.py)."""
    yield
    page.wait_for_load_state("networkidle")


def dealer(page: Page) -> Any:
    """The player list entry marked as the next dealer."""
    return page.locator(".player-list li", has=page.locator(".badge.dealer"))


def test_direction_toggle_and_the_dealer_after_whoever_went_out(
    live_server: Any, page: Page
) -> None:
    """Cem goes out while play runs counter-clockwise: Ben deals; the next form starts
    counter-clockwise; the toggle is a big tap target; the same in English."""
    start_table(page, live_server.url, "dynamisch", FOUR)
    table_url = page.url
    expect(dealer(page)).to_contain_text("Anna")

    def game_one() -> None:
        """Cem out, a twin reversed the direction: one tap on the toggle."""
        toggle = page.locator(".direction-choice")
        expect(toggle).to_contain_text("Spielrichtung am Ende des Spiels")
        expect(page.locator("#direction-0")).to_be_checked()
        box = page.locator(".direction-choice label span").nth(1).bounding_box()
        assert box is not None and box["height"] >= TAP and box["width"] >= TAP
        choose(page, "direction-choice", "gegen den Uhrzeigersinn")
        expect(page.locator("#direction-1")).to_be_checked()
        expect(page.locator("#next_dealer-0")).to_be_checked()  # "nach der Regel"
        plus(page, "hands-0-others", 2)
        plus(page, "hands-1-others", 1)
        plus(page, "hands-3-jacks", 1)
        assert_fits(page)

    enter_round(page, game_one)
    expect(dealer(page)).to_contain_text("Ben")  # counter-clockwise after Cem
    expect(page.locator("[data-direction-now]")).to_have_text(
        "Spielrichtung: ↺ gegen den Uhrzeigersinn"
    )
    assert_fits(page)
    page.locator("a.big-button").tap()
    settled(page)
    expect(page.locator("#direction-1")).to_be_checked()  # the reversal carried over
    page.goto(table_url + "?lang=en")
    settled(page)
    expect(page.locator("[data-direction-now]")).to_have_text(
        "Direction of play: ↺ counter-clockwise"
    )
    expect(dealer(page)).to_contain_text("Ben")
    page.locator("a.big-button").tap()
    settled(page)
    expect(page.locator(".direction-choice")).to_contain_text(
        "Direction of play at the end of the game"
    )
    expect(page.locator(".next-dealer")).to_contain_text(
        "By the rule: the next after whoever went out"
    )
    assert_fits(page)


def test_importing_a_table_that_is_here_asks_first(live_server: Any, page: Page) -> None:
    """Import the backup of a table that is here: the page asks (German, then English);
    cancel imports nothing, keep both makes a second table."""
    start_table(page, live_server.url, "terroristen", ["Anna", "Ben"])
    table_url = page.url
    backup = page.request.get(table_url + "/export.json").body()

    def upload(lang: str, button: str) -> None:
        """Send the backup through the import page."""
        page.goto(f"{live_server.url}/import?lang={lang}")
        settled(page)
        page.set_input_files(
            "#backup",
            files=[{"name": "freitag.json", "mimeType": "application/json", "buffer": backup}],
        )
        page.get_by_role("button", name=button).tap()
        settled(page)

    upload("de", "Einspielen")
    question = page.locator("[data-import-twin]")
    expect(question).to_contain_text("Diese Sicherung ist der Tisch")
    expect(question).to_contain_text("schon da")
    for label in ("Durch die Sicherung ersetzen", "Beide behalten", "Abbrechen"):
        expect(question.locator(".twin-choices label", has_text=label)).to_be_visible()
    assert_fits(page)
    choose(page, "twin-choices", "Abbrechen")
    page.get_by_role("button", name="Weiter").tap()
    expect(page.locator(".flash")).to_contain_text("Nichts wurde eingespielt")
    assert page.url.split("?")[0] == table_url

    upload("en", "Import")
    expect(page.locator("[data-import-twin]")).to_contain_text(
        "This backup is the table “Terrorist Mau-Mau”, which is already here."
    )
    assert_fits(page)
    choose(page, "twin-choices", "Keep both")
    page.get_by_role("button", name="Go on").tap()
    expect(page.locator(".flash")).to_contain_text("imported as a new table")
    assert page.url.split("?")[0] != table_url
