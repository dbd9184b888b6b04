"""Importing a JSON backup: round-trips to an equal table or group; a bad file changes nothing."""

from __future__ import annotations

import copy
import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func
from sqlalchemy import select

from app.api.tables_json import table_json
from app.export.parse import parse_backup
from app.store.db import db
from app.store.models import Change
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.rounds import delete_round
from app.store.rounds import edit_round
from app.store.tables import create_table
from app.store.tables import round_rows
from app.store.undo import undo_last_change
from app.text import InputError
from app.web.found import table_or_404
from tests.groups.conftest import TableMaker
from tests.groups.samples import SAMPLES
from tests.groups.samples import day
from tests.groups.samples import error_texts
from tests.helpers import played_table

GroupMaker = Callable[..., tuple[str, str]]
Backup = dict[str, Any]


def upload(
    client: FlaskClient, raw: bytes, lang: str = "de", csrf: bool = False, answer: str = ""
) -> Any:
    """Send a file to the import form (with the form's CSRF token when `csrf`); `answer`
    says beforehand what to do if the backup is already here (replace, keep, cancel)."""
    data: dict[str, Any] = {"backup": (io.BytesIO(raw), "backup.json")}
    if answer:
        data["duplicate"] = answer
    if csrf:
        data["csrf_token"] = csrf_token(client)
    return client.post(f"/import?lang={lang}", data=data, content_type="multipart/form-data")


def csrf_token(client: FlaskClient) -> str:
    """The CSRF token of the import form, as a browser would send it."""
    page = client.get("/import").get_data(as_text=True)
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def backup_of(client: FlaskClient, url: str) -> Backup:
    """A JSON download, parsed."""
    data = json.loads(client.get(url).data)
    assert isinstance(data, dict)
    return data


def without_ids(data: Any) -> Any:
    """A backup with its ids left out (an import makes new ones)."""
    if isinstance(data, dict):
        return {k: without_ids(v) for k, v in data.items() if k != "id"}
    if isinstance(data, list):
        return [without_ids(v) for v in data]
    return data


def counts(app: Flask) -> tuple[int, ...]:
    """Rows of every stored kind."""
    with app.app_context():
        return tuple(
            db.session.scalar(select(func.count()).select_from(m)) or 0
            for m in (Group, Table, Round, Change)
        )


def history(app: Flask, table_id: str) -> None:
    """Give a table a change log with every kind: a correction, a deletion, an undo."""
    with app.app_context():
        table = table_or_404(table_id)
        edit_round(table, 1, round_rows(table_id)[1].data)
        delete_round(table, 2)
        undo_last_change(table)


@pytest.mark.parametrize("variant", list(SAMPLES))
def test_table_import_round_trips_to_an_equal_table(
    app: Flask, client: FlaskClient, make_table: TableMaker, variant: str
) -> None:
    """Export, import, export again: everything but the id is the same, the standing too."""
    table_id = make_table(variant, name="Freitag")
    history(app, table_id)
    original = backup_of(client, f"/t/{table_id}/export.json")
    response = upload(client, json.dumps(original).encode(), answer="keep")
    assert response.status_code == 302
    new_id = response.location.rsplit("/", 1)[-1]
    assert new_id != table_id
    again = backup_of(client, f"/t/{new_id}/export.json")
    assert without_ids(again) == without_ids(original)
    with app.app_context():
        old_json, new_json = (table_json(table_or_404(table_id)), table_json(table_or_404(new_id)))
        for key in (
            "totals",
            "ranking",
            "finished",
            "winner",
            "settlement",
            "sets",
            "teams",
            "next_dealer",
        ):
            assert new_json[key] == old_json[key], key


def test_imported_table_is_editable_here_and_undo_continues_its_history(
    app: Flask, client: FlaskClient, make_table: TableMaker
) -> None:
    """The edit token is kept in this device's session; undo reverts the imported log."""
    table_id = make_table("dynamisch")
    with app.app_context():
        edit_round(table_or_404(table_id), 3, SAMPLES["dynamisch"][1][1])
    response = upload(client, client.get(f"/t/{table_id}/export.json").data, answer="keep")
    new_id = response.location.rsplit("/", 1)[-1]
    with client.session_transaction() as session:
        assert session["tables"][0] == new_id and new_id in session["edit_tokens"]
    with app.app_context():
        table = table_or_404(new_id)
        assert table.check_edit_token(session["edit_tokens"][new_id])
        change = undo_last_change(table)
        assert change is not None and change.kind == "edit"
        restored = round_rows(new_id)[2].data
        assert restored != round_rows(table_id)[2].data  # the original keeps its correction
        assert restored["hands"][3] == {
            "jacks": 2,
            "others": 2,
            "holds_named_suit": False,
        }  # as first entered


def test_group_import_round_trips_with_all_tables(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """A new group with new tables; the export of the copy equals the original's."""
    group_id, _token = make_group(name="Krone")
    make_table("doppel", group_id=group_id, created_at=day(5))
    history(app, make_table("deluxe", group_id=group_id, created_at=day(12)))
    original = backup_of(client, f"/g/{group_id}/export.json")
    response = upload(client, json.dumps(original).encode(), answer="keep")
    assert response.status_code == 302
    new_id = response.location.rsplit("/", 1)[-1]
    copy = backup_of(client, f"/g/{new_id}/export.json")
    # This phone holds the copy's edit right, not the original's: only the copy lists IBANs.
    assert copy.pop("ibans") == {} and "ibans" not in original
    assert without_ids(copy) == without_ids(original)
    with client.session_transaction() as session:
        assert new_id in session["group_tokens"] and len(session["edit_tokens"]) == 2
    assert "Die Gruppe wurde mit allen Tischen eingespielt" in client.get(f"/g/{new_id}").get_data(
        as_text=True
    )


def table_backup(client: FlaskClient, make_table: TableMaker, app: Flask) -> Backup:
    """A finished dynamisch table with history, as downloaded."""
    table_id = make_table("dynamisch")
    history(app, table_id)
    return backup_of(client, f"/t/{table_id}/export.json")


def tamper(change: Callable[[Backup], None]) -> Callable[[Backup], bytes]:
    """A mutation of a backup, returning the file's bytes."""

    def apply(data: Backup) -> bytes:
        """Change a copy and encode it."""
        changed = copy.deepcopy(data)
        change(changed)
        return json.dumps(changed).encode()

    return apply


def setter(path: str, value: Any) -> Callable[[Backup], bytes]:
    """Set one value by a path like "rounds.1.points"."""

    def change(data: Backup) -> None:
        """Walk to the parent and set."""
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return tamper(change)


def raw(content: bytes) -> Callable[[Backup], bytes]:
    """A file that is not a backup at all."""
    return lambda _data: content


TAMPERED = [
    ("not json", raw(b"Anna;Ben;Cem"), "ist kein gültiges JSON"),
    ("not utf-8", raw('{"x": "Größe"}'.encode("latin-1")), "ist kein UTF-8-Text"),
    (
        "duplicate key",
        raw(b'{"format": "mautisch-table", "format": "x"}'),
        'nennt den Schlüssel "format" zweimal',
    ),
    ("a list", raw(b"[1, 2]"), "Das ist keine Mautisch-Sicherung"),
    ("wrong format", setter("format", "excel"), "Das ist keine Mautisch-Sicherung"),
    ("newer version", setter("version", 2), "Formatversion 2 von einem neueren Mautisch"),
    ("version as text", setter("version", "1"), "Der Eintrag version muss genau 1 sein"),
    ("unknown key", setter("admin", True), 'unbekanntes Feld "admin"'),
    ("missing key", tamper(lambda d: d.pop("changes")), "Das Feld 'changes' fehlt"),
    ("unknown variant", setter("variant", "skat"), 'Unbekannte Variante "skat"'),
    ("players not a list", setter("players", "Anna"), "müssen eine Liste von Namen"),
    (
        "bad option",
        setter("options.games", 0),
        "Die Anzahl der Spiele der Serie muss eine ganze Zahl von 1 bis 100 sein",
    ),
    (
        "bad round",
        setter("rounds.1.data.hands.1.jacks", -1),
        "Runde 2: Die Anzahl der Buben von Ben muss",
    ),
    ("unknown round key", setter("rounds.0.admin", 1), "unbekanntes Feld"),
    (
        "points changed",
        setter("rounds.0.points", [0, 1, 2, 5]),
        "Die Punkte von Runde 1 (rounds[0].points)",
    ),
    ("points as booleans", setter("rounds.0.points", [False, 10, 2, 5]), "Die Punkte von Runde 1"),
    ("totals changed", setter("totals", [0, 0, 0, 0]), "Die Summen (totals)"),
    ("winner changed", setter("winner", 3), "Der Sieger (winner)"),
    ("finished changed", setter("finished", False), "(finished)"),
    (
        "round numbers",
        setter("rounds.1.number", 3),
        "Der Eintrag rounds[1].number muss genau 2 sein",
    ),
    (
        "round after the end",
        tamper(lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][0]) | {"number": 4})),
        "Der Tisch war nach Spiel 3 beendet",
    ),
    (
        "time without zone",
        setter("created_at", "2025-09-05T19:30:00"),
        "muss Datum und Uhrzeit mit Zone sein",
    ),
    (
        "log does not lead to the rounds",
        setter("changes.0.after.hands.1.others", 4),
        "Das Änderungsprotokoll",
    ),
    ("undone flag", setter("changes.0.undone", True), "markiert die falschen Änderungen"),
    ("bad change kind", setter("changes.0.kind", "hack"), "Die Art der Änderung muss"),
    ("add without round", setter("changes.0.after", None), "Die Runde muss bei einer Änderung"),
    (
        "not a number",
        raw(b'{"format": "mautisch-table", "version": NaN}'),
        "ist kein gültiges JSON",
    ),
]


@pytest.mark.parametrize(("case", "mutate", "message"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_bad_or_tampered_file_is_refused_with_a_message_and_nothing_is_written(
    app: Flask,
    client: FlaskClient,
    make_table: TableMaker,
    case: str,
    mutate: Callable[[Backup], bytes],
    message: str,
) -> None:
    """One sentence naming what is wrong; no table, round or change is added."""
    data = table_backup(client, make_table, app)
    before = counts(app)
    response = upload(client, mutate(data))
    assert response.status_code == 400
    errors = error_texts(response.get_data(as_text=True))
    assert any(message in e.replace("&#34;", '"').replace("&#39;", "'") for e in errors), errors
    assert counts(app) == before


def test_a_bad_table_inside_a_group_is_named(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """Which table of the group is broken; the group is not made either (one transaction)."""
    group_id, _token = make_group()
    make_table("terroristen", group_id=group_id, created_at=day(1))
    make_table("doppel", group_id=group_id, created_at=day(2))
    data = backup_of(client, f"/g/{group_id}/export.json")
    data["tables"][1]["rounds"][0]["data"]["winner"] = "C"
    before = counts(app)
    response = upload(client, json.dumps(data).encode(), lang="en")
    assert response.status_code == 400
    errors = error_texts(response.get_data(as_text=True))
    assert errors and errors[0].startswith("Table 2: Round 1: The winning team must be")
    assert counts(app) == before
    with pytest.raises(InputError) as refused:
        parse_backup(json.dumps(data).encode())
    assert refused.value.field == "tables[1].rounds[0].data.winner"


def test_messages_are_english_with_lang_en(
    app: Flask, client: FlaskClient, make_table: TableMaker
) -> None:
    """Both languages: the same refusal in English."""
    data = table_backup(client, make_table, app)
    data["totals"] = [1, 2, 3, 4]
    page = upload(client, json.dumps(data).encode(), lang="en").get_data(as_text=True)
    assert any("The totals (totals): the file says" in e for e in error_texts(page))
    assert "Import a backup" in page


def test_a_file_over_one_megabyte_is_refused(app: Flask, client: FlaskClient) -> None:
    """The request limit (MAX_CONTENT_LENGTH) answers with the import page and a sentence."""
    before = counts(app)
    # The multipart body is built here: the test client would spool it to an unclosed temp file.
    boundary = "mautisch-test"
    body = (
        f"--{boundary}\r\n".encode()
        + b'Content-Disposition: form-data; name="backup"; filename="big.json"\r\n\r\n'
        + b" " * (1024 * 1024 + 10)
        + f"\r\n--{boundary}--\r\n".encode()
    )
    response = client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )
    assert response.status_code == 413
    assert "Die Datei ist größer als 1 MB" in response.get_data(as_text=True)
    assert counts(app) == before


def test_no_file_chosen(client: FlaskClient) -> None:
    """The form says what is missing."""
    response = client.post("/import?lang=en", data={}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert any(
        "Please choose a backup file" in e for e in error_texts(response.get_data(as_text=True))
    )


def test_import_page_in_both_languages(client: FlaskClient) -> None:
    """German by default, English via ?lang=en; the form uploads a file."""
    german = client.get("/import").get_data(as_text=True)
    assert "Sicherung einspielen" in german and 'enctype="multipart/form-data"' in german
    assert "Import a backup" in client.get("/import?lang=en").get_data(as_text=True)


def test_import_needs_the_csrf_token(csrf_app: Flask) -> None:
    """With CSRF on (as in production) a post without the form's token changes nothing."""
    client = csrf_app.test_client()
    with csrf_app.app_context():
        table, _token = create_table("doppel", "", ["A", "B", "C", "D"], {})
        table_id = table.id
    backup = client.get(f"/t/{table_id}/export.json").data
    before = counts(csrf_app)
    assert upload(client, backup).status_code == 400
    assert counts(csrf_app) == before
    assert upload(client, backup, csrf=True, answer="keep").status_code == 302
    assert counts(csrf_app)[1] == before[1] + 1


@pytest.mark.postgres
def test_group_round_trip_on_postgresql(pg_app: Flask) -> None:
    """The same on PostgreSQL (aware timestamps, JSON columns): the copy exports equal."""
    client = pg_app.test_client()
    with pg_app.app_context():
        group = Group(name="Krone", players=["Anna", "Ben", "Cem", "Dora"])
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        group_id = group.id
        options, rounds = SAMPLES["speedone"]
        table = played_table("speedone", group.players, options, rounds, group_id=group_id)
        history(pg_app, table.id)
    original = backup_of(client, f"/g/{group_id}/export.json")
    response = upload(client, json.dumps(original).encode(), csrf=True, answer="keep")
    assert response.status_code == 302
    copy_id = response.location.rsplit("/", 1)[-1]
    copy = backup_of(client, f"/g/{copy_id}/export.json")
    # This client holds the copy's edit right, not the original's: only the copy lists IBANs.
    assert copy.pop("ibans") == {} and "ibans" not in original
    assert without_ids(copy) == without_ids(original)
