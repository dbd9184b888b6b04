"""QR codes of the view and edit links: SVG drawn on the server, the edit code for editors only."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Callable

import segno
from flask.testing import FlaskClient

from tests.extras.conftest import TableMaker

SVG = "{http://www.w3.org/2000/svg}svg"


def expected_svg(link: str, title: str) -> bytes:
    """What segno draws for the link with our settings (the QR must encode exactly this link)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out,
        kind="svg",
        scale=8,
        border=4,
        xmldecl=False,
        dark="#000",
        light="#fff",
        title=title,
        svgclass="qr",
        lineclass=None,
    )
    return out.getvalue()


def test_view_qr_is_an_svg_of_the_view_link(client: FlaskClient, make_table: TableMaker) -> None:
    """Anyone gets the view QR: valid SVG, cacheable, encoding the public link and no token."""
    table, token = make_table()
    answer = client.get(f"/t/{table}/qr-view.svg")
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    assert "max-age" in answer.headers["Cache-Control"]
    assert ET.fromstring(answer.data).tag == SVG
    assert answer.data == expected_svg(
        f"http://localhost/t/{table}", "Link zum Ansehen (nur lesen)"
    )
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
    assert answer.data == expected_svg(
        f"http://localhost/t/{table}/edit/{token}", "Bearbeiten-Link"
    )


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
