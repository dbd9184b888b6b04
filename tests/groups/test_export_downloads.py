"""The downloads: CSV (one row per round and player) and the complete JSON backup, parsed back."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.export.backup import stamp
from app.store.db import db
from app.store.rounds import edit_round
from app.store.settings import update_table
from app.store.tables import delete_table
from app.store.tables import table_state
from app.store.undo import undo_last_change
from app.text import say
from app.variants.registry import find_variant
from app.web.found import table_or_404
from tests.groups.conftest import TableMaker
from tests.groups.samples import PLAYERS
from tests.groups.samples import SAMPLES
from tests.groups.samples import day

GroupMaker = Callable[..., tuple[str, str]]


def csv_download(client: FlaskClient, url: str) -> str:
    """A CSV download as text without its BOM (there first, as Excel wants it)."""
    response = client.get(url)
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    text = response.data.decode("utf-8")
    assert text.startswith("\ufeff")
    return text[1:]


def csv_rows(client: FlaskClient, url: str) -> list[dict[str, str]]:
    """An English CSV download parsed by the csv module (commas, decimal points)."""
    sep = "&" if "?" in url else "?"
    return list(csv.DictReader(io.StringIO(csv_download(client, f"{url}{sep}lang=en"))))


def json_download(client: FlaskClient, url: str) -> dict[str, Any]:
    """A JSON download parsed by the json module."""
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].endswith('.json"')
    data = json.loads(response.data)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("variant", list(SAMPLES))
def test_table_csv_has_one_row_per_round_and_player(
    client: FlaskClient, make_table: TableMaker, variant: str
) -> None:
    """Columns date, table, variant, round, player, points, running total, money; running
    totals add up."""
    table_id = make_table(variant, name="Freitag")
    rows = csv_rows(client, f"/t/{table_id}/export.csv")
    rounds = SAMPLES[variant][1]
    assert len(rows) == len(rounds) * len(PLAYERS)
    assert list(rows[0]) == [
        "date",
        "table",
        "variant",
        "round",
        "player",
        "points",
        "running total",
        "money (€)",
    ]
    label = say(find_variant(variant).label, "en")
    assert {r["table"] for r in rows} == {"Freitag"} and {r["variant"] for r in rows} == {label}
    assert [r["player"] for r in rows[:4]] == PLAYERS
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d", r["date"]) for r in rows)
    if variant != "doppel":  # doppel totals are the games of the current set
        for seat, player in enumerate(PLAYERS):
            mine = [r for r in rows if r["player"] == player]
            total = int(mine[-1]["running total"])
            assert sum(int(r["points"]) for r in mine) == total, (seat, player)


def test_dynamisch_csv_shows_doubled_minus_points(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """dyn.score.double: Ben held a heart when the jack of hearts ended the game: 2×(2+3)."""
    rows = csv_rows(client, f"/t/{make_table('dynamisch')}/export.csv")
    assert [r["points"] for r in rows[:4]] == ["0", "10", "2", "5"]


def test_doppel_csv_gives_both_partners_their_team_game(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """dop.game: team A (seats 1 and 3 on paper) wins the first game."""
    rows = csv_rows(client, f"/t/{make_table('doppel')}/export.csv")
    assert [r["points"] for r in rows[:4]] == ["1", "0", "1", "0"]


def test_csv_keeps_names_from_running_as_formulas(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """A player named "=1+2" stays text in a spreadsheet (quoted with an apostrophe)."""
    table_id = make_table(
        "terroristen", players=["=1+2", "Ben"], options={"games": 1}, rounds=[{"winner": 0}]
    )
    rows = csv_rows(client, f"/t/{table_id}/export.csv")
    assert rows[0]["player"] == "'=1+2"


def test_german_csv_is_for_german_excel(
    app: Flask, client: FlaskClient, make_table: TableMaker
) -> None:
    """German: semicolons, decimal commas, day.month.year, German headers and variant name;
    the money column is the settlement after each round (on the last, the table's)."""
    table_id = make_table("dynamisch", name="Freitag, 1. Runde")
    text = csv_download(client, f"/t/{table_id}/export.csv?lang=de")
    lines = text.split("\r\n")
    assert lines[0] == "Datum;Tisch;Variante;Runde;Spieler;Punkte;Zwischensumme;Geld (€)"
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))[1:]
    assert len(rows) == 12
    day, title, variant, number, player, points, total, money = rows[-3]
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4}", day)
    assert (title, variant) == ("Freitag, 1. Runde", "Dynamisches Maumau")
    assert (number, player) == ("3", "Ben")
    with app.app_context():
        table = table_or_404(table_id)
        settlement = table_state(table).settlement
        assert settlement is not None
        cents = settlement.amounts_cents
    assert (points, total) == ("3", "13") and cents[1] < 0
    assert money == f"-{-cents[1] // 100},{-cents[1] % 100:02d}"
    assert "," in money and "." not in money
    assert sum(int(row[7].replace(",", "")) for row in rows[-4:]) == 0
    english = csv_download(client, f"/t/{table_id}/export.csv?lang=en")
    assert english.startswith("date,table,variant,round,player,points,running total,money (€)")
    last = list(csv.reader(io.StringIO(english)))[-3]
    assert (last[2], last[7]) == ("Dynamic Mau-Mau", money.replace(",", "."))


def test_csv_money_stays_empty_without_a_rate(client: FlaskClient, make_table: TableMaker) -> None:
    """A table not played for money leaves the money column empty."""
    rows = csv_rows(client, f"/t/{make_table('terroristen')}/export.csv")
    assert {r["money (€)"] for r in rows} == {""}


def test_table_json_is_complete(app: Flask, client: FlaskClient, make_table: TableMaker) -> None:
    """Format and version, options, players, rounds with data and version, changes, times."""
    table_id = make_table("dynamisch", name="Freitag")
    with app.app_context():
        table = table_or_404(table_id)
        edit_round(table, 2, SAMPLES["dynamisch"][1][2])
        undo_last_change(table)
    data = json_download(client, f"/t/{table_id}/export.json")
    assert (data["format"], data["version"], data["id"]) == ("mautisch-table", 1, table_id)
    assert (data["variant"], data["name"], data["players"]) == ("dynamisch", "Freitag", PLAYERS)
    assert data["options"] == {"games": 3, "rate_cents": 10}
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3]
    assert [r["version"] for r in data["rounds"]] == [1, 3, 1]
    assert data["rounds"][0]["data"]["jack_suit"] == "H" and data["rounds"][0]["points"] == [
        0,
        10,
        2,
        5,
    ]
    assert (data["totals"], data["finished"], data["winner"]) == ([3, 13, 5, 15], True, 0)
    kinds = [(c["kind"], c["round_number"], c["undone"]) for c in data["changes"]]
    assert kinds == [
        ("add", 1, False),
        ("add", 2, False),
        ("add", 3, False),
        ("edit", 2, True),
        ("undo", 2, False),
    ]
    assert data["created_at"].endswith("+00:00")


def test_group_downloads_hold_every_table(
    client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """Group CSV: the rows of all tables, oldest first; group JSON: name, players, full tables."""
    group_id, _token = make_group(name="Krone")
    make_table("deluxe", name="Zweiter", group_id=group_id, created_at=day(12))
    make_table("terroristen", name="Erster", group_id=group_id, created_at=day(5))
    rows = csv_rows(client, f"/g/{group_id}/export.csv")
    assert [r["table"] for r in rows] == ["Erster"] * 12 + ["Zweiter"] * 8
    data = json_download(client, f"/g/{group_id}/export.json")
    assert (data["format"], data["version"], data["name"]) == ("mautisch-group", 1, "Krone")
    assert data["players"] == PLAYERS + ["Emil"]
    assert [t["name"] for t in data["tables"]] == ["Erster", "Zweiter"]
    assert all(t["format"] == "mautisch-table" and t["changes"] for t in data["tables"])


def test_download_names_are_plain_ascii(client: FlaskClient, make_table: TableMaker) -> None:
    """Umlauts and spaces become a safe file name."""
    table_id = make_table("terroristen", name="Größter Abend!")
    disposition = client.get(f"/t/{table_id}/export.csv").headers["Content-Disposition"]
    assert disposition == f'attachment; filename="mautisch-grosster-abend-{table_id}.csv"'


@pytest.mark.parametrize(
    "url",
    ["/t/nope/export.csv", "/t/nope/export.json", "/g/nope/export.csv", "/g/nope/export.json"],
)
def test_unknown_table_or_group_is_404(client: FlaskClient, url: str) -> None:
    """No download of something that does not exist."""
    assert client.get(url).status_code == 404


def test_downloads_are_read_only(app: Flask, client: FlaskClient, make_table: TableMaker) -> None:
    """Downloading changes nothing (no version bump)."""
    table_id = make_table("doppel")
    with app.app_context():
        before = table_or_404(table_id).version
    client.get(f"/t/{table_id}/export.json")
    client.get(f"/t/{table_id}/export.csv")
    with app.app_context():
        db.session.expire_all()
        assert table_or_404(table_id).version == before


def group_downloads(client: FlaskClient, group_id: str) -> list[bytes]:
    """The group's JSON backup and its German and English CSV, as downloaded."""
    urls = ["export.json", "export.csv?lang=de", "export.csv?lang=en"]
    return [client.get(f"/g/{group_id}/{url}").data for url in urls]


def test_group_downloads_show_a_change_at_once(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """A corrected round, new settings and a deleted table show in the very next download."""
    group_id, _token = make_group()
    first = make_table("terroristen", name="Erster", group_id=group_id, created_at=day(5))
    second = make_table("deluxe", name="Zweiter", group_id=group_id, created_at=day(12))
    third = make_table("doppel", name="Dritter", group_id=group_id, created_at=day(19))
    group_downloads(client, group_id)
    with app.app_context():
        edit_round(table_or_404(first), 2, {"winner": 1})
        update_table(table_or_404(second), {"name": "Zweiter Abend"})
        delete_table(table_or_404(third))
    data = json_download(client, f"/g/{group_id}/export.json")
    assert [t["name"] for t in data["tables"]] == ["Erster", "Zweiter Abend"]
    assert data["tables"][0]["rounds"][1]["data"] == {"winner": 1}
    rows = csv_rows(client, f"/g/{group_id}/export.csv")
    assert [r["table"] for r in rows] == ["Erster"] * 12 + ["Zweiter Abend"] * 8
    assert [r["points"] for r in rows[4:8]] == ["0", "1", "0", "0"]
    german = csv_download(client, f"/g/{group_id}/export.csv?lang=de")
    assert german.count(";Zweiter Abend;") == 8 and ";Dritter;" not in german


@pytest.mark.parametrize(
    "moment",
    [
        datetime(2025, 9, 5, 19, 30, 0, 250),  # SQLite: UTC without its zone
        datetime(2025, 9, 5, 21, 30, 0, 250, tzinfo=timezone(timedelta(hours=2))),
    ],
)
def test_backup_times_are_utc_with_their_zone(moment: datetime) -> None:
    """A stored time is written in UTC with "+00:00", however the database hands it back."""
    assert stamp(moment) == "2025-09-05T19:30:00.000250+00:00"
