"""Forgiving entry on the pages: settings, delete/restore, play again, round identity, two phones,
kept rounds as pending rows, undo that names what it does and redo (German and English)."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.tables.conftest import TableMaker
from tests.tables.conftest import hands

Claim = Callable[[FlaskClient, str, str], None]


def text(response: TestResponse) -> str:
    """The page's visible text, tags dropped, whitespace folded."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def hidden(html: str, name: str) -> str | None:
    """The value of a hidden input."""
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', html) or re.search(
        rf'<input[^>]*value="([^"]*)"[^>]*name="{name}"', html
    )
    return found.group(1) if found else None


def api_rounds(client: FlaskClient, table: str) -> list[dict[str, Any]]:
    """The table's rounds as the API lists them."""
    rounds: list[dict[str, Any]] = client.get(f"/api/v1/tables/{table}").json["rounds"]
    return rounds


def cards(values: list[int]) -> dict[str, str]:
    """A Deluxe round form's fields."""
    return {f"cards-{seat}": str(value) for seat, value in enumerate(values)}


DELUXE = ["Anna", "Ben", "Cem"]


def deluxe(make_table: TableMaker, *rounds: list[int]) -> tuple[str, str]:
    """A Deluxe table of 5 rounds for Anna, Ben, Cem with the given rounds."""
    return make_table("deluxe", [{"cards": r} for r in rounds], {"rounds": 5}, DELUXE)


# -- settings --------------------------------------------------------------------------------
def test_settings_fix_names_money_games_and_undo(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Names re-spelt, money and games changed; the change is undone like a round."""
    table, token = make_table("dynamisch", [hands((0, 0), (1, 2), (0, 3), (0, 1))], {"games": 4})
    become_editor(client, table, token)
    page = client.get(f"/t/{table}/settings")
    assert page.status_code == 200 and "Schreibweise der Spielernamen" in text(page)
    form = {
        "name": "Freitagsrunde",
        "players-0": "Anne",
        "players-1": "Ben",
        "players-2": "Cem",
        "players-3": "Dora",
        "games": "6",
        "rate_cents": "10",
    }
    saved = client.post(f"/t/{table}/settings", data=form, follow_redirects=True)
    assert "Einstellungen gespeichert" in text(saved)
    shown = client.get(f"/api/v1/tables/{table}").json
    assert shown["name"] == "Freitagsrunde" and shown["players"][0] == "Anne"
    assert shown["options"]["games"] == 6 and shown["options"]["rate_cents"] == 10
    page = text(client.get(f"/t/{table}"))
    assert "Rückgängig: Änderung der Tischeinstellungen zurücknehmen?" in page
    assert "Anna → Anne" in page and "Spiele in der Serie: 4 → 6" in page
    client.post(f"/t/{table}/undo")
    assert client.get(f"/api/v1/tables/{table}").json["players"][0] == "Anna"


def test_settings_refuse_fewer_games_than_played_with_the_error_in_view(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Games below what is played: 400, the sentence on the page, nothing changed."""
    round_ = hands((0, 0), (1, 2), (0, 3), (0, 1))
    table, token = make_table("dynamisch", [round_, round_, round_], {"games": 8})
    become_editor(client, table, token)
    form = {f"players-{s}": n for s, n in enumerate(["Anna", "Ben", "Cem", "Dora"])}
    refused = client.post(
        f"/t/{table}/settings?lang=en", data={**form, "games": "2", "rate_cents": "0"}
    )
    assert refused.status_code == 400
    assert "3 games are played already" in text(refused)
    assert client.get(f"/api/v1/tables/{table}").json["options"]["games"] == 8


def test_settings_are_for_editors_only(client: FlaskClient, make_table: TableMaker) -> None:
    """A viewer may look at the table but not at its settings."""
    table, _token = make_table()
    assert client.get(f"/t/{table}/settings").status_code == 403
    assert client.post(f"/t/{table}/delete").status_code == 403


def test_close_and_reopen_an_open_ended_table(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Terroristen without a set number of games: ended by hand, opened again."""
    table, token = make_table("terroristen", [{"winner": 1}], {"games": None}, ["A", "B", "C"])
    become_editor(client, table, token)
    assert "Tisch jetzt beenden" in text(client.get(f"/t/{table}/settings"))
    closed = client.post(f"/t/{table}/close", data={"closed": "yes"}, follow_redirects=True)
    assert "Der Tisch ist beendet." in text(closed) and "Nochmal spielen" in text(closed)
    assert client.get(f"/api/v1/tables/{table}").json["finished"] is True
    again = client.post(f"/t/{table}/close?lang=en", data={"closed": "no"}, follow_redirects=True)
    assert "The table is open again." in text(again)
    assert client.get(f"/api/v1/tables/{table}").json["finished"] is False


# -- delete, restore, play again ---------------------------------------------------------------
def test_delete_asks_then_410_then_restore_from_the_start_page(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Confirmation page, a friendly 410 with restore, "Zuletzt gelöscht" on the start page."""
    table, token = deluxe(make_table, [0, 2, 3])
    become_editor(client, table, token)
    confirm = client.get(f"/t/{table}/delete")
    assert "„Freitag“ löschen?" in unescape(text(confirm)) or "“Freitag” löschen?" in text(confirm)
    home = client.post(f"/t/{table}/delete", follow_redirects=True)
    assert "Tisch gelöscht" in text(home) and "Zuletzt gelöscht" in text(home)
    gone = client.get(f"/t/{table}")
    assert gone.status_code == 410 and "Tisch wiederherstellen" in text(gone)
    assert client.get(f"/api/v1/tables/{table}").status_code == 410
    back = client.post(f"/t/{table}/restore", follow_redirects=True)
    assert "Tisch wiederhergestellt" in text(back)
    assert client.get(f"/t/{table}").status_code == 200
    assert "Zuletzt gelöscht" not in text(client.get("/"))


def test_a_reader_of_a_deleted_table_gets_410_without_restore(
    client: FlaskClient, app: Any, make_table: TableMaker, become_editor: Claim
) -> None:
    """Another phone (no edit rights) sees that it was deleted, in English too."""
    table, token = make_table()
    become_editor(client, table, token)
    client.post(f"/t/{table}/delete")
    reader = app.test_client()
    gone = reader.get(f"/t/{table}?lang=en")
    assert gone.status_code == 410 and "This table was deleted" in text(gone)
    assert "Restore the table" not in text(gone)


def test_group_delete_and_restore(client: FlaskClient) -> None:
    """A group is deleted with its tables after asking, and restored with them."""
    client.post("/groups/new", data={"name": "Stammtisch", "players": "Anna\nBen\nCem"})
    group = re.search(r"/g/([^/\"?]+)", client.get("/groups").get_data(as_text=True))
    assert group is not None
    group_id = group.group(1)
    assert "Gruppe „Stammtisch“ löschen?" in text(client.get(f"/g/{group_id}/delete"))
    home = client.post(f"/g/{group_id}/delete", follow_redirects=True)
    assert "Gruppe samt ihren Tischen gelöscht" in text(home) and "Stammtisch" in text(home)
    gone = client.get(f"/g/{group_id}?lang=en")
    assert gone.status_code == 410 and "Restore the group" in text(gone)
    client.post(f"/g/{group_id}/restore")
    assert client.get(f"/g/{group_id}").status_code == 200


def test_play_again_starts_a_new_table_with_the_same_settings(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """One tap: same players, variant, options; this phone edits the new table."""
    table, token = make_table(
        "terroristen", [{"winner": 0}, {"winner": 2}], {"games": 2}, ["A", "B", "C"]
    )
    become_editor(client, table, token)
    assert "Nochmal spielen" in text(client.get(f"/t/{table}"))
    new = client.post(f"/t/{table}/again", follow_redirects=True)
    assert "Neuer Tisch gestartet" in text(new)
    fresh = new.request.path.rsplit("/", 1)[1]
    assert fresh != table
    shown = client.get(f"/api/v1/tables/{fresh}").json
    assert shown["players"] == ["A", "B", "C"] and shown["options"]["games"] == 2
    assert shown["rounds"] == [] and "Spiel 1 eintragen" in text(new)


# -- round identity ------------------------------------------------------------------------------
def test_a_stale_correction_after_a_delete_never_lands_on_another_round(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Phone A opens round 2; phone B deletes round 1; A's save shows round 2 (now round 1)."""
    table, token = deluxe(make_table, [0, 1, 1], [2, 0, 2], [3, 3, 0])
    become_editor(client, table, token)
    form = client.get(f"/t/{table}/rounds/2").get_data(as_text=True)
    etag = hidden(form, "if_match")
    assert etag == api_rounds(client, table)[1]["etag"]
    client.post(f"/t/{table}/rounds/1/delete", data={"confirm": "yes"})
    asked = client.post(f"/t/{table}/rounds/2", data={"if_match": etag, **cards([5, 0, 5])})
    assert asked.status_code == 200
    page = text(asked)
    assert "Runde 1 steht jetzt bei Anna 2 · Ben 0 · Cem 2" in page
    assert [r["input"]["cards"] for r in api_rounds(client, table)] == [[2, 0, 2], [3, 3, 0]]
    # Saving again is a deliberate replacement of exactly that round, at its number now.
    html = asked.get_data(as_text=True)
    assert f'action="/t/{table}/rounds/1"' in html
    again = client.post(
        f"/t/{table}/rounds/1", data={"if_match": hidden(html, "if_match"), **cards([5, 0, 5])}
    )
    assert again.status_code == 302
    assert [r["input"]["cards"] for r in api_rounds(client, table)] == [[5, 0, 5], [3, 3, 0]]


def test_a_correction_of_a_deleted_round_says_so(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """The round is gone: nothing changes, in English too."""
    table, token = deluxe(make_table, [0, 1, 1], [2, 0, 2])
    become_editor(client, table, token)
    etag = hidden(client.get(f"/t/{table}/rounds/2").get_data(as_text=True), "if_match")
    client.post(f"/t/{table}/rounds/2/delete", data={"confirm": "yes"})
    asked = client.post(f"/t/{table}/rounds/2?lang=en", data={"if_match": etag, **cards([1, 0, 1])})
    assert asked.status_code == 200 and "Another phone deleted this round meanwhile" in text(asked)
    assert [r["input"]["cards"] for r in api_rounds(client, table)] == [[0, 1, 1]]


def test_a_delete_sent_twice_removes_one_round(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """The confirm page carries the etag: a resent delete removes nothing more."""
    table, token = deluxe(make_table, [0, 1, 1], [2, 0, 2], [3, 3, 0])
    become_editor(client, table, token)
    confirm = client.post(f"/t/{table}/rounds/1/delete").get_data(as_text=True)
    data = {"confirm": "yes", "if_match": hidden(confirm, "if_match") or ""}
    client.post(f"/t/{table}/rounds/1/delete", data=data)
    second = client.post(f"/t/{table}/rounds/1/delete", data=data, follow_redirects=True)
    assert "Ein anderes Handy hat diese Runde schon gelöscht" in text(second)
    assert len(api_rounds(client, table)) == 2
    # The last round, twice: the second answer says so (no 404, nothing else deleted).
    last = client.post(f"/t/{table}/rounds/2/delete").get_data(as_text=True)
    data = {"confirm": "yes", "if_match": hidden(last, "if_match") or ""}
    client.post(f"/t/{table}/rounds/2/delete", data=data)
    again = client.post(f"/t/{table}/rounds/2/delete", data=data, follow_redirects=True)
    assert "Ein anderes Handy hat diese Runde schon gelöscht" in text(again)
    assert len(api_rounds(client, table)) == 1


# -- two phones, one game ------------------------------------------------------------------------
def test_two_phones_entering_round_2_are_told_and_one_tap_saves_it_as_3(
    client: FlaskClient, app: Any, make_table: TableMaker, become_editor: Claim
) -> None:
    """The second phone sees the first one's round 2 and may save its own as round 3."""
    table, token = deluxe(make_table, [0, 1, 1])
    become_editor(client, table, token)
    other = app.test_client()
    become_editor(other, table, token)
    mine = client.get(f"/t/{table}/rounds/new").get_data(as_text=True)
    theirs = other.get(f"/t/{table}/rounds/new").get_data(as_text=True)
    assert hidden(mine, "expected_number") == "2"
    first = {"expected_number": "2", "idempotency_key": hidden(theirs, "idempotency_key")}
    taken = other.post(f"/t/{table}/rounds/new", data={**first, **cards([3, 0, 4])})
    assert taken.status_code == 302
    key = hidden(mine, "idempotency_key") or ""
    sent = {"expected_number": "2", "idempotency_key": key, **cards([0, 5, 5])}
    refused = client.post(f"/t/{table}/rounds/new", data=sent)
    page = text(refused)
    assert "Runde 2 hat gerade ein anderes Handy eingetragen: Anna 3, Ben 0, Cem 4." in page
    assert "Trotzdem als Runde 3 speichern" in page
    html = refused.get_data(as_text=True)
    assert hidden(html, "expected_number") == "3" and hidden(html, "idempotency_key") == key
    assert len(api_rounds(client, table)) == 2
    saved = client.post(f"/t/{table}/rounds/new", data={**sent, "expected_number": "3"})
    assert saved.status_code == 302
    assert [r["input"]["cards"] for r in api_rounds(client, table)][1:] == [[3, 0, 4], [0, 5, 5]]
    english = other.post(
        f"/t/{table}/rounds/new?lang=en",
        data={"expected_number": "3", "idempotency_key": "x1", **cards([0, 1, 1])},
    )
    assert "Round 3 was just entered on another phone: Anna 0, Ben 5, Cem 5." in text(english)
    assert "Save this one as round 4 anyway" in text(english)


# -- kept rounds ---------------------------------------------------------------------------------
def test_kept_rounds_come_back_as_provisional_rows(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """The kept form bodies scored after the stored rounds; a bad one says why."""
    table, token = deluxe(make_table, [0, 1, 1])
    become_editor(client, table, token)
    good = "cards-0=2&cards-1=0&cards-2=3&csrf_token=old&idempotency_key=k"
    bad = "cards-0=2&cards-1=2&cards-2=3"
    rows = client.get(f"/t/{table}/rounds/pending", query_string=[("body", good), ("body", bad)])
    page = text(rows)
    assert rows.status_code == 200 and page.count("ausstehend") == 2
    # Round 2 with running totals 2, 1, 4 (penalty points add up).
    assert re.search(r"2 ausstehend 2 2 1 0 4 3", page), page
    assert "Genau ein Spieler muss 0 Karten haben" in page  # the bad one: why, no numbers


# -- undo and redo -------------------------------------------------------------------------------
def test_undo_names_what_it_undoes_offers_redo_and_hides_when_empty(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """ "Runde 1 löschen? Anna 0, Ben 1, Cem 1"; after it redo; nothing left: no button."""
    table, token = make_table("deluxe", [], {"rounds": 5}, DELUXE)
    become_editor(client, table, token)
    assert "Rückgängig" not in text(client.get(f"/t/{table}"))
    key = hidden(client.get(f"/t/{table}/rounds/new").get_data(as_text=True), "idempotency_key")
    client.post(f"/t/{table}/rounds/new", data={"idempotency_key": key, **cards([0, 1, 1])})
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "Rückgängig: Runde 1 löschen? Anna 0, Ben 1, Cem 1" in text(client.get(f"/t/{table}"))
    assert "Wiederholen" not in text(client.get(f"/t/{table}"))
    undone = client.post(
        f"/t/{table}/undo", data={"change": hidden(page, "change")}, follow_redirects=True
    )
    shown = text(undone)
    assert "Runde 1 ist nicht mehr eingetragen" in shown
    assert "Wiederholen: Runde 1 wieder eintragen? Anna 0, Ben 1, Cem 1" in shown
    assert "Rückgängig:" not in shown
    english = text(client.get(f"/t/{table}?lang=en"))
    assert "Redo: Enter round 1 again? Anna 0, Ben 1, Cem 1" in english
    client.post(f"/t/{table}/redo")
    assert len(api_rounds(client, table)) == 1
    assert "Rückgängig: Runde 1 löschen?" in text(client.get(f"/t/{table}?lang=de"))


def test_undo_of_a_change_another_phone_made_meanwhile_is_refused(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """The button named round 1; round 2 came in since: nothing is undone."""
    table, token = deluxe(make_table, [0, 1, 1])
    become_editor(client, table, token)
    change = hidden(client.get(f"/t/{table}").get_data(as_text=True), "change")
    client.post(
        f"/api/v1/tables/{table}/rounds", json={"cards": [1, 0, 1]}, headers={"X-Edit-Token": token}
    )
    refused = client.post(f"/t/{table}/undo", data={"change": change}, follow_redirects=True)
    assert "nichts wurde rückgängig gemacht" in text(refused)
    assert len(api_rounds(client, table)) == 2
