"""Real Chromium on a plain http network address: the notes show where https is needed.

`window.isSecureContext` is false on http://<this machine's address> and true on
http://127.0.0.1 (loopback counts as secure), so the same page is opened both ways.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from app.serve.addresses import network_addresses
from tests.serve.conftest import PLAYERS
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

pytestmark = pytest.mark.browser


def test_plain_http_shows_the_https_notes(tmp_path: Any, servers: Any, page: Any) -> None:
    """On the network address the notes appear and lead to /help/https; on loopback they do not."""
    addresses = network_addresses()
    if not addresses:
        pytest.skip("this machine has no network address besides loopback")
    server = servers(server_env(f"sqlite:///{tmp_path / 'http.sqlite'}"), "serve", "--port", "0")
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    lan = f"http://{addresses[0]}:{server.port}"
    created = fetch(lan, "/api/v1/tables", "POST", {"variant": "dynamisch", "players": PLAYERS})
    assert created.status == 201, created.text
    table, token = created.json()["id"], created.json()["edit_token"]

    page.goto(f"{lan}/t/{table}?lang=en")
    assert page.evaluate("window.isSecureContext") is False
    screen = page.locator(".live-bar [data-secure-note]")
    expect(screen).to_be_visible()
    expect(screen).to_contain_text("Keeping the screen on and offline copies need https.")
    expect(page.locator(".share [data-secure-note]")).to_be_visible()
    # A round from another phone: live.js swaps the page, and the note comes back with it.
    version = page.locator("[data-live]").get_attribute("data-version")
    hands = [{"jacks": 0, "others": n} for n in (0, 2, 3, 4)]
    entered = fetch(
        lan,
        f"/api/v1/tables/{table}/rounds",
        "POST",
        {"hands": hands, "jack_suit": None},
        **{"X-Edit-Token": token},
    )
    assert entered.status == 201, entered.text
    expect(page.locator("[data-live]")).not_to_have_attribute("data-version", version or "")
    expect(page.locator(".share [data-secure-note]")).to_be_visible()
    screen.click()
    expect(page.locator("h1")).to_have_text("Why some things need https")

    page.goto(f"{server.url}/t/{table}?lang=en")
    assert page.evaluate("window.isSecureContext") is True
    expect(page.locator("[data-secure-note]").first).to_be_hidden()
    expect(page.locator(".share [data-secure-note]")).to_be_hidden()
