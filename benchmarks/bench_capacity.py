"""How many tables one `mautisch serve` process carries: watching phones and rounds entered.

Run by hand: `.venv/bin/python benchmarks/bench_capacity.py [--quick] [--base-url URL]
[--server-cmd CMD] [--steps 25,50,...] [--seconds S]`. Without --base-url it starts the
README's command (`mautisch serve --host 127.0.0.1 --port P`, its default threads, a throwaway
SQLite file) and stops it by its process id at the end.

Each of N tables (Dynamisch, 4 players) has 4 phones watching its page as static/js/live.js
does, one of them the editor's (it opened the edit link; the others see the read-only page):
with `--phones push` (the default) each holds the table's event stream (GET /t/<id>/events,
gzipped) and is sent the fresh page in it (or, told only a newer version, fetches the page from
/t/<id>/live on a second keep-alive connection); with `--phones poll` (the fallback, and the
old way) each polls GET /api/v1/tables/<id>/version with If-None-Match every second after the
previous answer, on its own keep-alive connection, and after a change fetches /t/<id>/live.
"told" is the time from sending a round's POST to a phone's hearing of the new version (poll:
its next 200), "seen" to its having the fresh page. One round a minute per table is posted
through the JSON API with the edit token (POST /api/v1/tables/<id>/rounds), at a random second
of the minute.
N rises stepwise until the round POST's p99 passes 500 ms or errors or timeouts appear. The
phones stay from step to step, as on a server whose evening fills up; each step first waits
until its new phones watch ("ramp": how long, and the round POSTs' p99 meanwhile, printed
apart: 4 × N' phones connecting within a second is a restart, not an evening), then measures
the requests sent from then on.
The baseline is the highest throughput of one small static file on the same server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import sys
import time
import zlib
from collections import Counter
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_phone import SERVE  # noqa: E402
from bench_phone import SMALL_FILE  # noqa: E402
from bench_phone import server  # noqa: E402

STEPS = [25, 50, 100, 200, 400, 800]
PHONES = 4  # per table
POLL = 1.0  # s between an answer and the next poll (live.js INTERVAL)
ROUND_EVERY = 60.0  # s
TIMEOUT = 10.0  # s: a request without an answer by then counts as a timeout
LIMIT_P99 = 500.0  # ms: the round POST's p99 beyond which the step fails
RAMP_MAX = 60.0  # s: the longest wait for a step's new phones to hold their streams
BROWSER = {"Accept-Encoding": "gzip, deflate, br", "User-Agent": "Mozilla/5.0 (bench_capacity)"}
ROUND = {
    "hands": [
        {"jacks": 0, "others": 0},
        {"jacks": 0, "others": 2},
        {"jacks": 1, "others": 1},
        {"jacks": 0, "others": 3},
    ],
    "jack_suit": None,
}


@dataclass
class Tally:
    """What one step measured."""

    polls: list[float] = field(default_factory=list)  # ms
    pages: list[float] = field(default_factory=list)
    posts: list[float] = field(default_factory=list)
    told: list[float] = field(default_factory=list)  # ms from the POST sent to the phone told
    seen: list[float] = field(default_factory=list)  # ms from the POST sent to the page fetched
    streams: int = 0  # event streams opened
    errors: int = 0
    timeouts: int = 0
    kinds: Counter[str] = field(default_factory=Counter)  # what the errors were
    connections: int = 0

    open: int = 0  # streams held now (not reset: the phones stay across steps)
    since: float = 0.0  # perf_counter: requests sent before it belong to the step before

    def requests(self) -> int:
        """Answered requests."""
        return len(self.polls) + len(self.pages) + len(self.posts)

    def reset(self) -> None:
        """Start measuring anew; the phones and their streams go on."""
        for one in (self.polls, self.pages, self.posts, self.told, self.seen):
            one.clear()
        self.kinds.clear()
        self.streams = self.errors = self.timeouts = self.connections = 0
        self.since = time.perf_counter()


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nan for none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(values: list[float], share: float) -> str:
    """A percentile for the table, 9 characters wide ("-" for none)."""
    return f"{percentile(values, share):7.1f}ms" if values else f"{'-':>9}"


def session(tally: Tally, connections: int = 1) -> aiohttp.ClientSession:
    """A phone's own HTTP client: keep-alive connections, content left compressed."""

    async def opened(_s: aiohttp.ClientSession, _c: SimpleNamespace, _p: object) -> None:
        """Count a new connection."""
        tally.connections += 1

    trace = aiohttp.TraceConfig()
    trace.on_connection_create_end.append(opened)
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=connections),
        timeout=aiohttp.ClientTimeout(total=TIMEOUT),
        auto_decompress=False,
        headers=BROWSER,
        trace_configs=[trace],
    )


async def timed(
    tally: Tally,
    into: list[float],
    client: aiohttp.ClientSession,
    method: str,
    url: str,
    **options: Any,
) -> tuple[int, bytes]:
    """Run one request; its latency into `into`, a failure into the tally."""
    start = time.perf_counter()
    try:
        async with client.request(method, url, **options) as answer:
            body = await answer.read()
            status = answer.status
    except TimeoutError:
        tally.timeouts += 1
        return 0, b""
    except aiohttp.ClientError as error:
        tally.errors += 1
        tally.kinds[type(error).__name__] += 1
        return 0, b""
    if status >= 400:
        tally.errors += 1
        tally.kinds[f"{method} {status}"] += 1
    elif start >= tally.since:  # a request of the ramp, answered after it, is not this step's
        into.append((time.perf_counter() - start) * 1000)
    return status, body


POSTED: dict[str, float] = {}  # table id -> loop time its last round's POST was sent


def delays(tally: Tally, table_id: str, into: list[float]) -> None:
    """The time since the table's last round was posted, in ms."""
    if table_id in POSTED:
        into.append((asyncio.get_running_loop().time() - POSTED[table_id]) * 1000)


async def listen(
    base: str, table_id: str, version: str, tally: Tally, stop: float, edit: str | None
) -> None:
    """One phone holding the table's event stream (gzipped, as a browser takes it) until
    `stop` (loop time), reconnecting; the fresh page comes in the stream ("page"), or it is
    fetched after a "version" event."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(random.random() * POLL)
    shown = int(version)
    forever = aiohttp.ClientTimeout(total=None, sock_connect=TIMEOUT, sock_read=60)
    async with session(tally, connections=2) as client:
        await claim(client, base, table_id, edit)
        while loop.time() < stop:
            try:
                url = f"{base}/t/{table_id}/events?lang=de"
                async with client.get(url, timeout=forever) as stream:
                    if stream.status != 200:
                        tally.errors += 1
                        tally.kinds[f"events {stream.status}"] += 1
                        await asyncio.sleep(POLL)
                        continue
                    tally.streams += 1
                    tally.open += 1
                    try:
                        unpack = zlib.decompressobj(31)
                        gzipped = stream.headers.get("Content-Encoding") == "gzip"
                        waiting = b""
                        async for chunk in stream.content.iter_any():
                            waiting += unpack.decompress(chunk) if gzipped else chunk
                            *events, waiting = waiting.split(b"\n\n")
                            for one in events:
                                shown = await heard(base, table_id, one, shown, tally, client)
                    finally:
                        tally.open -= 1
            except (aiohttp.ClientError, TimeoutError) as error:
                tally.errors += 1
                tally.kinds[f"events {type(error).__name__}"] += 1
                await asyncio.sleep(POLL)


async def heard(
    base: str, table_id: str, one: bytes, shown: int, tally: Tally, client: aiohttp.ClientSession
) -> int:
    """One event of the stream; returns the version the phone shows after it."""
    fields = dict(line.split(b": ", 1) for line in one.split(b"\n") if b": " in line[:8])
    told = int(fields.get(b"id", b"-1"))
    if told <= shown:
        return shown
    delays(tally, table_id, tally.told)
    if fields.get(b"event") == b"version":
        page = f"{base}/t/{table_id}/live?lang=de"
        await timed(tally, tally.pages, client, "GET", page)
    delays(tally, table_id, tally.seen)
    return told


async def watch(
    base: str, table_id: str, version: str, tally: Tally, stop: float, edit: str | None
) -> None:
    """One phone polling the table's version until `stop` (loop time)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(random.random() * POLL)
    async with session(tally) as client:
        await claim(client, base, table_id, edit)
        while loop.time() < stop:
            status, body = await timed(
                tally,
                tally.polls,
                client,
                "GET",
                f"{base}/api/v1/tables/{table_id}/version",
                headers={"If-None-Match": f'"{version}"'},
            )
            if status == 200:
                fresh = str(json.loads(body)["version"])
                if fresh != version:
                    delays(tally, table_id, tally.told)
                    await timed(
                        tally, tally.pages, client, "GET", f"{base}/t/{table_id}/live?lang=de"
                    )
                    delays(tally, table_id, tally.seen)
                    version = fresh
            await asyncio.sleep(POLL)


async def claim(client: aiohttp.ClientSession, base: str, table_id: str, edit: str | None) -> None:
    """The editor's phone opens the edit link first: its cookie then gives it the editor's
    page (rendered for it alone; the other phones share theirs)."""
    if edit is not None:
        async with client.get(f"{base}/t/{table_id}/edit/{edit}") as answer:
            await answer.read()


async def enter_rounds(base: str, table_id: str, token: str, tally: Tally, stop: float) -> None:
    """One round a minute through the API, the first at a random second of the minute."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(random.random() * ROUND_EVERY)
    async with session(tally) as client:
        while loop.time() < stop:
            POSTED[table_id] = loop.time()
            await timed(
                tally,
                tally.posts,
                client,
                "POST",
                f"{base}/api/v1/tables/{table_id}/rounds",
                json=ROUND,
                headers={"X-Edit-Token": token},
            )
            await asyncio.sleep(ROUND_EVERY)


@dataclass
class Table:
    """A table of the benchmark: id, edit token, version when created."""

    id: str
    token: str
    version: str


async def new_tables(base: str, count: int) -> list[Table]:
    """`count` fresh 4-player Dynamisch tables through the API (a few at a time)."""
    made: list[Table] = []
    gate = asyncio.Semaphore(4)
    body = {
        "variant": "dynamisch",
        "name": "Freitag",
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "options": {"games": 100},
    }
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as client:

        async def one() -> None:
            """Create one table and read its version."""
            async with gate:
                async with client.post(f"{base}/api/v1/tables", json=body) as answer:
                    answer.raise_for_status()
                    table = await answer.json()
                async with client.get(f"{base}/api/v1/tables/{table['id']}/version") as answer:
                    version = str((await answer.json())["version"])
                made.append(Table(table["id"], table["edit_token"], version))

        await asyncio.gather(*(one() for _ in range(count)))
    return made


def cpu_seconds(pid: int | None) -> float:
    """The server process's CPU time so far (0 when it is not ours: --base-url)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def static_best(base: str, seconds: float) -> float:
    """The highest requests/s of one small static file over some numbers of connections."""
    best = 0.0
    for connections in (4, 16, 64):
        tally = Tally()
        loop = asyncio.get_running_loop()
        stop = loop.time() + seconds

        async def hammer() -> None:
            """One keep-alive connection fetching the file again and again."""
            async with session(tally) as client:  # noqa: B023  (awaited within this loop turn)
                while loop.time() < stop:  # noqa: B023
                    await timed(tally, tally.polls, client, "GET", base + SMALL_FILE)  # noqa: B023

        start = time.perf_counter()
        await asyncio.gather(*(hammer() for _ in range(connections)))
        rate = tally.requests() / (time.perf_counter() - start)
        print(
            f"  static {SMALL_FILE} over {connections:3} connections: {rate:7.0f} requests/s"
            f"  p50 {percentile(tally.polls, 0.5):6.1f} ms"
            f"  p99 {percentile(tally.polls, 0.99):6.1f} ms"
            f"  errors {tally.errors}  timeouts {tally.timeouts}"
        )
        best = max(best, rate)
    return best


async def join(tally: Tally, wanted: int, push: bool) -> tuple[float, list[float]]:
    """Wait until the new phones watch (push: every stream held, at most RAMP_MAX s; poll: two
    polls); return how long it took and the round POSTs' latencies meanwhile."""
    start = time.perf_counter()
    if push:
        while tally.open < wanted and time.perf_counter() - start < RAMP_MAX:
            await asyncio.sleep(0.1)
    else:
        await asyncio.sleep(2 * POLL)
    return time.perf_counter() - start, list(tally.posts)


async def run(
    base: str, pid: int | None, steps: list[int], seconds: float, static_s: float, push: bool
) -> None:
    """The baseline, then each step until one fails. The phones stay from step to step (a
    server whose evening fills up): each step adds its tables' phones, waits until they watch
    (the ramp, printed apart), then measures for `seconds`."""
    print("baseline:")
    best = await static_best(base, static_s)
    print(f"  highest static throughput: {best:.0f} requests/s\n")
    print(
        f"{'N':>5} {'ramp':>6} {'ramp POST p99':>13} {'req/s':>7} {'ratio':>6} {'poll p50':>9}"
        f" {'poll p99':>9} {'page p50':>9} {'POST p50':>9} {'POST p99':>9} {'POSTs':>6}"
        f" {'err':>4} {'t/o':>4} {'conns':>6} {'streams':>7} {'held':>6} {'told p95':>9}"
        f" {'seen p95':>9} {'server CPU':>10} {'client CPU':>10}"
    )
    tables: list[Table] = []
    tally = Tally()
    runners: list[asyncio.Task[None]] = []
    phone = listen if push else watch
    try:
        for count in steps:
            fresh = await new_tables(base, count - len(tables))
            tables += fresh
            tally.reset()
            runners += [
                asyncio.create_task(
                    phone(base, t.id, t.version, tally, math.inf, t.token if one == 0 else None)
                )
                for t in fresh
                for one in range(PHONES)
            ]
            runners += [
                asyncio.create_task(enter_rounds(base, t.id, t.token, tally, math.inf))
                for t in fresh
            ]
            ramp, ramp_posts = await join(tally, count * PHONES, push)
            tally.reset()
            cpu_server, cpu_client = cpu_seconds(pid), time.process_time()
            start = time.perf_counter()
            await asyncio.sleep(seconds)
            wall = time.perf_counter() - start
            rate = tally.requests() / wall
            p99 = percentile(tally.posts, 0.99)
            print(
                f"{count:5} {ramp:5.1f}s {ms(ramp_posts, 0.99):>13} {rate:7.0f} {rate / best:6.2f}"
                f" {ms(tally.polls, 0.5)} {ms(tally.polls, 0.99)} {ms(tally.pages, 0.5)}"
                f" {ms(tally.posts, 0.5)} {ms(tally.posts, 0.99)} {len(tally.posts):6}"
                f" {tally.errors:4} {tally.timeouts:4} {tally.connections:6} {tally.streams:7}"
                f" {tally.open:6} {ms(tally.told, 0.95)} {ms(tally.seen, 0.95)}"
                f" {f'{(cpu_seconds(pid) - cpu_server) / wall:.0%}' if pid else 'n/a':>9} "
                f" {(time.process_time() - cpu_client) / wall:9.0%}",
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
    """Parse the flags, start the server, run the steps."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="20 s steps, a short baseline")
    parser.add_argument("--seconds", type=float, default=None, help="length of a step (60)")
    parser.add_argument("--steps", default=",".join(map(str, STEPS)), help="numbers of tables")
    parser.add_argument("--base-url", help="an already running server (else one is started)")
    parser.add_argument(
        "--phones", choices=("push", "poll"), default="push", help="how the phones watch (push)"
    )
    parser.add_argument(
        "--server-cmd", default=SERVE, help="the server command; {port} is replaced by the port"
    )
    args = parser.parse_args(argv)
    seconds = args.seconds or (20.0 if args.quick else 60.0)
    steps = [int(step) for step in args.steps.split(",")]
    allow_open_files()
    how = "holding event streams" if args.phones == "push" else f"polling every {POLL:.0f} s"
    print(
        f"bench_capacity: {PHONES} phones {how} per table, one round a"
        f" minute per table (JSON API), {seconds:.0f} s per step. Client and server share this"
        f" machine ({os.cpu_count()} cores, other work on it too): the figures are noisy and the"
        " client's CPU is taken from the server's."
    )
    with server(args.base_url, args.server_cmd) as (base, pid):
        quick = 3.0 if args.quick else 5.0
        asyncio.run(run(base, pid, steps, seconds, quick, args.phones == "push"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
