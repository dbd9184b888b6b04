"""The year's pages in real Chromium at the narrowest phone (360 px), German and English, as a
new user tries them: a group with two seasons of evenings and one going on now; the season
table and last season's, a player's page filtered to last season, the "Heute Abend" card."""

from __future__ import annotations

from datetime import UTC
from datetime import date
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from app.store.db import db
from app.store.models import Group
from tests.browser.test_groups_browser import fits_the_phone
from tests.helpers import played_table

pytestmark = pytest.mark.browser
THREE = ["Anna", "Ben", "Cem"]
LAST = date.today().year - 1
WORDS = {
    "de": {"tonight": "Heute Abend", "season": f"Saison {LAST}", "stats": "Statistik"},
    "en": {"tonight": "Tonight", "season": f"Season {LAST}", "stats": "Statistics"},
}


def two_seasons(live_server: Any) -> tuple[str, str]:
    """Last season Anna won 2 of 3 games; this season Cem all 3; tonight Ben won the only one."""
    with live_server.app.app_context():
        group = Group(name="Krone", players=THREE)
        token = group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        for year, month, winners in ((LAST, 3, (0, 0, 1)), (LAST + 1, 1, (2, 2, 2))):
            rounds = [{"winner": w} for w in winners]
            table = played_table("terroristen", THREE, {"games": 3}, rounds, "", group.id)
            table.created_at = datetime(year, month, 6, 19, 30, tzinfo=UTC)
            db.session.commit()
        played_table("terroristen", ["Anna", "Ben"], {"games": 1}, [{"winner": 1}], "", group.id)
        return group.id, token


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_season_last_season_a_player_and_tonight(
    live_server: Any, browser: Any, lang: str, tmp_path: Path
) -> None:
    """Tap from the season table to last season, to Anna, and read her figures there."""
    words = WORDS[lang]
    context = browser.new_context(
        viewport={"width": 360, "height": 780},
        locale="de-DE" if lang == "de" else "en-GB",
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    group_id, token = two_seasons(live_server)
    page.goto(f"{live_server.url}/g/{group_id}/edit/{token}")
    page.goto(f"{live_server.url}/g/{group_id}?lang={lang}")
    expect(page.locator("#heute-abend h2")).to_contain_text(words["tonight"])
    season = page.locator("#saison")
    expect(season.locator("tbody tr").first.locator("th")).to_have_text("Ben")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / f"season-{lang}.png"), full_page=True)
    season.get_by_role("link", name=str(LAST), exact=True).tap()
    expect(page.locator("#season-heading")).to_have_text(words["season"])
    expect(season.locator("tbody tr").first.locator("th")).to_have_text("Anna")
    season.locator("tbody tr").first.get_by_role("link", name="Anna").tap()
    stats = page.locator("[data-player-stats]")
    expect(stats.locator("h2")).to_have_text(f"{words['stats']}: {words['season']}")
    expect(stats.locator("table.player-stats tr").first.locator("td")).to_contain_text("2/3")
    fits_the_phone(page)
    page.screenshot(path=str(tmp_path / f"player-{lang}.png"), full_page=True)
    context.close()
