"""A round saved by the page's script is answered with the table page in the same answer (one
round trip); without the script's header the answer stays the redirect (PRG). The one-tap
winners on the table page save through the same form post, with their undo named."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from tests.tables.conftest import TableMaker

Claim = Callable[[FlaskClient, str, str], None]
SCRIPT = {"X-Answer": "table"}


def winner_post(client: FlaskClient, table: str, winner: str, key: str, **headers: str) -> object:
    """A Terroristen or Doppel round as the round form or a one-tap button sends it."""
    return client.post(
        f"/t/{table}/rounds/new",
        data={"winner": winner, "idempotency_key": key, "expected_number": ""},
        headers=headers,
    )


def test_the_script_gets_the_table_page_with_the_saved_round(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """200 with the page (the new row, the totals, the message, the version); the key sent
    again (a lost answer) answers the same round, and the table holds it once."""
    table, token = make_table("terroristen", [{"winner": 0}], players=["Anna", "Ben", "Cem"])
    become_editor(client, table, token)
    answer = winner_post(client, table, "2", "k-1", **SCRIPT)
    assert answer.status_code == 200
    assert answer.headers["X-Saved-Round"] == "2"
    assert answer.headers["Cache-Control"] == "no-store"
    html = answer.get_data(as_text=True)
    assert "Spiel 2 gespeichert." in html
    assert re.search(
        r"<tfoot>.*?<td><strong>1</strong></td>\s*<td><strong>0</strong></td>"
        r"\s*<td><strong>1</strong></td>",
        html,
        re.S,
    )
    version = answer.headers["X-Table-Version"]
    assert f'data-version="{version}"' in html
    again = winner_post(client, table, "2", "k-1", **SCRIPT)
    assert again.status_code == 200 and again.headers["X-Saved-Round"] == "2"
    rounds = client.get(f"/api/v1/tables/{table}").json["rounds"]
    assert [r["input"]["winner"] for r in rounds] == [0, 2]


def test_without_the_script_the_answer_stays_a_redirect(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """A plain form post (no JavaScript): 302 to the table page, as before."""
    table, token = make_table("terroristen", players=["Anna", "Ben", "Cem"])
    become_editor(client, table, token)
    answer = winner_post(client, table, "1", "k-2")
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/t/{table}")


@pytest.mark.parametrize(
    ("variant", "players", "buttons"),
    [
        ("terroristen", ["Anna", "Ben", "Cem"], ["Anna", "Ben", "Cem"]),
        ("doppel", ["Anna", "Ben", "Cem", "Dora"], ["Anna + Cem", "Ben + Dora"]),
    ],
)
def test_one_tap_buttons_save_and_name_their_undo(
    client: FlaskClient,
    make_table: TableMaker,
    become_editor: Claim,
    variant: str,
    players: list[str],
    buttons: list[str],
) -> None:
    """The table page shows one button per winner in a small form post; a tap saves the game
    and the undo names it ("Rückgängig: Spiel 1 — Sieg …")."""
    table, token = make_table(variant, players=players)
    become_editor(client, table, token)
    page = client.get(f"/t/{table}").get_data(as_text=True)
    form = re.search(r"<form[^>]*data-one-tap.*?</form>", page, re.S)
    assert form is not None
    values = re.findall(r'<button[^>]*name="winner" value="([^"]*)"', form.group(0))
    assert values == (["0", "1", "2"] if variant == "terroristen" else ["A", "B"])
    for name in buttons:
        assert name in form.group(0)
    key = re.search(r'name="idempotency_key"[^>]*value="([^"]+)"', form.group(0))
    assert key is not None
    saved = winner_post(client, table, values[-1], key.group(1))
    assert saved.status_code == 302
    after = client.get(f"/t/{table}").get_data(as_text=True)
    who = "Cem" if variant == "terroristen" else "Team B (Ben + Dora)"
    assert f"Rückgängig: Spiel 1 — Sieg {who}" in after


def test_no_one_tap_buttons_for_a_viewer_or_a_form_variant(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """A viewer sees no buttons; Dynamisch (a form of hands) has none."""
    table, _token = make_table("terroristen", players=["Anna", "Ben", "Cem"])
    assert "data-one-tap" not in client.get(f"/t/{table}").get_data(as_text=True)
    other, token = make_table("dynamisch")
    become_editor(client, other, token)
    assert "data-one-tap" not in client.get(f"/t/{other}").get_data(as_text=True)
