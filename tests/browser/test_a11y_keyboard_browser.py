"""The evening by keyboard alone, in real Chromium at phone size: create a table (the variant
chosen with the arrow keys, names typed, Enter), enter a round (the winner chosen with the
arrow keys, Enter). After each step the focus is on a control or the sentence that says what
happened, never on <body>, and what happened in place is said by the live region."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_a11y_referee_keys_browser import tab_to
from tests.browser.test_tables_browser import settled

pytestmark = pytest.mark.browser
ON_BODY = "document.activeElement === document.body || document.activeElement === null"


def press_until(page: Page, key: str, script: str, most: int = 12) -> None:
    """Press a key until a condition holds."""
    for _ in range(most):
        if page.evaluate(script):
            return
        page.keyboard.press(key)
    assert page.evaluate(script), script


def test_create_a_table_and_enter_a_round_by_keyboard(live_server: Any, page: Page) -> None:
    """Terroristen with Anna, Ben, Cem; the first game won by Ben."""
    page.goto(f"{live_server.url}/t/new")
    settled(page)
    tab_to(page, "variant")
    press_until(page, "ArrowRight", "document.activeElement.value === 'terroristen'")
    assert page.evaluate("document.activeElement.checked")
    for seat, name in enumerate(["Anna", "Ben", "Cem"]):
        press_until(page, "Tab", f"document.activeElement.id === 'players-{seat}'", 20)
        page.keyboard.type(name)
    page.keyboard.press("Enter")  # sends the form from the name field
    expect(page.locator(".flash")).to_contain_text("Tisch angelegt")
    settled(page)
    assert not page.evaluate(ON_BODY)
    assert page.evaluate("document.activeElement.classList.contains('flash')")

    press_until(page, "Tab", "document.activeElement.hasAttribute('data-enter-round')", 40)
    page.keyboard.press("Enter")  # the entry opens in place, its heading focused
    expect(page.locator("[data-round-inline] h1")).to_be_focused()
    expect(page).to_have_url(re.compile(r"/rounds/new$"))
    tab_to(page, "winner")
    press_until(page, "ArrowRight", "document.activeElement.value === '1'", 6)
    page.keyboard.press("Enter")
    expect(page.locator("[data-announce]")).to_have_text("Spiel 1 eingetragen")
    assert not page.evaluate(ON_BODY)
    expect(page.locator("[data-grid-rows] tr")).to_have_count(1)
