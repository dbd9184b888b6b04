"""A start of the server goes on from the ratings stored before the newest evening: the group
page reads the newest evening's tables only and shows what it showed before; a stored record
that no longer holds (an older table corrected, another program) is not read, and a purged
group's goes with it. On SQLite and on PostgreSQL (TEST_DATABASE_URL)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy import update

from app.factory import create_app
from app.groups import rated
from app.groups import results
from app.ratings.ledger import ACROSS
from app.ratings.snapshot import ratings_from
from app.ratings.snapshot import ratings_json
from app.store.db import db
from app.store.derived import RatingsCheckpoint
from app.store.groups import delete_group
from app.store.models import Group
from app.store.purge import purge_deleted
from app.store.rounds import edit_round
from app.web.found import table_or_404
from tests.conftest import postgres_url
from tests.conftest import wipe
from tests.groups.conftest import TableMaker
from tests.groups.test_season_pages import season_rows

THREE = ["Anna", "Ben", "Cem"]
MARCH = datetime(2025, 3, 6, 19, 30, tzinfo=UTC)
JANUARY = datetime(2026, 1, 8, 19, 30, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request: pytest.FixtureRequest) -> Iterator[Flask]:
    """The app on SQLite in memory, and on the PostgreSQL test database (emptied around)."""
    url = "sqlite://" if request.param == "sqlite" else postgres_url()
    made = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test"})
    with made.app_context():
        wipe(db)
    yield made
    with made.app_context():
        wipe(db)
        db.engine.dispose()


@pytest.fixture
def krone(make_group: Callable[..., tuple[str, str]], make_table: TableMaker) -> dict[str, str]:
    """Three evenings of Terroristen: 6 March 2025 (Anna, Anna, Ben win), 8 January 2026 (Cem
    thrice) and one going on now (Ben wins); the ids."""
    group_id, _token = make_group("Krone", THREE)
    games = [{"winner": w} for w in (0, 0, 1)]
    march = make_table("terroristen", games, THREE, {"games": 3}, "", group_id, MARCH)
    games = [{"winner": 2}] * 3
    january = make_table("terroristen", games, THREE, {"games": 3}, "", group_id, JANUARY)
    now = datetime.now(UTC) - timedelta(minutes=5)
    games = [{"winner": 1}]
    tonight = make_table("terroristen", games, ["Anna", "Ben"], {"games": 1}, "", group_id, now)
    return {"group": group_id, "march": march, "january": january, "tonight": tonight}


def restart() -> None:
    """What a start of the server forgets: the tables and ratings kept in memory."""
    rated._kept.clear()
    results._kept.clear()


def test_a_start_reads_the_newest_evening_only(
    client: FlaskClient, krone: dict[str, str], loaded: list[str]
) -> None:
    """The page after a start is the page before it, from the newest evening's table read."""
    url = f"/g/{krone['group']}?lang=en"
    before = client.get(url).get_data(as_text=True)
    assert set(loaded) == {krone["march"], krone["january"], krone["tonight"]}
    restart()
    loaded.clear()
    after = client.get(url).get_data(as_text=True)
    assert loaded == [krone["tonight"]]
    assert after == before and 'id="heute-abend"' in after


def test_a_corrected_older_evening_is_replayed(
    app: Flask, client: FlaskClient, krone: dict[str, str], loaded: list[str]
) -> None:
    """March's game 3 corrected from Ben's to Cem's while the server was down: in the 2025
    season Anna keeps her 10 club points, Cem now has the game Ben had (6), Ben 4 (the stored
    ratings no longer hold: every table is read again)."""
    url = f"/g/{krone['group']}?saison=2025"
    before = season_rows(client.get(url).get_data(as_text=True))
    assert before == [("1", "Anna", "10"), ("2", "Ben", "6"), ("3", "Cem", "4")]
    restart()
    with app.app_context():
        edit_round(table_or_404(krone["march"]), 3, {"winner": 2})
    loaded.clear()
    after = season_rows(client.get(url).get_data(as_text=True))
    assert after == [("1", "Anna", "10"), ("2", "Cem", "6"), ("3", "Ben", "4")]
    assert set(loaded) == {krone["march"], krone["january"], krone["tonight"]}


def test_ratings_stored_by_another_program_are_not_read(
    app: Flask, client: FlaskClient, krone: dict[str, str], loaded: list[str]
) -> None:
    """A record made by another version of the program is replayed, and stored anew."""
    url = f"/g/{krone['group']}"
    before = client.get(url).get_data(as_text=True)
    with app.app_context():
        db.session.execute(update(RatingsCheckpoint).values(made_by="another program"))
        db.session.commit()
    restart()
    loaded.clear()
    assert client.get(url).get_data(as_text=True) == before
    assert len(loaded) == 3
    with app.app_context():
        made_by = db.session.scalars(select(RatingsCheckpoint.made_by)).all()
    assert len(made_by) == 1 and made_by[0] != "another program"


def test_the_stored_record_reads_back_exactly(app: Flask, krone: dict[str, str]) -> None:
    """Every rating (mu and sigma to the last bit), history, table, game and payment."""
    with app.test_request_context():
        group = db.session.get(Group, krone["group"])
        assert group is not None
        record = rated.group_ratings(group)
    again = ratings_from(ratings_json(record))
    assert again.tables == record.tables and again.games == record.games
    assert again.money == record.money and again.regulars == record.regulars
    assert set(again.boards) == set(record.boards) == {ACROSS, "terroristen"}
    for key, board in record.boards.items():
        read = again.boards[key]
        assert {n: (r.mu, r.sigma) for n, r in read.ratings.items()} == {
            n: (r.mu, r.sigma) for n, r in board.ratings.items()
        }
        assert read.games == board.games and read.history == board.history


def test_a_purged_group_takes_its_stored_record_along(
    app: Flask, client: FlaskClient, krone: dict[str, str]
) -> None:
    """Deleted, then purged 30 days later: no stored ratings of it are left."""
    client.get(f"/g/{krone['group']}")
    with app.app_context():
        assert db.session.scalars(select(RatingsCheckpoint.group_id)).all() == [krone["group"]]
        group = db.session.get(Group, krone["group"])
        assert group is not None
        delete_group(group)
        purge_deleted(datetime.now(UTC) + timedelta(days=31))
        assert db.session.scalars(select(RatingsCheckpoint.group_id)).all() == []
