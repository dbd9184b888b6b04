"""The round forms: one round per shown form, a conflict shown with the round's values."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from tests.tables.conftest import TableMaker

Claim = Callable[[FlaskClient, str, str], None]


def hidden(html: str, name: str) -> str:
    """The value of a hidden input."""
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html) or re.search(
        rf'type="hidden" name="{name}" value="([^"]*)"', html
    )
    assert found, f"no hidden {name}"
    return found.group(1)


def round_count(client: FlaskClient, table: str) -> int:
    """Rounds on the server."""
    return len(client.get(f"/api/v1/tables/{table}").json["rounds"])


def test_new_round_form_carries_a_fresh_key_each_time(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Every shown form has its own key; the correction form has none."""
    table, token = make_table("terroristen", [{"winner": 0}], players=["Anna", "Ben", "Cem"])
    become_editor(client, table, token)
    first = hidden(client.get(f"/t/{table}/rounds/new").get_data(as_text=True), "idempotency_key")
    second = hidden(client.get(f"/t/{table}/rounds/new").get_data(as_text=True), "idempotency_key")
    assert len(first) == 32 and first != second
    assert "idempotency_key" not in client.get(f"/t/{table}/rounds/1").get_data(as_text=True)


def test_a_form_sent_twice_saves_one_round(csrf_app: Flask) -> None:
    """A resent (or offline-replayed) form, CSRF on as in production: one round, not two."""
    client = csrf_app.test_client()
    created = client.post(
        "/api/v1/tables", json={"variant": "terroristen", "name": "", "players": ["A", "B", "C"]}
    ).json
    table = created["id"]
    client.get(f"/t/{table}/edit/{created['edit_token']}")
    html = client.get(f"/t/{table}/rounds/new").get_data(as_text=True)
    form = {
        "csrf_token": hidden(html, "csrf_token"),
        "idempotency_key": hidden(html, "idempotency_key"),
        "winner": "1",
    }
    answers = [client.post(f"/t/{table}/rounds/new", data=form) for _ in range(3)]
    assert [a.status_code for a in answers] == [302, 302, 302]
    assert round_count(client, table) == 1
    # A new form (a new key) is a new round.
    fresh = hidden(client.get(f"/t/{table}/rounds/new").get_data(as_text=True), "idempotency_key")
    client.post(f"/t/{table}/rounds/new", data={**form, "idempotency_key": fresh})
    assert round_count(client, table) == 2


def test_concurrent_correction_shows_the_current_values(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """The second editor is told what the round is now; saving again is a deliberate choice."""
    table, token = make_table(
        "deluxe", [{"cards": [3, 0, 2]}], {"rounds": 5}, ["Anna", "Ben", "Cem"]
    )
    become_editor(client, table, token)
    first = {"version": "1", "cards-0": "4", "cards-1": "0", "cards-2": "2"}
    assert client.post(f"/t/{table}/rounds/1", data=first).status_code == 302
    second = {"version": "1", "cards-0": "0", "cards-1": "9", "cards-2": "1"}
    refused = client.post(f"/t/{table}/rounds/1", data=second)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 200
    assert "Das hat inzwischen jemand anderes geändert" in html
    assert "Runde 1 steht jetzt bei Anna 4 · Ben 0 · Cem 2" in html
    assert client.get(f"/api/v1/tables/{table}").json["rounds"][0]["input"]["cards"] == [4, 0, 2]
    assert hidden(html, "version") == "2"
    again = client.post(f"/t/{table}/rounds/1", data={**second, "version": hidden(html, "version")})
    assert again.status_code == 302
    assert client.get(f"/api/v1/tables/{table}").json["rounds"][0]["input"]["cards"] == [0, 9, 1]


def test_conflict_in_english_names_the_teams(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Doppel: the current value per team, in the page's language."""
    table, token = make_table("doppel", [{"winner": "A"}])
    become_editor(client, table, token)
    client.post(f"/t/{table}/rounds/1", data={"version": "1", "winner": "B"})
    refused = client.post(f"/t/{table}/rounds/1?lang=en", data={"version": "1", "winner": "A"})
    assert "game 1 now stands at Team A 0 · Team B 1" in refused.get_data(as_text=True)
