"""An evening costs the evening: its page, PDF and picture load its own tables only, and still
show every payment that falls in it (one for its month when the month was only this evening,
one for a selection of its own tables) and none that does not. On SQLite and on PostgreSQL
(times compared with their zone there; TEST_DATABASE_URL).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterator
from datetime import UTC
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.factory import create_app
from app.settlement.account import Scope
from app.store.db import db
from app.store.models import Group
from app.store.payments import record_payment
from tests.conftest import postgres_url
from tests.conftest import wipe
from tests.groups.conftest import TableMaker
from tests.groups.samples import hands

# Anna goes out each game, the others keep cards: at 10 ct a point she wins every table.
GAMES = [hands((0, 0), (0, 2), (0, 1), (0, 3)), hands((0, 0), (1, 0), (0, 1), (0, 2))]
OPTIONS = {"games": 2, "rate_cents": 10}


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request: pytest.FixtureRequest) -> Iterator[Flask]:
    """The app on SQLite in memory, and on the PostgreSQL test database (emptied around)."""
    url = "sqlite://" if request.param == "sqlite" else postgres_url()
    made = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    with made.app_context():
        wipe(db)
    yield made
    with made.app_context():
        wipe(db)
        db.engine.dispose()


def local(year: int, month: int, day: int, hour: int, minute: int = 0) -> datetime:
    """A moment given in the server's local time (evenings are local), as stored: UTC."""
    return datetime(year, month, day, hour, minute).astimezone().astimezone(UTC)


@pytest.fixture
def history(make_table: TableMaker, make_group: Callable[..., tuple[str, str]]) -> dict[str, Any]:
    """Three September evenings of two money tables each (one started after midnight) and one
    October evening of one table; the group's id and the tables by evening."""
    group_id, _token = make_group()
    nights = {
        "2025-09-05": [local(2025, 9, 5, 19), local(2025, 9, 5, 21)],
        "2025-09-12": [local(2025, 9, 12, 20), local(2025, 9, 13, 5, 30)],  # still the 12th
        "2025-09-19": [local(2025, 9, 19, 19), local(2025, 9, 20, 6, 30)],  # the 20th's
        "2025-10-03": [local(2025, 10, 3, 19)],
    }
    tables = {
        day: [
            make_table("dynamisch", GAMES, options=OPTIONS, group_id=group_id, created_at=at)
            for at in starts
        ]
        for day, starts in nights.items()
    }
    return {"group": group_id, "tables": tables}


def pay(app: Flask, group_id: str, scope: Scope) -> str:
    """Ben pays Anna 0,10 € for `scope`; the payment's id."""
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        return record_payment(group, "Ben", "Anna", 10, scope).id


def shown_payments(html: str) -> set[str]:
    """The payments an evening page lists as made."""
    return set(re.findall(r'data-payment="([^"]+)"', html))


@pytest.mark.parametrize("suffix", ["", ".pdf", ".png"])
def test_an_evening_loads_its_own_tables(
    client: FlaskClient, history: dict[str, Any], loaded: list[str], suffix: str
) -> None:
    group, tables = history["group"], history["tables"]
    loaded.clear()
    answer = client.get(f"/g/{group}/abend/2025-09-12{suffix}")
    assert answer.status_code == 200
    assert sorted(set(loaded)) == sorted(tables["2025-09-12"])  # the 05:30 table included


def test_a_month_loads_its_own_tables(
    client: FlaskClient, history: dict[str, Any], loaded: list[str]
) -> None:
    group, tables = history["group"], history["tables"]
    loaded.clear()
    assert client.get(f"/g/{group}/abend/2025-09").status_code == 200
    september = [t for day in ("2025-09-05", "2025-09-12", "2025-09-19") for t in tables[day]]
    assert sorted(set(loaded)) == sorted(september)
    assert client.get(f"/g/{group}/abend/2025-08").status_code == 404
    assert client.get(f"/g/{group}/abend/2025-13").status_code == 404
    assert client.get(f"/g/{group}/abend/2025-09-13").status_code == 404  # the 12th's night


def test_payments_that_fall_in_the_evening_are_shown(
    app: Flask, client: FlaskClient, history: dict[str, Any]
) -> None:
    group, tables = history["group"], history["tables"]
    own = pay(app, group, Scope("evening", "2025-09-12"))
    selection = pay(app, group, Scope.of_tables(tables["2025-09-12"]))
    wider = pay(app, group, Scope.of_tables(tables["2025-09-12"] + tables["2025-09-05"][:1]))
    other = pay(app, group, Scope("evening", "2025-09-05"))
    september = pay(app, group, Scope("month", "2025-09"))
    october = pay(app, group, Scope("month", "2025-10"))

    twelfth = shown_payments(client.get(f"/g/{group}/abend/2025-09-12").get_data(as_text=True))
    assert twelfth == {own, selection}
    month = shown_payments(client.get(f"/g/{group}/abend/2025-09").get_data(as_text=True))
    assert month == {own, selection, wider, other, september}
    # October was one evening: the month's payment was made for that evening's tables.
    third = shown_payments(client.get(f"/g/{group}/abend/2025-10-03").get_data(as_text=True))
    assert third == {october}
    every = shown_payments(client.get(f"/g/{group}/abend/offen").get_data(as_text=True))
    assert every == {own, selection, wider, other, september, october}


def test_the_settlement_api_loads_the_views_own_tables(
    client: FlaskClient, history: dict[str, Any], loaded: list[str]
) -> None:
    """An evening, a month and a selection of tables in the JSON API: their own tables."""
    group, tables = history["group"], history["tables"]
    url = f"/api/v1/groups/{group}/settlement"
    september = [t for day in ("2025-09-05", "2025-09-12", "2025-09-19") for t in tables[day]]
    chosen = tables["2025-09-12"][:1] + tables["2025-10-03"]
    for query, own in (
        ("evening=2025-09-12", tables["2025-09-12"]),
        ("month=2025-09", september),
        (f"tables={','.join(chosen)}", chosen),
        ("", tables["2025-10-03"]),  # none named: the newest evening
    ):
        loaded.clear()
        answer = client.get(f"{url}?{query}")
        assert answer.status_code == 200, answer.get_json()
        assert sorted(set(loaded)) == sorted(own), query
        assert sorted(answer.get_json()["tables"]) == sorted(own), query


def test_the_settlement_api_shows_the_payments_that_fall_in_a_view(
    app: Flask, client: FlaskClient, history: dict[str, Any]
) -> None:
    """The same payments as the pages: a selection within one evening is such an evening."""
    group, tables = history["group"], history["tables"]
    own = pay(app, group, Scope("evening", "2025-09-12"))
    selection = pay(app, group, Scope.of_tables(tables["2025-09-12"]))
    wider = pay(app, group, Scope.of_tables(tables["2025-09-12"] + tables["2025-09-05"][:1]))
    september = pay(app, group, Scope("month", "2025-09"))
    pay(app, group, Scope("month", "2025-10"))
    url = f"/api/v1/groups/{group}/settlement"

    def paid(query: str) -> set[str]:
        """The ids of the payments the API lists for the view."""
        return {p["id"] for p in client.get(f"{url}?{query}").get_json()["payments"]}

    assert paid("evening=2025-09-12") == {own, selection}
    assert paid(f"tables={','.join(tables['2025-09-12'])}") == {own, selection}
    september_tables = [t for day in ("2025-09-05", "2025-09-12") for t in tables[day]]
    assert paid(f"tables={','.join(september_tables)}") == {own, selection, wider}
    every = [t for day in ("2025-09-05", "2025-09-12", "2025-09-19") for t in tables[day]]
    assert paid(f"tables={','.join(every)}") == {own, selection, wider, september}
