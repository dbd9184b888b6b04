"""No offline copy holds an edit link, however the page reached the worker, and renewing a link
deletes the copies kept of its table or group (Chromium, the app on a real server).

A group editor saves a game in place (one-tap winner): the answer came by a POST and holds the
group's edit link; the copy kept for offline use must be the one without it. The caches are
read back from the page (`caches` in the browser).
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_live_browser import until
from tests.pwa.test_offline_copies import CACHED

pytestmark = pytest.mark.browser
PLAYERS = ["Anna", "Ben", "Cem"]


class GroupTable:
    """A group and a Terroristen table in it, made through the JSON API."""

    def __init__(self, server: Any) -> None:
        """Create both and put the table into the group."""
        self.url = server.url
        api: FlaskClient = server.app.test_client()
        group = api.post("/api/v1/groups", json={"name": "Dienstag", "players": PLAYERS}).json
        table = api.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
        assert group is not None and table is not None
        self.group, self.group_token = group["id"], group["edit_token"]
        self.id, self.token = table["id"], table["edit_token"]
        moved = api.patch(
            f"/api/v1/tables/{self.id}",
            json={"group": self.group},
            headers={"X-Edit-Token": self.token, "X-Group-Token": self.group_token},
        )
        assert moved.status_code == 200, moved.json


PAGES = "mautisch-pages-v3"  # the worker's cache of pages (static/sw.js)


def cached(page: Page) -> list[tuple[str, str, str]]:
    """Everything the worker keeps: (cache, path with query, body)."""
    found: list[list[str]] = page.evaluate(
        CACHED.replace("found.push([request.url", "found.push([name, request.url")
    )
    origin = "/".join(page.url.split("/", 3)[:3])
    return [(name, url.removeprefix(origin), text) for name, url, _control, text in found]


def kept_pages(page: Page) -> list[tuple[str, str]]:
    """The pages the worker keeps for offline use: (path with query, body)."""
    return [(path, text) for name, path, text in cached(page) if name == PAGES]


def kept_since(text: str) -> datetime:
    """When the worker kept this copy (its body's data-offline-copy)."""
    start = text.index('data-offline-copy="') + len('data-offline-copy="')
    return datetime.fromisoformat(text[start : text.index('"', start)].replace("Z", "+00:00"))


def group_editor(page: Page, made: GroupTable) -> str:
    """The phone opens the group's edit link only, then the table page under the worker;
    returns the table page's address."""
    page.goto(f"{made.url}/g/{made.group}/edit/{made.group_token}")
    view = f"{made.url}/t/{made.id}?lang=de"
    page.goto(view)
    until(page, "navigator.serviceWorker.getRegistration().then(r => Boolean(r && r.active))", 30)
    page.goto(view)
    until(page, "Boolean(navigator.serviceWorker.controller)", 10)
    assert made.group_token in page.locator("#edit-link").input_value()
    return view


def save_in_place(page: Page, made: GroupTable) -> None:
    """Tap a winner: while the table page is shown, the copy kept offline is not fetched again
    (the save is the round's only request); leaving the page keeps it with that game."""
    page.locator("[data-one-tap] button", has_text="Anna").first.tap()
    expect(page.locator("[data-undo] button")).to_contain_text("Spiel 1")
    version = page.locator("[data-live]").get_attribute("data-version")
    path = f"/t/{made.id}?lang=de"
    kept_now = (
        f"caches.open('{PAGES}').then(c => c.match({path!r}))"
        f".then(r => r ? r.text() : '').then(t => t.includes('data-version=\"{version}\"'))"
    )
    page.wait_for_timeout(2000)
    assert not page.evaluate(kept_now)
    page.goto(f"{made.url}/?lang=de")  # the table page is left (pagehide)
    until(page, kept_now, 15)


def test_a_game_saved_in_place_is_kept_without_the_groups_edit_link(
    live_server: Any, page: Page
) -> None:
    """The answer of the save holds the group's link; no kept page does, and the kept table
    page is the copy for offline use (marked as such, with the game)."""
    made = GroupTable(live_server)
    group_editor(page, made)
    save_in_place(page, made)
    for _name, path, text in cached(page):
        assert made.group_token not in text, path
        assert made.token not in text, path
        assert 'id="edit-link"' not in text, path
    pages = kept_pages(page)
    assert f"/t/{made.id}?lang=de" in [path for path, _text in pages]
    for path, text in pages:
        assert "data-offline-copy" in text, path


@pytest.mark.parametrize("where", ["table", "group"])
def test_renewing_an_edit_link_deletes_the_copies_kept_of_it(
    live_server: Any, page: Page, where: str
) -> None:
    """Renew the table's link (on the table page) or the group's (on the group page): every
    copy of the table kept before is gone; what the worker keeps afterwards is newer."""
    made = GroupTable(live_server)
    view = group_editor(page, made)
    save_in_place(page, made)
    page.goto(f"{made.url}/g/{made.group}?lang=de" if where == "group" else view)
    renewed_at = datetime.now(UTC)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form.renew-edit-link button").click()
    expect(page.locator(".flash").first).to_contain_text("Neuer Bearbeiten-Link")
    table_copies = [
        (path, text) for path, text in kept_pages(page) if path.startswith(f"/t/{made.id}")
    ]
    for path, text in table_copies:
        assert kept_since(text) >= renewed_at, path
    assert view.removeprefix(made.url) not in [path for path, _text in table_copies]
