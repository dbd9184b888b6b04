"""How many tables one server carries: the browser's own round, replayed on many tables.

Run by hand: `.venv/bin/python benchmarks/bench_capacity.py [--quick] [--base-url URL]
[--server-cmd CMD] [--steps 100,250,...] [--seconds S] [--recording FILE]`. Without --base-url
it starts the README's command (`mautisch serve --host 127.0.0.1 --port P`, a throwaway SQLite
file), or --server-cmd, and stops it by its process id at the end. The started server is given
a SQLite file: for docs/deploy.md's gunicorn command on PostgreSQL, name the database in the
command, `--server-cmd "env DATABASE_URL=postgresql+psycopg://… .venv/bin/gunicorn -c
python:app.serve.gunicorn_conf --workers 4 --bind 127.0.0.1:{port} 'app.serve.asgi:serving(…)'"`.

First Chromium records one round as the phones make it (record_round.py: the editor's phone
enters a round on a table of 20 rounds by taps, a reader's phone is shown it), and the mix of
requests that reached the server is printed; --recording takes one saved before instead.
That round is replayed on N tables (Dynamisch, 4 players, 20 rounds each) with 4 phones each:
the editor's, which first opens the edit link (its cookie is its session), and 3 readers.
Every phone holds the table's event stream as the browser does (gzipped, reading the pushed
events). Once a minute per table, at a random second, the editor's phone sends the requests
its browser sent, in their order and with their pauses, each after the answers it waited for
in the recording; a held stream the browser left and opened again is left and opened again.
What differs per phone is put in: the table's id and edit token, the phone's cookies, the
CSRF token and the form's fields from the newest page (or pushed piece) it got that has the
form (as the browser took them), a fresh idempotency key, the next round's number, another
stepper value (the same round twice in a row would be asked about), the table version the
phone knows wherever a header named the one the browser knew (X-Changes-From, If-None-Match),
and its own ETag for an address once it has one. Each reader, told the change in its stream,
sends its browser's requests of the round likewise. A round counts as saved as offline.js
takes it (the recorded status and X-Saved-Round); after one that was not, or timed out, the
bench asks the JSON API for the table's rounds before the next (not counted).

Each table's phones come from an address of their own (127.x.y.z as their sockets' source
address), as a pub's phones come from its one address: the server's per-address bounds and
rate limits see one table each.

Figures per step: the round's POST p50 and p99; "told", from that POST sent to each reader's
stream carrying the change, p50 and p95; the other requests' p99; errors, timeouts and readers
never told; and the server's CPU time (its process and children: gunicorn's workers) in ms
per table and minute. N rises until the POST's p99 passes 500 ms or errors or timeouts appear.
The phones stay from step to step (an evening filling up); each step waits until its new
phones hold their streams ("ramp", printed apart), then measures for --seconds. The baseline is
the highest throughput of one small static file on the same server in the same run, and the
server CPU one of those requests took.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import time
import uuid
import zlib
from collections import Counter
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from dataclasses import field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl
from urllib.parse import urlencode

import aiohttp
import brotli  # type: ignore[import-untyped]
from multidict import CIMultiDict

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_phone import SERVE  # noqa: E402
from bench_phone import SMALL_FILE  # noqa: E402
from bench_phone import server  # noqa: E402
from record_round import Call  # noqa: E402
from record_round import Recording  # noqa: E402
from record_round import Step  # noqa: E402
from record_round import pattern  # noqa: E402
from record_round import record  # noqa: E402
from record_round import script  # noqa: E402
from record_round import show  # noqa: E402

STEPS = [100, 250, 500, 1000, 2000]
READERS = 3  # phones per table besides the editor's
QUICK_STEPS = [10, 25]
ROUND_EVERY = 60.0  # s
LIMIT_P99 = 500.0  # ms: the round POST's p99 beyond which the step fails
RAMP_MAX = 120.0  # s: the longest wait for a step's new phones to hold their streams
TIMEOUT = 10.0  # s: a request without an answer by then counts as a timeout (offline.js's save)
ARRIVE_OVER = 30.0  # s: a step's new tables open their pages within this time
ARRIVE_TIMEOUT = aiohttp.ClientTimeout(total=60)  # a first page load may take its time
RETRY = 3.0  # s: an event stream that ended is opened again (the server's `retry:`)
REFUSED_AGAIN = 30.0  # s: a refused stream is tried again (live.js's PUSH_AGAIN)
SETUP_AT_ONCE = 4  # tables set up at a time
PAGES = 4  # pages an editor's phone keeps to take its form's fields from
ROUND = {  # the set-up rounds (through the JSON API)
    "hands": [
        {"jacks": 0, "others": 0},
        {"jacks": 0, "others": 2},
        {"jacks": 1, "others": 1},
        {"jacks": 0, "others": 3},
    ],
    "jack_suit": None,
}
LEFT_OUT = {"host", "cookie", "content-length", "connection", "transfer-encoding"}


@dataclass
class Tally:
    """What one step measured."""

    posts: list[float] = field(default_factory=list)  # ms: the round's POST
    told: list[float] = field(default_factory=list)  # ms from the POST sent to a reader told
    others: list[float] = field(default_factory=list)  # ms: every other replayed request
    errors: int = 0
    timeouts: int = 0
    untold: int = 0  # readers not told of a round before the next one was sent
    kinds: Counter[str] = field(default_factory=Counter)  # what the errors were
    open: int = 0  # streams held now (not reset: the phones stay across steps)
    arrived: int = 0  # phones that have held their stream (not reset either)
    since: float = 0.0  # loop time: requests sent before it belong to the step before

    @property
    def requests(self) -> int:
        """Answered requests."""
        return len(self.posts) + len(self.others)

    def reset(self) -> None:
        """Start measuring anew; the phones and their streams go on."""
        for one in (self.posts, self.told, self.others):
            one.clear()
        self.kinds.clear()
        self.errors = self.timeouts = self.untold = 0
        self.since = asyncio.get_running_loop().time()

    def failed(self, kind: str, timeout: bool = False) -> None:
        """One error (or timeout) of the kind named."""
        if timeout:
            self.timeouts += 1
        else:
            self.errors += 1
        self.kinds[kind] += 1


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nan for none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def address(index: int) -> str:
    """The loopback address of the `index`-th table's phones."""
    return f"127.{20 + index // 64516}.{index // 254 % 254 + 1}.{index % 254 + 1}"


@dataclass
class Table:
    """A table of the benchmark and what its phones share."""

    id: str
    token: str
    address: str
    number: int  # rounds saved
    sent: float | None = None  # loop time the last round's POST was sent
    posted: int = 0  # rounds sent by the editor's phone
    unsure: bool = False  # a round's save failed: was it saved? (the number is asked anew)
    readers: list[Phone] = field(default_factory=list)


class Forms(HTMLParser):
    """A page's forms: each one's action and its hidden fields, and the first value of each
    hidden field anywhere."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.anywhere: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note a form, or a hidden field (of the form opened last)."""
        found = dict(attrs)
        if tag == "form":
            self.forms.append((found.get("action") or "", {}))
        elif tag == "input" and found.get("type") == "hidden" and found.get("name"):
            name, value = found["name"] or "", found.get("value") or ""
            if self.forms:
                self.forms[-1][1].setdefault(name, value)
            self.anywhere.setdefault(name, value)


def unpacked(body: bytes, encoding: str | None) -> str:
    """An answer's body as text, decompressed as its Content-Encoding says."""
    if encoding == "gzip":
        body = zlib.decompress(body, 31)
    elif encoding == "br":
        body = brotli.decompress(body)
    elif encoding == "deflate":
        body = zlib.decompress(body)
    return body.decode("utf-8", "replace")


class Phone:
    """One phone of a table replaying its browser's part of the round."""

    def __init__(
        self,
        base: str,
        table: Table,
        role: str,
        recording: Recording,
        tally: Tally,
        steps: list[Step],
    ) -> None:
        self.base = base
        self.table = table
        self.role = role
        self.recording = recording
        self.tally = tally
        self.steps = steps
        self.version = 0  # the table version the phone was told last
        self.told = 0  # rounds it was told of
        # The last pages (or pushed pieces of one) it got, as they came: the newest form of an
        # address, or a CSRF token, is taken from them.
        self.pages: deque[tuple[bytes, str | None]] = deque(maxlen=PAGES)
        self.etags: dict[str, str] = {}
        self.stream: asyncio.Task[None] | None = None
        self.stream_name = ""  # the name its held stream told (X-Stream)
        self.arrived = False
        self.client = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(
                limit=6, local_addr=(table.address, 0), keepalive_timeout=90
            ),
            cookie_jar=aiohttp.CookieJar(unsafe=True),  # the server's address is an IP
            timeout=aiohttp.ClientTimeout(total=TIMEOUT),
            auto_decompress=False,
        )

    def ours(self, text: str, call: Call) -> str:
        """A recorded text with this phone's table, token and server address put in."""
        origin = f"http://{call.header('host')}"
        table, recording = self.table, self.recording
        text = text.replace(recording.table_id, table.id).replace(recording.token, table.token)
        return text.replace(origin, self.base)

    def headers(self, call: Call) -> CIMultiDict[str]:
        """The browser's headers for a call, this phone's parts put in: a header that named
        the table version the browser knew (X-Changes-From, If-None-Match of the version)
        names the one this phone knows; another If-None-Match is this phone's ETag for the
        address, once it has one."""
        known = self.recording.version(call)
        headers: CIMultiDict[str] = CIMultiDict()
        for name, value in call.headers:
            if name.lower() in LEFT_OUT:
                continue
            if name.lower() == "x-stream":  # this phone's stream, not the recorded one
                if self.stream_name:
                    headers.add(name, self.stream_name)
                continue
            number = re.fullmatch(r'("?)(\d+)"?', value)
            if number and int(number[2]) == known:
                value = f"{number[1]}{self.version}{number[1]}"
            elif name.lower() == "if-none-match":
                value = self.etags.get(self.ours(call.target, call).split("?")[0], value)
            headers.add(name, self.ours(value, call))
        return headers

    def form(self, call: Call) -> bytes:
        """A form's body as the browser sent it, with this phone's fields: those the last page
        it got has in the form of this address (the CSRF token), a fresh idempotency key, the
        next round's number and another value of the stepper varied."""
        if "x-www-form-urlencoded" not in (call.header("content-type") or ""):
            return self.ours(call.body, call).encode("latin-1")
        action = self.ours(call.target, call).split("?")[0]
        mine: dict[str, str] = {}
        for body, encoding in reversed(self.pages):
            page = Forms()
            page.feed(body.decode() if encoding == "event" else unpacked(body, encoding))
            found = [f for a, f in page.forms if a.split("?")[0] == action]
            if found:
                mine = found[0]
                break
            if "csrf_token" in page.anywhere:
                mine = mine or {"csrf_token": page.anywhere["csrf_token"]}
        fields = []
        for name, value in parse_qsl(call.body, keep_blank_values=True):
            value = mine.get(name, value)
            if name == "idempotency_key":
                value = uuid.uuid4().hex
            elif name == "expected_number":
                value = str(self.table.number + 1)
            elif name == self.recording.varied:
                value = str(1 + self.table.number % 3)
            fields.append((name, value))
        return urlencode(fields).encode()

    async def arrive(self) -> None:
        """Open the table as the browser did before the round: the editor's phone by the edit
        link (its cookie then says it may edit), a reader's by the read link, tried again until
        the page comes (a slow start is the ramp's); then hold the table's stream."""
        table = self.table
        link = f"/t/{table.id}/edit/{table.token}" if self.role == "editor" else f"/t/{table.id}"
        calls = [c for c in self.recording.calls if c.phone == self.role]
        while True:
            try:
                async with self.client.get(
                    self.base + link, headers=self.headers(calls[0]), timeout=ARRIVE_TIMEOUT
                ) as answer:
                    self.pages.append((await answer.read(), answer.headers.get("Content-Encoding")))
                    if answer.status == 200:
                        break
                    self.tally.failed(f"arrive {answer.status}")
            except (aiohttp.ClientError, TimeoutError) as error:
                self.tally.failed(f"arrive {type(error).__name__}")
            await asyncio.sleep(RETRY)
        self.open(next(c for c in calls if c.stream))

    def open(self, call: Call) -> None:
        """Hold the table's event stream (a new one: the one held before is left first)."""
        self.leave()
        self.stream = asyncio.create_task(self.hold(call))

    def leave(self) -> None:
        """Close the held stream, as a page left does."""
        if self.stream is not None:
            self.stream.cancel()
            self.stream = None

    async def hold(self, call: Call) -> None:
        """Read the stream's events as they come, opening it again when it ends."""
        url = self.base + self.ours(call.target, call)
        forever = aiohttp.ClientTimeout(total=None, sock_connect=TIMEOUT, sock_read=60)
        while True:
            wait = RETRY
            try:
                headers = self.headers(call)
                async with self.client.get(url, headers=headers, timeout=forever) as answer:
                    if answer.status != 200:
                        self.tally.failed(f"events {answer.status}")
                        wait = REFUSED_AGAIN
                    else:
                        await self.listen(answer)
            except (aiohttp.ClientError, TimeoutError) as error:
                self.tally.failed(f"events {type(error).__name__}")
            await asyncio.sleep(wait)

    async def listen(self, answer: aiohttp.ClientResponse) -> None:
        """Take the stream's events one by one until it ends."""
        self.tally.open += 1
        if not self.arrived:
            self.arrived = True
            self.tally.arrived += 1
        try:
            unpack = zlib.decompressobj(31)
            gzipped = answer.headers.get("Content-Encoding") == "gzip"
            waiting = b""
            async for chunk in answer.content.iter_any():
                waiting += unpack.decompress(chunk) if gzipped else chunk
                *events, waiting = waiting.split(b"\n\n")
                for one in events:
                    self.heard(one)
        finally:
            self.tally.open -= 1

    def heard(self, one: bytes) -> None:
        """One event: a newer version is news; a reader told of a round starts its part."""
        lines = one.split(b"\n")
        data = [line[6:] for line in lines if line.startswith(b"data: ")]
        names = [line[7:] for line in lines if line.startswith(b"event: ")]
        ids = [int(line[4:]) for line in lines if line.startswith(b"id: ")]
        if data and data[0].startswith(b"{") and b'"stream"' in data[0]:
            # The stream's name, which the page sends with its saves (X-Stream), as live.js
            # keeps it: the server then does not push the saving phone its own change.
            with suppress(ValueError):
                self.stream_name = str(json.loads(data[0]).get("stream") or "")
        if not data or names == [b"ping"] or (ids and ids[0] <= self.version):
            return
        if ids:
            self.version = ids[0]
        if names == [b"page"] and self.role == "editor":
            self.pages.append((b"\n".join(data), "event"))
        table, loop = self.table, asyncio.get_running_loop()
        if self.role == "editor" or table.sent is None or self.told >= table.posted:
            return
        self.told = table.posted
        if table.sent >= self.tally.since:
            self.tally.told.append((loop.time() - table.sent) * 1000)
        if self.steps:
            asyncio.create_task(self.play(self.steps, loop.time()))

    async def play(self, steps: list[Step], cue: float) -> None:
        """The phone's part of the round: each step at its time after the cue, once the
        steps it waited for in the recording are done."""
        loop = asyncio.get_running_loop()
        done = [asyncio.Event() for _ in steps]

        async def one(index: int, step: Step) -> None:
            """One step, when its time has come."""
            try:
                for before in step.after:
                    await done[before].wait()
                await asyncio.sleep(max(0.0, cue + step.at - loop.time()))
                if step.kind == "send":
                    await self.send(step)
                elif step.kind == "open":
                    self.open(step.call)
                else:
                    self.leave()
            finally:
                done[index].set()

        await asyncio.gather(*(one(index, step) for index, step in enumerate(steps)))

    async def send(self, step: Step) -> None:
        """One request as the browser sent it (this phone's parts put in); a request the
        browser gave up is given up after as long."""
        call, table, tally = step.call, self.table, self.tally
        loop = asyncio.get_running_loop()
        path = self.ours(call.target, call)
        body = self.form(call) if call.body else None
        if step.round:
            if table.sent is not None and table.sent >= tally.since:  # the round before:
                tally.untold += sum(reader.told < table.posted for reader in table.readers)
            table.sent, table.posted = loop.time(), table.posted + 1
        start = loop.time()
        request = self.client.request(
            call.method,
            self.base + path,
            headers=self.headers(call),
            data=body,
            allow_redirects=False,
        )
        try:
            if call.end is None:  # cut by the browser (a page left)
                with suppress(TimeoutError):
                    async with asyncio.timeout((call.cut or call.start) - call.start):
                        async with request as answer:
                            await answer.read()
                return
            async with request as answer:
                got = await answer.read()
        except TimeoutError:
            tally.failed(f"{call.method} {pattern(self.recording, call.target)}", timeout=True)
            table.unsure |= step.round
            return
        except aiohttp.ClientError as error:
            tally.failed(f"{call.method} {type(error).__name__}")
            table.unsure |= step.round
            return
        took = (loop.time() - start) * 1000
        self.took(step, answer, got, took if start >= tally.since else None)

    def took(
        self, step: Step, answer: aiohttp.ClientResponse, got: bytes, took: float | None
    ) -> None:
        """Keep what the answer tells the phone; count it (`took`: None before the step)."""
        call, table, tally = step.call, self.table, self.tally
        if answer.status >= 400:
            tally.failed(f"{call.method} {pattern(self.recording, call.target)} {answer.status}")
            table.unsure |= step.round
            return
        if "ETag" in answer.headers:
            self.etags[self.ours(call.target, call).split("?")[0]] = answer.headers["ETag"]
        if answer.headers.get("X-Table-Version", "").isdigit():
            self.version = max(self.version, int(answer.headers["X-Table-Version"]))
        if answer.headers.get("Content-Type", "").startswith("text/html"):
            self.pages.append((got, answer.headers.get("Content-Encoding")))
        if step.round:
            # Saved as in the recording: its status, and X-Saved-Round if it had that (what
            # offline.js takes for saved).
            marked = call.header("x-saved-round", answer=True) is not None
            if answer.status != call.status or (marked and "X-Saved-Round" not in answer.headers):
                tally.failed("round not saved")
                table.unsure = True
                return
            saved = answer.headers.get("X-Saved-Round", "")
            table.number = int(saved) if saved.isdigit() else table.number + 1
            if took is not None:
                tally.posts.append(took)
        elif took is not None:
            tally.others.append(took)

    async def recount(self) -> None:
        """After a failed save, the table's number of rounds as the server has it (the JSON
        API: the bench's own question, no phone's; not counted)."""
        url = f"{self.base}/api/v1/tables/{self.table.id}"
        with suppress(aiohttp.ClientError, TimeoutError, KeyError, ValueError):
            plain = {"Accept-Encoding": "identity"}  # the session leaves answers compressed
            async with self.client.get(url, headers=plain, timeout=ARRIVE_TIMEOUT) as answer:
                self.table.number = len((await answer.json())["rounds"])
                self.table.unsure = False

    async def close(self) -> None:
        """Leave the table: the stream, the connections."""
        self.leave()
        await self.client.close()


async def new_tables(base: str, first: int, count: int, rounds: int) -> list[Table]:
    """`count` 4-player Dynamisch tables with `rounds` rounds each, set up through the JSON
    API from their own addresses (a few at a time; a write the server could not take in time,
    503, is sent again after its Retry-After)."""
    made: list[Table] = []
    gate = asyncio.Semaphore(SETUP_AT_ONCE)
    body = {
        "variant": "dynamisch",
        "name": "Freitag",
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "options": {"games": 100},
    }

    async def post(client: aiohttp.ClientSession, url: str, **options: Any) -> Any:
        """One POST of the set-up, sent again while the server answers 503."""
        for _ in range(10):
            async with client.post(url, **options) as answer:
                if answer.status != 503:
                    answer.raise_for_status()
                    return await answer.json()
                await asyncio.sleep(float(answer.headers.get("Retry-After", 1)))
        raise RuntimeError(f"the server kept answering 503 to POST {url}")

    async def one(index: int) -> None:
        """Create one table and enter its rounds."""
        async with (
            gate,
            aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=(address(index), 0)),
                timeout=aiohttp.ClientTimeout(total=60),
            ) as client,
        ):
            table = await post(client, f"{base}/api/v1/tables", json=body)
            token = {"X-Edit-Token": table["edit_token"]}
            for _ in range(rounds):
                url = f"{base}/api/v1/tables/{table['id']}/rounds"
                await post(client, url, json=ROUND, headers=token)
            made.append(Table(table["id"], table["edit_token"], address(index), rounds))

    await asyncio.gather(*(one(first + index) for index in range(count)))
    return made


def ms(values: list[float], share: float) -> str:
    """A percentile for the table, 8 characters wide ("-" for none)."""
    return f"{percentile(values, share):6.0f}ms" if values else f"{'-':>8}"


def cpu_seconds(pid: int | None) -> float:
    """CPU time so far of the server process and every process below it (gunicorn's
    workers), with the children it has waited for (0 when it is not ours: --base-url)."""
    if pid is None:
        return 0.0
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            parents[int(entry.name)] = int(fields[1])
            own = int(fields[11]) + int(fields[12])
            waited = int(fields[13]) + int(fields[14]) if int(entry.name) == pid else 0
            times[int(entry.name)] = (own + waited) / os.sysconf("SC_CLK_TCK")
    tree, grown = {pid}, True
    while grown:
        below = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= below
        grown = bool(below)
    return sum(times.get(one, 0.0) for one in tree)


async def static_best(base: str, seconds: float, pid: int | None) -> tuple[float, float]:
    """The highest requests/s of one small static file over some numbers of keep-alive
    connections, and the server's CPU ms per request at that rate."""
    best, cost = 0.0, float("nan")
    loop = asyncio.get_running_loop()
    for connections in (4, 16, 64):
        latencies: list[float] = []
        failed = 0
        stop = loop.time() + seconds

        async def hammer() -> None:
            """One keep-alive connection fetching the file again and again."""
            nonlocal failed
            async with aiohttp.ClientSession(auto_decompress=False) as client:
                while loop.time() < stop:  # noqa: B023  (awaited within this loop turn)
                    start = time.perf_counter()
                    try:
                        async with client.get(base + SMALL_FILE) as answer:
                            await answer.read()
                            ok = answer.status == 200
                    except aiohttp.ClientError:
                        ok = False
                    if ok:
                        latencies.append((time.perf_counter() - start) * 1000)  # noqa: B023
                    else:
                        failed += 1

        cpu, start = cpu_seconds(pid), time.perf_counter()
        await asyncio.gather(*(hammer() for _ in range(connections)))
        rate = len(latencies) / (time.perf_counter() - start)
        used = (cpu_seconds(pid) - cpu) * 1000 / max(1, len(latencies)) if pid else float("nan")
        print(
            f"  static {SMALL_FILE} over {connections:3} connections: {rate:7.0f} requests/s"
            f"  p50 {percentile(latencies, 0.5):6.1f} ms  p99 {percentile(latencies, 0.99):6.1f}"
            f" ms  server CPU {used:5.2f} ms a request  failed {failed}"
        )
        if rate > best:
            best, cost = rate, used
    return best, cost


async def evening(base: str, table: Table, recording: Recording, tally: Tally) -> None:
    """One table's phones: all arrive and hold their streams, then a round a minute (the
    first at a random second) entered on the editor's phone, the readers told."""
    loop = asyncio.get_running_loop()
    editor = Phone(base, table, "editor", recording, tally, script(recording, "editor"))
    readers = [
        Phone(base, table, "reader", recording, tally, script(recording, "reader"))
        for _ in range(READERS)
    ]
    table.readers = readers
    try:
        await asyncio.sleep(random.random() * ARRIVE_OVER)
        await asyncio.gather(*(phone.arrive() for phone in [editor, *readers]))
        first = loop.time() + random.random() * ROUND_EVERY
        for turn in range(10**9):
            await asyncio.sleep(max(0.0, first + turn * ROUND_EVERY - loop.time()))
            if table.unsure:
                await editor.recount()
            await editor.play(editor.steps, loop.time())
    finally:
        await asyncio.gather(*(phone.close() for phone in [editor, *readers]))


async def join(tally: Tally, wanted: int) -> float:
    """Wait until `wanted` phones have held their streams (at most RAMP_MAX s); return how
    long it took (what happened meanwhile stays in the tally)."""
    start = time.perf_counter()
    while tally.arrived < wanted and time.perf_counter() - start < RAMP_MAX:
        await asyncio.sleep(0.1)
    return time.perf_counter() - start


HEAD = (
    f"{'N':>5} {'ramp':>5} {'ramp p99':>8} {'ramp err':>8} {'POSTs':>5} {'POST p50':>8}"
    f" {'POST p99':>8} {'told p50':>8} {'told p95':>8} {'other p99':>9} {'err':>4}"
    f" {'t/o':>4} {'untold':>6} {'held':>5} {'req/s':>6} {'ratio':>5}"
    f" {'CPU ms/table/min':>16} {'= static':>8} {'server':>6} {'client':>6}"
)


async def run(
    base: str,
    pid: int | None,
    recording: Recording,
    steps: list[int],
    seconds: float,
    static_s: float,
) -> None:
    """The baseline, then each step until one fails."""
    print("\nbaseline:")
    if pid is not None:
        idle = cpu_seconds(pid)
        await asyncio.sleep(static_s)
        print(f"  server idle: {(cpu_seconds(pid) - idle) * 1000 / static_s:.1f} ms CPU a second")
    best, cost = await static_best(base, static_s, pid)
    print(f"  highest static throughput: {best:.0f} requests/s, {cost:.2f} ms server CPU each\n")
    print(HEAD)
    tables: list[Table] = []
    tally = Tally()
    runners: list[asyncio.Task[None]] = []
    try:
        for count in steps:
            fresh = await new_tables(base, len(tables), count - len(tables), recording.rounds)
            tables += fresh
            tally.reset()
            runners += [
                asyncio.create_task(evening(base, table, recording, tally)) for table in fresh
            ]
            ramp = await join(tally, count * (1 + READERS))
            ramp_p99, ramp_failed = ms(tally.posts, 0.99), tally.errors + tally.timeouts
            if ramp_failed:
                print(f"  ramp of N={count}: {dict(tally.kinds)}")
            tally.reset()
            cpu_server, cpu_client = cpu_seconds(pid), time.process_time()
            start = time.perf_counter()
            await asyncio.sleep(seconds)
            wall = time.perf_counter() - start
            used = cpu_seconds(pid) - cpu_server
            per_table = used * 1000 / count / (wall / 60) if pid else float("nan")
            rate = tally.requests / wall
            p99 = percentile(tally.posts, 0.99)
            print(
                f"{count:5} {ramp:4.0f}s {ramp_p99} {ramp_failed:8} {len(tally.posts):5}"
                f" {ms(tally.posts, 0.5)} {ms(tally.posts, 0.99)} {ms(tally.told, 0.5)}"
                f" {ms(tally.told, 0.95)} {ms(tally.others, 0.99):>9} {tally.errors:4}"
                f" {tally.timeouts:4} {tally.untold:6} {tally.open:5} {rate:6.0f}"
                f" {rate / best:5.2f} {per_table:16.1f} {per_table / cost:8.0f}"
                f" {used / wall:6.0%} {(time.process_time() - cpu_client) / wall:6.0%}",
                flush=True,
            )
            if tally.errors or tally.timeouts or p99 > LIMIT_P99:
                print(
                    f"stopped at N={count}: round POST p99 {p99:.0f} ms (limit {LIMIT_P99:.0f}),"
                    f" {tally.errors} errors {dict(tally.kinds)}, {tally.timeouts} timeouts"
                )
                return
        print("no step failed")
    finally:
        for runner in runners:
            runner.cancel()
        await asyncio.gather(*runners, return_exceptions=True)


def allow_open_files() -> None:
    """Thousands of connections need as many file descriptors (POSIX: raise to the hard limit)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str] | None = None) -> int:
    """Parse the flags, start the server, record a round, replay it step by step."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="steps of 10 and 25 tables, 30 s")
    parser.add_argument("--seconds", type=float, default=None, help="length of a step (60)")
    parser.add_argument("--steps", default=None, help="numbers of tables (100,250,500,1000,2000)")
    parser.add_argument("--base-url", help="an already running server (else one is started)")
    parser.add_argument(
        "--server-cmd", default=SERVE, help="the server command; {port} is replaced by the port"
    )
    parser.add_argument("--recording", help="replay this saved recording (record_round.py --save)")
    args = parser.parse_args(argv)
    seconds = args.seconds or (30.0 if args.quick else 60.0)
    default = QUICK_STEPS if args.quick else STEPS
    steps = [int(step) for step in args.steps.split(",")] if args.steps else default
    allow_open_files()
    print(
        f"bench_capacity: the browser's round replayed, {1 + READERS} phones per table holding"
        f" event streams, one round a minute per table, {seconds:.0f} s per step. Client and"
        f" server share this machine ({os.cpu_count()} cores, other work on it too): the"
        " figures are noisy and the client's CPU is taken from the server's.\n"
    )
    with server(args.base_url, args.server_cmd) as (base, pid):
        recording = Recording.load(args.recording) if args.recording else record(base)
        show(recording)
        asyncio.run(run(base, pid, recording, steps, seconds, 3.0 if args.quick else 5.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
