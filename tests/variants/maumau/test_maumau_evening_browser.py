"""A whole Mau-Mau evening in real Chromium at 390 px, in German and in English: a group, a
table counting points for money with two house rules switched, games entered by taps until the
limit ends it, five disputes the switches decide asked from the table's referee link, the
filled score sheet printed, and the table settled on the group's evening page."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect
from pypdf import PdfReader

pytestmark = pytest.mark.browser

# What the player reads and taps, in each language.
WORDS = {
    "de": {
        "create_group": "Gruppe anlegen",
        "new_table": "Neuer Tisch in dieser Gruppe",
        "house_rules": "Hausregeln",
        "start": "Tisch starten",
        "created": "Tisch angelegt",
        "save": "Speichern",
        "saved": "gespeichert",
        "winner": "Gewinner: Cem",
        "evening": "Abend vom",
        "tick": "Als bezahlt abhaken: Anna → Cem",
        "paid": "Als bezahlt eingetragen: Anna → Cem",
        "allowed": "✓",
        "refused": "✗",
        "seven_rule": "auf eine Sieben darf keine Sieben gelegt werden",
    },
    "en": {
        "create_group": "Create group",
        "new_table": "New table in this group",
        "house_rules": "House rules",
        "start": "Start the table",
        "created": "Table created",
        "save": "Save",
        "saved": "saved",
        "winner": "Winner: Cem",
        "evening": "Evening of",
        "tick": "Tick as paid: Anna → Cem",
        "paid": "Marked as paid: Anna → Cem",
        "allowed": "✓",
        "refused": "✗",
        "seven_rule": "a seven cannot be answered",
    },
}
# Each dispute with the two switches set (mau.house.seven "draw2", mau.house.nine "reverse"):
# the verdict and the rule the answer cites.
DISPUTES = {
    "seven-on-seven": ("refused", "mau.house.seven"),
    "nine-reverse": ("allowed", "mau.house.nine"),
    "jack-on-jack": ("refused", "mau.jack"),
    "ace-again": ("allowed", "mau.ace"),
    "drawn-card": ("allowed", "mau.draw.play"),
}
# Three games to a limit of 40 (mau.score.points): the hands' points, the winner keeps 0;
# the last one ended with a jack counts double (Anna 9 × 2 = 18: 22 + 18 = 40, the limit).
GAMES = [
    ("Cem", {"Anna": 12, "Ben": 7}, False),
    ("Ben", {"Anna": 10, "Cem": 4}, False),
    ("Cem", {"Anna": 9, "Ben": 3}, True),
]


def fits(page: Page) -> None:
    """No sideways scrolling at 390 px."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width}px wide"


def enter_game(
    page: Page, words: dict[str, str], winner: str, hands: dict[str, int], jack: bool
) -> None:
    """One game by taps: the winner, each hand's points, the closing jack; saved in place."""
    page.locator("a[data-enter-round]").tap()
    page.locator(".winner-choice label", has_text=winner).tap()
    for seat, name in enumerate(["Anna", "Ben", "Cem"]):
        entry = page.locator(f"section[data-seat='{seat}']")
        if name == winner:
            expect(entry.locator("[data-winner-note]")).to_be_visible()
            expect(entry.locator("[data-entry='points']")).to_be_hidden()
        else:
            entry.locator("input").fill(str(hands[name]))
    if jack:
        page.locator("input[name='jack_end']").check()
        loser = next(iter(hands))
        seat = ["Anna", "Ben", "Cem"].index(loser)
        expect(page.locator(f"section[data-seat='{seat}'] [data-hand-points]")).to_contain_text(
            str(2 * hands[loser])
        )
    fits(page)
    page.get_by_role("button", name=words["save"], exact=True).tap()
    expect(page.locator(".flash")).to_contain_text(words["saved"])


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_maumau_evening_from_the_group_to_the_money(
    live_server: Any, page: Page, lang: str
) -> None:
    """Every step a new user takes, at phone size, in one language."""
    words = WORDS[lang]
    base = live_server.url
    page.goto(f"{base}/groups?lang={lang}")
    page.fill("#name", "Krone")
    page.fill("#players", "Anna\nBen\nCem")
    page.get_by_role("button", name=words["create_group"]).tap()
    expect(page.locator("h1")).to_have_text("Krone")
    group_url = page.url

    page.get_by_role("link", name=re.compile(words["new_table"])).tap()
    page.locator("label.variant-choice:has(input[value='maumau'])").tap()
    for name in ["Anna", "Ben", "Cem"]:
        page.locator(f"[data-name-chips] [data-name='{name}']").tap()
    expect(page.locator("#limit")).to_be_hidden()  # wins by default: games, no limit
    expect(page.locator("#mau_games")).to_be_visible()
    page.locator("label:has(input[name='tally'][value='points'])").tap()
    expect(page.locator("#mau_games")).to_be_hidden()
    page.fill("#limit", "40")
    page.fill("#rate_cents", "5")
    page.locator("[data-variant-options='maumau'] summary", has_text=words["house_rules"]).tap()
    page.locator("label:has(input[name='house_maumau_seven'][value='draw2'])").tap()
    page.locator("label:has(input[name='house_maumau_nine'][value='reverse'])").tap()
    fits(page)
    page.get_by_role("button", name=words["start"]).tap()
    expect(page.locator(".flash")).to_contain_text(words["created"])
    table_url = page.url.split("?")[0].split("#")[0]
    expect(page.locator("[data-house-rules]")).to_contain_text(words["seven_rule"])

    for winner, hands, jack in GAMES:
        enter_game(page, words, winner, hands, jack)
    expect(page.locator(".result")).to_contain_text(words["winner"])
    fits(page)

    # The referee from the table: its house rules come along, the disputes one tap each.
    page.locator("a[data-referee-link]").tap()
    expect(page).to_have_url(re.compile("/referee"))
    referee_url = page.url
    assert "seven=draw2" in referee_url and "nine=reverse" in referee_url
    for key, (verdict, rule) in DISPUTES.items():
        page.goto(referee_url)
        page.locator(f"a[data-dispute='{key}']").tap()
        expect(page).to_have_url(re.compile("play="))
        answer = page.locator(".verdict")
        expect(answer).to_contain_text(words[verdict])
        assert rule in page.content(), (key, rule)
        fits(page)

    # The filled sheet, read back.
    page.goto(table_url + f"?lang={lang}")
    link = page.get_by_role("link", name=re.compile("PDF")).first.get_attribute("href") or ""
    sheet = page.request.get(base + link if link.startswith("/") else link)
    assert sheet.ok and sheet.headers["content-type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.body())).pages)
    for name in ["Anna", "Ben", "Cem"]:
        assert name in text
    assert "40" in text

    # Settled on the group's evening: the table's transfers, one ticked paid.
    page.goto(group_url)
    page.locator(".evenings a").first.tap()
    expect(page.locator("h1")).to_contain_text(words["evening"])
    page.get_by_role("button", name=words["tick"]).first.tap()
    expect(page.locator(".flash", has_text=words["paid"])).to_be_visible()
    expect(page.locator(".flash.all-paid")).to_be_visible()
    fits(page)
