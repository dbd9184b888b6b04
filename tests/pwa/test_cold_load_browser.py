"""A cold load asks for the page's own files only; what the service worker keeps for offline use
comes later, in idle time, one file at a time, and is not fetched again (Chromium, real server).

Every request of the phone counts, the worker's included (Playwright reports both). The first
COLD seconds after the navigation are the player's: the page and what it links, the worker's
script. The files the worker keeps come after, never two at once, and a second look at a page
(the worker installed, its files kept) fetches none of them again.
"""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.test_live_browser import Table
from tests.browser.test_live_browser import until

COLD = 3.0  # s: the first seconds of a cold load belong to the page
SETTLED = 60.0  # s: by then the worker has kept every file it keeps for offline use


class Requests:
    """The context's requests with when they started and ended (s since `start`)."""

    def __init__(self, context: Any) -> None:
        self.start = time.monotonic()
        self.seen: list[dict[str, Any]] = []
        context.on("request", self.began)
        context.on("requestfinished", self.ended)
        context.on("requestfailed", self.ended)

    def began(self, request: Any) -> None:
        worker = request.service_worker is not None
        at = time.monotonic() - self.start
        self.seen.append({"url": request.url, "at": at, "req": request, "worker": worker})

    def ended(self, request: Any) -> None:
        for entry in self.seen:
            if entry["req"] is request and "end" not in entry:
                entry["end"] = time.monotonic() - self.start

    def paths(self, since: float = 0.0, until_: float = 1e9) -> list[str]:
        """The paths (and queries) asked for between two moments."""
        return [
            re.sub(r"^https?://[^/]+", "", entry["url"])
            for entry in self.seen
            if since <= entry["at"] < until_
        ]


def kept_files(page: Any) -> list[str]:
    """The worker's list of files it keeps for offline use, as it was served to the phone."""
    source = page.evaluate("fetch('/sw.js').then(r => r.text())")
    listed = re.search(r"var PRECACHE = \[(.*?)\];", source, re.S)
    assert listed
    return re.findall(r'"([^"]+)"', listed[1])


def linked(page: Any) -> list[str]:
    """What the page links: its styles, scripts, icons and manifest."""
    urls: list[str] = page.evaluate(
        """() => Array.from(document.querySelectorAll("link[href], script[src], img[src]"))
                 .map(node => node.href || node.src)"""
    )
    return [re.sub(r"^https?://[^/]+", "", url) for url in urls]


def cached(page: Any) -> list[str]:
    """Every request the caches hold."""
    urls: list[str] = page.evaluate(
        """async () => {
          const found = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) found.push(request.url);
          }
          return found;
        }"""
    )
    return [re.sub(r"^https?://[^/]+", "", url) for url in urls]


def path_of(url: str) -> str:
    """The URL without its origin."""
    return re.sub(r"^https?://[^/]+", "", url)


def by_worker(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The requests the worker made (its own script, fetched by the browser, left out)."""
    return [e for e in entries if e["worker"] and path_of(e["url"]) != "/sw.js"]


def test_a_cold_load_leaves_the_offline_files_for_later(
    live_server: Any, context: Any, page: Any
) -> None:
    table = Table(live_server)
    requests = Requests(context)
    page.goto(table.view_link)
    page.wait_for_timeout(max(0.0, COLD - (time.monotonic() - requests.start)) * 1000)
    early = [path_of(e["url"]) for e in by_worker(requests.seen) if e["at"] < COLD]
    assert not early, f"the worker fetched in the first {COLD} s: {early}"
    linked_now = set(linked(page))

    until(page, "navigator.serviceWorker.getRegistration().then(r => Boolean(r && r.active))", 10)
    files = kept_files(page)
    assert set(files) - linked_now  # it keeps files this page did not need (the offline page)
    deadline = time.monotonic() + SETTLED
    while time.monotonic() < deadline and not set(files) <= set(cached(page)):
        page.wait_for_timeout(500)
    assert set(files) <= set(cached(page)), set(files) - set(cached(page))
    assert f"/t/{table.id}" in cached(page)  # the page itself, asked for by offline.js

    chores = sorted(by_worker(requests.seen), key=lambda entry: entry["at"])
    assert {path_of(e["url"]) for e in chores} >= set(files) - linked_now
    for one, two in zip(chores, chores[1:], strict=False):
        assert one.get("end", 1e9) <= two["at"], (one["url"], two["url"])  # one at a time

    again = Requests(context)
    page.goto(table.view_link)
    page.wait_for_timeout((COLD + 5) * 1000)
    fetched = [path_of(e["url"]) for e in by_worker(again.seen)]
    assert not set(fetched) & set(files), fetched  # kept and unchanged: not fetched again


AGED = """async () => {
  const cache = await caches.open("mautisch-static-v3");
  const hit = await cache.match("/offline");
  const headers = new Headers(hit.headers);
  headers.set("X-Kept-For", "an older worker");
  await cache.put("/offline", new Response(await hit.blob(), { headers }));
  return headers.get("ETag");
}"""


def test_a_file_without_a_hash_is_revalidated_once_per_worker(
    live_server: Any, context: Any, page: Any
) -> None:
    """The offline page kept by an older worker is asked for with its ETag: 304, kept as it
    was; after that, not asked for again."""
    table = Table(live_server)
    page.goto(table.view_link)
    until(page, "navigator.serviceWorker.getRegistration().then(r => Boolean(r && r.active))", 10)
    deadline = time.monotonic() + SETTLED
    while time.monotonic() < deadline and "/offline" not in cached(page):
        page.wait_for_timeout(500)
    assert page.evaluate(AGED)  # kept with its ETag, now as if by an older version

    statuses: list[int] = []
    context.on(
        "response",
        lambda answer: (
            statuses.append(answer.status)
            if answer.request.service_worker is not None and path_of(answer.url) == "/offline"
            else None
        ),
    )
    page.goto(table.view_link)
    deadline = time.monotonic() + SETTLED
    while time.monotonic() < deadline and not statuses:
        page.wait_for_timeout(500)
    assert statuses == [304]
    page.goto(table.view_link)
    page.wait_for_timeout((COLD + 5) * 1000)
    assert statuses == [304]  # revalidated for this worker: not asked again
    page.context.set_offline(True)
    try:
        page.goto(f"{live_server.url}/rules/never-opened")
        assert "Keine Verbindung" in page.locator("h1").inner_text()
    finally:
        page.context.set_offline(False)
