"""An edit link with its token after "#" claims the table in a real browser, by POST: the
server's access log never sees the token (Chromium, live server with CSRF on)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.conftest import LiveServer

pytestmark = pytest.mark.browser


def test_fragment_edit_link_claims_by_post(live_server: LiveServer, page: Any) -> None:
    """Open `/t/<id>/edit#<token>`: the page posts the token and lands on the table as editor;
    no request the browser made carries the token in its address."""
    request = urllib.request.Request(
        f"{live_server.url}/api/v1/tables",
        data=json.dumps({"variant": "terroristen", "players": ["Anna", "Ben"]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        made = json.loads(answer.read())
    seen: list[str] = []
    page.on("request", lambda sent: seen.append(sent.url))
    page.goto(f"{live_server.url}/t/{made['id']}/edit#{made['edit_token']}")
    page.wait_for_url(f"{live_server.url}/t/{made['id']}")
    assert page.locator("#edit-link").input_value().endswith("#" + made["edit_token"])
    assert not any(made["edit_token"] in url.split("#")[0] for url in seen)
