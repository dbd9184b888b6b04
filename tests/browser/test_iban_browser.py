"""The IBAN screen in real Chromium at phone size (390×844), CSRF on: the group's editor
chooses Dora, types an IBAN with a wrong check digit, sees the sentence with Dora still
chosen, fixes only the IBAN and sees it kept for Dora (masked), as the group's answer says."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_payments_browser import api
from tests.browser.test_tables_browser import settled

pytestmark = pytest.mark.browser


def test_a_fixed_iban_is_kept_for_the_person_chosen(live_server: Any, page: Page) -> None:
    """Gregor first in the list, Dora chosen: the error keeps Dora, the fix goes to Dora."""
    base = live_server.url
    group = api(
        page,
        "POST",
        base + "/api/v1/groups",
        {"name": "Stammtisch", "players": ["Gregor", "Anna", "Dora"]},
    )
    page.goto(f"{base}/g/{group['id']}/edit/{group['edit_token']}")
    settled(page)
    page.get_by_role("link", name="IBANs für den GiroCode").tap()
    settled(page)
    chooser = page.get_by_label("Wessen IBAN")
    expect(chooser).to_have_value("Gregor")
    chooser.select_option("Dora")
    page.get_by_label("IBAN (leer: entfernen)").fill("DE89 3704 0044 0532 0130 01")
    page.get_by_role("button", name="IBAN speichern").tap()
    settled(page)
    expect(page.locator("#error-summary")).to_contain_text("Prüfziffer falsch")
    expect(page.get_by_label("Wessen IBAN")).to_have_value("Dora")
    page.get_by_label("IBAN (leer: entfernen)").fill("DE89 3704 0044 0532 0130 00")
    page.get_by_role("button", name="IBAN speichern").tap()
    settled(page)
    expect(page.locator(".flash")).to_contain_text("IBAN für Dora gespeichert: DE89 •••• •••• 3000")
    expect(page.locator(".ibans")).to_contain_text("Dora")
    kept = api(page, "GET", f"{base}/api/v1/groups/{group['id']}")
    assert kept["ibans"] == {"Dora": "DE89 •••• •••• 3000"}
