"""What the year's pages cost with 10,000 games in one group: the group page (its season table
and "Heute Abend" card), the group page on last season, a player's page (his statistics this
season and on every evening) and the season table alone, each against a static file served in
the same run.

Run by hand: `.venv/bin/python benchmarks/bench_season.py [repeats]`. Flask's test client in
this one process, an in-memory SQLite database; times are CPU seconds (medians, the least of
three turns taken alternately with the baseline, as benchmarks/bench_pages.py does). "kept" is
the next look at an unchanged group (its ratings are kept per state of its tables), "after a
round tonight" the look after the newest table changed (the ratings go on from before the
newest evening: the older tables are not replayed), "first look" the look after a start,
when nothing is kept in memory but the checkpoint before the newest evening is stored, and
"first look after an update" the same with no checkpoint stored (one made by another program
is not read): every table read and rated. The target is 300 ms of server time.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC
from datetime import date
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_pages import median_cpu  # noqa: E402
from bench_pages import paired  # noqa: E402
from bench_ratings import after_a_round  # noqa: E402
from bench_ratings import big_group  # noqa: E402
from bench_ratings import get  # noqa: E402
from sqlalchemy import delete  # noqa: E402
from sqlalchemy import select  # noqa: E402

from app.factory import create_app  # noqa: E402
from app.groups.rated import _kept as rated_kept  # noqa: E402
from app.groups.rated import group_ratings  # noqa: E402
from app.groups.rated import program  # noqa: E402
from app.groups.results import _kept as results_kept  # noqa: E402
from app.statistics.player import player_stats  # noqa: E402
from app.statistics.season import season_of  # noqa: E402
from app.statistics.season_table import season_table  # noqa: E402
from app.statistics.window import Window  # noqa: E402
from app.store.db import db  # noqa: E402
from app.store.derived import RatingsCheckpoint  # noqa: E402
from app.store.models import Group  # noqa: E402
from app.store.models import Table  # noqa: E402

TABLES = 1040  # about 9.6 games a table (bench_ratings.PLAN): 10,000 games
TARGET_MS = 300.0


def main(repeats: int) -> None:
    """Print every figure with its baseline."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "b"})
    client = app.test_client()
    began = time.perf_counter()
    group_id = big_group(app, TABLES)
    with app.app_context():
        # The newest table is tonight's: the group page shows its "Heute Abend" card.
        newest_table = db.session.scalars(
            select(Table).where(Table.group_id == group_id).order_by(Table.created_at.desc())
        ).first()
        assert newest_table is not None
        newest_table.created_at = datetime.now(UTC)
        db.session.commit()
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        rated = group_ratings(group)
        rounds = db.session.query(Table).filter(Table.group_id == group_id).count()
        evenings = sorted({t.evening for t in rated.tables if t.evening})
    games = sum(t.rounds for t in rated.tables)
    print(f"{rounds} tables, {games} games, {len(evenings)} evenings, {evenings[0]} to ")
    print(f"  {evenings[-1]}; made and first rated in {time.perf_counter() - began:.1f} s")
    last = season_of(evenings[-2]).previous().key
    newest = rated.tables[-1].table_id
    static = get(client, "/static/css/groups.css")
    for name, url in (
        ("group page (Heute Abend too)", f"/g/{group_id}"),
        ("group page, last season", f"/g/{group_id}?saison={last}"),
        ("player page", f"/g/{group_id}/p/Anna"),
        ("player page, every evening", f"/g/{group_id}/p/Anna?saison=alle"),
    ):
        run = get(client, url)
        run()
        kept, base = paired(run, static, repeats)
        verdict = "ok" if 1000 * kept <= TARGET_MS else "OVER"
        print(
            f"{name:28} kept  {1000 * kept:8.1f} ms  {kept / base:7.1f}× static "
            f"({1000 * base:.2f} ms)  {verdict}"
        )
        later, base = paired(after_a_round(app, newest, run), static, max(3, repeats // 4))
        print(f"{name:28} after a round tonight {1000 * later:8.1f} ms  {later / base:7.1f}×")
    # A first look after the server started: nothing kept in memory.
    cold = get(client, f"/g/{group_id}")

    def started() -> object:
        """Forget the kept tables and ratings, then look."""
        rated_kept.clear()
        results_kept.clear()
        program.cache_clear()
        return cold()

    def updated() -> object:
        """Forget the stored checkpoints too, then look."""
        with app.app_context():
            db.session.execute(delete(RatingsCheckpoint))
            db.session.commit()
        return started()

    for name, look in (("first look", started), ("first look after an update", updated)):
        once, base = paired(look, static, 1)
        print(f"{'group page, ' + name:38} {1000 * once:8.1f} ms  {once / base:7.1f}× static")
    window = season_of(evenings[-2]).window
    alone = median_cpu(lambda: season_table(rated.games, rated.tables, window), repeats)
    base = median_cpu(static, repeats)
    print(f"{'season table alone':28} {1000 * alone:8.1f} ms  {alone / base:7.1f}× static")
    every = Window(None, None)
    one = median_cpu(lambda: player_stats(rated.games, rated.tables, {}, "Anna", every), repeats)
    print(f"{'one player statistics':28} {1000 * one:8.1f} ms  {one / base:7.1f}× static")
    print(f"(today {date.today()})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
