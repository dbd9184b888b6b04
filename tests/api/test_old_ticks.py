"""Transfers ticked paid before payments were facts (table `paid_ticks`) are taken over as
payments the first time their evening is settled again, once, however many phones look.

The evening is test_groups_api's: Anna +90, Ben +40, Cem −20, Dora −40, Emil −70, settled
person to person as Cem→Anna 20, Dora→Ben 40, Emil→Anna 70. The ticks are written into the
database by hand, each keyed as the old Kassensturz keyed them:
sha256("evening:<day>|<payer>|<payee>|<cents>")[:16], names in lower case.
"""

from __future__ import annotations

import hashlib
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from app.store.db import db
from tests.api.test_groups_api import found_date
from tests.api.test_groups_api import the_evening
from tests.conftest import LiveServer
from tests.conftest import file_app

TICKED_AT = datetime(2026, 11, 26, 23, 40, tzinfo=UTC)


def old_id(key: str) -> str:
    """A transfer id as the old code made it, from the text it hashed."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def add_tick(app: Flask, group: dict[str, Any], transfer: str, undone: bool = False) -> None:
    """One row of `paid_ticks` as the old Kassensturz wrote it: ticked paid."""
    with app.app_context():
        db.session.execute(
            text(
                "INSERT INTO paid_ticks (group_id, transfer_id, paid, undone, created_at) "
                "VALUES (:group, :transfer, :paid, :undone, :at)"
            ),
            {
                "group": group["id"],
                "transfer": transfer,
                "paid": True,
                "undone": undone,
                "at": TICKED_AT,
            },
        )
        db.session.commit()


def ticks_left(app: Flask) -> list[str]:
    """The transfer ids still in `paid_ticks`, sorted."""
    with app.app_context():
        rows = db.session.execute(text("SELECT transfer_id FROM paid_ticks"))
        return sorted(row[0] for row in rows)


def settlement(client: FlaskClient, group: dict[str, Any]) -> dict[str, Any]:
    """GET the evening's settlement (200) as JSON."""
    answer = client.get(f"/api/v1/groups/{group['id']}/settlement")
    assert answer.status_code == 200, answer.json
    found = answer.json
    assert found is not None
    return found


def moves(found: dict[str, Any], key: str) -> list[tuple[str, str, int]]:
    """The (from, to, cents) of the settlement's transfers or payments, sorted."""
    return sorted((row["from"], row["to"], row["cents"]) for row in found[key])


def check_adopted(app: Flask, client: FlaskClient, group: dict[str, Any], day: str) -> None:
    """Emil's tick is a payment, the undone and the unmatched tick are not, from any phone."""
    for phone in (client, app.test_client(), client):
        found = settlement(phone, group)
        assert moves(found, "payments") == [("Emil", "Anna", 70)]
        paid = found["payments"][0]
        assert paid["for"] == {"evening": day}
        assert datetime.fromisoformat(paid["at"]) == TICKED_AT
        assert moves(found, "transfers") == [("Cem", "Anna", 20), ("Dora", "Ben", 40)]


def test_a_tick_from_before_becomes_one_payment(app: Flask, client: FlaskClient) -> None:
    """Shown on the evening page, Emil's tick becomes his payment; the API and a second phone
    then see exactly that one payment; the undone and the unmatched tick stay as they were."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    emil = old_id(f"evening:{day}|emil|anna|70")
    undone = old_id(f"evening:{day}|dora|ben|40")
    nothing = old_id(f"evening:{day}|cem|anna|25")  # no transfer was ever 25 ct
    add_tick(app, group, emil)
    add_tick(app, group, undone, undone=True)
    add_tick(app, group, nothing)
    assert client.get(f"/g/{group['id']}/abend/{day}").status_code == 200
    check_adopted(app, client, group, day)
    assert ticks_left(app) == sorted([undone, nothing])


def test_a_tick_made_through_the_kitty_is_taken_over(app: Flask, client: FlaskClient) -> None:
    """The old page could settle through a Kasse holder and round: Anna as holder, to 50 ct,
    paid Ben 50 (his 40 rounded, a half towards zero); that tick is found too."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    add_tick(app, group, old_id(f"evening:{day}|anna|ben|50"))
    found = settlement(client, group)
    assert moves(found, "payments") == [("Anna", "Ben", 50)]
    assert ticks_left(app) == []
    # Ben got 10 more than he won: now he pays it back to Anna (and the rest as before).
    assert ("Ben", "Anna", 10) in moves(found, "transfers")


def test_a_group_without_old_ticks_records_nothing(client: FlaskClient) -> None:
    """No ticks: nothing is recorded, the three transfers stay open."""
    group, _tables = the_evening(client)
    found = settlement(client, group)
    assert found["payments"] == []
    assert len(found["transfers"]) == 3


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    """The app served for real on a SQLite file or on the PostgreSQL test database."""
    app: Flask = (
        file_app(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_app")
    )
    with LiveServer(app) as live:
        yield live
    with app.app_context():
        db.engine.dispose()


def fetch(url: str) -> int:
    """GET over real HTTP; the status."""
    with urllib.request.urlopen(url, timeout=90) as response:
        return int(response.status)


def test_many_phones_at_once_record_the_tick_once(served: LiveServer) -> None:
    """Eight phones open the evening at the same moment: one payment, on SQLite and on
    PostgreSQL; then the API and a second client see just that one."""
    app = served.app
    client = app.test_client()
    group, _tables = the_evening(client)
    day = found_date(client, group)
    emil = old_id(f"evening:{day}|emil|anna|70")
    undone = old_id(f"evening:{day}|dora|ben|40")
    nothing = old_id(f"evening:{day}|cem|anna|25")
    add_tick(app, group, emil)
    add_tick(app, group, undone, undone=True)
    add_tick(app, group, nothing)
    page = f"{served.url}/g/{group['id']}/abend/{day}"
    with ThreadPoolExecutor(8) as pool:
        assert set(pool.map(fetch, [page] * 8)) == {200}
    check_adopted(app, client, group, day)
    assert ticks_left(app) == sorted([undone, nothing])
