"""Property tests of the JSON API (docs/api.md): whatever JSON a client sends, the answer is a 2xx
or a 4xx in the contract's shape `{"error": "<sentence>", "field": ...}`, never a 500.

Bodies are random JSON shapes (nulls, numbers as strings, lists for objects, huge numbers,
unicode), the referee examples with random fields replaced, and plausible questions of the
five variants; the referee's legal answers are checked against docs/api.md's effect shapes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from app.engine import deck
from app.variants.registry import VARIANT_IDS

VARIANTS = list(VARIANT_IDS)
EXAMPLES = [
    case["request"]
    for case in json.loads((Path(__file__).parents[1] / "data/referee-examples.json").read_text())
]
KEYS = [
    "variant",
    "players",
    "options",
    "situation",
    "top",
    "below",
    "wish",
    "pending",
    "hand",
    "action",
    "play",
    "draw",
    "suit",
    "rank",
    "stack2",
    "hands",
    "jacks",
    "others",
    "cards",
    "winner",
    "points",
    "games",
    "rate_cents",
    "target",
    "partner",
    "next_dealer",
    "x",
]
WORDS = [
    *VARIANTS,
    "H7",
    "CJ",
    "♥7",
    "W+4",
    "Y+2",
    "S",
    "10",
    "A",
    "B",
    "on_turn",
    "other",
    "en",
    "de",
    "winner-takes",
    "own-points",
    "",
    "ß",
    "🂡",
]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(WORDS),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)
    ),
    max_leaves=15,
)
EFFECT_FIELDS = {
    "draw": {"who", "count"},
    "skip": {"who", "count"},
    "again": {"count"},
    "show": {"from", "to", "count"},
    "turn": {"who"},
    "remind": {"rule"},
    "reverse": set(),
    "wedding": set(),
    "out": set(),
    "wish": set(),
}
FUZZ = settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def contract(response: TestResponse) -> dict[str, Any]:
    """The JSON answer; a 4xx must be exactly {"error": sentence, "field": path or null}."""
    data = response.get_json()
    assert response.status_code < 500, (response.status_code, data)
    assert isinstance(data, dict), response.data[:200]
    if response.status_code >= 400:
        assert set(data) >= {"error", "field"}, data
        assert isinstance(data["error"], str) and data["error"], data
        assert data["field"] is None or isinstance(data["field"], str), data
    return data


def ask_referee(client: FlaskClient, payload: Any) -> dict[str, Any]:
    """POST a body to the referee; a 200 must carry docs/api.md's fields and effect shapes."""
    response = client.post(
        "/api/v1/referee", data=json.dumps(payload), content_type="application/json"
    )
    data = contract(response)
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 200:
        # docs/api.md §1 "Missing information": legal null carries the cases.
        assert set(data) - {"cases"} == {
            "legal",
            "rule",
            "reason",
            "interpretation",
            "penalty",
            "effects",
        }
        assert (data["legal"] is None) == ("cases" in data)
        assert data["legal"] in (True, False, None) and data["rule"] and data["reason"]
        assert data["penalty"] is None or not data["legal"]
        assert data["effects"] == [] or data["legal"]
        for effect in data["effects"]:
            assert set(effect) >= EFFECT_FIELDS[effect["type"]], effect
            if effect["type"] == "draw":
                assert effect["who"] in ("you", "next", "previous") and effect["count"] > 0
            if effect["type"] == "wish":
                assert len({"suit", "rank", "choices"} & set(effect)) == 1, effect
    return data


@FUZZ
@given(JSON)
def test_referee_any_json_is_answered_in_the_contract(client: FlaskClient, payload: Any) -> None:
    """Random JSON of any shape: 200 or a 400 in the contract's shape."""
    ask_referee(client, payload)


PATHS = [
    ("variant",),
    ("players",),
    ("options",),
    ("options", "stack2"),
    ("situation",),
    ("situation", "top"),
    ("situation", "below"),
    ("situation", "wish"),
    ("situation", "wish", "suit"),
    ("situation", "wish", "by_you"),
    ("situation", "pending"),
    ("situation", "pending", "draw"),
    ("situation", "hand"),
    ("situation", "drew"),
    ("situation", "hand_count"),
    ("situation", "top_was_last"),
    ("actor",),
    ("action",),
    ("action", "play"),
    ("action", "wish"),
    ("action", "draw"),
    ("lang",),
]


def replaced(example: dict[str, Any], changes: list[tuple[tuple[str, ...], Any]]) -> Any:
    """A deep copy of the example with the value at each path replaced (objects made as
    needed; a path through a non-object is skipped)."""
    payload = json.loads(json.dumps(example))
    for path, value in changes:
        node = payload
        for key in path[:-1]:
            node = node.setdefault(key, {}) if isinstance(node, dict) else None
        if isinstance(node, dict):
            node[path[-1]] = value
    return payload


@FUZZ
@given(
    st.sampled_from(EXAMPLES),
    st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=3),
)
def test_referee_examples_with_fields_replaced(
    client: FlaskClient, example: dict[str, Any], changes: list[tuple[tuple[str, ...], Any]]
) -> None:
    """The shared examples with one to three fields replaced by random JSON."""
    ask_referee(client, replaced(example, changes))


CODES = {variant: sorted({str(card) for card in deck(variant, 4)}) for variant in VARIANTS}
WISHES = [{"suit": suit} for suit in "CSHDRGBY"] + [
    {"rank": rank} for rank in ("7", "9", "10", "J", "A")
]


@st.composite
def questions(draw: st.DrawFn) -> dict[str, Any]:
    """A well-formed question of a random variant (the engine may still call it illegal)."""
    variant = draw(st.sampled_from(VARIANTS))
    card = st.sampled_from(CODES[variant])
    situation: dict[str, Any] = {"top": draw(card)}
    for key, value in (
        ("below", card),
        ("wish", st.sampled_from(WISHES)),
        (
            "pending",
            st.dictionaries(
                st.sampled_from(["draw", "skip", "again"]), st.integers(0, 12), max_size=1
            ),
        ),
        ("hand", st.lists(card, max_size=6)),
    ):
        if draw(st.booleans()):
            situation[key] = draw(value)
    action: dict[str, Any] = (
        {"draw": True}
        if draw(st.integers(0, 3)) == 0
        else {"play": draw(st.lists(card, min_size=1, max_size=3))}
    )
    if "play" in action and draw(st.booleans()):
        action["wish"] = draw(st.sampled_from(WISHES))
    question = {
        "variant": variant,
        "players": draw(st.integers(2, 6)),
        "situation": situation,
        "actor": draw(st.sampled_from(["on_turn", "other"])),
        "action": action,
        "lang": draw(st.sampled_from(["de", "en"])),
    }
    if variant == "speedone":
        question["options"] = {"stack2": draw(st.booleans()), "stack4": draw(st.booleans())}
    return question


@FUZZ
@given(questions())
def test_referee_plausible_questions_answer_in_api_shapes(
    client: FlaskClient, question: dict[str, Any]
) -> None:
    """Plausible questions: legal answers carry docs/api.md's effects with their fields."""
    ask_referee(client, question)


TABLES = [
    ("dynamisch", {"games": 3, "rate_cents": 7}),
    ("deluxe", {"rounds": 3, "rate_cents": 3}),
    ("speedone", {"target": 200}),
    ("speedone", {"target": 200, "partner": True}),
    ("speedone", {"target": 200, "scoring": "own-points", "rate_cents": 2}),
    ("terroristen", {"games": 4}),
    ("doppel", {}),
]
ENTRY = JSON | st.fixed_dictionaries(
    {},
    optional={
        "jacks": st.integers(-1, 9),
        "others": st.integers(-1, 60),
        "holds_named_suit": st.booleans(),
        "numbers": st.integers(0, 200),
        "actions": st.integers(0, 25),
        "wilds": st.integers(0, 9),
    },
)
ROUNDS = JSON | st.fixed_dictionaries(
    {},
    optional={
        "hands": st.lists(ENTRY | st.none(), min_size=3, max_size=5) | JSON,
        "jack_suit": st.sampled_from(["C", "S", "H", "D", "x"]) | JSON,
        "cards": st.lists(st.integers(-1, 49), min_size=3, max_size=5) | JSON,
        "winner": st.integers(-1, 4) | st.sampled_from(["A", "B", "C"]) | JSON,
        "points": st.lists(st.integers(-1, 700), min_size=3, max_size=5) | JSON,
        "next_dealer": st.integers(-1, 5) | JSON,
        "version": st.integers(0, 5) | JSON,
    },
)


@pytest.fixture
def tables(client: FlaskClient) -> list[tuple[str, dict[str, str]]]:
    """One table per variant and mode: its id and its edit-token header."""
    made = []
    for variant, options in TABLES:
        answer = client.post(
            "/api/v1/tables",
            json={
                "variant": variant,
                "players": ["Anna", "Ben", "Cem", "Dora"],
                "options": options,
            },
        )
        made.append((answer.json["id"], {"X-Edit-Token": answer.json["edit_token"]}))
    return made


@FUZZ
@given(
    st.integers(0, len(TABLES) - 1),
    st.sampled_from(["post", "put", "delete", "undo"]),
    ROUNDS,
    st.integers(-1, 6),
    st.none() | st.sampled_from(["1", '"2"', "*", "x", "", 'W/"1"', "²"]),
)
def test_rounds_any_json_keeps_the_table_consistent(
    client: FlaskClient,
    tables: list[tuple[str, dict[str, str]]],
    which: int,
    method: str,
    payload: Any,
    number: int,
    if_match: str | None,
) -> None:
    """Random round bodies, numbers and If-Match headers on every variant: the contract's
    statuses and shape; rounds stay numbered 1..n and a settlement stays zero-sum."""
    table, headers = tables[which]
    if if_match is not None:
        headers = {**headers, "If-Match": if_match}
    data = json.dumps(payload)
    url = f"/api/v1/tables/{table}/rounds"
    if method == "post":
        response = client.post(url, data=data, content_type="application/json", headers=headers)
    elif method == "put":
        response = client.put(
            f"{url}/{number}", data=data, content_type="application/json", headers=headers
        )
    elif method == "delete":
        response = client.delete(f"{url}/{number}", headers=headers)
    else:
        response = client.post(f"/api/v1/tables/{table}/undo", headers=headers)
    contract(response)
    assert response.status_code in (200, 201, 400, 404, 409), response.status_code
    state = contract(client.get(f"/api/v1/tables/{table}"))
    assert [r["number"] for r in state["rounds"]] == list(range(1, len(state["rounds"]) + 1))
    if state["settlement"] is not None:
        assert sum(state["settlement"]["amounts_cents"]) == 0


@FUZZ
@given(
    JSON
    | st.fixed_dictionaries(
        {},
        optional={
            "variant": st.sampled_from(VARIANTS) | JSON,
            "name": JSON,
            "players": st.lists(st.text(max_size=42) | JSON, max_size=11) | JSON,
            "options": st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4) | JSON,
        },
    )
)
def test_create_table_any_json_is_201_or_400(client: FlaskClient, payload: Any) -> None:
    """Random table bodies: 201 with an edit token, or a 400 in the contract's shape."""
    response = client.post(
        "/api/v1/tables", data=json.dumps(payload), content_type="application/json"
    )
    data = contract(response)
    assert response.status_code in (201, 400)
    if response.status_code == 201:
        assert data["edit_token"] and data["rounds"] == []


@pytest.mark.postgres
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.text(max_size=12),
    st.lists(st.text(min_size=1, max_size=6), min_size=4, max_size=4),
    st.text(min_size=1, max_size=20),
)
def test_postgres_takes_or_refuses_any_text(
    pg_app: Flask, name: str, players: list[str], table_id: str
) -> None:
    """PostgreSQL refuses some text SQLite keeps (NUL): names and table ids of any Unicode are
    a 201, a 400 or a 404 there too, never a 500 (needs TEST_DATABASE_URL)."""
    client = pg_app.test_client()
    created = client.post(
        "/api/v1/tables",
        data=json.dumps({"variant": "doppel", "name": name, "players": players}),
        content_type="application/json",
    )
    contract(created)
    assert created.status_code in (201, 400)
    looked_up = client.get(f"/api/v1/tables/{quote(table_id, safe='')}")
    contract(looked_up)
    assert looked_up.status_code in (200, 404)
