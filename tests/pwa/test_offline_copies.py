"""Offline copies never hold an edit link (Chromium, the app on a real server).

The editor's table page shows the edit link and is `no-store`: the service worker keeps no such
answer, but the copy without the link (X-Offline-Copy), and that copy is what the phone shows
without a connection. The caches are read back from the page (`caches` in the browser).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.test_live_browser import Table
from tests.browser.test_live_browser import kept
from tests.browser.test_live_browser import until

CACHED = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const answer = await cache.match(request);
      found.push([request.url, answer.headers.get("Cache-Control") || "", await answer.text()]);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_editors_page_is_kept_offline_without_its_edit_link(
    live_server: Any, page: Any, lang: str
) -> None:
    """Online the editor sees the edit link; no cached answer holds it; offline, the copy."""
    table = Table(live_server)
    page.goto(table.edit_link)
    view = f"{table.view_link}?lang={lang}"
    page.goto(view)
    # Installing fetches the precached files first: on two busy cores that takes a while. Once
    # the worker is active, a new navigation is always its to answer.
    until(page, "navigator.serviceWorker.getRegistration().then(r => Boolean(r && r.active))", 30)
    page.goto(view)
    until(page, "Boolean(navigator.serviceWorker.controller)", 10)
    assert table.token in page.locator("#edit-link").input_value()
    kept(page, f"/t/{table.id}")

    cached: list[list[str]] = page.evaluate(CACHED)
    assert any(f"/t/{table.id}" in url for url, _control, _text in cached)
    for url, control, text in cached:
        assert table.token not in text, url
        assert 'id="edit-link"' not in text, url
        assert "no-store" not in control and "private" not in control, url

    page.context.set_offline(True)
    try:
        page.goto(view)
        assert page.locator("body").get_attribute("data-offline-copy")
        assert page.locator("#edit-link").count() == 0
        assert "Anna" in page.locator("main").inner_text()
    finally:
        page.context.set_offline(False)
    assert json.dumps(cached).count(table.token) == 0
