"""What a phone's browser sends for one round: an editor's and a reader's phone in Chromium.

bench_capacity.py replays the recording at scale. Run alone, it prints the mix:
`.venv/bin/python benchmarks/record_round.py [--base-url URL] [--server-cmd CMD] [--save FILE]`.

Debian's Chromium (headless, 390×844, as bench_phone.py) opens a table of ROUNDS rounds
(Dynamisch, 4 players) on two phones (browser contexts), each through a recording proxy of
its own on loopback: the editor's phone by the edit link, the reader's by the read link. Once
both have settled (service worker installed, nothing sent for QUIET seconds), the recording
starts: the editor's phone enters one round as a player does (taps the button for the next
round, the steppers, the save button), and the recording stops when the reader's page shows
the round and both phones have been quiet for QUIET seconds again.

The proxies see what reaches the server and nothing else: the service worker's own fetches
are there, what a phone answered from its service worker or its HTTP cache is not. Each
request is kept with its headers and body, its answer's status and headers, the bytes each
way, and for an event stream the events it carried and when. Playwright's context-level events
(the service worker's requests among them) say which part of the browser sent each request
and which requests the phone answered itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import threading
import time
import zlib
from collections import Counter
from contextlib import suppress
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import h11
from playwright.sync_api import Browser
from playwright.sync_api import Page
from playwright.sync_api import Request
from playwright.sync_api import Response
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_phone import CHROMIUM  # noqa: E402
from bench_phone import PHONE  # noqa: E402
from bench_phone import SERVE  # noqa: E402
from bench_phone import dynamisch_table  # noqa: E402
from bench_phone import row  # noqa: E402
from bench_phone import server  # noqa: E402
from bench_phone import tap  # noqa: E402
from bench_phone import worker_ready  # noqa: E402

ROUNDS = 20  # the table's rounds before the recorded one
QUIET = 5.0  # s without a request (held streams aside): a phone has settled
SETTLE_MAX = 90.0  # s: the longest wait for quiet
VARIED = "hands-1-others"  # the stepper tapped a different number of times each round
SAVE = re.compile(r"^(Speichern|Save)$")


@dataclass
class Call:
    """One request that reached the server, as the phone's proxy saw it (times: monotonic)."""

    phone: str
    method: str
    target: str
    headers: list[tuple[str, str]]
    start: float
    body: str = ""  # latin-1
    status: int = 0
    answer: list[tuple[str, str]] = field(default_factory=list)
    up: int = 0  # bytes on the wire, head and body
    # The answer's bytes as they passed, and an event stream's events (name, size, id or -1),
    # with times.
    pieces: list[tuple[float, int]] = field(default_factory=list)
    events: list[tuple[float, str, int, int]] = field(default_factory=list)
    end: float | None = None  # the answer's last byte
    cut: float | None = None  # the phone closed the connection before (a stream it left)
    # Which part of the browser sent it: Playwright's resource type, "worker" (the service
    # worker), "browser" (not shown to pages or workers: the worker's update check).
    by: str = "browser"

    def header(self, name: str, answer: bool = False) -> str | None:
        """A header of the request (or of the answer), None when absent."""
        found = [v for k, v in (self.answer if answer else self.headers) if k.lower() == name]
        return found[0] if found else None

    @property
    def stream(self) -> bool:
        """Is the answer an event stream (held open)?"""
        return (self.header("content-type", answer=True) or "").startswith("text/event-stream")

    def down(self, since: float = 0.0, until: float = float("inf")) -> int:
        """The answer's bytes on the wire that passed between `since` and `until`."""
        return sum(size for at, size in self.pieces if since <= at <= until)


@dataclass
class Recording:
    """Both phones' calls from the moment they opened the table, and the round's moments."""

    table_id: str
    token: str
    rounds: int  # before the recorded one
    start: float  # the tap on the button for the next round
    saved: float  # the tap on the save button
    stop: float
    calls: list[Call]
    at_home: list[tuple[str, str, str, str]]  # answered on the phone: phone, method, path, by
    connections: dict[str, int]  # new connections in the window, per phone
    varied: str = VARIED

    def window(self, phone: str) -> list[Call]:
        """The phone's calls of the round: sent in the window, or streams held into it."""
        return [
            c
            for c in self.calls
            if c.phone == phone
            and (
                self.start <= c.start <= self.stop
                or (c.start < self.start and c.stream and (c.cut or c.end or 1e18) > self.start)
            )
        ]

    def version(self, call: Call) -> int:
        """The table version the call's phone knew when it sent the call: the newest its
        streams or its answers told it (-1: none)."""
        told = [-1]
        for other in self.calls:
            if other.phone == call.phone:
                told += [number for at, _n, _s, number in other.events if at < call.start]
                if other.end is not None and other.end < call.start:
                    told.append(int(other.header("x-table-version", answer=True) or -1))
        return max(told)

    def save(self, path: str) -> None:
        """Write the recording as JSON."""
        Path(path).write_text(json.dumps(asdict(self), indent=1))

    @classmethod
    def load(cls, path: str) -> Recording:
        """Read a recording written by `save`."""
        data = json.loads(Path(path).read_text())
        calls = [Call(**{**c, "headers": [tuple(h) for h in c["headers"]]}) for c in data["calls"]]
        for call in calls:
            call.answer = [(k, v) for k, v in call.answer]
            call.pieces = [(at, size) for at, size in call.pieces]
            call.events = [(at, name, size, id_) for at, name, size, id_ in call.events]
        at_home = [(p, m, u, b) for p, m, u, b in data.pop("at_home")]
        return cls(**{**data, "calls": calls, "at_home": at_home})


class Tap:
    """One connection's bytes read as HTTP/1.1 both ways (h11); its requests become calls."""

    def __init__(self, phone: str, calls: list[Call]) -> None:
        self.phone = phone
        self.calls = calls
        self.mine: list[Call] = []
        self.asked: h11.Connection | None = h11.Connection(h11.SERVER)
        self.answered = h11.Connection(h11.CLIENT)
        self.unpack: Any = None  # a gzipped stream's decompressor
        self.waiting = b""

    def up(self, data: bytes) -> None:
        """Bytes from the phone."""
        if self.asked is not None:
            try:
                self.asked.receive_data(data)
                while (found := self.asked.next_event()) not in (h11.NEED_DATA, h11.PAUSED):
                    self.request_part(found)
            except h11.ProtocolError:
                self.asked = None
        if self.mine:
            self.mine[-1].up += len(data)

    def request_part(self, found: Any) -> None:
        """A request's head, a piece of its body or its end."""
        if isinstance(found, h11.Request):
            call = Call(
                self.phone,
                found.method.decode(),
                found.target.decode("latin-1"),
                [(k.decode(), v.decode("latin-1")) for k, v in found.headers.raw_items()],
                time.monotonic(),
            )
            self.mine.append(call)
            self.calls.append(call)
            self.answered.send(
                h11.Request(method=found.method, target=found.target, headers=found.headers)
            )
        elif isinstance(found, h11.Data):
            self.mine[-1].body += bytes(found.data).decode("latin-1")
            self.answered.send(h11.Data(data=found.data))
        elif isinstance(found, h11.EndOfMessage):
            self.answered.send(h11.EndOfMessage())

    def down(self, data: bytes) -> None:
        """Bytes from the server (read before they are passed on: a next request comes after)."""
        now = time.monotonic()
        if not self.mine:
            return
        call = self.mine[-1]
        call.pieces.append((now, len(data)))
        if self.asked is None:
            return
        try:
            self.answered.receive_data(data)
            while (found := self.answered.next_event()) not in (h11.NEED_DATA, h11.PAUSED):
                self.answer_part(call, found, now)
        except h11.ProtocolError:
            self.asked = None

    def answer_part(self, call: Call, found: Any, now: float) -> None:
        """An answer's head, a piece of its body, or its end (then the next request)."""
        if isinstance(found, h11.Response):
            call.status = found.status_code
            call.answer = [(k.decode(), v.decode("latin-1")) for k, v in found.headers.raw_items()]
            if call.stream and call.header("content-encoding", answer=True) == "gzip":
                self.unpack = zlib.decompressobj(31)
        elif isinstance(found, h11.Data) and call.stream:
            data = bytes(found.data)
            self.waiting += self.unpack.decompress(data) if self.unpack else data
            *events, self.waiting = self.waiting.split(b"\n\n")
            for one in events:
                lines = one.split(b"\n")
                if not any(line.startswith(b"data:") for line in lines):
                    continue  # a `retry:` alone: no event
                names = [line[7:] for line in lines if line.startswith(b"event: ")]
                ids = [int(line[4:]) for line in lines if line.startswith(b"id: ")] or [-1]
                call.events.append((now, (names or [b"message"])[0].decode(), len(one), ids[0]))
        elif isinstance(found, h11.EndOfMessage):
            call.end = now
            assert self.asked is not None
            self.asked.send(h11.Response(status_code=204, headers=[]))
            self.asked.send(h11.EndOfMessage())
            self.asked.start_next_cycle()
            self.answered.start_next_cycle()

    def closed(self) -> None:
        """The connection ended: a call without its answer's end was cut."""
        if self.mine and self.mine[-1].end is None:
            self.mine[-1].cut = time.monotonic()


class Recorder:
    """Recording proxies in front of the server, on an event loop in a thread of their own
    (Playwright's API blocks)."""

    def __init__(self, origin: str) -> None:
        where = origin.split("//", 1)[1].split("/", 1)[0]
        host, _, port = where.partition(":")
        self.upstream = (host, int(port or 80))
        self.calls: list[Call] = []
        self.opened: list[tuple[str, float]] = []  # each new connection: phone, time
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def phone(self, name: str) -> str:
        """A proxy for one phone: the server's address as that phone reaches it."""

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            """Forward one connection both ways, reading it as it passes."""
            self.opened.append((name, time.monotonic()))
            tap = Tap(name, self.calls)
            try:
                up_reader, up_writer = await asyncio.open_connection(*self.upstream)
            except OSError:
                writer.close()
                return
            await asyncio.wait(
                [
                    asyncio.ensure_future(pump(reader, up_writer, tap.up)),
                    asyncio.ensure_future(pump(up_reader, writer, tap.down)),
                ],
                return_when=asyncio.FIRST_COMPLETED,
            )
            tap.closed()
            for one in (writer, up_writer):
                one.close()

        async def start() -> int:
            """Listen on a free loopback port."""
            listening = await asyncio.start_server(handle, "127.0.0.1", 0)
            port: int = listening.sockets[0].getsockname()[1]
            return port

        port = asyncio.run_coroutine_threadsafe(start(), self.loop).result()
        return f"http://127.0.0.1:{port}"

    def busy(self) -> float:
        """When the last request (held streams aside) was sent or answered; inf while one is
        waiting for its answer."""
        last = 0.0
        for call in list(self.calls):
            if call.stream:
                last = max(last, call.start)
            elif call.end is None and call.cut is None:
                return float("inf")
            else:
                last = max(last, call.end or call.cut or 0.0)
        return last

    def close(self) -> None:
        """Stop the loop (the daemon thread ends with it)."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter, seen: Any) -> None:
    """Copy one direction, each piece read by the tap before it is passed on."""
    with suppress(OSError):
        while data := await source.read(65536):
            seen(data)
            sink.write(data)
            await sink.drain()


def quiet(recorder: Recorder, page: Page) -> None:
    """Until neither phone has sent or been answered anything for QUIET seconds (the page
    waits, so that Playwright keeps taking its events meanwhile)."""
    deadline = time.monotonic() + SETTLE_MAX
    while time.monotonic() - recorder.busy() < QUIET and time.monotonic() < deadline:
        page.wait_for_timeout(200)


def new_phone(browser: Browser) -> Page:
    """A fresh phone, as bench_phone.py's (empty cache, service workers allowed)."""
    context = browser.new_context(
        viewport=PHONE,
        locale="de-DE",
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        service_workers="allow",
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def enter_round(page: Page) -> float:
    """The editor's taps for one round, as a player makes them; when save was tapped."""
    page.locator("[data-enter-round]").tap()
    tap(page, VARIED, 1)
    tap(page, "hands-2-jacks", 1)
    tap(page, "hands-3-others", 3)
    saved = time.monotonic()
    page.get_by_role("button", name=SAVE).tap()
    return saved


@dataclass
class Seen:
    """What Playwright's context-level events told of the phones' requests."""

    requests: list[tuple[str, Request]] = field(default_factory=list)
    from_worker: set[int] = field(default_factory=set)  # answered by the service worker
    failed: set[int] = field(default_factory=set)

    def watch(self, page: Page, phone: str) -> None:
        """Note every request of the phone's context (its service worker's too)."""

        def answered(response: Response) -> None:
            """A request answered; by the service worker?"""
            if response.from_service_worker:
                self.from_worker.add(id(response.request))

        page.context.on("request", lambda request: self.requests.append((phone, request)))
        page.context.on("response", answered)
        page.context.on("requestfailed", lambda request: self.failed.add(id(request)))

    def annotate(
        self, calls: list[Call], since: int, start: float
    ) -> list[tuple[str, str, str, str]]:
        """Name who sent each call (matched in the order sent, by method and address); return
        the requests from the `since`-th on that the phone answered itself."""
        pool: dict[tuple[str, str, str], list[tuple[int, Request]]] = {}
        for index, (phone, request) in enumerate(self.requests):
            if id(request) not in self.from_worker:
                pool.setdefault((phone, request.method, path(request)), []).append((index, request))
        for call in calls:
            found = pool.get((call.phone, call.method, call.target))
            if found:
                request = found.pop(0)[1]
                call.by = "worker" if request.service_worker else request.resource_type
        fetched = {(c.phone, c.target) for c in calls if c.by == "worker" and c.start >= start}
        at_home: list[tuple[str, str, str, str]] = []
        for index, (phone, request) in enumerate(self.requests):
            if index >= since and id(request) in self.from_worker:
                sent = ", which sent it" if (phone, path(request)) in fetched else ""
                at_home.append((phone, request.method, path(request), f"service worker{sent}"))
        for (phone, method, target), left in pool.items():
            for index, request in left:
                if index >= since:
                    how = "cancelled" if id(request) in self.failed else "HTTP cache"
                    by = "worker" if request.service_worker else request.resource_type
                    at_home.append((phone, method, target, f"{how}, {by}"))
        return at_home


def path(request: Request) -> str:
    """A request's path and query."""
    return "/" + request.url.split("/", 3)[3]


def record(base: str, rounds: int = ROUNDS) -> Recording:
    """One round entered on the editor's phone of a fresh table, recorded on both phones."""
    table_id, token = dynamisch_table(base, rounds)
    recorder = Recorder(base)
    seen = Seen()
    with sync_playwright() as playwright:
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
        try:
            editor, reader = new_phone(browser), new_phone(browser)
            seen.watch(editor, "editor")
            seen.watch(reader, "reader")
            editor.goto(f"{recorder.phone('editor')}/t/{table_id}/edit/{token}", wait_until="load")
            worker_ready(editor)
            reader.goto(f"{recorder.phone('reader')}/t/{table_id}", wait_until="load")
            worker_ready(reader)
            quiet(recorder, reader)
            since, start = len(seen.requests), time.monotonic()
            saved = enter_round(editor)
            row(reader, rounds + 1).wait_for()
            quiet(recorder, reader)
            stop = time.monotonic()
            at_home = seen.annotate(recorder.calls, since, start)
        finally:
            browser.close()
            recorder.close()
    opened = Counter(phone for phone, at in recorder.opened if start <= at <= stop)
    return Recording(
        table_id, token, rounds, start, saved, stop, list(recorder.calls), at_home, dict(opened)
    )


# ---- the recording as a replay --------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One thing a phone does in the replay of the round."""

    kind: str  # "send" a request, "open" an event stream (then held), "leave" the held stream
    call: Call
    at: float  # s after the phone's cue (editor: the tap; reader: the change pushed to it)
    after: tuple[int, ...]  # the steps whose answers had come before this one began
    round: bool = False  # the round's own request (the first non-GET after the save tap)


def told(recording: Recording, phone: str) -> float | None:
    """When the phone's stream carried the change (its first event but a ping after the save
    tap), None if it did not."""
    moments = [
        at
        for call in recording.window(phone)
        for at, name, _size, _id in call.events
        if at >= recording.saved and name != "ping"
    ]
    return min(moments, default=None)


def script(recording: Recording, phone: str) -> list[Step]:
    """The phone's part of the round in order, each step with what it waited for."""
    moments: list[tuple[float, str, Call]] = []
    for call in recording.window(phone):
        if call.start >= recording.start:
            moments.append((call.start, "open" if call.stream else "send", call))
        if call.stream and call.cut is not None and call.cut <= recording.stop:
            moments.append((call.cut, "leave", call))
    moments.sort(key=lambda moment: moment[0])
    posts = [c for at, kind, c in moments if kind == "send" and c.method != "GET"]
    own = next((c for c in posts if c.start >= recording.saved and phone == "editor"), None)
    cue = recording.start if phone == "editor" else told(recording, phone) or recording.saved
    steps: list[Step] = []
    for index, (at, kind, call) in enumerate(moments):
        done = [
            j
            for j, (then, was, before) in enumerate(moments[:index])
            if (then if was != "send" else before.end or before.cut or float("inf")) <= at
        ]
        steps.append(
            Step(kind, call, max(0.0, at - cue), tuple(done), kind == "send" and call is own)
        )
    return steps


# ---- the mix --------------------------------------------------------------------------------


def pattern(recording: Recording, target: str) -> str:
    """A request's address with the table's parts named (<id>, <token>) and file hashes cut."""
    text = target.replace(recording.table_id, "<id>").replace(recording.token, "<token>")
    return re.sub(r"v=[0-9a-f]{8,}", "v=…", text)


def show(recording: Recording) -> None:
    """Print what reached the server for the round, phone by phone."""
    start, stop = recording.start, recording.stop
    print(
        f"recorded round: table of {recording.rounds} rounds (Dynamisch, 4 players), Chromium"
        f" {PHONE['width']}x{PHONE['height']}; from the tap on the round's button until both"
        f" phones were quiet for {QUIET:.0f} s: {stop - start:.1f} s"
    )
    posted = [s.call.start for s in script(recording, "editor") if s.round]
    for phone in ("editor", "reader"):
        calls = recording.window(phone)
        heard = told(recording, phone)
        news = (
            f"; told {1000 * (heard - posted[0]):.0f} ms after the round's POST was sent"
            if heard and posted and phone != "editor"
            else ""
        )
        print(
            f"\n  {phone}'s phone: {sum(c.start >= start for c in calls)} requests reached the"
            f" server, {recording.connections.get(phone, 0)} new connections{news}"
        )
        print(
            f"  {'+ms':>6} {'ms':>5}  {'sent by':11} {'method':6} {'path':40} {'status':>6}"
            f" {'up B':>6} {'down B':>7}"
        )
        for call in calls:
            sent = call.start >= start
            at = f"{1000 * (call.start - start):6.0f}" if sent else f"{'held':>6}"
            took = f"{1000 * (call.end - call.start):5.0f}" if call.end and sent else f"{'':5}"
            note = ""
            if call.stream:
                names = Counter(n for t, n, _s, _i in call.events if start <= t <= stop)
                note = "  stream: " + (", ".join(f"{n} ×{k}" for n, k in names.items()) or "—")
                if call.cut is not None and call.cut <= stop:
                    note += f"; left at +{1000 * (call.cut - start):.0f} ms"
            print(
                f"  {at} {took}  {call.by:11} {call.method:6} {pattern(recording, call.target):40}"
                f" {call.status:6} {call.up if sent else 0:6} {call.down(start, stop):7}{note}"
            )
        home = Counter(
            (method, pattern(recording, where), by)
            for who, method, where, by in recording.at_home
            if who == phone
        )
        if home:
            print(f"  answered on the phone itself ({sum(home.values())} requests):")
            for (method, where, by), count in sorted(home.items()):
                print(f"  {'':12}  {'':11} {method:6} {where:40} ×{count}  ({by})")


def main(argv: list[str] | None = None) -> int:
    """Start the server (or take --base-url), record a round, print the mix."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--base-url", help="an already running server (else one is started)")
    parser.add_argument("--server-cmd", default=SERVE, help="{port} is replaced by the port")
    parser.add_argument("--save", help="write the recording to this JSON file")
    args = parser.parse_args(argv)
    with server(args.base_url, args.server_cmd) as (base, _pid):
        recording = record(base)
    show(recording)
    if args.save:
        recording.save(args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
