"""What a group's ratings cost: a group of 500 tables of rounds (or as many as asked), its page,
the ratings API, a player's page and the win chances, each against a static file served in the
same run.

Run by hand: `.venv/bin/python benchmarks/bench_ratings.py [repeats] [tables]`. Flask's test
client in this one process, an in-memory SQLite database; times are CPU seconds (medians, the
least of three turns taken alternately with the baseline, as benchmarks/bench_pages.py does).
"kept" is the next look at an unchanged group (the ratings are computed once per state of its
tables); "first" drops the kept ratings before every look, as after a change.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_pages import paired  # noqa: E402
from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from sqlalchemy import update  # noqa: E402

from app.factory import create_app  # noqa: E402
from app.groups import rated  # noqa: E402
from app.groups.evening import evening_of  # noqa: E402
from app.groups.replay import newest_cut  # noqa: E402
from app.groups.replay import played_on  # noqa: E402
from app.groups.results import group_results  # noqa: E402
from app.ratings.ledger import GroupRatings  # noqa: E402
from app.store.db import db  # noqa: E402
from app.store.models import Group  # noqa: E402
from app.store.models import Round  # noqa: E402
from app.store.models import Table  # noqa: E402
from app.store.tables import create_table  # noqa: E402
from app.variants.registry import validate_round  # noqa: E402

EIGHT = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Gül", "Hans"]


def game(variant: str, number: int, players: int) -> dict[str, Any]:
    """A varied valid round body of each variant."""
    out = number % players
    if variant == "dynamisch":
        others = [(number * 7 + seat * 3) % 9 for seat in range(players)]
        others[out] = 0
        return {"hands": [{"jacks": 0, "others": n} for n in others], "jack_suit": None}
    if variant == "deluxe":
        cards = [(number * 5 + seat * 2) % 7 + 1 for seat in range(players)]
        cards[out] = 0
        return {"cards": cards}
    if variant == "speedone":
        points = [(number * 13 + seat * 11) % 60 for seat in range(players)]
        points[out] = 0
        return {"winner": out, "points": points}
    if variant == "doppel":
        return {"winner": "AB"[(number * 7 // 3) % 2]}
    return {"winner": out}


PLAN = [  # variant, seats, options, rounds
    ("dynamisch", 4, {"games": 8, "rate_cents": 10}, 8),
    ("doppel", 4, {}, 14),
    ("terroristen", 6, {"games": 10}, 10),
    ("deluxe", 5, {"rounds": 10, "rate_cents": 5}, 10),
    ("speedone", 4, {"partner": True, "target": 500}, 6),
]


def big_group(app: Flask, tables: int) -> str:
    """A group of `tables` tables, one evening each, players drawn from eight regulars."""
    with app.app_context():
        group = Group(name="Stammtisch", players=EIGHT)
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        start = datetime(2024, 1, 5, 19, 30, tzinfo=UTC)
        for index in range(tables):
            variant, seats, options, rounds = PLAN[index % len(PLAN)]
            players = [EIGHT[(index + 3 * s) % len(EIGHT)] for s in range(seats)]
            table, _ = create_table(variant, "", players, options, group.id)
            table.created_at = start + timedelta(days=index // 2)
            for number in range(1, rounds + 1):
                data = validate_round(
                    variant, players, table.options, game(variant, number + index, seats)
                )
                db.session.add(Round(table_id=table.id, number=number, data=data, version=1))
            db.session.commit()
        return group.id


def get(client: FlaskClient, url: str) -> Callable[[], Any]:
    """A GET that must answer 200."""

    def run() -> Any:
        """One request."""
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return response.data

    return run


def first(run: Callable[[], Any]) -> Callable[[], Any]:
    """`run` with no kept ratings."""

    def again() -> Any:
        """Forget, then run."""
        rated._kept.clear()
        return run()

    return again


def after_a_round(app: Flask, table_id: str, run: Callable[[], Any]) -> Callable[[], Any]:
    """`run` after tonight's table changed (its version bumped, as every round does)."""

    def again() -> Any:
        """Change, then run."""
        with app.app_context():
            db.session.execute(
                update(Table).where(Table.id == table_id).values(version=Table.version + 1)
            )
            db.session.commit()
        return run()

    return again


def main(repeats: int, tables: int = 500) -> None:
    """Print every figure with its baseline."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "b"})
    client = app.test_client()
    began = time.perf_counter()
    group_id = big_group(app, tables)
    print(f"{tables} tables made in {time.perf_counter() - began:.1f} s")
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        results = group_results(group)
        games = sum(len(r.rounds) for r in results)
        began = time.process_time()
        played_on(GroupRatings(list(group.players)), results)
        spent = 1000 * (time.process_time() - began)
        print(f"rating {games} games of {tables} tables: {spent:.0f} ms")
        # Tonight's table one round further: on from the checkpoint before tonight.
        cut = newest_cut([evening_of(r.played_at) for r in results])
        checkpoint = played_on(GroupRatings(list(group.players)), results[:cut])
        last = results[-1]
        tonight = [*results[cut:-1], replace(last, rounds=last.rounds[:-1])]
        began = time.process_time()
        played_on(checkpoint, tonight)
        print(f"  on from before the newest evening: {1000 * (time.process_time() - began):.0f} ms")
        newest = last.table_id
    static = get(client, "/static/css/groups.css")
    for name, url, times in (
        ("group page", f"/g/{group_id}", 5),
        ("ratings API", f"/api/v1/groups/{group_id}/ratings", repeats),
        ("ratings API, one variant", f"/api/v1/groups/{group_id}/ratings?variant=doppel", repeats),
        ("player page", f"/g/{group_id}/p/Anna", repeats),
        (
            "predictions API",
            f"/api/v1/groups/{group_id}/predictions?variant=doppel&players=Anna,Ben,Cem,Dora",
            repeats,
        ),
    ):
        run = get(client, url)
        run()
        kept, base = paired(run, static, times)
        static_ms = f"({1000 * base:.2f} ms)"
        print(f"{name:28} kept  {1000 * kept:8.1f} ms  {kept / base:7.1f}× static {static_ms}")
        anew, base = paired(first(run), static, max(3, times // 4))
        print(f"{name:28} first {1000 * anew:8.1f} ms  {anew / base:7.1f}× static")
        later, base = paired(after_a_round(app, newest, run), static, max(3, times // 4))
        print(
            f"{name:28} after a round tonight {1000 * later:8.1f} ms  {later / base:7.1f}× static"
        )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 20,
        int(sys.argv[2]) if len(sys.argv) > 2 else 500,
    )
