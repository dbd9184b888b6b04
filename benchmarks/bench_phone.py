"""What a player waits for on a phone: page loads, tap-to-saved and the other phone's delay.

Run by hand: `.venv/bin/python benchmarks/bench_phone.py [--quick] [--base-url URL]`.
Debian's Chromium (/usr/bin/chromium, headless, 390×844) opens a real `mautisch serve` process
(started here with a throwaway SQLite file, stopped by its process id at the end), through a
small TCP proxy on loopback that each phone has to itself. Profiles:

- "pub Wi-Fi": the proxy charges every new connection one round trip (the TCP handshake),
  delays each direction by half a round trip and shares 1.5 Mbit/s down, 0.75 Mbit/s up among
  the phone's connections. Being below the browser, it also slows the service worker's own
  fetches (the worker answers every page load once it is installed).
- "pub Wi-Fi, CDP": the same numbers through Chromium's `Network.emulateNetworkConditions`
  on the page; the proxy adds only the handshake. The emulation skips the service worker's
  fetches: the figures are kept for comparison with earlier measurements.
- "unthrottled": the proxy forwards at once.

Each figure is the median of several tries (p95 beside it) and is also given in round trips
of the baseline measured in the same run on the same profile: one fetch of a small static
file by the page on a warm connection.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import secrets
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import suppress
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser
from playwright.sync_api import BrowserContext
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import ViewportSize
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
PHONE: ViewportSize = {"width": 390, "height": 844}
SERVE = f"{ROOT}/.venv/bin/mautisch serve --host 127.0.0.1 --port {{port}}"
START_TIMEOUT = 60.0
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
ROUNDS = 40
SMALL_FILE = "/static/js/stepper.js"
WAIT = 20_000  # ms: the longest a figure may take before the try counts as failed


# ---- the server -----------------------------------------------------------------------------


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_ready(base: str) -> None:
    """Until the home page answers 200; an error after START_TIMEOUT seconds."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"no answer from {base} within {START_TIMEOUT:.0f} s")
        time.sleep(0.2)


@contextmanager
def server(base_url: str | None, command: str = SERVE) -> Iterator[tuple[str, int | None]]:
    """(base URL, process id): `base_url` as given (no id), else a fresh `mautisch serve`.

    The fresh server gets its own SQLite file and secret key in a temporary folder
    (DATABASE_URL, SECRET_KEY), so it never writes into the repository's instance/ folder.
    """
    if base_url:
        yield base_url.rstrip("/"), None
        return
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="mautisch-bench-") as folder:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite",
            "SECRET_KEY": secrets.token_hex(32),
            # Every table and every phone of a benchmark comes from this one address.
            "RATELIMIT_TABLES": "1000000 per hour",
            # ... and its set-up enters a whole series at once (a real table: a round a minute).
            "RATELIMIT_ROUNDS_TABLE": "1000000 per minute",
            "RATELIMIT_ROUNDS_ADDRESS": "1000000 per minute",
            "PER_ADDRESS": "1000000",
        }
        log_path = Path(folder) / "server.log"
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                shlex.split(command.format(port=port)),
                env=env,
                cwd=folder,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            base = f"http://127.0.0.1:{port}"
            try:
                wait_ready(base)
                yield base, process.pid
            finally:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if process.returncode not in (0, -15):
            print(log_path.read_text()[-3000:], file=sys.stderr)


# ---- the network between phone and server ---------------------------------------------------


@dataclass(frozen=True)
class Profile:
    """A network as the phone sees it."""

    name: str
    rtt: float = 0.0  # s
    down: float = 0.0  # bytes/s, 0: unlimited
    up: float = 0.0
    cdp: bool = False  # latency and bandwidth by Chromium's emulation instead of the proxy


PUB = 0.300, 1_500_000 / 8, 750_000 / 8
PROFILES = {
    "pub": Profile("pub Wi-Fi", *PUB),
    "pub-cdp": Profile("pub Wi-Fi, CDP", *PUB, cdp=True),
    "fast": Profile("unthrottled"),
}


@dataclass
class Link:
    """One direction of a phone's line: its rate, its delay, when it is free again."""

    rate: float
    delay: float
    free_at: float = 0.0

    def arrival(self, now: float, size: int) -> float:
        """When `size` bytes sent now arrive: after the delay, in turn, at the line's rate."""
        start = max(now + self.delay, self.free_at)
        self.free_at = start + (size / self.rate if self.rate else 0.0)
        return self.free_at


@dataclass
class Proxy:
    """A TCP forwarder on loopback in front of the server: one phone's network."""

    upstream: tuple[str, int]  # the server's host and port
    handshake: float
    down: Link
    up: Link
    port: int = 0
    connections: int = 0
    down_bytes: int = 0  # to the phone since the last reset
    server: asyncio.Server | None = field(default=None, repr=False)

    async def pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link
    ) -> None:
        """Copy one direction, each chunk delivered when the line would deliver it."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            """Write the chunks in order, each at its arrival time."""
            while True:
                at, data = await queue.get()
                if not data:
                    break
                await asyncio.sleep(max(0.0, at - loop.time()))
                writer.write(data)
                await writer.drain()
            if writer.can_write_eof():
                with suppress(OSError):  # the other side is gone already
                    writer.write_eof()

        sender = asyncio.create_task(deliver())
        try:
            while data := await reader.read(65536):
                if link is self.down:
                    self.down_bytes += len(data)
                queue.put_nowait((link.arrival(loop.time(), len(data)), data))
        except OSError:
            pass
        queue.put_nowait((0.0, b""))
        with suppress(OSError):
            await sender

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A new connection: one round trip for the handshake, then both directions."""
        self.connections += 1
        await asyncio.sleep(self.handshake)
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self.pipe(reader, up_writer, self.up), self.pipe(up_reader, writer, self.down)
        )
        for one in (writer, up_writer):
            one.close()

    def reset(self) -> None:
        """Start counting connections and bytes anew."""
        self.connections = 0
        self.down_bytes = 0


class Network:
    """The proxies, on an event loop in a thread of their own (Playwright's API blocks)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def phone(self, origin: str, profile: Profile) -> Proxy:
        """A proxy for one phone on this profile, in front of the server at `origin`."""
        own = not profile.cdp
        where = urllib.parse.urlsplit(origin)
        proxy = Proxy(
            (where.hostname or "127.0.0.1", where.port or 80),
            profile.rtt,
            Link(profile.down if own else 0.0, profile.rtt / 2 if own else 0.0),
            Link(profile.up if own else 0.0, profile.rtt / 2 if own else 0.0),
        )

        async def start() -> None:
            """Listen on a free loopback port."""
            proxy.server = await asyncio.start_server(proxy.handle, "127.0.0.1", 0)
            proxy.port = proxy.server.sockets[0].getsockname()[1]

        asyncio.run_coroutine_threadsafe(start(), self.loop).result()
        return proxy

    def close(self) -> None:
        """Stop the loop (the daemon thread ends with it)."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


# ---- phones ---------------------------------------------------------------------------------


@dataclass
class Phone:
    """A browser context (a phone) behind its own proxy, with one page."""

    context: BrowserContext
    page: Page
    proxy: Proxy

    @property
    def base(self) -> str:
        """The server's address as this phone reaches it."""
        return f"http://127.0.0.1:{self.proxy.port}"

    def close(self) -> None:
        """Close the context; its proxy stays until the end of the run."""
        self.context.close()


def new_phone(
    browser: Browser, network: Network, origin: str, profile: Profile, worker: bool = True
) -> Phone:
    """A fresh phone (empty cache, no service worker yet) on the profile."""
    context = browser.new_context(
        viewport=PHONE,
        locale="de-DE",
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        service_workers="allow" if worker else "block",
    )
    page = context.new_page()
    page.set_default_timeout(WAIT)
    if profile.cdp:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        conditions = {
            "offline": False,
            "latency": profile.rtt * 1000,
            "downloadThroughput": profile.down,
            "uploadThroughput": profile.up,
        }
        cdp.send("Network.emulateNetworkConditions", conditions)
    return Phone(context, page, network.phone(origin, profile))


def worker_ready(page: Page) -> None:
    """Until the service worker is installed and the page's own requests are over."""
    page.evaluate(
        "() => navigator.serviceWorker ? Promise.race([navigator.serviceWorker.ready,"
        " new Promise(resolve => setTimeout(resolve, 10000))]).then(() => true) : true"
    )
    page.wait_for_load_state("networkidle")


def loaded(page: Page) -> tuple[float, float]:
    """(milliseconds from the navigation's start to its load event, bytes it transferred).

    Navigation and Resource Timing, read in the page: no time of this script counts.
    """
    value: tuple[float, float] = page.evaluate(
        """() => {
          const nav = performance.getEntriesByType("navigation")[0];
          const size = performance.getEntriesByType("resource")
            .filter(r => r.responseEnd <= nav.loadEventEnd)
            .reduce((sum, r) => sum + r.transferSize, nav.transferSize);
          return [nav.loadEventEnd - nav.startTime, size];
        }"""
    )
    return value


def baseline(
    browser: Browser, network: Network, origin: str, profile: Profile, tries: int, figures: Figures
) -> None:
    """One fetch of a small static file by a page, on a warm connection: one round trip.

    Timed in the page. The phone has no service worker: the app's worker would answer the
    fetch itself, and Chromium's emulation does not slow the worker's own fetches.
    """
    phone = new_phone(browser, network, origin, profile, worker=False)
    fetch = f"""async () => {{
      const start = performance.now();
      await fetch("{SMALL_FILE}", {{cache: "no-store"}}).then(r => r.text());
      return performance.now() - start;
    }}"""
    try:
        phone.page.goto(phone.base + SMALL_FILE)
        for _ in range(tries):
            figures.add("baseline", phone.page.evaluate(fetch))
    finally:
        phone.close()


# ---- tables through the JSON API ------------------------------------------------------------


def api(base: str, method: str, path: str, body: str, token: str | None = None) -> Any:
    """One JSON API call; the decoded answer."""
    import json

    headers = {"Content-Type": "application/json", **({"X-Edit-Token": token} if token else {})}
    request = urllib.request.Request(
        base + path, data=body.encode(), headers=headers, method=method
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:300]!r}") from error


def dynamisch_table(base: str, rounds: int) -> tuple[str, str]:
    """A 4-player Dynamisch table with `rounds` rounds: (table id, edit token)."""
    created = api(
        base,
        "POST",
        "/api/v1/tables",
        '{"variant": "dynamisch", "name": "Freitag", "players": ["Anna", "Ben", "Cem", "Dora"],'
        ' "options": {"games": 100}}',
    )
    body = (
        '{"hands": [{"jacks": 0, "others": 0}, {"jacks": 0, "others": 2},'
        ' {"jacks": 1, "others": 1}, {"jacks": 0, "others": 3}], "jack_suit": null}'
    )
    for _ in range(rounds):
        api(base, "POST", f"/api/v1/tables/{created['id']}/rounds", body, created["edit_token"])
    return created["id"], created["edit_token"]


ROW_HEADS = ".rounds-grid tbody tr:not([data-pending-row]) > th"  # a kept round is only pending


def row(page: Page, number: int) -> Locator:
    """The stored round `number` in the page's grid (its first cell starts with the number)."""
    return page.locator(ROW_HEADS).filter(has_text=re.compile(rf"^\s*{number}\b"))


# ---- the figures ----------------------------------------------------------------------------


@dataclass
class Figures:
    """Tries per figure, in milliseconds (or bytes)."""

    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        """One more try of a figure."""
        self.values.setdefault(name, []).append(value)


def p95(values: list[float]) -> float:
    """The 95th percentile (the largest of fewer than 20 tries)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def page_loads(
    browser: Browser,
    network: Network,
    origin: str,
    profile: Profile,
    path: str,
    tries: int,
    figures: Figures,
    label: str,
) -> None:
    """First load (fresh phone) and repeat load (service worker installed) of a page."""
    for _ in range(tries):
        phone = new_phone(browser, network, origin, profile)
        try:
            phone.proxy.reset()
            phone.page.goto(phone.base + path, wait_until="load")
            took, size = loaded(phone.page)
            figures.add(f"{label}: first load", took)
            figures.add(f"{label}: first load bytes", size)
            worker_ready(phone.page)
            phone.page.goto(phone.base + path, wait_until="load")
            figures.add(f"{label}: repeat load", loaded(phone.page)[0])
        finally:
            phone.close()


def tap(page: Page, field_id: str, times: int) -> None:
    """Tap the + of the stepper of an input `times` times."""
    for _ in range(times):
        page.locator(f"[data-stepper]:has(#{field_id}) [data-step='1']").tap()


# The editor's phone notes (in its session storage, which outlives a page) when the save
# button is touched, when a row of the round shows as being saved (`tr[data-saving]`, drawn by
# offline.js before the answer) and when the page shows the round as saved: a stored row with
# its number, not a pending one, whether put in place from the save's answer or loaded as a
# new page. The other phone's page is never reloaded (live.js swaps its <main>) and notes the
# moment in a variable. Both read the same clock (Date.now, one machine).
SEEN = """number => {
  const seen = () => Array.from(document.querySelectorAll("ROW_HEADS"))
    .some(th => parseInt(th.textContent, 10) === number);
  return seen;
}""".replace("ROW_HEADS", ROW_HEADS)
EDITOR = """(() => {
  document.addEventListener("pointerdown", event => {
    const save = event.target.closest("button[type=submit]");
    if (save) sessionStorage.setItem("bench.tap", Date.now());
    if (event.target.closest("[data-enter-round]")) {
      sessionStorage.setItem("bench.enter", Date.now());
      sessionStorage.removeItem("bench.entry");
    }
  }, true);
  // "+ Spiel" to the round's form on screen: in place, or its own page loaded (the old way).
  const entry = () => {
    if (!sessionStorage.getItem("bench.enter") || sessionStorage.getItem("bench.entry")) return;
    const form = document.querySelector("[data-round-form]");
    if (form && form.offsetParent !== null) {
      requestAnimationFrame(() => sessionStorage.setItem("bench.entry", Date.now()));
    }
  };
  new MutationObserver(entry).observe(document, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", entry);
  const watch = number => {
    const seen = (SEEN)(number);
    new MutationObserver((changes, observer) => {
      if (!sessionStorage.getItem("bench.pending") && document.querySelector("tr[data-saving]")) {
        sessionStorage.setItem("bench.pending", Date.now());
      }
      if (!seen()) return;
      if (!sessionStorage.getItem("bench.seen")) sessionStorage.setItem("bench.seen", Date.now());
      observer.disconnect();
    }).observe(document, {childList: true, subtree: true});
  };
  window.benchWatch = watch;
  const number = Number(sessionStorage.getItem("bench.round"));
  if (number) watch(number);
})()""".replace("SEEN", SEEN)
OTHER = """number => {
  const seen = (SEEN)(number);
  if (seen()) return true;
  window.benchSeen = 0;
  new MutationObserver((changes, observer) => {
    if (seen()) { window.benchSeen = Date.now(); observer.disconnect(); }
  }).observe(document.body, {childList: true, subtree: true});
  return false;
}""".replace("SEEN", SEEN)


def tap_to_saved(
    browser: Browser, network: Network, origin: str, profile: Profile, tries: int, figures: Figures
) -> None:
    """Enter a round by taps on the editor's phone; time until it shows there and on a second."""
    table_id, token = dynamisch_table(origin, ROUNDS)
    editor = new_phone(browser, network, origin, profile)
    other = new_phone(browser, network, origin, profile)
    try:
        editor.context.add_init_script(EDITOR)
        editor.page.goto(f"{editor.base}/t/{table_id}/edit/{token}", wait_until="load")
        worker_ready(editor.page)
        other.page.goto(f"{other.base}/t/{table_id}", wait_until="load")
        worker_ready(other.page)
        other.proxy.reset()
        watched = time.monotonic()
        for attempt in range(tries):
            number = ROUNDS + attempt + 1
            editor.page.locator("a.big-button").tap()
            editor.page.wait_for_function("() => sessionStorage.getItem('bench.entry')")
            figures.add(
                "tap + Spiel to the entry shown",
                editor.page.evaluate(
                    "() => sessionStorage.getItem('bench.entry')"
                    " - sessionStorage.getItem('bench.enter')"
                ),
            )
            editor.page.evaluate("() => sessionStorage.removeItem('bench.enter')")
            # Another round each try: the same round twice in a row is asked about first.
            tap(editor.page, "hands-1-others", 1 + attempt % 3)
            tap(editor.page, "hands-2-jacks", 1)
            tap(editor.page, "hands-3-others", 3)
            if other.page.evaluate(OTHER, number):
                raise RuntimeError(f"round {number} was on the other phone before the tap")
            editor.page.evaluate(
                "n => { ['bench.tap', 'bench.pending', 'bench.seen'].forEach(k =>"
                " sessionStorage.removeItem(k)); sessionStorage.setItem('bench.round', n);"
                " window.benchWatch(n) }",
                number,
            )
            editor.proxy.reset()
            other.proxy.down_bytes = 0  # its connections are counted over the whole run
            editor.page.get_by_role("button", name="Speichern").tap()
            row(editor.page, number).wait_for()
            tapped, pending, saved = editor.page.evaluate(
                "() => ['bench.tap', 'bench.pending', 'bench.seen']"
                ".map(k => sessionStorage.getItem(k))"
            )
            if pending is not None:  # shown as being saved before the answer
                figures.add("tap to shown as being saved", float(pending) - float(tapped))
            figures.add("tap to saved", float(saved) - float(tapped))
            for name, value in save_parts(editor.page, float(tapped), float(saved)).items():
                figures.add(name, value)
            # The next try's pages must not watch for this round (its row is there now).
            editor.page.evaluate("() => sessionStorage.removeItem('bench.round')")
            figures.add("tap to saved: new connections", float(editor.proxy.connections))
            other.page.wait_for_function("() => window.benchSeen", timeout=WAIT)
            figures.add(
                "tap to other phone", other.page.evaluate("window.benchSeen") - float(tapped)
            )
            figures.add("other phone: pushed change bytes", float(other.proxy.down_bytes))
            editor.page.wait_for_load_state("networkidle")
        minutes = (time.monotonic() - watched) / 60
        figures.add("other phone: new connections a minute", other.proxy.connections / minutes)
    finally:
        editor.close()
        other.close()


# Where the save's time goes, from the page's Resource Timing entry of its POST (one clock:
# performance.timeOrigin + an entry's time is Date.now's).
SAVE_TIMING = """() => {
  const posts = performance.getEntriesByType("resource")
    .filter(r => r.initiatorType === "fetch" && /\\/rounds\\/new/.test(r.name));
  const last = posts[posts.length - 1];
  if (!last) return null;
  const at = t => performance.timeOrigin + t;
  return {start: at(last.startTime), sent: at(last.requestStart),
          first: at(last.responseStart), end: at(last.responseEnd), size: last.transferSize};
}"""


def save_parts(page: Page, tapped: float, saved: float) -> dict[str, float]:
    """The save split up (diagnosis): tap to request sent, to the answer's first byte, to its
    last, to the round shown; and the answer's bytes on the wire."""
    timing = page.evaluate(SAVE_TIMING)
    if not timing:
        return {}
    return {
        "  save: tap to request sent": timing["sent"] - tapped,
        "  save: sent to first byte": timing["first"] - timing["sent"],
        "  save: first to last byte": timing["end"] - timing["first"],
        "  save: last byte to shown": saved - timing["end"],
        "  save: answer bytes": timing["size"],
    }


def report(profile: Profile, figures: Figures) -> None:
    """Print each figure: median, p95, and the median in round trips of the baseline."""
    base = statistics.median(figures.values["baseline"])
    print(
        f"\n== {profile.name} ==  baseline: one fetch of {SMALL_FILE} = {base:.0f} ms"
        f" (median of {len(figures.values['baseline'])})"
    )
    for name, values in figures.values.items():
        if name.startswith("baseline"):
            continue
        median = statistics.median(values)
        if name.endswith("bytes"):
            print(f"  {name:38} {median / 1024:8.1f} KiB")
        elif "connections" in name:
            print(f"  {name:38} {median:8.0f}")
        else:
            print(
                f"  {name:38} {median:8.0f} ms  p95 {p95(values):6.0f} ms"
                f"  = {median / base:5.1f} round trips  (n={len(values)})"
            )


def main(argv: list[str] | None = None) -> int:
    """Run the profiles and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="3 tries instead of 10")
    parser.add_argument("--tries", type=int, default=None, help="tries per figure")
    parser.add_argument("--base-url", help="an already running server (else one is started)")
    parser.add_argument(
        "--profiles", default="pub,pub-cdp,fast", help=f"comma-separated: {', '.join(PROFILES)}"
    )
    args = parser.parse_args(argv)
    tries = args.tries or (3 if args.quick else 10)
    profiles = [PROFILES[name] for name in args.profiles.split(",")]
    print(
        f"bench_phone: Chromium {PHONE['width']}x{PHONE['height']}, {tries} tries per figure,"
        f" table pages with {ROUNDS} rounds (Dynamisch, 4 players); client and server share"
        f" this machine ({os.cpu_count()} cores), other work on it makes the figures noisy."
    )
    with server(args.base_url) as (base, _pid), sync_playwright() as playwright:
        table_id, _token = dynamisch_table(base, ROUNDS)
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        network = Network()
        try:
            for profile in profiles:
                figures = Figures()
                baseline(browser, network, base, profile, tries, figures)
                page_loads(browser, network, base, profile, "/", tries, figures, "home /")
                page_loads(
                    browser,
                    network,
                    base,
                    profile,
                    f"/t/{table_id}",
                    tries,
                    figures,
                    f"table, {ROUNDS} rounds",
                )
                tap_to_saved(browser, network, base, profile, tries, figures)
                report(profile, figures)
        finally:
            browser.close()
            network.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
