"""Corrections kept on the phone, in real Chromium at phone size (390×844), CSRF on.

A correction whose save fails (Playwright's routing breaks the network) is kept like a new
round: named at the top of the table page, no grid row, sent again with the etag it was made
against once the connection is back. A round another phone changed meanwhile refuses it; one
that already says what was sent (the first send landed, its answer was lost) takes it as done.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import Route
from playwright.sync_api import expect

from tests.browser.test_forgiving_browser import Table
from tests.browser.test_forgiving_browser import editor
from tests.browser.test_forgiving_browser import tap_winner
from tests.conftest import PHONE

pytestmark = pytest.mark.browser
WORDS = {
    "de": {
        "label": "Korrektur von Spiel 2",
        "pending": "ausstehend",
        "kept": "Korrektur bleibt auf diesem Handy",
        "enter": "Spiel 3 eintragen",
    },
    "en": {
        "label": "Correction of game 2",
        "pending": "pending",
        "kept": "correction is kept on this phone",
        "enter": "Enter game 3",
    },
}


class Network:
    """The phone's connection for posts to game 2: cut until `open`; `lose_answer` lets the
    first post reach the server and loses only its answer."""

    def __init__(self, lose_answer: bool = False) -> None:
        """Cut from the start."""
        self.open = False
        self.lose_answer = lose_answer

    def __call__(self, route: Route) -> None:
        """Pass page loads; fail the posts while cut."""
        if route.request.method != "POST" or self.open:
            route.continue_()
            return
        if self.lose_answer:
            self.lose_answer = False
            route.fetch(max_redirects=0)
            route.abort("connectionreset")
            return
        route.abort("internetdisconnected")


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """The phone with service workers blocked: a worker would pass the page's requests by
    Playwright's routing (its own advice when routing)."""
    phone = browser.new_context(
        viewport=PHONE, locale="de-DE", is_mobile=True, has_touch=True, service_workers="block"
    )
    yield phone
    phone.close()


@pytest.fixture
def table(live_server: Any) -> Table:
    """A table with games 1 (Anna won) and 2 (Ben won)."""
    made = Table(live_server)
    made.add(0)
    made.add(1)
    return made


def correct_game_2(page: Page, table: Table, network: Network, lang: str) -> Locator:
    """Open game 2's correction with the network routed (on the context, before the form
    opens), make Cem the winner, save: the phone is back on the table page; its pending box."""
    editor(page, table, lang)
    page.context.route("**/rounds/2*", network)
    page.goto(f"{table.view_link}/rounds/2?lang={lang}")
    page.wait_for_load_state("load")
    tap_winner(page, "Cem")
    page.wait_for_url(re.compile(rf"/t/{table.id}(\?|$)"))
    return page.locator("#pending-rounds")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_correction_without_connection_is_kept_and_sent_later(
    table: Table, page: Page, lang: str
) -> None:
    """Kept with its etag, named at the top (no grid row, the next game still 3), then sent
    when the connection is back: game 2 is Cem's."""
    words = WORDS[lang]
    network = Network()
    box = correct_game_2(page, table, network, lang)
    expect(box).to_be_visible()
    expect(box).to_contain_text(words["label"])
    expect(box).to_contain_text(words["pending"])
    expect(box).to_contain_text(words["kept"])
    expect(box.locator("button")).to_have_count(1)  # discard
    kept = page.evaluate("JSON.parse(localStorage.getItem('mautisch.pendingRounds'))")
    etag = table.api.get(f"/api/v1/tables/{table.id}").json["rounds"][1]["etag"]
    assert len(kept) == 1 and f"if_match={etag}" in kept[0]["body"]
    expect(page.locator(".rounds-grid tbody tr")).to_have_count(2)
    expect(page.locator(".rounds-grid tbody tr.pending-row")).to_have_count(0)
    expect(page.locator("a.big-button")).to_contain_text(words["enter"])
    assert table.winners() == [0, 1]
    network.open = True
    expect(box).to_be_hidden(timeout=12000)
    assert table.winners() == [0, 2]


def test_a_kept_correction_of_a_game_changed_meanwhile_is_refused(table: Table, page: Page) -> None:
    """Another phone makes Anna the winner of game 2 while the correction waits: sent again,
    it is refused and shown as refused with the game as it is now and a link to its form;
    Anna's change stays."""
    network = Network()
    box = correct_game_2(page, table, network, "de")
    expect(box).to_contain_text("Korrektur von Spiel 2")
    etag = table.api.get(f"/api/v1/tables/{table.id}").json["rounds"][1]["etag"]
    changed = table.api.put(
        f"/api/v1/tables/{table.id}/rounds/2",
        json={"winner": 0},
        headers={"X-Edit-Token": table.token, "If-Match": etag},
    )
    assert changed.status_code == 200, changed.json
    network.open = True
    refused = box.locator("li[data-state=failed]")
    expect(refused).to_contain_text("nicht gespeichert", timeout=12000)
    expect(refused).to_contain_text("Korrektur von Spiel 2")
    expect(refused).to_contain_text("steht jetzt bei Anna 1 · Ben 0 · Cem 0")
    assert table.winners() == [0, 0]
    fix = refused.get_by_role("link", name="Öffnen und neu korrigieren")
    fix.tap()  # the game's form as it is now, to correct it anew
    expect(page).to_have_url(re.compile(rf"/t/{table.id}/rounds/2$"))
    expect(page.locator("form[data-round-form] input[name=winner][value='0']")).to_be_checked()
    page.go_back()
    refused = page.locator("[data-pending] li[data-state=failed]")
    refused.locator("button").tap()  # discard: the box goes
    expect(box).to_be_hidden()
    assert table.winners() == [0, 0]


def test_a_kept_correction_that_had_landed_is_done_not_refused(table: Table, page: Page) -> None:
    """The first send changed game 2, only its answer was lost: sent again, the etag is old,
    but the game already says it, so the kept correction is done, and game 2 changed once."""
    network = Network(lose_answer=True)
    box = correct_game_2(page, table, network, "de")
    expect(box).to_contain_text("Korrektur von Spiel 2")
    assert table.winners() == [0, 2]  # the server had it already
    version = table.api.get(f"/api/v1/tables/{table.id}").json["rounds"][1]["etag"]
    network.open = True
    expect(box).to_be_hidden(timeout=12000)
    assert table.winners() == [0, 2]
    assert table.api.get(f"/api/v1/tables/{table.id}").json["rounds"][1]["etag"] == version
