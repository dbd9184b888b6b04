"""A change shows at once on the pages, their live copies and the sheets (whose ETag is the
table's version)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from app.tables.table import ROWS_SHOWN
from tests.speed.conftest import add_win
from tests.speed.conftest import new_table


def grid_numbers(page: str) -> list[int]:
    """The round numbers in the page's grid, top to bottom."""
    grid = page.split("<tbody", 1)[1].split(">", 1)[1].split("</tbody>")[0]
    row_head = r'<th scope="row" class="sticky">\s*(?:<a[^>]*>)?(\d+)'
    return [int(n) for n in re.findall(row_head, grid)]


def test_a_new_round_shows_at_once_on_the_page_and_its_live_copy(client: FlaskClient) -> None:
    """Looked at twice, then a round is entered: the next look shows it."""
    table_id, token = new_table(client, wins=2)
    for _ in range(2):
        assert grid_numbers(client.get(f"/t/{table_id}").get_data(as_text=True)) == [1, 2]
        assert grid_numbers(client.get(f"/t/{table_id}/live").get_data(as_text=True)) == [1, 2]
    add_win(client, table_id, token, 2)
    assert grid_numbers(client.get(f"/t/{table_id}").get_data(as_text=True)) == [1, 2, 3]
    live = client.get(f"/t/{table_id}/live")
    assert grid_numbers(live.get_data(as_text=True)) == [1, 2, 3]
    assert live.headers["X-Table-Version"] == str(
        client.get(f"/api/v1/tables/{table_id}").get_json()["version"]
    )


def test_a_reader_never_gets_the_editors_page(app: Flask) -> None:
    """Same address, same version: the editor's controls and link stay with the editor."""
    editor, reader = app.test_client(), app.test_client()
    table_id, token = new_table(editor, wins=1)
    editor.get(f"/t/{table_id}/edit/{token}")
    assert token in editor.get(f"/t/{table_id}").get_data(as_text=True)
    seen = reader.get(f"/t/{table_id}").get_data(as_text=True)
    assert token not in seen and "/undo" not in seen and "/rounds/1" not in seen


def test_a_flash_message_shows_once(app: Flask) -> None:
    """ "Round saved" belongs to one view: the page after it is without it."""
    client = app.test_client()
    table_id, token = new_table(client, wins=1)
    client.get(f"/t/{table_id}/edit/{token}")
    client.get(f"/t/{table_id}")
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Runde 7 gespeichert.")]
    assert "Runde 7 gespeichert." in client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Runde 7 gespeichert." not in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_a_long_table_shows_its_newest_rounds_and_all_on_request(client: FlaskClient) -> None:
    """The grid shows the newest rounds with a link to all; the totals count every round."""
    table_id, _token = new_table(client, wins=ROWS_SHOWN + 6)
    page = client.get(f"/t/{table_id}?lang=en").get_data(as_text=True)
    assert grid_numbers(page) == list(range(7, ROWS_SHOWN + 7))
    assert f"Show all {ROWS_SHOWN + 6} rounds" in page and "6 earlier rounds" in page
    totals = client.get(f"/api/v1/tables/{table_id}").get_json()["totals"]
    footer = page.split("<tfoot>")[1].split("</tfoot>")[0]
    assert [int(n) for n in re.findall(r"<strong>(\d+)</strong>", footer)] == totals
    everything = client.get(f"/t/{table_id}?rounds=all&lang=en").get_data(as_text=True)
    assert grid_numbers(everything) == list(range(1, ROWS_SHOWN + 7))
    assert "Show all" not in everything
    assert f'data-live-url="/t/{table_id}/live?rounds=all"' in everything


def test_a_table_sheet_is_304_until_the_table_changes(client: FlaskClient) -> None:
    """The sheet's ETag is the table's version: 304 while it stands, a new sheet after a round."""
    table_id, token = new_table(client, wins=2)
    first = client.get(f"/t/{table_id}/sheet.pdf")
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    tag = first.headers["ETag"]
    again = client.get(f"/t/{table_id}/sheet.pdf", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert client.get(f"/t/{table_id}/sheet.pdf").data == first.data
    english = client.get(f"/t/{table_id}/sheet.pdf?lang=en")
    assert english.headers["ETag"] != tag
    add_win(client, table_id, token, 1)
    changed = client.get(f"/t/{table_id}/sheet.pdf", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert changed.data != first.data


def test_a_blank_sheet_has_one_etag_per_content(client: FlaskClient) -> None:
    """The same names and sizes give the same ETag (304); others give another sheet."""
    url = "/sheets/deluxe.pdf?players=Anna,Ben,Cem,Dora"
    first = client.get(url)
    assert first.status_code == 200
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    other = client.get("/sheets/deluxe.pdf?players=Anna,Ben,Cem")
    assert other.status_code == 200 and other.headers["ETag"] != first.headers["ETag"]
    assert client.get("/sheets/deluxe.pdf?count=5000").status_code == 400


def test_a_group_page_counts_a_new_game_at_once(app: Flask) -> None:
    """A game entered after a look at the group shows on the next look (Terroristen: games
    won / played)."""
    from app.store.db import db
    from app.store.models import Table
    from tests.speed.test_statements import new_group

    client = app.test_client()
    group_id = new_group(client)
    table_id, token = new_table(client, wins=2)  # Anna won game 1 of 2
    with app.app_context():
        table = db.session.get(Table, table_id)
        assert table is not None
        table.group_id = group_id
        db.session.commit()

    def anna() -> str:
        """Anna's games won / played on the leaderboard."""
        page = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
        row = page.split('<th scope="row"><bdi>Anna</bdi></th>', 1)[1].split("</tr>", 1)[0]
        return re.findall(r"<td>(\d+/\d+)</td>", row)[-1]

    assert anna() == anna() == "1/2"
    add_win(client, table_id, token, 0)
    assert anna() == "2/3"


def test_the_start_page_shows_a_new_game_at_once(client: FlaskClient) -> None:
    """After a game is entered the start page's card counts it (Terroristen: who leads, and
    the next game's number)."""

    def card() -> str:
        """The state line of this phone's one table card."""
        page = client.get("/?lang=en").get_data(as_text=True)
        state = page.split('class="table-card-state">', 1)[1].split("</span>", 1)[0]
        return " ".join(re.sub(r"<[^>]+>", " ", state).split())

    table_id, token = new_table(client, wins=1)  # Anna won game 1
    client.get(f"/t/{table_id}")  # remembered by this phone
    assert card() == card() == "Game 2 · Leading: Anna"
    add_win(client, table_id, token, 1)
    add_win(client, table_id, token, 1)
    assert card() == "Game 4 · Leading: Ben"


def test_a_table_page_follows_its_groups_name_and_rights(app: Flask) -> None:
    """A renamed group shows at once, a phone that opens the group's edit link gets the
    editor's page at the same version, a deleted table is 410."""
    from app.store.db import db
    from app.store.models import Table
    from tests.speed.test_statements import new_group

    maker = app.test_client()
    group_id = new_group(maker)
    table_id, _token = new_table(maker, wins=2)
    with app.app_context():
        table = db.session.get(Table, table_id)
        assert table is not None
        table.group_id = group_id
        db.session.commit()
    phone = app.test_client()
    for _ in range(2):
        page = phone.get(f"/t/{table_id}").get_data(as_text=True)
        assert "Freitag" in page and f"/t/{table_id}/rounds/new" not in page
    renamed = maker.post(
        f"/g/{group_id}/players", data={"name": "Samstag", "players": "Anna\nBen\nCem"}
    )
    assert renamed.status_code == 302
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Samstag" in page and "Freitag" not in page
    edit_link = re.search(
        r'/g/[^/"]+/edit#([^"]+)"', maker.get(f"/t/{table_id}").get_data(as_text=True)
    )
    assert edit_link is not None
    assert phone.get(f"/g/{group_id}/edit/{edit_link[1]}").status_code == 302
    assert f"/t/{table_id}/rounds/new" in phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert maker.post(f"/t/{table_id}/delete", data={"confirm": "yes"}).status_code == 302
    assert phone.get(f"/t/{table_id}").status_code == 410
    assert phone.get(f"/t/{table_id}/live").status_code == 410
    assert phone.get("/t/no-such-table").status_code == 404
