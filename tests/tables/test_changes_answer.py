"""The table page sent as what changed (app.tables.changes): a phone that shows version N asks
for the live copy with X-Changes-From: N and gets the changed rows and totals, small enough
for a pub's Wi-Fi; a version the server does not know gets the whole page."""

from __future__ import annotations

import gzip
import re

from flask import Flask
from flask.testing import FlaskClient

HANDS = {
    "hands": [
        {"jacks": 0, "others": 0},
        {"jacks": 0, "others": 2},
        {"jacks": 1, "others": 1},
        {"jacks": 0, "others": 3},
    ],
    "jack_suit": None,
}
BUDGET = 1500  # bytes per pushed change, compressed, at 40 rounds


def long_table(client: FlaskClient, rounds: int) -> tuple[str, str]:
    """A Dynamisch table of 100 games with `rounds` entered: (id, edit token)."""
    made = client.post(
        "/api/v1/tables",
        json={
            "variant": "dynamisch",
            "players": ["Anna", "Ben", "Cem", "Dora"],
            "options": {"games": 100, "rate_cents": 5},
        },
    ).json
    for _ in range(rounds):
        add(client, made["id"], made["edit_token"])
    return made["id"], made["edit_token"]


def add(client: FlaskClient, table_id: str, token: str) -> None:
    """Another phone enters a game through the API."""
    answer = client.post(
        f"/api/v1/tables/{table_id}/rounds", json=HANDS, headers={"X-Edit-Token": token}
    )
    assert answer.status_code == 201


def test_a_reader_one_round_behind_gets_the_new_row_and_totals(app: Flask) -> None:
    api, phone = app.test_client(), app.test_client()
    table_id, token = long_table(api, 40)
    shown = phone.get(f"/t/{table_id}/live")
    version = int(shown.headers["X-Table-Version"])
    add(api, table_id, token)
    answer = phone.get(f"/t/{table_id}/live", headers={"X-Changes-From": str(version)})
    text = answer.get_data(as_text=True)
    assert text.startswith(f'<template data-changes data-version="{version + 1}"')
    assert answer.headers["X-Changes-Base"] == str(version)
    assert len(gzip.compress(answer.data)) <= BUDGET
    # Game 41 (0, 2, 3, 3 per game: 0 / 82 / 123 / 123), the new order, Σ, not the chart.
    assert '<template data-k="r41">' in text and "<svg" not in text
    order = re.search(r'data-k="rows" data-o="([^"]+)"', text)
    assert order is not None and order[1].split() == [f"r{n}" for n in range(12, 42)]
    assert re.search(r'data-k="totals">.*<strong>82</strong>.*<strong>123</strong>', text, re.S)
    assert 'data-k="lazy.pictures" data-lazy' in text
    picture = phone.get(f"/t/{table_id}/live?piece=lazy.pictures").get_data(as_text=True)
    assert picture.lstrip().startswith("<section") and "<svg" in picture


def test_an_editor_gets_its_controls_changed_within_the_budget(app: Flask) -> None:
    api, phone = app.test_client(), app.test_client()
    table_id, token = long_table(api, 40)
    phone.get(f"/t/{table_id}/edit/{token}")
    version = int(phone.get(f"/t/{table_id}/live").headers["X-Table-Version"])
    add(api, table_id, token)
    text = phone.get(f"/t/{table_id}/live", headers={"X-Changes-From": str(version)}).get_data(
        as_text=True
    )
    assert len(gzip.compress(text.encode())) <= BUDGET
    assert '<template data-k="enter-link">' in text and "+ Spiel 42" in text
    assert "data-round-template" not in text  # the entry's template did not change


def test_a_version_not_known_gets_the_whole_page(app: Flask) -> None:
    api, phone = app.test_client(), app.test_client()
    table_id, token = long_table(api, 3)
    add(api, table_id, token)
    for since in ("1", "banana", "99"):
        answer = phone.get(f"/t/{table_id}/live", headers={"X-Changes-From": since})
        assert answer.get_data(as_text=True).lstrip().startswith("<!doctype html>")
        assert "X-Changes-Base" not in answer.headers


def test_the_changes_carry_the_title_the_whole_page_has(app: Flask) -> None:
    api, phone = app.test_client(), app.test_client()
    table_id, token = long_table(api, 3)
    shown = phone.get(f"/t/{table_id}/live")
    title = re.search(r"<title>(.*?)</title>", shown.get_data(as_text=True), re.S)
    assert title is not None
    add(api, table_id, token)
    since = shown.headers["X-Table-Version"]
    answer = phone.get(f"/t/{table_id}/live", headers={"X-Changes-From": since})
    assert f'data-title="{title[1].strip()}"' in answer.get_data(as_text=True)
    renamed = api.patch(
        f"/api/v1/tables/{table_id}", json={"name": "Stammtisch"}, headers={"X-Edit-Token": token}
    )
    assert renamed.status_code == 200
    since = answer.headers["X-Table-Version"]
    answer = phone.get(f"/t/{table_id}/live", headers={"X-Changes-From": since})
    assert answer.headers["X-Changes-Base"] == since
    assert 'data-title="Stammtisch · Mautisch"' in answer.get_data(as_text=True)
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert "<title>Stammtisch · Mautisch</title>" in page
