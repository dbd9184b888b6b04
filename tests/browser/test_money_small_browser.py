"""In real Chromium at phone size (390×844, CSRF on): a Deluxe series stopped after 2 of 8
rounds is ended with one tap and a confirmation, and the evening settles it; choosing the way
to pay or the rounding shows it at once, the kitty holder's field only with the kitty.

The stopped table: Anna, Ben, Cem, Dora at 10 ct, cards 0/1/2/3 and 0/2/3/5 (totals 0, 3, 5,
8): Anna gets 0,80 from Dora, Ben 0,20 from Cem (tests/tables/test_end_early.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_payments_browser import api
from tests.browser.test_payments_browser import the_evening
from tests.browser.test_tables_browser import settled

pytestmark = pytest.mark.browser


def test_a_stopped_series_is_ended_from_its_page(live_server: Any, page: Page) -> None:
    """One tap opens the question stating the rounds played, a second ends the table; the
    evening then settles it."""
    base = live_server.url
    group = api(
        page, "POST", base + "/api/v1/groups", {"name": "Dienstag", "players": ["Anna", "Ben"]}
    )
    body = {
        "variant": "deluxe",
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "options": {"rounds": 8, "rate_cents": 10},
    }
    made = api(page, "POST", base + "/api/v1/tables", body)
    token = {"X-Edit-Token": made["edit_token"]}
    for cards in ([0, 1, 2, 3], [0, 2, 3, 5]):
        api(page, "POST", f"{base}/api/v1/tables/{made['id']}/rounds", {"cards": cards}, **token)
    api(
        page,
        "PATCH",
        f"{base}/api/v1/tables/{made['id']}",
        {"group": group["id"]},
        **token,
        **{"X-Group-Token": group["edit_token"]},
    )
    page.goto(f"{base}/t/{made['id']}/edit/{made['edit_token']}")
    settled(page)
    confirm = page.get_by_role("button", name="Ja, nach 2 von 8 Runden beenden")
    expect(confirm).to_be_hidden()
    page.get_by_text("Hier beenden und abrechnen (nach 2 von 8 Runden)").tap()
    confirm.tap()
    settled(page)
    expect(page.locator("[data-progress]")).to_contain_text("Beendet")
    expect(page.locator("[data-end-early]")).to_have_count(0)
    page.goto(f"{base}/g/{group['id']}")
    settled(page)
    page.locator(".evenings a").first.tap()
    settled(page)
    expect(page.locator("ul.unsettled")).to_have_count(0)
    expect(page.locator("li.transfer.open")).to_have_count(2)


def test_the_way_to_pay_shows_on_change(live_server: Any, page: Page) -> None:
    """No "Anzeigen" tap: the kitty shows at once with its holder's field, the rounding too."""
    base = live_server.url
    group, _tables = the_evening(page, base)
    page.goto(f"{base}/g/{group['id']}")
    settled(page)
    page.locator(".evenings a").first.tap()
    settled(page)
    holder = page.locator("[data-kasse-holder]")
    expect(holder).to_be_hidden()
    expect(page.locator("[data-show-button]")).to_be_hidden()
    page.locator('label:has(input[name="mode"][value="kasse"])').tap()
    page.wait_for_url("**mode=kasse**")
    settled(page)
    expect(holder).to_be_visible()
    expect(page.locator("p.method")).to_contain_text("Kasse")
    page.locator('label:has(input[name="round_to"][value="10"])').tap()
    page.wait_for_url("**round_to=10**")
    settled(page)
    expect(page.locator("p.rounding")).to_be_visible()
    page.locator('label:has(input[name="mode"][value="direct"])').tap()
    page.wait_for_url("**mode=direct**")
    settled(page)
    expect(holder).to_be_hidden()
