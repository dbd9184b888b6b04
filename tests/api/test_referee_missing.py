"""docs/api.md §1 "Missing information": an answer, not an error (over real HTTP)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

URL = "/api/v1/referee"


def ask(client: FlaskClient, **body: Any) -> dict[str, Any]:
    """POST a question and return the 200 answer."""
    response = client.post(URL, json={"lang": "de", **body})
    assert response.status_code == 200, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


@pytest.mark.parametrize("variant", ["dynamisch", "terroristen", "doppel"])
def test_jack_on_a_different_jack_needs_no_wish(client: FlaskClient, variant: str) -> None:
    """Never allowed, whatever the wish: the plain answer, no cases."""
    data = ask(client, variant=variant, players=4, situation={"top": "HJ"}, action={"play": ["SJ"]})
    assert data["legal"] is False and "cases" not in data


def test_depends_on_the_wish(client: FlaskClient) -> None:
    """♠7 on ♥J: only the spades wish allows it; one line says so, the cases list each."""
    data = ask(
        client, variant="dynamisch", players=4, situation={"top": "HJ"}, action={"play": ["S7"]}
    )
    assert data["legal"] is None
    assert data["reason"] == "Kommt auf den Wunsch an: Pik gewünscht → ja, sonst nein."
    verdicts = {case["if"]["wish"]["suit"]: case["legal"] for case in data["cases"]}
    # dyn.jack.wish: the hearts jack's player could not have named hearts.
    assert verdicts == {"C": False, "S": True, "D": False}
    spades = next(case for case in data["cases"] if case["legal"])
    assert {"type": "draw", "who": "next", "count": 1, "rule": "dyn.7"} in spades["effects"]


def test_depends_on_the_number_of_players(client: FlaskClient) -> None:
    """A Deluxe 10 as last card: only with two players is it a plain card (dlx.lastcard)."""
    data = ask(
        client,
        variant="deluxe",
        situation={"top": "H7", "hand": ["H10"]},
        action={"play": ["H10"]},
        lang="en",
    )
    assert data["legal"] is None
    assert data["reason"] == "Depends on the number of players: 2 players → yes, otherwise no."
    two = [case for case in data["cases"] if case["if"]["players"] == 2]
    assert len(two) == 1 and two[0]["legal"] is True
    assert all(case["legal"] is False for case in data["cases"] if case["if"]["players"] != 2)


def test_players_left_out_that_do_not_matter_are_the_default(client: FlaskClient) -> None:
    """Without players, a verdict that does not depend on them is the plain answer."""
    question = {"variant": "dynamisch", "situation": {"top": "H8"}, "action": {"play": ["H9"]}}
    assert ask(client, **question) == ask(client, **question, players=4)


def test_a_malformed_question_is_still_400(client: FlaskClient) -> None:
    """A card that does not exist stays an error, with the missing wish filled in or not."""
    response = client.post(
        URL, json={"variant": "dynamisch", "situation": {"top": "HJ"}, "action": {"play": ["H1"]}}
    )
    assert response.status_code == 400
    assert response.get_json()["field"] == "action.play[0]"
