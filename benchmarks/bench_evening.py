"""What an evening costs in a group with a long history, against the same evening in a young group.

Run by hand: `.venv/bin/python benchmarks/bench_evening.py [repeats]`. Two groups in one SQLite
file: a young one of SMALL tables and an old one of LARGE, each played an evening of four money
tables a week (Dynamisches Maumau for 10 cents a point, finished), every older evening settled
with a payment, the running account once paid as a selection of all its tables. The newest
evening of each is the same four tables. Each figure is that evening's page, its Kassensturz
(as the page settles it, in a request), its PDF, its picture and the JSON API's settlement of
the evening and of its month, in the young group (the
baseline, same run) and in the old one; the target is the old group's within ±20 % of the
young one's. Times are CPU seconds of this process (medians, taken in turns with the baseline,
the least of TURNS kept), so other busy processes on the machine count little. SQL statements
are counted with an SQLAlchemy event listener (young/old).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from sqlalchemy import event  # noqa: E402
from sqlalchemy import select  # noqa: E402

from app.factory import create_app  # noqa: E402
from app.groups.evening_page import find_evening  # noqa: E402
from app.groups.evening_page import settle  # noqa: E402
from app.store.db import db  # noqa: E402
from app.store.models import Group  # noqa: E402
from app.store.models import Payment  # noqa: E402
from app.store.models import Round  # noqa: E402
from app.store.models import Table  # noqa: E402
from app.store.tables import create_table  # noqa: E402
from app.variants.registry import validate_round  # noqa: E402
from app.web.found import group_or_404  # noqa: E402

SMALL, LARGE = 10, 1000  # tables of the young group and of the old one (4 an evening)
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
GAMES = 8
NEWEST = datetime(2026, 11, 26, 19, 30, tzinfo=UTC)  # the evening looked at
TURNS = 3
LIMIT = 0.20  # the old group's figure within ±20 % of the young one's


def money_game(game: int) -> dict[str, Any]:
    """One game of four: one goes out, the others keep a few cards."""
    return {
        "hands": [
            {"jacks": 0, "others": 0}
            if seat == game % 4
            else {"jacks": (game + seat) % 2, "others": 1 + game * seat % 4}
            for seat in range(4)
        ]
    }


def money_table(group_id: str, at: datetime, number: int) -> str:
    """A finished series of GAMES games for 10 cents a point, started at `at`."""
    table, _token = create_table(
        "dynamisch", f"Tisch {number}", PLAYERS, {"games": GAMES, "rate_cents": 10}, group_id
    )
    table.created_at = at
    for game in range(1, GAMES + 1):
        data = validate_round("dynamisch", PLAYERS, table.options, money_game(game + number))
        db.session.add(Round(table_id=table.id, number=game, data=data, version=1))
    return table.id


def group_of(app: Flask, tables: int) -> str:
    """A group of `tables` tables, four an evening a week back from NEWEST; every evening
    before the newest paid (one payment), the running account once paid as a selection."""
    with app.app_context():
        group = Group(name=f"Stammtisch {tables}", players=PLAYERS)
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        ids = []
        for number in range(tables):
            week, seat = divmod(number, 4)
            at = NEWEST - timedelta(days=7 * week, minutes=10 * seat)
            ids.append(money_table(group.id, at, number))
            if seat == 3 and week > 0:
                day = (at - timedelta(hours=6)).date().isoformat()
                db.session.add(payment(group.id, "evening", day, at + timedelta(hours=3)))
        every = ",".join(sorted(ids[4:]))
        db.session.add(payment(group.id, "tables", every, NEWEST - timedelta(days=1)))
        db.session.commit()
        return group.id


def payment(group_id: str, kind: str, key: str, at: datetime) -> Payment:
    """Ben paid Anna 1 € for the selection."""
    return Payment(
        group_id=group_id,
        payer="Ben",
        payee="Anna",
        cents=100,
        scope_kind=kind,
        scope_key=key,
        transfer_id=None,
        phone="bench",
        created_at=at,
    )


def median_cpu(run: Callable[[], Any], repeats: int) -> float:
    """The median CPU time of `repeats` runs (one warm-up run first)."""
    run()
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def paired(run: Callable[[], Any], base: Callable[[], Any], repeats: int) -> tuple[float, float]:
    """The least of TURNS medians of `run` and of its baseline `base`, taken in turns."""
    mine: list[float] = []
    bases: list[float] = []
    for _ in range(TURNS):
        bases.append(median_cpu(base, repeats))
        mine.append(median_cpu(run, repeats))
    return min(mine), min(bases)


def get(client: FlaskClient, url: str) -> Callable[[], Any]:
    """A GET that must answer 200."""

    def run() -> Any:
        """One request."""
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.status_code)
        return answer.data

    return run


def settlement(app: Flask, group_id: str, day: str) -> Callable[[], Any]:
    """The evening page's Kassensturz, alone: the evening found and settled in a request."""

    def run() -> Any:
        """One Kassensturz."""
        with app.test_request_context(f"/g/{group_id}/abend/{day}"):
            group = group_or_404(group_id)
            found = settle(group, find_evening(group, day), {})
            db.session.remove()
            return found

    return run


def tonight(app: Flask, group_id: str) -> str:
    """The ids of the group's newest evening's tables, joined by commas."""
    with app.app_context():
        since = NEWEST - timedelta(hours=1)
        query = select(Table.id).where(Table.group_id == group_id, Table.created_at > since)
        return ",".join(db.session.scalars(query))


def counted(app: Flask, run: Callable[[], Any]) -> int:
    """The SQL statements of one run."""
    statements: list[str] = []

    def note(*args: Any) -> None:
        """Note one statement."""
        statements.append(args[2])

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return len(statements)


def main(repeats: int) -> None:
    """Print each figure in the young group (baseline) and in the old one, and the verdict."""
    with tempfile.TemporaryDirectory(prefix="mautisch-bench-") as folder:
        app = create_app(
            {
                "TESTING": True,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/evening.sqlite",
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
            }
        )
        start = time.perf_counter()
        young, old = group_of(app, SMALL), group_of(app, LARGE)
        print(f"set-up: {SMALL} + {LARGE} tables in {time.perf_counter() - start:.1f} s")
        day = (NEWEST - timedelta(hours=6)).date().isoformat()
        client = app.test_client()

        def api(group_id: str) -> str:
            """The group's settlement in the JSON API."""
            return f"/api/v1/groups/{group_id}/settlement"

        figures: dict[str, Callable[[str], Callable[[], Any]]] = {
            "evening page": lambda g: get(client, f"/g/{g}/abend/{day}"),
            "Kassensturz (settlement)": lambda g: settlement(app, g, day),
            "PDF": lambda g: get(client, f"/g/{g}/abend/{day}.pdf"),
            "picture (PNG)": lambda g: get(client, f"/g/{g}/abend/{day}.png"),
            "settlement API, evening": lambda g: get(client, f"{api(g)}?evening={day}"),
            "settlement API, month": lambda g: get(client, f"{api(g)}?month={day[:7]}"),
            "settlement API, tables": lambda g: get(client, f"{api(g)}?tables={tonight(app, g)}"),
        }
        print(f"{'':26}{SMALL:>5} tables (baseline){LARGE:>8} tables     ratio   SQL")
        missed = 0
        for name, make in figures.items():
            in_old, in_young = paired(make(old), make(young), repeats)
            ratio = in_old / in_young
            sql = counted(app, make(old)), counted(app, make(young))
            within = abs(ratio - 1) <= LIMIT
            missed += not within
            print(
                f"{name:26}{1000 * in_young:11.1f} ms{1000 * in_old:17.1f} ms"
                f"{ratio:9.2f}×  {sql[1]}/{sql[0]}  {'met' if within else 'MISSED'}"
            )
        verdict = "met" if not missed else f"MISSED ({missed})"
        print(f"target: the old group's figures within ±{LIMIT:.0%} of the young one's: {verdict}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
