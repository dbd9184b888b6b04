"""Mau-Mau tables through the API: both scorings, money, and 400s naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


def table(client: FlaskClient, options: dict[str, Any], players: int = 4) -> tuple[str, str]:
    """A new Mau-Mau table: its id and edit token."""
    names = ["Anna", "Ben", "Cem", "Dora", "Eva", "Fritz"][:players]
    answer = client.post(
        "/api/v1/tables",
        json={"variant": "maumau", "name": "Familie", "players": names, "options": options},
    )
    assert answer.status_code == 201, answer.json
    return answer.json["id"], answer.json["edit_token"]


def add(client: FlaskClient, tid: str, token: str, body: dict[str, Any]) -> Any:
    """Post one round."""
    return client.post(f"/api/v1/tables/{tid}/rounds", json=body, headers={"X-Edit-Token": token})


def test_wins_with_a_rate_each_loser_pays_the_winner(client: FlaskClient) -> None:
    """mau.score.wins over 3 games, mau.money: 10 cents per game from each loser."""
    tid, token = table(client, {"games": 3, "rate_cents": 10})
    for winner in (0, 0, 2):
        assert add(client, tid, token, {"winner": winner}).status_code == 201
    standing = client.get(f"/api/v1/tables/{tid}").json
    assert standing["totals"] == [2, 0, 1, 0]
    assert standing["finished"] is True and standing["winner"] == 0
    settlement = standing["settlement"]
    # Anna won 2 games: 2 × 3 × 10 in, 1 × 10 out = 50; Cem 30 − 20 = 10; Ben, Dora −30.
    assert settlement["amounts_cents"] == [50, -30, 10, -30]


def test_points_to_the_limit_jack_doubles_fewest_wins(client: FlaskClient) -> None:
    """mau.score.points: a jack-ended game counts double; the table ends at 100."""
    tid, token = table(client, {"scoring": "points", "rate_cents": 1})
    assert add(client, tid, token, {"winner": 1, "points": [12, 0, 30, 7]}).status_code == 201
    done = add(client, tid, token, {"winner": 3, "points": [10, 25, 40, 0], "jack_end": True})
    assert done.status_code == 201
    standing = client.get(f"/api/v1/tables/{tid}").json
    assert standing["totals"] == [32, 50, 110, 7]
    assert standing["finished"] is True and standing["winner"] == 3
    settlement = standing["settlement"]
    # dyn.money: Cem (110) pays Dora (7) 103, Ben (50) pays Anna (32) 18.
    assert settlement["amounts_cents"] == [18, -18, -103, 103]


def test_house_rules_listed_and_used_by_the_tables_options(client: FlaskClient) -> None:
    """The table JSON lists every house rule with its default or the value given."""
    answer = client.post(
        "/api/v1/tables",
        json={
            "variant": "maumau",
            "name": "X",
            "players": ["A", "B"],
            "options": {"nine": "reverse"},
        },
    )
    options = answer.json["options"]
    assert options["nine"] == "reverse" and options["seven"] == "stack"
    assert options["jack_last"] is True and options["scoring"] == "wins"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"scoring": "both"}, "options.scoring"),
        ({"scoring": "points", "games": 5}, "options.games"),
        ({"cards": 8}, "options.cards"),
        ({"limit": 5}, "options.limit"),
        ({"seven": "pass"}, "options.seven"),
        ({"nine": "may"}, "options.nine"),
        ({"multi": "rank"}, "options.multi"),
        ({"rate_cents": -1}, "options.rate_cents"),
    ],
)
def test_bad_options_are_400_naming_the_field(
    client: FlaskClient, options: dict[str, Any], field: str
) -> None:
    """An unknown option or value, or options that do not fit together."""
    answer = client.post(
        "/api/v1/tables",
        json={"variant": "maumau", "name": "X", "players": ["A", "B", "C"], "options": options},
    )
    assert answer.status_code == 400 and answer.json["field"] == field, answer.json


def test_seven_cards_for_six_players_do_not_fit_one_deck(client: FlaskClient) -> None:
    """cards 5–7, and every hand plus a start card must come from 32 cards."""
    answer = client.post(
        "/api/v1/tables",
        json={"variant": "maumau", "name": "X", "players": list("ABCDEF"), "options": {"cards": 6}},
    )
    assert answer.status_code == 400 and answer.json["field"] == "options.cards"


@pytest.mark.parametrize(
    ("options", "body", "field"),
    [
        ({}, {}, "winner"),
        ({}, {"winner": 4}, "winner"),
        ({}, {"winner": 1, "points": [1, 0, 2, 3]}, "points"),
        ({"scoring": "points"}, {"winner": 1}, "points"),
        ({"scoring": "points"}, {"winner": 1, "points": [1, 0, 2]}, "points"),
        ({"scoring": "points"}, {"winner": 1, "points": [1, 3, 2, 3]}, "points[1]"),
        ({"scoring": "points"}, {"winner": 1, "points": [-1, 0, 2, 3]}, "points[0]"),
        ({"scoring": "points"}, {"winner": 1, "points": [1, 0, 2, 3], "jack_end": 1}, "jack_end"),
    ],
)
def test_bad_rounds_are_400_naming_the_field(
    client: FlaskClient, options: dict[str, Any], body: dict[str, Any], field: str
) -> None:
    """A missing or unknown winner, points where wins are counted, a winner with points."""
    tid, token = table(client, options)
    answer = add(client, tid, token, body)
    assert answer.status_code == 400 and answer.json["field"] == field, answer.json


def test_referee_of_a_maumau_question_uses_its_house_rules(client: FlaskClient) -> None:
    """POST /api/v1/referee with Mau-Mau's own ``seven`` (not Terroristen's choices)."""
    body = {
        "variant": "maumau",
        "situation": {"top": "H7", "pending": {"draw": 2}},
        "action": {"play": ["S7"]},
        "lang": "en",
    }
    assert client.post("/api/v1/referee", json=body).json["rule"] == "mau.7"
    drawn = client.post("/api/v1/referee", json={**body, "options": {"seven": "draw2"}}).json
    assert (drawn["legal"], drawn["rule"]) == (False, "mau.house.seven")
    wrong = client.post("/api/v1/referee", json={**body, "options": {"seven": "pass"}})
    assert wrong.status_code == 400 and wrong.json["field"] == "options.seven"
