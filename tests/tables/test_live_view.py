"""The live view: a cheap version poll (ETag/304) and the fresh page that live.js swaps in."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import file_app
from tests.tables.conftest import TableMaker
from tests.tables.conftest import hands


def poll(client: FlaskClient, table: str, etag: str | None = None) -> tuple[int, str | None]:
    """One poll of live.js: the status and the ETag."""
    headers = {"If-None-Match": etag} if etag else {}
    answer = client.get(f"/api/v1/tables/{table}/version", headers=headers)
    return answer.status_code, answer.headers.get("ETag")


def test_poll_is_304_until_something_changes(client: FlaskClient, make_table: TableMaker) -> None:
    """Unchanged: 304 without a body; a new round, a correction, a deletion: 200 and a new ETag."""
    table, token = make_table(rounds=[hands((0, 0), (0, 3), (0, 2), (1, 1))])
    status, etag = poll(client, table)
    assert status == 200 and etag
    assert poll(client, table, etag) == (304, etag)
    edit = {"X-Edit-Token": token}
    changes = [
        lambda: client.post(
            f"/api/v1/tables/{table}/rounds",
            json=hands((0, 1), (0, 0), (0, 2), (0, 1)),
            headers=edit,
        ),
        lambda: client.put(
            f"/api/v1/tables/{table}/rounds/1",
            json=hands((0, 0), (0, 1), (0, 2), (1, 1)),
            headers=edit,
        ),
        lambda: client.delete(f"/api/v1/tables/{table}/rounds/2", headers=edit),
    ]
    for change in changes:
        assert change().status_code in (200, 201)
        status, new_etag = poll(client, table, etag)
        assert status == 200 and new_etag != etag
        assert poll(client, table, new_etag)[0] == 304
        etag = new_etag


def test_two_app_processes_share_the_state(tmp_path: Path) -> None:
    """No state in a process: a round saved through one app is seen by another app's poll."""
    first, second = file_app(tmp_path).test_client(), file_app(tmp_path).test_client()
    created = first.post(
        "/api/v1/tables", json={"variant": "terroristen", "name": "", "players": ["A", "B", "C"]}
    ).json
    status, etag = poll(second, created["id"])
    assert status == 200
    first.post(
        f"/api/v1/tables/{created['id']}/rounds",
        json={"winner": 1},
        headers={"X-Edit-Token": created["edit_token"]},
    )
    assert poll(second, created["id"], etag)[0] == 200
    assert "B" in second.get(f"/t/{created['id']}/live").get_data(as_text=True)


def test_table_page_carries_what_live_js_needs(client: FlaskClient, make_table: TableMaker) -> None:
    """The live bar names the table, its version and the two URLs; the status starts "Aktuell"."""
    table, _token = make_table(rounds=[hands((0, 0), (0, 3), (0, 2), (1, 1))])
    page = client.get(f"/t/{table}").get_data(as_text=True)
    version = client.get(f"/api/v1/tables/{table}").json["version"]
    assert f'data-version="{version}"' in page
    assert f'data-version-url="/api/v1/tables/{table}/version"' in page
    assert f'data-live-url="/t/{table}/live"' in page
    assert "Aktuell" in page and "Bildschirm anlassen" in page
    assert re.search(r'src="/static/js/live\.js\?v=[0-9a-f]{12}"', page)


def test_live_copy_is_the_fresh_page_without_side_effects(
    app: Flask, make_table: TableMaker
) -> None:
    """Fresh (no-store), the version in a header, and this phone's flash message left alone."""
    table, token = make_table()
    client = app.test_client()
    client.post(
        f"/api/v1/tables/{table}/rounds",
        json=hands((0, 0), (0, 3), (0, 2), (1, 7)),
        headers={"X-Edit-Token": token},
    )
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Runde 1 gespeichert.")]
    answer = client.get(f"/t/{table}/live")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["X-Table-Version"] == str(
        client.get(f"/api/v1/tables/{table}").json["version"]
    )
    assert "Runde 1 gespeichert." not in html
    assert re.search(r"<strong>9</strong>", html)  # Dora's total: 2 jacks... 2 + 7
    assert "Runde 1 gespeichert." in client.get(f"/t/{table}").get_data(as_text=True)


def test_live_copy_shows_edit_controls_only_to_the_editor(
    client: FlaskClient,
    make_table: TableMaker,
    become_editor: Callable[[FlaskClient, str, str], None],
) -> None:
    """The live copy is the page this phone may see: a viewer gets no edit links."""
    table, token = make_table(rounds=[hands((0, 0), (0, 3), (0, 2), (1, 1))])
    viewer = client.get(f"/t/{table}/live").get_data(as_text=True)
    assert f"/t/{table}/rounds/1" not in viewer and "qr-edit.svg" not in viewer
    become_editor(client, table, token)
    editor = client.get(f"/t/{table}/live").get_data(as_text=True)
    assert f"/t/{table}/rounds/1" in editor and "qr-edit.svg" in editor


def test_live_copy_speaks_the_page_language(client: FlaskClient, make_table: TableMaker) -> None:
    """live.js asks with the page's ?lang=."""
    table, _token = make_table()
    assert "Up to date" in client.get(f"/t/{table}/live?lang=en").get_data(as_text=True)
    assert "Aktuell" in client.get(f"/t/{table}/live?lang=de").get_data(as_text=True)


def test_live_copy_of_an_unknown_table_is_404(client: FlaskClient) -> None:
    """No table, no page."""
    assert client.get("/t/nope/live").status_code == 404


def test_repeated_idempotency_key_is_one_round_and_no_change(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """A POST repeated with its key answers the first round and leaves the version (304)."""
    table, token = make_table()
    headers = {"X-Edit-Token": token, "Idempotency-Key": "kneipe-7f3a"}
    body = hands((0, 0), (0, 3), (0, 2), (1, 1))
    first = client.post(f"/api/v1/tables/{table}/rounds", json=body, headers=headers)
    _status, etag = poll(client, table)
    again = client.post(f"/api/v1/tables/{table}/rounds", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json["round"] == first.json["round"]
    assert len(client.get(f"/api/v1/tables/{table}").json["rounds"]) == 1
    assert poll(client, table, etag) == (304, etag)
