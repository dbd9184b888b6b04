"""Every button, number field and checkbox of a played evening's pages has a name of its own
(the player's name in it where there is one control per player: "Anna: Buben (je 2 Punkte),
weniger", "Als bezahlt abhaken: Ben → Anna"), read from Chromium's accessibility tree."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.a11y_pages import LONG
from tests.browser.a11y_pages import played_evening
from tests.browser.a11y_pages import with_lang
from tests.browser.test_tables_browser import settled

pytestmark = pytest.mark.browser
ROLES = {"button", "spinbutton", "checkbox"}


def names(page: Page) -> list[str]:
    """The names of the shown buttons, number fields and checkboxes of the page's main part."""
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    found = []
    for node in tree:
        role = node.get("role", {}).get("value")
        if role in ROLES and not node.get("ignored"):
            found.append(node.get("name", {}).get("value", ""))
    return found


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_two_controls_share_a_name(live_server: Any, page: Page, lang: str) -> None:
    """Each table's round form (edit rights through the group's link), the evening page with
    its ticks, the group page: no duplicate names."""
    group_id, token, tables = played_evening(live_server)
    page.goto(f"{live_server.url}/g/{group_id}/edit/{token}")
    settled(page)
    evening = page.locator(".evenings a").first.get_attribute("href")
    urls = [f"/g/{group_id}", evening]
    for table in tables:  # each table's page and its first round's form (the tables are over)
        urls += [f"/t/{table}", f"/t/{table}/rounds/1"]
    seen_players = False
    for url in urls:
        page.goto(live_server.url + with_lang(str(url), lang))
        settled(page)
        counted = Counter(names(page))
        twice = {name: n for name, n in counted.items() if n > 1}
        assert not twice, (url, twice)
        seen_players = seen_players or any(name.startswith(f"{LONG}: ") for name in counted)
    assert seen_players, "a control per player names its player"
