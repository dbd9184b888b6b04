"""Changes made in place keep the focus and are said once, in words, in real Chromium at
phone size: a round pushed from another phone, a round saved by keyboard, a transfer ticked
paid by keyboard, a tapped name chip. The page's polite live region says what happened; the
focus never lands on <body>."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_fit_and_finish_browser import wait_until
from tests.browser.test_tables_browser import settled
from tests.conftest import PHONE

pytestmark = pytest.mark.browser
SAID = "[data-announce]"
ON_BODY = "document.activeElement === document.body || document.activeElement === null"


@pytest.fixture
def other(browser: Any) -> Iterator[Page]:
    """A second phone, German."""
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(5000)
    yield page
    page.wait_for_load_state("networkidle")
    ctx.close()


def new_table(live_server: Any, variant: str, players: list[str], options: Any) -> Any:
    """A table made through the API (as another phone would), its answer."""
    client = live_server.app.test_client()
    body = {"variant": variant, "players": players, "options": options}
    made = client.post("/api/v1/tables", json=body).json
    assert made and "id" in made, made
    return client, made


def test_a_pushed_round_takes_no_focus_on_a_phone_that_only_watches(
    live_server: Any, other: Page
) -> None:
    """Phone 2 only watches (nothing focused); rounds arrive from phone 1: they are said, and
    no element is focused, so a screen reader's reading place is not moved on each round."""
    client, made = new_table(live_server, "terroristen", ["Anna", "Ben", "Cem"], {})
    other.goto(f"{live_server.url}/t/{made['id']}")
    settled(other)
    assert other.evaluate(ON_BODY)
    for number, winner in enumerate([1, 2], start=1):
        answer = client.post(
            f"/api/v1/tables/{made['id']}/rounds",
            json={"winner": winner},
            headers={"X-Edit-Token": made["edit_token"]},
        )
        assert answer.status_code == 201, answer.json
        expect(other.locator(SAID)).to_have_text(f"Spiel {number} eingetragen", timeout=4000)
        expect(other.locator("[data-grid-rows] tr")).to_have_count(number)
        assert other.evaluate(ON_BODY)


def test_a_pushed_round_is_said_and_the_focus_stays(
    live_server: Any, page: Page, other: Page
) -> None:
    """Phone 2 watches with the focus on a link; a round arrives from phone 1: the live region
    says "Spiel 1 eingetragen", the focus stays on the link, <main> was put in anew."""
    client, made = new_table(live_server, "terroristen", ["Anna", "Ben", "Cem"], {})
    other.goto(f"{live_server.url}/t/{made['id']}")
    settled(other)
    other.evaluate("window.notReloaded = true")
    other.locator("main a[href$='/sheet.pdf'], main a").first.focus()
    before = other.evaluate("document.activeElement.outerHTML")
    answer = client.post(
        f"/api/v1/tables/{made['id']}/rounds",
        json={"winner": 1},
        headers={"X-Edit-Token": made["edit_token"]},
    )
    assert answer.status_code == 201, answer.json
    expect(other.locator(SAID)).to_have_text("Spiel 1 eingetragen", timeout=4000)
    assert other.evaluate("window.notReloaded") is True
    assert not other.evaluate(ON_BODY)
    assert other.evaluate("document.activeElement.outerHTML") == before
    expect(other.locator("[data-grid-rows] tr")).to_have_count(1)


def test_a_round_saved_by_keyboard_is_said(live_server: Any, page: Page) -> None:
    """The round form by keyboard: a winner chosen with the arrow keys, Enter saves; the
    table is put in place, the live region says the round, the focus is on a control."""
    _client, made = new_table(live_server, "terroristen", ["Anna", "Ben", "Cem"], {})
    page.goto(f"{live_server.url}/t/{made['id']}/edit/{made['edit_token']}")
    settled(page)
    page.goto(f"{live_server.url}/t/{made['id']}/rounds/new")
    settled(page)
    page.locator("input[name=winner]").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator(SAID)).to_have_text("Spiel 1 eingetragen")
    assert not page.evaluate(ON_BODY)
    assert page.evaluate("document.activeElement.closest('main') !== null")


def test_a_tick_by_keyboard_is_said_and_the_focus_moves_on(live_server: Any, page: Page) -> None:
    """The evening page of a money table: Enter on the first tick; the sentence is said once,
    the focus goes to the next open transfer's tick, the page was not loaded anew."""
    from app.store.db import db
    from app.store.models import Group
    from tests.helpers import played_table

    players = ["Anna", "Ben", "Cem", "Dora"]
    with live_server.app.app_context():
        group = Group(name="Krone", players=players)
        token = group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        played_table(
            "deluxe",
            players,
            {"rounds": 1, "rate_cents": 10},
            [{"cards": [0, 1, 3, 5]}],
            "",
            group.id,
        )
        group_id = group.id
    page.goto(f"{live_server.url}/g/{group_id}/edit/{token}")
    settled(page)
    page.locator(".evenings a").first.click()
    settled(page)
    page.evaluate("window.notReloaded = true")
    ticks = page.locator("[data-tick] button")
    count = ticks.count()
    assert count >= 2
    second = ticks.nth(1).inner_text()
    ticks.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(SAID)).to_contain_text("Als bezahlt eingetragen:")
    wait_until(page, "document.activeElement.matches('[data-tick] button')")
    assert page.evaluate("document.activeElement.textContent.trim()") == second
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("[data-tick] button")).to_have_count(count - 1)


def test_a_name_chip_moves_the_focus_to_the_next_name(live_server: Any, page: Page) -> None:
    """A phone that played before: its names are chips on the new-table form; Enter on one
    fills a seat, the focus goes to the next chip and the page says where the name went."""
    _client, made = new_table(live_server, "terroristen", ["Anna", "Ben", "Cem"], {})
    page.goto(f"{live_server.url}/t/{made['id']}/edit/{made['edit_token']}")
    settled(page)
    page.goto(f"{live_server.url}/t/new")
    settled(page)
    chips = page.locator("[data-name]")
    expect(chips.first).to_be_visible()
    first = chips.first.get_attribute("data-name")
    chips.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(SAID)).to_have_text(f"{first} ist Spieler 1")
    assert page.evaluate("document.activeElement.hasAttribute('data-name')")
    assert page.evaluate("document.activeElement.getAttribute('data-name')") != first
