"""The end of the night in real Chromium at phone size (390×844), CSRF on: two phones start
three Deluxe money tables outside any group (a guest, Emil, plays only one), a new group takes
them in with "Tische von heute hinzufügen", the Kassensturz settles the evening in three
transfers, two are ticked on one phone and seen on another (in English).

Worked out by hand (1 penalty point per card left; the best receives from the worst the
difference × rate, the second from the third):
- T1 Anna, Ben, Cem, Dora, cards 1/0/2/3 at 10 ct: Ben +0,30 (Dora), Anna +0,10 (Cem);
- T2 Anna, Ben, Cem, Emil, cards 0/2/3/7 at 10 ct: Anna +0,70 (Emil), Ben +0,10 (Cem);
- T3 Anna, Cem, Dora, cards 0/1/2 at 5 ct: Anna +0,10 (Dora).
Balances Anna +0,90, Ben +0,40, Cem −0,20, Dora −0,40, Emil −0,70; Anna, Cem and Emil sum to
zero, Ben and Dora too: Emil → Anna 0,70, Cem → Anna 0,20, Dora → Ben 0,40.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_groups_browser import fits_the_phone
from tests.browser.test_tables_browser import enter_round
from tests.browser.test_tables_browser import plus
from tests.browser.test_tables_browser import settled
from tests.browser.test_tables_browser import start_table

pytestmark = pytest.mark.browser


@pytest.fixture
def second(browser: Any) -> Iterator[Page]:
    """A second phone (its own profile), German."""
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True, has_touch=True
    )
    page = ctx.new_page()
    page.set_default_timeout(5000)
    yield page
    page.wait_for_load_state("networkidle")
    ctx.close()


@pytest.fixture
def english(browser: Any) -> Iterator[Page]:
    """A third phone in English that only has the view link."""
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-GB", is_mobile=True, has_touch=True
    )
    page = ctx.new_page()
    page.set_default_timeout(5000)
    yield page
    page.wait_for_load_state("networkidle")
    ctx.close()


def deluxe(page: Page, base: str, names: list[str], rate: int, cards: list[int]) -> None:
    """A one-round Deluxe money table started on this phone and played."""

    def options() -> None:
        """One round, the rate in cents."""
        page.fill("#rounds", "1")
        page.fill("#rate_cents", str(rate))

    start_table(page, base, "deluxe", names, options)

    def fill() -> None:
        """Cards left per seat by the steppers."""
        for seat, left in enumerate(cards):
            plus(page, f"cards-{seat}", left)

    enter_round(page, fill)
    expect(page.locator(".result")).to_contain_text("Gewinner")


def add_todays_tables(page: Page, count: int) -> None:
    """Tap each of this phone's tables of today into the group (the section empties)."""
    for _ in range(count):
        page.locator("#heute button").first.tap()
        expect(page.locator(".flash")).to_contain_text("Tisch zur Gruppe hinzugefügt")
        settled(page)
    expect(page.locator("#heute")).to_have_count(0)


def test_evening_settled_in_three_transfers_and_ticked_on_two_phones(
    live_server: Any, page: Page, second: Page, english: Page
) -> None:
    """Three tables on two phones, one group afterwards, three transfers, ticks seen."""
    base = live_server.url
    deluxe(page, base, ["Anna", "Ben", "Cem", "Dora"], 10, [1, 0, 2, 3])
    deluxe(second, base, ["Anna", "Ben", "Cem", "Emil"], 10, [0, 2, 3, 7])
    deluxe(page, base, ["Anna", "Cem", "Dora"], 5, [0, 1, 2])

    page.goto(base + "/groups")
    page.fill("#name", "Dienstag")
    page.fill("#players", "Anna\nBen\nCem\nDora")
    page.get_by_role("button", name="Gruppe anlegen").tap()
    expect(page.locator("h1")).to_have_text("Dienstag")
    fits_the_phone(page)
    add_todays_tables(page, 2)
    group_url = page.url.split("#")[0]
    edit_link = page.locator("#edit-link").input_value()

    second.goto(edit_link)
    settled(second)
    second.goto(group_url)
    add_todays_tables(second, 1)

    page.goto(group_url)
    page.locator(".evenings a").first.tap()
    settled(page)
    expect(page.locator("h1")).to_contain_text("Abend vom")
    fits_the_phone(page)
    balances = page.locator("table.balances tbody tr")
    expect(balances).to_have_text(
        [
            # Signed as the printed evening: "+" for who gets money, a real minus sign.
            re.compile(r"Anna\s*\+0,90\s€"),
            re.compile(r"Ben\s*\+0,40\s€"),
            re.compile(r"Cem\s*−0,20\s€"),
            re.compile(r"Dora\s*−0,40\s€"),
            re.compile(r"Emil\s*−0,70\s€"),
        ]
    )
    expect(page.locator(".method")).to_contain_text("Die wenigsten Überweisungen")
    transfers = page.locator("li.transfer")
    expect(transfers).to_have_count(3)
    moves = sorted(re.sub(r"\s+", " ", t) for t in transfers.locator(".who").all_inner_texts())
    assert moves == ["Cem → Anna 0,20 €", "Dora → Ben 0,40 €", "Emil → Anna 0,70 €"]

    for payer in ("Emil", "Dora"):
        transfers.filter(has_text=f"{payer} →").get_by_role(
            "button", name="Als bezahlt abhaken"
        ).tap()
        settled(page)
        expect(transfers.filter(has_text=f"{payer} →").locator(".state")).to_have_text("bezahlt")
    expect(page.locator(".all-paid")).to_have_count(0)

    evening_url = page.url.split("#")[0].split("?")[0]
    english.goto(evening_url)
    settled(english)
    expect(english.locator("h1")).to_contain_text("Evening of")
    seen = english.locator("li.transfer")
    expect(seen.filter(has_text="Emil →").locator(".state")).to_have_text("paid")
    expect(seen.filter(has_text="Dora →").locator(".state")).to_have_text("paid")
    expect(seen.filter(has_text="Cem →").locator(".state")).to_have_text("open")
    expect(english.get_by_role("button", name="Tick as paid")).to_have_count(0)
    fits_the_phone(english)

    second.goto(evening_url)
    settled(second)
    expect(second.locator("li.transfer", has_text="Emil →").locator(".state")).to_have_text(
        "bezahlt"
    )
    second.locator("li.transfer", has_text="Cem →").get_by_role(
        "button", name="Als bezahlt abhaken"
    ).tap()
    expect(second.locator(".all-paid")).to_have_text("Alles ist bezahlt.")

    # The titles, the picture and the PDF of the evening (Emil took 7 penalty points at once).
    expect(second.locator("#titel li")).to_contain_text(["Pechvogel: Emil"])
    with second.expect_download() as shared:
        second.get_by_role("link", name="Als Bild teilen").tap()
    picture = shared.value.path().read_bytes()
    assert picture.startswith(b"\x89PNG") and shared.value.suggested_filename.endswith(".png")
    english.reload()
    expect(english.locator("#titel li")).to_contain_text(["Unlucky: Emil"])
    with english.expect_download() as printed:
        english.get_by_role("link", name="A4 PDF for the folder").tap()
    assert printed.value.path().read_bytes().startswith(b"%PDF")


def test_a_new_table_in_a_group_seats_only_the_tapped_members(
    live_server: Any, english: Page
) -> None:
    """In English: the members are chips, Dora and Ben tapped (in that seating order), a
    guest typed into the next seat; Anna and Cem, never tapped, do not sit at the table."""
    page = english
    page.goto(live_server.url + "/groups")
    page.fill("#name", "Tuesday")
    page.fill("#players", "Anna\nBen\nCem\nDora")
    page.get_by_role("button", name="Create group").tap()
    page.get_by_role("link", name=re.compile("New table in this group")).tap()
    settled(page)
    page.locator("label.variant-choice:has(input[value='terroristen'])").tap()
    expect(page.locator("[data-name-chips] .help")).to_contain_text("Who plays?")
    fits_the_phone(page)
    for name in ("Dora", "Ben"):
        page.locator(f"[data-name-chips] [data-name='{name}']").tap()
    page.fill("#players-2", "Emil")
    page.get_by_role("button", name="Start the table").tap()
    expect(page.locator(".flash")).to_contain_text("Table created")
    shown = page.locator("body").inner_text()
    assert "Dora" in shown and "Ben" in shown and "Emil" in shown
    assert "Anna" not in shown and "Cem" not in shown


def test_a_tick_made_offline_is_kept_and_sent_later(live_server: Any, page: Page) -> None:
    """Offline, the tick waits on the phone; back online it is sent and shows as paid."""
    api = page.request
    group = api.post(
        live_server.url + "/api/v1/groups", data={"name": "Dienstag", "players": ["Anna", "Ben"]}
    ).json()
    table = api.post(
        live_server.url + "/api/v1/tables",
        data={
            "variant": "deluxe",
            "players": ["Anna", "Ben"],
            "options": {"rounds": 1, "rate_cents": 10},
        },
    ).json()
    headers = {"X-Edit-Token": table["edit_token"]}
    api.post(
        f"{live_server.url}/api/v1/tables/{table['id']}/rounds",
        data={"cards": [0, 4]},
        headers=headers,
    )
    api.patch(
        f"{live_server.url}/api/v1/tables/{table['id']}",
        data={"group": group["id"]},
        headers={**headers, "X-Group-Token": group["edit_token"]},
    )
    day = api.get(f"{live_server.url}/api/v1/groups/{group['id']}").json()["evenings"][0]["date"]
    page.goto(f"{live_server.url}/g/{group['id']}/edit/{group['edit_token']}")
    page.goto(f"{live_server.url}/g/{group['id']}/abend/{day}")
    settled(page)
    card = page.locator("li.transfer", has_text="Ben → Anna")
    expect(card.locator(".who")).to_contain_text("0,40 €")

    page.context.set_offline(True)
    card.get_by_role("button", name="Als bezahlt abhaken").tap()
    expect(card.locator(".state")).to_contain_text("auf diesem Handy")
    page.context.set_offline(False)
    expect(page.locator("li.transfer", has_text="Ben → Anna").locator(".state")).to_have_text(
        "bezahlt"
    )
    expect(page.locator(".all-paid")).to_have_text("Alles ist bezahlt.")
