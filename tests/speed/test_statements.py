"""A fixed number of SQL statements, whatever the size of a group or of this phone's list."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.speed.conftest import new_table
from tests.speed.conftest import statements


def new_group(client: FlaskClient) -> str:
    """A group this phone may edit; its id."""
    answer = client.post("/groups/new", data={"name": "Freitag", "players": "Anna\nBen\nCem"})
    assert answer.status_code == 302
    return answer.headers["Location"].rsplit("/", 1)[-1]


def group_table(client: FlaskClient, group_id: str) -> None:
    """One more table in the group, with two games, as a group editor starts it."""
    table_id, token = new_table(client, wins=2)
    from app.store.db import db
    from app.store.models import Table

    table = db.session.get(Table, table_id)
    assert table is not None
    table.group_id = group_id
    db.session.commit()


@pytest.mark.parametrize("url", ["/g/{group}", "/g/{group}/export.json", "/g/{group}/export.csv"])
def test_group_page_and_exports_read_a_fixed_number_of_statements(
    app: Flask, client: FlaskClient, url: str
) -> None:
    """Two tables or twelve: the same statements, at most 8 (not one per table)."""
    group_id = new_group(client)
    counts = []
    for size in (2, 12):
        with app.app_context():
            while len(client.get(f"/g/{group_id}/export.json").get_json()["tables"]) < size:
                group_table(client, group_id)
        with statements(app) as seen:
            answer = client.get(url.format(group=group_id))
        assert answer.status_code == 200
        counts.append(len(seen))
    assert counts[0] == counts[1] <= 8, counts


def test_home_page_reads_no_statement_per_table(app: Flask, client: FlaskClient) -> None:
    """One remembered table or six: the start page reads the same statements."""
    counts = []
    for size in (1, 6):
        while client.get("/").get_data(as_text=True).count("table-card-title") < size:
            table_id, _token = new_table(client, wins=1)
            client.get(f"/t/{table_id}")
        with statements(app) as seen:
            assert client.get("/").status_code == 200
        counts.append(len(seen))
    assert counts[0] == counts[1] <= 3, counts


def test_a_large_group_lists_its_newest_tables_and_all_on_request(
    app: Flask, client: FlaskClient
) -> None:
    """The list shows the newest 50 tables with a link to all; the statistics count them all."""
    from app.groups import TABLES_SHOWN

    group_id = new_group(client)
    with app.app_context():
        for _ in range(TABLES_SHOWN + 2):
            group_table(client, group_id)
    page = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
    listed = page.split('class="all-tables"')[1]
    assert listed.count('<a href="/t/') == TABLES_SHOWN
    assert f"Show all {TABLES_SHOWN + 2} tables" in listed
    everything = client.get(f"/g/{group_id}?tables=all&lang=en").get_data(as_text=True)
    assert everything.split('class="all-tables"')[1].count('<a href="/t/') == TABLES_SHOWN + 2
