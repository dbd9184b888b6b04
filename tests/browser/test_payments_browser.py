"""Payments live on two phones in real Chromium (390×844, CSRF on): one phone ticks a
transfer, the other shows it paid without a reload; then a round is corrected and both phones
say in words what settles the difference.

The evening is test_groups_api's (worked out by hand there): Anna +0,90, Ben +0,40,
Cem −0,20, Dora −0,40, Emil −0,70; transfers Emil → Anna 0,70, Cem → Anna 0,20, Dora → Ben
0,40. Correcting table 1 (Cem 2 → 4 cards) moves Anna to +1,00, Cem to −0,50 and Dora to
−0,30 (Ben gets 0,40 from Cem, Anna 0,20 from Dora there).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tables_browser import settled

pytestmark = pytest.mark.browser
LIVE = 8000  # ms: the page polls the group's version every 2 s where no stream is held


@pytest.fixture
def other(browser: Any) -> Iterator[Page]:
    """A second phone (its own profile), German."""
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True, has_touch=True
    )
    page = ctx.new_page()
    page.set_default_timeout(5000)
    yield page
    ctx.close()


def api(page: Page, method: str, url: str, body: Any = None, **headers: str) -> Any:
    """One JSON API call from this phone; the answer's JSON."""
    answer = page.request.fetch(url, method=method, data=body, headers=headers)
    assert answer.ok, answer.text()
    return answer.json()


def the_evening(page: Page, base: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Three one-round Deluxe money tables in a new group, made over the API."""
    group = api(
        page,
        "POST",
        base + "/api/v1/groups",
        {"name": "Dienstag", "players": ["Anna", "Ben", "Cem", "Dora"]},
    )
    tables = []
    for players, cards, rate in (
        (["Anna", "Ben", "Cem", "Dora"], [1, 0, 2, 3], 10),
        (["Anna", "Ben", "Cem", "Emil"], [0, 2, 3, 7], 10),
        (["Anna", "Cem", "Dora"], [0, 1, 2], 5),
    ):
        body = {
            "variant": "deluxe",
            "players": players,
            "options": {"rounds": 1, "rate_cents": rate},
        }
        made = api(page, "POST", base + "/api/v1/tables", body)
        token = {"X-Edit-Token": made["edit_token"]}
        api(page, "POST", f"{base}/api/v1/tables/{made['id']}/rounds", {"cards": cards}, **token)
        api(
            page,
            "PATCH",
            f"{base}/api/v1/tables/{made['id']}",
            {"group": group["id"]},
            **token,
            **{"X-Group-Token": group["edit_token"]},
        )
        tables.append({"id": made["id"], "token": made["edit_token"]})
    return group, tables


def test_a_tick_and_a_correction_show_on_the_other_phone(
    live_server: Any, page: Page, other: Page
) -> None:
    """Phone 1 (the group's editor) ticks Emil → Anna; phone 2 shows it paid, unreloaded; a
    correction then shows the words of what changed on both."""
    base = live_server.url
    group, tables = the_evening(page, base)
    page.goto(f"{base}/g/{group['id']}/edit/{group['edit_token']}")
    settled(page)
    page.locator(".evenings a").first.tap()
    expect(page.locator("h1")).to_contain_text("Abend vom")
    settled(page)
    evening_url = page.url.split("#")[0].split("?")[0]
    other.goto(evening_url)
    settled(other)
    marker = other.evaluate("() => { window.notReloaded = true; return true; }")
    assert marker
    expect(other.locator("li.transfer.open")).to_have_count(3)

    page.get_by_role("button", name="Als bezahlt abhaken: Emil → Anna").tap()
    settled(page)
    expect(page.locator(".flash")).to_contain_text("Als bezahlt eingetragen: Emil → Anna 0,70")
    paid = other.locator("li.transfer.paid", has_text="Emil → Anna")
    expect(paid.locator(".state")).to_have_text("bezahlt", timeout=LIVE)
    expect(other.locator("li.transfer.open")).to_have_count(2)
    assert other.evaluate("() => window.notReloaded === true")
    expect(other.locator("[data-group-announce]")).not_to_be_empty()

    first = tables[0]
    api(
        page,
        "PUT",
        f"{base}/api/v1/tables/{first['id']}/rounds/1",
        {"cards": [1, 0, 4, 3]},
        **{"X-Edit-Token": first["token"]},
    )
    words = re.compile(r"Offen nach der Korrektur von Runde 1 \(Deluxe, Tisch 1\): .*Cem.* zahlt")
    expect(other.locator(".since-paid")).to_have_text(words, timeout=LIVE)
    assert other.evaluate("() => window.notReloaded === true")
    expect(page.locator(".since-paid")).to_have_text(words, timeout=LIVE)
    expect(page.locator("li.transfer.paid", has_text="Emil → Anna")).to_have_count(1)
