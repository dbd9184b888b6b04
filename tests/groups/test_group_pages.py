"""The group pages through real HTTP: list and create, view with statistics, edit link, players."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func
from sqlalchemy import select

from app.store.db import db
from app.store.models import Group
from app.store.rounds import edit_round
from app.store.settings import update_table
from app.store.tables import delete_table
from app.web.found import table_or_404
from tests.groups.conftest import TableMaker
from tests.groups.samples import claim
from tests.groups.samples import day
from tests.groups.samples import error_texts

GroupMaker = Callable[..., tuple[str, str]]


def group_count(app: Flask) -> int:
    """Groups in the database."""
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Group)) or 0


def test_index_offers_the_form_in_german_and_english(client: FlaskClient) -> None:
    """German by default, English via ?lang=en."""
    german = client.get("/groups").get_data(as_text=True)
    assert "Neue Gruppe" in german and "Gruppe anlegen" in german
    english = client.get("/groups?lang=en").get_data(as_text=True)
    assert "New group" in english and "Create group" in english


def test_create_group_makes_this_phone_its_editor(app: Flask, client: FlaskClient) -> None:
    """Post/redirect/get; the new group shows its edit link and the new-table button."""
    response = client.post(
        "/groups/new", data={"name": " Krone ", "players": "Anna\nBen, Cem\n\nDora"}
    )
    assert response.status_code == 302
    group_id = response.location.rsplit("/", 1)[-1]
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None and (group.name, group.players) == (
            "Krone",
            ["Anna", "Ben", "Cem", "Dora"],
        )
    page = client.get(f"/g/{group_id}").get_data(as_text=True)
    assert f"/g/{group_id}/edit#" in page
    assert f"/t/new?group={group_id}" in page
    assert "Gruppe angelegt" in page
    assert group_id in client.get("/groups").get_data(as_text=True)


@pytest.mark.parametrize(
    ("name", "players", "lang", "message"),
    [
        ("", "Anna\nBen", "de", "Der Gruppenname muss ein Text mit 1 bis 80 Zeichen sein"),
        ("Krone", "Anna", "de", "Eine Gruppe hat 2 bis 40 Spieler"),
        ("Krone", "Anna\nanna", "de", "wiederholt den Namen"),
        (
            "Krone",
            "Anna\n" + "B" * 41,
            "en",
            "The name of player 2 must be a text of 1 to 40 characters",
        ),
        ("K" * 81, "Anna\nBen", "en", "The group name must be a text of 1 to 80 characters"),
    ],
)
def test_bad_group_input_is_named_and_nothing_is_saved(
    app: Flask, client: FlaskClient, name: str, players: str, lang: str, message: str
) -> None:
    """A sentence naming the field and the limit, in the page's language; no group."""
    response = client.post(f"/groups/new?lang={lang}", data={"name": name, "players": players})
    assert response.status_code == 400
    assert any(message in text for text in error_texts(response.get_data(as_text=True)))
    assert group_count(app) == 0


def test_group_page_shows_tables_leaderboard_money_and_chart(
    client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """Two finished money series and a running doppel match: all three parts appear."""
    group_id, _token = make_group()
    make_table("dynamisch", name="Freitag 1", group_id=group_id, created_at=day(5))
    make_table("dynamisch", name="Freitag 2", group_id=group_id, created_at=day(12))
    make_table(
        "doppel", rounds=[{"winner": "A"}], name="Doppel", group_id=group_id, created_at=day(19)
    )
    page = client.get(f"/g/{group_id}").get_data(as_text=True)
    for text in (
        "Freitag 1",
        "Freitag 2",
        "Wird gerade gespielt",
        "Rangliste",
        "Dynamisches Maumau",
        "Doppel Mau-Mau",
        "Ø: Minuspunkte pro Spiel",
        "Geld",
        "2,40\xa0€",
        "−2,40\xa0€",  # a real minus sign, as the printed evening
    ):
        assert text in page, text
    over_time = page[page.index('id="time-heading"') :]
    assert over_time.count('<svg class="mc-chart"') == 2  # tables won, money
    assert "Gewonnen: <bdi>Anna</bdi>" in page
    english = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
    assert "Leaderboard" in english and "€2.40" in english and "Won by <bdi>Anna</bdi>" in english


def test_viewer_sees_no_edit_link_or_new_table_button(
    client: FlaskClient, make_group: GroupMaker
) -> None:
    """Reading needs only the view link; changing needs the edit link."""
    group_id, _token = make_group()
    page = client.get(f"/g/{group_id}").get_data(as_text=True)
    assert "/edit/" not in page and "/t/new" not in page
    assert client.get(f"/g/{group_id}/players").status_code == 403


def test_edit_link_is_claimed_once_and_then_kept_in_the_session(
    client: FlaskClient, make_group: GroupMaker
) -> None:
    """The token leaves the address bar; the session remembers it (session["group_tokens"])."""
    group_id, token = make_group()
    response = client.get(f"/g/{group_id}/edit/{token}")
    assert response.status_code == 302 and response.location.endswith(f"/g/{group_id}")
    with client.session_transaction() as session:
        assert session["groups"][0] == group_id
        assert session["group_tokens"] == {group_id: token}
    assert client.get(f"/g/{group_id}/players").status_code == 200


def test_a_wrong_edit_link_is_refused(client: FlaskClient, make_group: GroupMaker) -> None:
    """403 with a sentence; the session gets no token."""
    group_id, _token = make_group()
    response = client.get(f"/g/{group_id}/edit/wrong-token")
    assert response.status_code == 403
    assert "Bearbeiten-Link gilt nicht" in response.get_data(as_text=True)
    with client.session_transaction() as session:
        assert group_id not in session.get("group_tokens", {})


def test_unknown_group_is_404(client: FlaskClient) -> None:
    """A clear page, not a crash."""
    response = client.get("/g/nothing-here")
    assert response.status_code == 404
    assert "Zu diesem Link gibt es keine Gruppe." in response.get_data(as_text=True)


def test_editor_changes_name_and_players(
    app: Flask, client: FlaskClient, make_group: GroupMaker
) -> None:
    """Validate, change, commit, flash, redirect."""
    group_id, token = make_group()
    claim(client, group_id, token)
    form = client.get(f"/g/{group_id}/players").get_data(as_text=True)
    assert "Emil" in form
    response = client.post(
        f"/g/{group_id}/players", data={"name": "Krone", "players": "Anna\nBen\nFritz"}
    )
    assert response.status_code == 302
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None and (group.name, group.players) == (
            "Krone",
            ["Anna", "Ben", "Fritz"],
        )
    bad = client.post(
        f"/g/{group_id}/players?lang=en", data={"name": "Krone", "players": "Anna, ANNA"}
    )
    assert bad.status_code == 400
    assert any("repeats the name" in t for t in error_texts(bad.get_data(as_text=True)))


def test_new_table_page_offers_the_group_players(
    client: FlaskClient, make_group: GroupMaker
) -> None:
    """tables.new?group=<id> (tables-ui) offers the group's players to tap, seats empty."""
    group_id, token = make_group(players=["Anna", "Ben", "Gustav"])
    claim(client, group_id, token)
    page = client.get(f"/t/new?group={group_id}").get_data(as_text=True)
    assert 'data-name="Gustav"' in page and group_id in page
    assert not re.search(r'<input[^>]*name="players-\d+"[^>]*value="Gustav"', page)


def test_tables_created_in_the_group_appear_on_its_page(
    app: Flask, client: FlaskClient, make_group: GroupMaker
) -> None:
    """Through the tables-ui form: the table belongs to the group and this phone may edit it."""
    group_id, token = make_group()
    claim(client, group_id, token)
    data = {"variant": "terroristen", "name": "Abend", "group": group_id, "ter_games": "3"}
    data.update({f"players-{i}": name for i, name in enumerate(["Anna", "Ben", "Cem"])})
    response = client.post("/t/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    table_id = response.location.rsplit("/", 1)[-1]
    with client.session_transaction() as session:
        assert table_id in session["tables"] and table_id in session["edit_tokens"]
    page = client.get(f"/g/{group_id}").get_data(as_text=True)
    assert "Abend" in page and f"/t/{table_id}" in page


def test_the_group_page_shows_a_change_at_once(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """A corrected round, a renamed table, a deleted table, a renamed group and another
    language each show on the next look."""
    group_id, _token = make_group()
    first = make_table("terroristen", name="Erster", group_id=group_id, created_at=day(5))
    second = make_table("deluxe", name="Zweiter", group_id=group_id, created_at=day(12))
    third = make_table("doppel", name="Dritter", group_id=group_id, created_at=day(19))

    def rename_group() -> None:
        """The group's name, changed as its players page changes it."""
        group = db.session.get(Group, group_id)
        assert group is not None
        group.name = "Donnerstagsrunde"
        db.session.commit()

    changes: list[tuple[Callable[[], Any], str]] = [
        (lambda: edit_round(table_or_404(first), 2, {"winner": 1}), ""),
        (lambda: update_table(table_or_404(second), {"name": "Zweiter Abend"}), ""),
        (lambda: delete_table(table_or_404(third)), ""),
        (rename_group, ""),
        (lambda: None, "?lang=en"),
    ]
    before = client.get(f"/g/{group_id}").get_data(as_text=True)
    for change, query in changes:
        with app.app_context():
            change()
        shown = client.get(f"/g/{group_id}{query}").get_data(as_text=True)
        assert shown != before
        before = shown
    assert "Zweiter Abend" in shown and "Dritter" not in shown
    assert "Donnerstagsrunde" in shown
