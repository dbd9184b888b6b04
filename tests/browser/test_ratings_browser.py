"""Ratings in real Chromium at phone size (390×844), German and English: the ranking on the
group page, a player's page with head-to-head and partners, and the win chances on a new
table in the group with the most even Doppel teams taken by one tap."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from app.store.db import db
from app.store.models import Group
from tests.browser.test_groups_browser import fits_the_phone
from tests.groups.samples import SAMPLES
from tests.helpers import played_table

pytestmark = pytest.mark.browser
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
WORDS = {
    "de": {
        "ratings": "Wertungszahlen",
        "all": "Alle Varianten",
        "provisional": "vorläufig",
        "h2h": "Direkter Vergleich",
        "best": "Bester Partner: Cem (2 von 3 Spielen gewonnen)",
        "new": "Neuer Tisch in dieser Gruppe",
        "chances": "Gewinnchancen",
        "take": "Diese Teams nehmen",
    },
    "en": {
        "ratings": "Ratings",
        "all": "All variants",
        "provisional": "provisional",
        "h2h": "Head-to-head",
        "best": "Best partner: Cem (2 of 3 games won)",
        "new": "New table in this group",
        "chances": "Chances to win",
        "take": "Take these teams",
    },
}


def seeded_group(live_server: Any) -> tuple[str, str]:
    """A group with a Doppel match Anna + Cem won (sets 5:0, 1:5, 5:0: each set is one rated
    result, 2 of 3 won), a Dynamisch series for money (one rated result, by its totals), and a
    Terroristen table that a guest won twice against Dora; its id and edit token."""
    with live_server.app.app_context():
        group = Group(name="Krone", players=PLAYERS)
        token = group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        for variant in ("doppel", "dynamisch"):
            options, rounds = SAMPLES[variant]
            played_table(variant, PLAYERS, options, rounds, "", group.id)
        won_twice = [{"winner": 1}] * 2
        played_table("terroristen", ["dora", "Gast"], {"games": 2}, won_twice, "", group.id)
        return group.id, token


def percents(page: Page) -> list[int]:
    """The chances shown, in per cent."""
    texts = page.locator("[data-chance-list] li strong").all_inner_texts()
    return [int(re.sub(r"\D", "", text)) for text in texts]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_ranking_player_page_and_win_chances(
    live_server: Any, browser: Any, lang: str, tmp_path: Path
) -> None:
    """Ranking, head-to-head and partners, then the chances on a new Doppel table."""
    words = WORDS[lang]
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="de-DE" if lang == "de" else "en-GB",
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    group_id, token = seeded_group(live_server)
    page.goto(f"{live_server.url}/g/{group_id}/edit/{token}")

    ratings = page.locator("[data-ratings]")
    expect(ratings.locator("h2")).to_have_text(words["ratings"])
    across = ratings.locator("[data-rating-board=all]")
    expect(across.locator("summary")).to_have_text(words["all"])
    # Anna and Cem won the same Doppel sets; the Dynamisch series placed Anna ahead of Cem.
    expect(across.locator("tbody tr").first.locator("th")).to_have_text("Anna")
    expect(across.locator("tbody tr", has_text="Gast")).to_contain_text(words["provisional"])
    expect(across.locator("svg.mc-chart")).to_be_visible()
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / f"ratings-{lang}.png"), full_page=True)

    across.get_by_role("link", name="Anna").tap()
    expect(page.locator("h1")).to_have_text("Anna")
    h2h = page.locator("[data-head-to-head]")
    expect(h2h.locator("h2")).to_have_text(words["h2h"])
    ben = h2h.locator("tbody tr", has_text="Ben")
    # Doppel: 3 sets against Ben, 2 won; the Dynamisch series: ahead of Ben.
    expect(ben.locator("td").nth(0)).to_have_text("3 : 1")
    expect(ben.locator("td").nth(1)).to_have_text("4")
    expect(page.locator("[data-partners]")).to_contain_text(words["best"])
    page.screenshot(path=str(tmp_path / f"player-{lang}.png"), full_page=True)
    fits_the_phone(page)

    page.goto(f"{live_server.url}/g/{group_id}")
    page.get_by_role("link", name=re.compile(words["new"])).tap()
    page.locator("label.variant-choice:has(input[value='doppel'])").tap()
    for name in PLAYERS:  # the members who play, tapped in seating order
        page.locator(f"[data-name-chips] [data-name='{name}']").tap()
    chances = page.locator("[data-win-chances]")
    expect(chances.locator("h2")).to_have_text(words["chances"])
    expect(chances.locator("[data-chance-list] li")).to_have_count(2)
    expect(chances.locator("[data-chance-list] li").first).to_contain_text("Anna + Cem")
    shown = percents(page)
    assert 99 <= sum(shown) <= 101 and shown[0] > 50, shown
    page.screenshot(path=str(tmp_path / f"new-{lang}.png"), full_page=True)
    chances.get_by_role("button", name=words["take"]).tap()
    expect(page.locator("#players-1")).not_to_have_value("Ben")
    expect(chances.locator("[data-balanced]")).to_be_hidden()
    even = percents(page)
    assert abs(even[0] - 50) < abs(shown[0] - 50), (shown, even)
    fits_the_phone(page)
    context.close()
