"""Forgiving entry through the API (docs/api.md §2): round ids and etags, If-Match on PUT and
DELETE, expected_number, fixing a table (PATCH), closing an open-ended table, delete/restore
(410), undo and redo of every change."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import select

from app.factory import create_app
from app.store.db import db
from app.store.models import Table
from app.store.tables import table_state
from tests.api.test_tables_api import DYN_ROUND
from tests.api.test_tables_api import FOUR
from tests.api.test_tables_api import add
from tests.api.test_tables_api import create
from tests.hardening.test_change_log import import_backup


def hands(*others: int) -> dict[str, Any]:
    """A Dynamisch round: seat 0 went out, the others hold this many cards (no jacks)."""
    return {"hands": [{"jacks": 0, "others": n} for n in (0, *others)], "jack_suit": None}


def three_rounds(client: FlaskClient) -> tuple[str, dict[str, str], list[dict[str, Any]]]:
    """A Dynamisch table with rounds 1-3 (distinct inputs); its id, headers and rounds."""
    table, headers = create(client)
    for n in (1, 2, 3):
        add(client, table, headers, hands(n, n, n))
    rounds = client.get(f"/api/v1/tables/{table}").json["rounds"]
    return table, headers, rounds


def others_of(state: dict[str, Any]) -> list[int]:
    """Per round, the cards seat 1 held (what tells the test's rounds apart)."""
    return [r["input"]["hands"][1]["others"] for r in state["rounds"]]


def test_rounds_carry_a_stable_id_and_an_etag(client: FlaskClient) -> None:
    """Every round has an id that survives renumbering, and an etag that follows its version."""
    table, headers, rounds = three_rounds(client)
    ids = [r["id"] for r in rounds]
    assert len(set(ids)) == 3
    assert [r["etag"] for r in rounds] == [f"{i}.1" for i in ids]
    after = client.delete(f"/api/v1/tables/{table}/rounds/1", headers=headers).json
    assert [r["id"] for r in after["rounds"]] == ids[1:]
    edited = client.put(
        f"/api/v1/tables/{table}/rounds/1",
        json=hands(7, 7, 7),
        headers={**headers, "If-Match": f'"{ids[1]}.1"'},
    ).json
    assert edited["rounds"][0]["etag"] == f"{ids[1]}.2"


def test_stale_correction_after_a_delete_is_409_and_round_3_stays(client: FlaskClient) -> None:
    """The reproduced bug: B deletes round 2; A's correction of "round 2" (with the etag it saw)
    is 409 with the round now at 2 (the old round 3), which is left as it was."""
    table, headers, rounds = three_rounds(client)
    seen_by_a = rounds[1]["etag"]
    assert client.delete(f"/api/v1/tables/{table}/rounds/2", headers=headers).status_code == 200
    stale = client.put(
        f"/api/v1/tables/{table}/rounds/2?lang=en",
        json=hands(9, 9, 9),
        headers={**headers, "If-Match": f'"{seen_by_a}"'},
    )
    assert stale.status_code == 409
    assert stale.json["field"] == "If-Match" and "Game 2" in stale.json["error"]
    assert stale.json["current"]["id"] == rounds[2]["id"]
    assert stale.json["current"]["etag"] == rounds[2]["etag"]
    state = client.get(f"/api/v1/tables/{table}").json
    assert others_of(state) == [1, 3]
    assert [r["etag"] for r in state["rounds"]] == [rounds[0]["etag"], rounds[2]["etag"]]


def test_the_same_delete_sent_twice_removes_one_round(client: FlaskClient) -> None:
    """A DELETE resent after a timeout (same If-Match) is 409 the second time."""
    table, headers, rounds = three_rounds(client)
    url = f"/api/v1/tables/{table}/rounds/2"
    sent = {**headers, "If-Match": rounds[1]["etag"]}
    assert client.delete(url, headers=sent).status_code == 200
    again = client.delete(url, headers=sent)
    assert again.status_code == 409 and again.json["current"]["id"] == rounds[2]["id"]
    assert others_of(client.get(f"/api/v1/tables/{table}").json) == [1, 3]
    last = client.delete(
        f"/api/v1/tables/{table}/rounds/3", headers={**headers, "If-Match": rounds[2]["etag"]}
    )
    assert last.status_code == 409 and last.json["current"] is None


def test_a_changed_round_is_409_for_an_old_etag(client: FlaskClient) -> None:
    """Same round, but corrected since: the old etag no longer matches (PUT and DELETE)."""
    table, headers, rounds = three_rounds(client)
    url = f"/api/v1/tables/{table}/rounds/1"
    old = {**headers, "If-Match": rounds[0]["etag"]}
    assert client.put(url, json=hands(5, 5, 5), headers=old).status_code == 200
    assert client.put(url, json=hands(6, 6, 6), headers=old).status_code == 409
    refused = client.delete(url, headers=old)
    assert refused.status_code == 409 and refused.json["current"]["version"] == 2
    assert others_of(client.get(f"/api/v1/tables/{table}").json) == [5, 2, 3]


def test_expected_number_taken_is_409_and_saves_nothing(client: FlaskClient) -> None:
    """Two phones both enter round 3: the second gets 409 with round 3 as entered, then saves
    it as round 4 on purpose."""
    table, headers = create(client)
    add(client, table, headers, hands(1, 1, 1))
    add(client, table, headers, hands(2, 2, 2))
    add(client, table, headers, {**hands(3, 3, 3), "expected_number": 3})
    taken = client.post(
        f"/api/v1/tables/{table}/rounds",
        json={**hands(4, 4, 4), "expected_number": 3},
        headers=headers,
    )
    assert taken.status_code == 409
    assert taken.json["field"] == "expected_number" and taken.json["next_number"] == 4
    assert taken.json["current"]["number"] == 3
    assert taken.json["current"]["input"]["hands"][1]["others"] == 3
    assert others_of(client.get(f"/api/v1/tables/{table}").json) == [1, 2, 3]
    saved = add(client, table, headers, {**hands(4, 4, 4), "expected_number": 4})
    assert others_of(saved) == [1, 2, 3, 4]


def test_expected_number_beyond_the_table_is_409_with_no_round(client: FlaskClient) -> None:
    """A round was deleted meanwhile: the expected number is free but not the next one."""
    table, headers = create(client)
    add(client, table, headers, hands(1, 1, 1))
    moved = client.post(
        f"/api/v1/tables/{table}/rounds",
        json={**hands(2, 2, 2), "expected_number": 3},
        headers=headers,
    )
    assert moved.status_code == 409
    assert moved.json["current"] is None and moved.json["next_number"] == 2
    bad = client.post(
        f"/api/v1/tables/{table}/rounds",
        json={**hands(2, 2, 2), "expected_number": "2"},
        headers=headers,
    )
    assert (bad.status_code, bad.json["field"]) == (400, "expected_number")


def test_patch_fixes_name_spelling_rate_and_games(client: FlaskClient) -> None:
    """Name, player names, money and games change; totals and settlement follow; undo and
    redo step through the change."""
    table, headers, _rounds = three_rounds(client)
    url = f"/api/v1/tables/{table}"
    fixed = client.patch(
        url,
        json={
            "name": "Samstag",
            "players": ["Anna", "Benedikt", "Cem", "Dora"],
            "options": {"rate_cents": 10, "games": 3},
        },
        headers=headers,
    )
    assert fixed.status_code == 200, fixed.json
    body = fixed.json
    assert (body["name"], body["players"][1]) == ("Samstag", "Benedikt")
    assert body["options"]["games"] == 3 and body["finished"] is True
    assert body["settlement"] is not None and sum(body["settlement"]["amounts_cents"]) == 0
    undone = client.post(f"{url}/undo", headers=headers).json
    assert undone["undone"] == {"kind": "settings", "round": 0}
    assert (undone["name"], undone["players"], undone["settlement"]) == ("Freitag", FOUR, None)
    assert undone["finished"] is False
    redone = client.post(f"{url}/redo", headers=headers).json
    assert redone["redone"] == {"kind": "settings", "round": 0}
    assert redone["name"] == "Samstag" and redone["finished"] is True
    assert client.post(f"{url}/redo", headers=headers).json["redone"] is None


def test_patch_refuses_what_contradicts_the_rounds(client: FlaskClient) -> None:
    """Games below the rounds played, another number of players, unknown keys: 400 naming
    the field; nothing changes. (Ending a series early is allowed: tests/tables/test_end_early.)"""
    table, headers, _rounds = three_rounds(client)
    url = f"/api/v1/tables/{table}?lang=en"
    below = client.patch(url, json={"options": {"games": 2}}, headers=headers)
    assert (below.status_code, below.json["field"]) == (400, "options.games")
    assert "3 games are played" in below.json["error"]
    fewer = client.patch(url, json={"players": ["Anna", "Ben", "Cem"]}, headers=headers)
    assert (fewer.status_code, fewer.json["field"]) == (400, "players")
    unknown = client.patch(url, json={"colour": "red"}, headers=headers)
    assert unknown.status_code == 400
    state = client.get(f"/api/v1/tables/{table}").json
    assert (state["name"], state["options"]["games"], state["closed"]) == ("Freitag", 8, False)
    assert client.patch(url, json={"name": "x"}, headers={}).status_code == 401


def test_closing_an_open_ended_table_finishes_it(client: FlaskClient) -> None:
    """Terroristen without a number of games: closed, it is finished with a winner and takes
    no round; reopened, it runs on."""
    table, headers = create(client, "terroristen", ["Anna", "Ben", "Cem"])
    url = f"/api/v1/tables/{table}"
    empty = client.patch(url, json={"closed": True}, headers=headers)
    assert (empty.status_code, empty.json["field"]) == (400, "closed")
    for winner in (0, 1, 1):
        add(client, table, headers, {"winner": winner})
    closed = client.patch(url, json={"closed": True}, headers=headers).json
    assert (closed["closed"], closed["finished"], closed["winner"]) == (True, True, 1)
    add(client, table, headers, {"winner": 2}, 409)
    reopened = client.patch(url, json={"closed": False}, headers=headers).json
    assert (reopened["closed"], reopened["finished"]) == (False, False)
    add(client, table, headers, {"winner": 2})
    assert client.post(f"{url}/undo", headers=headers).json["undone"]["kind"] == "add"
    back = client.post(f"{url}/undo", headers=headers).json
    assert back["undone"]["kind"] == "settings" and back["finished"] is True


def test_delete_is_410_for_readers_and_restore_brings_it_back(client: FlaskClient) -> None:
    """DELETE: readers and writers get 410; restore (with the token) brings it back whole."""
    table, headers, rounds = three_rounds(client)
    url = f"/api/v1/tables/{table}"
    deleted = client.delete(url, headers=headers)
    assert deleted.status_code == 200 and deleted.json["deleted"] is True
    assert deleted.json["restorable_until"] > deleted.json["deleted_at"]
    assert client.get(url).status_code == 410
    assert client.get(f"{url}/version").status_code == 410
    assert client.get(f"/t/{table}").status_code == 410
    assert add(client, table, headers, hands(1, 1, 1), 410)["error"]
    assert client.post(f"{url}/restore", headers={"X-Edit-Token": "wrong"}).status_code == 403
    restored = client.post(f"{url}/restore", headers=headers)
    assert restored.status_code == 200
    assert [r["etag"] for r in restored.json["rounds"]] == [r["etag"] for r in rounds]
    assert client.get(url).status_code == 200


def test_undo_and_redo_of_rounds_follow_the_stack(client: FlaskClient) -> None:
    """Undo twice, redo twice: back where it was; a new round ends the redo."""
    table, headers, _rounds = three_rounds(client)
    url = f"/api/v1/tables/{table}"
    client.delete(f"{url}/rounds/1", headers=headers)
    assert others_of(client.post(f"{url}/undo", headers=headers).json) == [1, 2, 3]
    assert others_of(client.post(f"{url}/undo", headers=headers).json) == [1, 2]
    assert others_of(client.post(f"{url}/redo", headers=headers).json) == [1, 2, 3]
    assert others_of(client.post(f"{url}/redo", headers=headers).json) == [2, 3]
    client.post(f"{url}/undo", headers=headers)
    add(client, table, headers, DYN_ROUND)
    assert client.post(f"{url}/redo", headers=headers).json["redone"] is None


def test_a_fixed_and_closed_table_backup_imports_again(client: FlaskClient) -> None:
    """Settings changes, undo and redo in the log, a closed table: its backup imports into a
    fresh app as a closed table with the same result."""
    table, headers = create(client, "terroristen", ["Anna", "Ben", "Cem"])
    url = f"/api/v1/tables/{table}"
    for winner in (0, 1, 1):
        add(client, table, headers, {"winner": winner})
    client.patch(url, json={"name": "Ende", "closed": True}, headers=headers)
    client.post(f"{url}/undo", headers=headers)
    client.post(f"{url}/redo", headers=headers)
    backup = json.loads(client.get(f"/t/{table}/export.json").data)
    assert [c["kind"] for c in backup["changes"]][-3:] == ["settings", "undo", "redo"]
    assert (backup["closed"], backup["finished"]) == (True, True)
    elsewhere = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    ).test_client()
    assert import_backup(elsewhere, backup) == 302
    with elsewhere.application.app_context():
        copy = db.session.scalars(select(Table)).one()
        assert (copy.name, copy.closed) == ("Ende", True)
        assert table_state(copy).winner == 1


def test_sentences_name_a_round_as_the_variant_does(client: FlaskClient) -> None:
    """Deluxe plays rounds, Dynamisch games (the definition's round_words): the 404 of a
    round that is not there and the 409 of a stale correction say the variant's word, in
    German and in English (they said "Runde" at every table)."""
    deluxe, deluxe_headers = create(client, "deluxe", players=FOUR[:3], rounds=2)
    dynamisch, dynamisch_headers = create(client)
    for table, headers, body in (
        (deluxe, deluxe_headers, {"cards": [2, 0, 4]}),
        (dynamisch, dynamisch_headers, DYN_ROUND),
    ):
        add(client, table, headers, body)
    for table, headers, words in (
        (deluxe, deluxe_headers, ("Runde 5", "Round 5")),
        (dynamisch, dynamisch_headers, ("Spiel 5", "Game 5")),
    ):
        for lang, word in zip(("de", "en"), words, strict=True):
            missing = client.delete(f"/api/v1/tables/{table}/rounds/5?lang={lang}", headers=headers)
            assert missing.status_code == 404 and missing.json["error"].startswith(word)
    first = client.get(f"/api/v1/tables/{deluxe}").json["rounds"][0]
    client.put(
        f"/api/v1/tables/{deluxe}/rounds/1", json={"cards": [1, 0, 4]}, headers=deluxe_headers
    )
    stale = client.put(
        f"/api/v1/tables/{deluxe}/rounds/1?lang=de",
        json={"cards": [3, 0, 4]},
        headers={**deluxe_headers, "If-Match": f'"{first["etag"]}"'},
    )
    assert stale.status_code == 409
    assert stale.json["error"].startswith("Runde 1 wurde inzwischen ersetzt oder geändert")


def test_a_correction_that_would_end_the_table_early_names_its_games(client: FlaskClient) -> None:
    """Speedone to 200: making game 1 worth 200 would end the table after it while game 2 is
    entered; the 400 says so in Speedone's word (it said "Runde")."""
    table, headers = create(client, "speedone", target=200)
    for _ in range(2):
        add(client, table, headers, {"winner": 1, "points": [0, 0, 5, 4]})
    response = client.put(
        f"/api/v1/tables/{table}/rounds/1?lang=de",
        json={"winner": 1, "points": [0, 0, 150, 50]},
        headers=headers,
    )
    assert response.status_code == 400
    assert response.json["error"] == (
        "Mit dieser Änderung wäre der Tisch nach Spiel 1 beendet, eingetragen ist aber bis "
        "Spiel 2; bitte die späteren zuerst löschen."
    )
