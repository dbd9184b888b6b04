"""QR codes of the view and edit links: SVG drawn on the server, the edit code for editors only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from app.store.db import db
from app.store.models import Group
from app.store.tables import create_table
from tests.helpers import qr_text
from tests.tables.conftest import TableMaker

SVG = "{http://www.w3.org/2000/svg}svg"


def test_view_qr_is_an_svg_of_the_view_link(client: FlaskClient, make_table: TableMaker) -> None:
    """Anyone gets the view QR: valid SVG, cacheable, encoding the public link and no token."""
    table, token = make_table()
    answer = client.get(f"/t/{table}/qr-view.svg")
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    assert "max-age" in answer.headers["Cache-Control"]
    assert ET.fromstring(answer.data).tag == SVG
    assert qr_text(answer.data) == f"http://localhost/t/{table}"
    title = ET.fromstring(answer.data).find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == "Link zum Ansehen (nur lesen)"
    assert token.encode() not in answer.data


def test_edit_qr_is_refused_to_a_viewer(client: FlaskClient, make_table: TableMaker) -> None:
    """A phone without the edit link gets 403 with a sentence, never the token."""
    table, _token = make_table()
    answer = client.get(f"/t/{table}/qr-edit.svg")
    assert answer.status_code == 403
    assert "Stift" in answer.get_data(as_text=True)


def test_edit_qr_for_the_editor_encodes_the_edit_link(
    client: FlaskClient,
    make_table: TableMaker,
    become_editor: Callable[[FlaskClient, str, str], None],
) -> None:
    """The editor's phone gets the edit link as QR, kept out of every cache."""
    table, token = make_table()
    become_editor(client, table, token)
    answer = client.get(f"/t/{table}/qr-edit.svg")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store, private"
    assert ET.fromstring(answer.data).tag == SVG
    assert qr_text(answer.data) == f"http://localhost/t/{table}/edit#{token}"


def test_edit_qr_of_another_table_is_refused(
    client: FlaskClient,
    make_table: TableMaker,
    become_editor: Callable[[FlaskClient, str, str], None],
) -> None:
    """Editing one table gives no edit QR of another."""
    mine, token = make_table()
    other, _ = make_table()
    become_editor(client, mine, token)
    assert client.get(f"/t/{other}/qr-edit.svg").status_code == 403


def test_a_group_editor_gets_the_groups_edit_link_as_qr(app: Flask, client: FlaskClient) -> None:
    """A table of a group, opened on a phone that only has the group's edit link: the edit QR
    carries the group's edit link (the table's own token is stored as a hash only), with a
    warning saying so; a phone with the group's view link gets no edit QR."""
    with app.app_context():
        group = Group(name="Stammtisch", players=["Anna", "Ben"])
        group_token = group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        table, _table_token = create_table("deluxe", "", ["Anna", "Ben"], {"rounds": 10}, group.id)
        group_id, table_id = group.id, table.id
    assert client.get(f"/t/{table_id}/qr-edit.svg").status_code == 403
    client.get(f"/g/{group_id}/edit/{group_token}")
    answer = client.get(f"/t/{table_id}/qr-edit.svg")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store, private"
    assert qr_text(answer.data) == f"http://localhost/g/{group_id}/edit#{group_token}"
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "qr-edit.svg" in page and "Das ist der Bearbeiten-Link der Gruppe" in page


def test_qr_of_an_unknown_table_is_404(client: FlaskClient) -> None:
    """No table, no code."""
    assert client.get("/t/nope/qr-view.svg").status_code == 404
    assert client.get("/t/nope/qr-edit.svg").status_code == 404


def test_table_page_shows_the_qr_codes(
    client: FlaskClient,
    make_table: TableMaker,
    become_editor: Callable[[FlaskClient, str, str], None],
) -> None:
    """Viewers see the view QR only; the editor also the hidden "Stift weitergeben" code."""
    table, token = make_table()
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert f"/t/{table}/qr-view.svg" in page and "qr-edit.svg" not in page
    become_editor(client, table, token)
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert f"/t/{table}/qr-edit.svg" in page and "Stift weitergeben" in page
    english = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    assert "Hand over the pen" in english and "Scan to watch" in english
