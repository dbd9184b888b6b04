"""Group ratings through the real HTTP API against openskill's own calls on hand-written rank
lists (the expectation is the library's, the rank lists are ours: see conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openskill.models import PlackettLuce
from openskill.models import PlackettLuceRating

# The rated results of conftest.py in the order played: (sides by name, places), hand-written.
# The Dynamisch series by its totals 2, 5, 4, 7; the Doppel sets.
DYNAMISCH = [([["Anna"], ["Ben"], ["Cem"], ["Dora"]], [1, 3, 2, 4])]
DOPPEL = [
    ([["Anna", "Cem"], ["Ben", "Dora"]], [1, 2]),
    ([["Anna", "Cem"], ["Ben", "Dora"]], [2, 1]),
]
TERRORISTEN = [([["Anna"], ["Gast"], ["Cem"]], [2, 1, 2])]


def library_ratings(games: list[tuple[list[list[str]], list[int]]]) -> dict[str, Any]:
    """openskill's PlackettLuce ratings after these games, called directly, as shown: the
    ordinal scaled around 1000 (1000 + 20 × (mu − 3 sigma)) and 20 × sigma."""
    model = PlackettLuce()
    now: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for sides, places in games:
        teams = [[now.get(name) or model.rating(name=name) for name in side] for side in sides]
        for side, rated in zip(sides, model.rate(teams, ranks=places), strict=True):
            for name, rating in zip(side, rated, strict=True):
                now[name] = rating
                played[name] = played.get(name, 0) + 1
    return {
        name: (round(20 * (r.mu - 3 * r.sigma) + 1000), round(20 * r.sigma), played[name])
        for name, r in now.items()
    }


def shown(answer: dict[str, Any]) -> dict[str, Any]:
    """The API's ratings as name -> (rating, uncertainty, games)."""
    return {r["player"]: (r["rating"], r["uncertainty"], r["games"]) for r in answer["ratings"]}


def test_ratings_match_the_library_per_variant_and_across(
    client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """Each board is the library's ratings after that board's rated results; best first; teams
    (Doppel sets) and a guest (Gast, matched case-insensitively: "anna", "CEM")."""
    group = small_group()
    url = f"/api/v1/groups/{group['id']}/ratings"
    across = client.get(url).json
    assert shown(across) == library_ratings(DYNAMISCH + DOPPEL + TERRORISTEN)
    ratings = [row["rating"] for row in across["ratings"]]
    assert ratings == sorted(ratings, reverse=True)
    for variant, games in (("dynamisch", DYNAMISCH), ("doppel", DOPPEL)):
        assert shown(client.get(f"{url}?variant={variant}").json) == library_ratings(games)
    rows = {row["player"]: row for row in across["ratings"]}
    # Anna and Cem 4 rated results (a series, two sets, a game), Ben and Dora 3: all < 5.
    assert {name: row["provisional"] for name, row in rows.items()} == dict.fromkeys(
        ["Anna", "Cem", "Ben", "Dora", "Gast"], True
    )
    assert {name: row["games"] for name, row in rows.items()} == {
        "Anna": 4,
        "Cem": 4,
        "Ben": 3,
        "Dora": 3,
        "Gast": 1,
    }
    assert [name for name, row in rows.items() if row["guest"]] == ["Gast"]
    assert client.get(f"{url}?variant=speedone").json == {"variant": "speedone", "ratings": []}


def test_ratings_errors(client: FlaskClient, small_group: Callable[..., dict[str, Any]]) -> None:
    """An unknown variant is a 400 naming the field; an unknown group a 404."""
    group = small_group()
    wrong = client.get(f"/api/v1/groups/{group['id']}/ratings?variant=skat")
    assert wrong.status_code == 400 and wrong.json is not None
    assert wrong.json["field"] == "variant" and "skat" in wrong.json["error"]
    assert client.get("/api/v1/groups/AAAAAAAAAAAAAAAAAAAAAA/ratings").status_code == 404


def correct_and_undo(client: FlaskClient, group: dict[str, Any]) -> None:
    """Look (so the ratings are kept), correct Dynamisch game 1, look, undo, look."""
    url = f"/api/v1/groups/{group['id']}/ratings?variant=dynamisch"
    table_id, token = group["tables"][0]
    assert shown(client.get(url).json) == library_ratings(DYNAMISCH)
    # Game 1 corrected: Dora out first, Anna with 6 cards: totals 8, 5, 4, 4.
    fixed = {"hands": [{"jacks": 0, "others": n} for n in (6, 5, 3, 0)], "jack_suit": None}
    put = client.put(
        f"/api/v1/tables/{table_id}/rounds/1", json=fixed, headers={"X-Edit-Token": token}
    )
    assert put.status_code == 200, put.json
    corrected = [([["Anna"], ["Ben"], ["Cem"], ["Dora"]], [4, 3, 1, 1])]
    assert shown(client.get(url).json) == library_ratings(corrected)
    undo = client.post(f"/api/v1/tables/{table_id}/undo", headers={"X-Edit-Token": token})
    assert undo.status_code == 200, undo.json
    assert shown(client.get(url).json) == library_ratings(DYNAMISCH)


def test_a_correction_and_an_undo_change_the_ratings_at_once(
    client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """Through the real API, on SQLite: never the kept, stale ratings."""
    correct_and_undo(client, small_group())


def test_a_correction_changes_the_ratings_on_postgresql(
    pg_app: Flask, small_group: Callable[..., dict[str, Any]]
) -> None:
    """The same on PostgreSQL (TEST_DATABASE_URL)."""
    correct_and_undo(pg_app.test_client(), small_group(pg_app))


def test_a_deleted_or_moved_table_leaves_the_ratings_at_once(
    app: Flask, client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """Deleting the Doppel table, then moving the Terroristen table to another group."""
    from app.store.db import db
    from app.store.models import Group
    from app.store.models import Table

    group = small_group()
    url = f"/api/v1/groups/{group['id']}/ratings"
    client.get(url)
    doppel_id, token = group["tables"][1]
    deleted = client.delete(f"/api/v1/tables/{doppel_id}", headers={"X-Edit-Token": token})
    assert deleted.status_code == 200
    assert shown(client.get(url).json) == library_ratings(DYNAMISCH + TERRORISTEN)
    with app.app_context():
        other = Group(name="Anderswo", players=["Gast"])
        other.set_edit_token()
        db.session.add(other)
        db.session.flush()
        moved = db.session.get(Table, group["tables"][2][0])
        assert moved is not None
        moved.group_id = other.id
        db.session.commit()
    assert shown(client.get(url).json) == library_ratings(DYNAMISCH)


@pytest.mark.parametrize("name", ["Anna", "anna"])
def test_a_players_record(
    client: FlaskClient, small_group: Callable[..., dict[str, Any]], name: str
) -> None:
    """Head-to-head, money and partners of Anna, counted by hand from conftest.py."""
    group = small_group()
    record = client.get(f"/api/v1/groups/{group['id']}/players/{name}").json
    assert record is not None and record["player"] == "Anna" and record["games"] == 4
    rivals = {r["player"]: (r["games"], r["won"], r["lost"], r["cents"]) for r in record["rivals"]}
    assert rivals == {
        # The Dynamisch series: ahead of Ben; Doppel: 1 set won, 1 lost.
        "Ben": (3, 2, 1, 0),
        # The series: ahead of Cem (2 against 4); Terroristen: tied second.
        "Cem": (2, 1, 0, 0),
        # The series: ahead; Doppel: 1 and 1; Dora paid Anna 50 cents.
        "Dora": (3, 2, 1, 50),
        "Gast": (1, 0, 1, 0),
    }
    assert record["partners"] == [{"player": "Cem", "games": 2, "won": 1}]
    assert record["best_partner"] == "Cem" and record["worst_partner"] is None
    assert [t["variant"] for t in record["tables"]] == ["dynamisch", "doppel", "terroristen"]
    missing = client.get(f"/api/v1/groups/{group['id']}/players/Zoe")
    assert missing.status_code == 404


def test_kept_ratings_read_no_rounds(
    app: Flask, client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """A second look at an unchanged group reads no round: the ratings are kept."""
    from sqlalchemy import event

    from app.store.db import db

    group = small_group()
    url = f"/api/v1/groups/{group['id']}/ratings"
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        """Collect every SQL statement."""
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        first = client.get(url).json
        reads = sum("FROM rounds" in s for s in statements)
        statements.clear()
        assert client.get(url).json == first
        assert reads > 0 and not any("FROM rounds" in s for s in statements)
    finally:
        event.remove(engine, "before_cursor_execute", seen)


def test_a_new_evening_goes_on_from_the_kept_checkpoint(
    app: Flask, client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """Rounds of a new evening's table rate on from before that evening (the older tables are
    not replayed) and still equal the library's calls; a correction of an old table replays."""
    from datetime import UTC
    from datetime import datetime

    from app.groups.rated import _kept
    from app.store.db import db
    from app.store.tables import create_table

    group = small_group()
    url = f"/api/v1/groups/{group['id']}/ratings"
    client.get(url)
    with app.app_context():
        table, token = create_table("terroristen", "", ["Anna", "Ben"], {}, group["id"])
        table.created_at = datetime(2025, 9, 4, 19, 30, tzinfo=UTC)
        db.session.commit()
        new_id = table.id
    games = DYNAMISCH + DOPPEL + TERRORISTEN
    checkpoints = []
    for winner, places in ((0, [1, 2]), (1, [2, 1])):
        body = {"winner": winner}
        posted = client.post(
            f"/api/v1/tables/{new_id}/rounds", json=body, headers={"X-Edit-Token": token}
        )
        assert posted.status_code == 201, posted.json
        games = games + [([["Anna"], ["Ben"]], places)]
        assert shown(client.get(url).json) == library_ratings(games)
        checkpoints.append(_kept[group["id"]][2])
    # Both looks went on from the same checkpoint: after the 3 tables before the new evening.
    assert checkpoints[0] is checkpoints[1] and len(checkpoints[0].keys) == 3
    old_id, old_token = group["tables"][0]
    fixed = {"hands": [{"jacks": 0, "others": n} for n in (6, 5, 3, 0)], "jack_suit": None}
    client.put(f"/api/v1/tables/{old_id}/rounds/1", json=fixed, headers={"X-Edit-Token": old_token})
    corrected = [([["Anna"], ["Ben"], ["Cem"], ["Dora"]], [4, 3, 1, 1])] + games[1:]
    assert shown(client.get(url).json) == library_ratings(corrected)


def test_a_name_with_a_slash_has_its_record_and_page(app: Flask, client: FlaskClient) -> None:
    """ "A/B" is a name like any other: its record, and its page under the group's spelling."""
    from app.store.db import db
    from app.store.models import Group
    from tests.helpers import played_table

    with app.app_context():
        group = Group(name="Krone", players=["A/B", "Cem", "Emil"])
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        played_table("terroristen", ["a/b", "Cem"], {"games": 1}, [{"winner": 0}], "", group.id)
        group_id = group.id
    record = client.get(f"/api/v1/groups/{group_id}/players/a/b").json
    assert record is not None and record["player"] == "A/B"
    assert record["rivals"] == [
        {"player": "Cem", "games": 1, "won": 1, "lost": 0, "cents": 0},
        {"player": "Emil", "games": 0, "won": 0, "lost": 0, "cents": 0},  # never played
    ]
    page = client.get(f"/g/{group_id}/p/a/b")
    assert page.status_code == 302 and page.headers["Location"].endswith(f"/g/{group_id}/p/A/B")
    shown_page = client.get(f"/g/{group_id}/p/A/B").data
    assert b"<h1><bdi>A/B</bdi></h1>" in shown_page
    # Cem's page is a link; Emil, who never played, has none.
    assert f'href="/g/{group_id}/p/Cem"'.encode() in shown_page
    assert b'<th scope="row"><bdi>Emil</bdi></th>' in shown_page
    assert client.get(f"/g/{group_id}/p/Emil").status_code == 404
