"""POST /api/v1/referee over real HTTP: the docs/api.md §1 contract, its 400s, and languages."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask.testing import FlaskClient

from app.engine.fields import field_words
from app.text import say
from app.variants.registry import VARIANT_IDS
from tests.variants.examples import examples

URL = "/api/v1/referee"
BASE: dict[str, Any] = {
    "variant": "dynamisch",
    "players": 4,
    "situation": {"top": "HQ", "below": "H9", "hand": ["CJ", "S7", "H9"]},
    "actor": "on_turn",
    "action": {"play": ["CJ"], "wish": {"suit": "S"}},
    "lang": "en",
}


def body(**changes: Any) -> dict[str, Any]:
    """BASE with top-level keys replaced (None removes the key)."""
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return data


def test_contract_shape(client: FlaskClient) -> None:
    """A legal play answers 200 with exactly the docs/api.md fields."""
    response = client.post(URL, json=body())
    assert response.status_code == 200
    data = response.get_json()
    assert set(data) == {"legal", "rule", "reason", "interpretation", "penalty", "effects"}
    assert (data["legal"], data["rule"], data["penalty"]) == (True, "dyn.jack.match", None)
    assert data["effects"][0] == {"type": "wish", "suit": "S", "rule": "dyn.jack.wish"}
    assert data["effects"][-1]["type"] == "turn"


def test_api_md_example_reason(client: FlaskClient) -> None:
    """The illegal jack of the response example of docs/api.md, word for word."""
    data = client.post(
        URL, json=body(situation={"top": "CQ"}, action={"play": ["CJ"], "wish": {"suit": "H"}})
    ).get_json()
    assert data == {
        "legal": False,
        "rule": "dyn.jack.match",
        "reason": (
            "A jack may only be played when it does not serve: the clubs jack would serve the "
            "clubs queen."
        ),
        "interpretation": None,
        "penalty": None,
        "effects": [],
    }


def test_languages(client: FlaskClient) -> None:
    """lang=de (the default) and lang=en give the reason and interpretation in that language."""
    question = body(
        variant="deluxe", situation={"top": "SQ", "wish": {"suit": "D"}}, action={"play": ["S7"]}
    )
    english = client.post(URL, json=question).get_json()
    german = client.post(URL, json=body(**{**question, "lang": "de"})).get_json()
    default = client.post(URL, json=body(**{**question, "lang": None})).get_json()
    assert english["reason"] == "The wish is diamonds: discard it or draw one card."
    assert german["reason"] == "Gewünscht ist Karo: Leg das ab oder zieh eine Karte."
    assert default == german
    assert english["interpretation"].startswith("the wish stays in force")
    assert german["interpretation"].startswith("Der Wunsch gilt")
    assert english["penalty"] == {"take_back": True, "draw": 2}


def test_symbols_and_lower_case_are_normalised(client: FlaskClient) -> None:
    """Input may use ♥ and lower case; effects name canonical codes."""
    data = client.post(
        URL, json=body(situation={"top": "♣7"}, actor="on_turn", action={"play": ["cq"]})
    ).get_json()
    assert data["legal"] is True
    assert {"type": "wedding", "who": "you", "card": "CK", "rule": "dyn.wedding"} in data["effects"]


BAD = [
    pytest.param(body(variant="skat"), "variant", id="unknown-variant"),
    pytest.param(body(variant=None), "variant", id="missing-variant"),
    pytest.param(body(situation={"top": "X9"}), "situation.top", id="bad-card-code"),
    pytest.param(body(situation=None), "situation", id="missing-situation"),
    pytest.param(body(situation={"below": "H7"}), "situation.top", id="missing-top"),
    pytest.param(body(action=None), "action", id="missing-action"),
    pytest.param(
        body(variant="deluxe", situation={"top": "D7"}, action={"play": ["D9"]}),
        "action.play[0]",
        id="card-not-in-deluxe",
    ),
    pytest.param(
        body(variant="speedone", situation={"top": "H7"}, action={"play": ["R7"]}),
        "situation.top",
        id="skat-card-in-speedone",
    ),
    pytest.param(body(situation={"top": "R5"}), "situation.top", id="speedone-card-in-skat"),
    pytest.param(
        body(action={"play": ["CJ"], "wish": {"rank": "7"}}),
        "action.wish.rank",
        id="wish-of-wrong-kind",
    ),
    pytest.param(
        body(action={"play": ["S7"], "wish": {"suit": "C"}}),
        "action.wish",
        id="wish-on-card-that-cannot-wish",
    ),
    pytest.param(
        body(
            variant="deluxe",
            situation={"top": "D7"},
            action={"play": ["DJ"], "wish": {"rank": "8"}},
        ),
        "action.wish.rank",
        id="wish-rank-not-in-deck",
    ),
    pytest.param(
        body(situation={"top": "H7", "wish": {"suit": "C"}}),
        "situation.wish",
        id="wish-on-top-that-cannot-wish",
    ),
    pytest.param(
        body(situation={"top": "HJ", "below": "S8", "wish": {"suit": "S"}}),
        "situation.wish",
        id="wish-its-player-could-not-name",
    ),
    pytest.param(body(players=7), "players", id="players-above-range"),
    pytest.param(body(players=1), "players", id="players-below-range"),
    pytest.param(
        body(variant="doppel", players=5, situation={"top": "H7"}, action={"play": ["H8"]}),
        "players",
        id="doppel-five-players",
    ),
    pytest.param(body(players="4"), "players", id="players-not-a-number"),
    pytest.param(body(action={"play": ["S8"]}), "action.play[0]", id="played-card-not-in-hand"),
    pytest.param(
        body(action={"play": ["S7", "S7"]}), "action.play[1]", id="played-card-twice-held-once"
    ),
    pytest.param(
        body(situation={"top": "HQ", "hand": ["H9", "S7", "H9", "H9"]}, action={"play": ["S7"]}),
        "situation.hand",
        id="hand-names-a-card-thrice",
    ),
    pytest.param(
        body(situation={"top": "HQ", "below": "HQ", "hand": ["HQ"]}, action={"play": ["HQ"]}),
        "situation.hand",
        id="pile-and-hand-thrice",
    ),
    pytest.param(
        body(
            variant="deluxe", situation={"top": "D7", "hand": ["D7", "D9"]}, action={"play": ["D7"]}
        ),
        "situation.hand[1]",
        id="hand-card-not-in-deck",
    ),
    pytest.param(body(action={"play": []}), "action.play", id="empty-play"),
    pytest.param(body(action={"play": ["S7"], "draw": True}), "action", id="play-and-draw"),
    pytest.param(body(action={"play": "S7"}), "action.play", id="play-not-a-list"),
    pytest.param(body(lang="fr"), "lang", id="unknown-lang"),
    pytest.param(body(actor="dealer"), "actor", id="unknown-actor"),
    pytest.param(body(options={"stack2": True}), "options.stack2", id="option-of-other-variant"),
    pytest.param(
        body(situation={"top": "H7", "pending": {"draw": -1}}),
        "situation.pending.draw",
        id="negative-pending",
    ),
    pytest.param(
        body(situation={"top": "H9", "pending": {"draw": 1}}),
        "situation.pending.draw",
        id="pending-draw-without-seven",
    ),
    pytest.param(
        body(situation={"top": "HJ", "wish": {"suit": "C", "by_you": True}}),
        "situation.wish.by_you",
        id="deluxe-flag-elsewhere",
    ),
    pytest.param(body(situation={"top": "H7", "hend": []}), "situation.hend", id="unknown-field"),
    # Found by the contract check: a list or object as variant was a 500 (unhashable).
    pytest.param(body(variant=["dynamisch"]), "variant", id="variant-a-list"),
    pytest.param(body(variant={"id": "dynamisch"}), "variant", id="variant-an-object"),
    pytest.param(body(players=True), "players", id="players-a-boolean"),
    pytest.param(body(players=4.5), "players", id="players-a-fraction"),
    # Found by the contract check: falsy values were silently taken as "not given".
    pytest.param(body(situation={"top": "HQ", "below": 0}), "situation.below", id="below-zero"),
    pytest.param(body(situation={"top": "HQ", "below": ""}), "situation.below", id="below-empty"),
    pytest.param(
        body(situation={"top": "HJ", "wish": {}}), "situation.wish", id="situation-wish-empty"
    ),
    pytest.param(body(action={"play": ["CJ"], "wish": {}}), "action.wish", id="action-wish-empty"),
    pytest.param(body(action={"play": ["CJ"], "wish": []}), "action.wish", id="action-wish-a-list"),
]


def names_field(field: str, error: str, lang: str) -> bool:
    """The sentence names the field in words (the shape checks shared by the whole API by
    their own words: "Der Wunsch", "The wish"), never by its path in brackets."""
    words = say(field_words(field), lang)
    said = words in error or error.startswith(("Der ", "Die ", "Das ", "The "))
    return said and f"({field})" not in error


@pytest.mark.parametrize(("request_body", "field"), BAD)
def test_bad_requests_answer_400_naming_the_field(
    client: FlaskClient, request_body: dict[str, Any], field: str
) -> None:
    """Every malformed request is a 400 with a sentence that names the field."""
    response = client.post(URL, json=request_body)
    assert response.status_code == 400
    data = response.get_json()
    assert data["field"] == field
    lang = request_body.get("lang")
    assert names_field(field, data["error"], lang if lang in ("de", "en") else "de")


@pytest.mark.parametrize(
    ("raw", "message"),
    [("not json", "must be JSON"), ("[1, 2]", "must be a JSON object"), ("", "must be JSON")],
)
def test_body_must_be_a_json_object(client: FlaskClient, raw: str, message: str) -> None:
    """A body that is not a JSON object is a 400 too, never a 500 (English as asked for: with
    no readable body the request's language decides, German by default)."""
    response = client.post(f"{URL}?lang=en", data=raw, content_type="application/json")
    assert response.status_code == 400
    assert message in response.get_json()["error"]


def test_bad_card_message_quotes_the_code(client: FlaskClient) -> None:
    """The error quotes the bad value and says what the limit is."""
    data = client.post(
        URL, json=body(variant="deluxe", situation={"top": "D7"}, action={"play": ["D9"]})
    ).get_json()
    assert '"D9"' in data["error"] and "without 8s and 9s" in data["error"]


@pytest.mark.parametrize(("request_body", "field"), BAD)
def test_bad_requests_answer_in_the_request_language(
    client: FlaskClient, request_body: dict[str, Any], field: str
) -> None:
    """The 400 follows the request's lang like the reasons: German by default (also when
    lang itself cannot be read), English for lang=en; both name the field."""
    german_body = {
        key: value for key, value in request_body.items() if key != "lang" or field == "lang"
    }
    german = client.post(URL, json=german_body).get_json()
    english = client.post(URL, json=request_body).get_json()
    assert german["field"] == english["field"] == field
    assert names_field(field, german["error"], "de")
    if request_body.get("lang") == "en":
        assert names_field(field, english["error"], "en")
    if request_body.get("lang") == "en":
        assert german["error"] != english["error"]


def test_german_error_is_the_default(client: FlaskClient) -> None:
    """Without lang the error is German, word for word; with lang=en English."""
    question = body(variant="deluxe", situation={"top": "D7"}, action={"play": ["D9"]})
    german = client.post(URL, json={**question, "lang": "de"}).get_json()
    assert client.post(URL, json=body(**{**question, "lang": None})).get_json() == german
    assert german["error"] == (
        'Gespielte Karte: "D9" gibt es in Deluxe nicht '
        "(zwei Skatblätter ohne 8 und 9: C/S/H/D mit 7, 10, J, Q, K, "
        "A)."
    )
    assert german["field"] == "action.play[0]"  # the path stays in the field
    bad_code = client.post(URL, json=body(situation={"top": "X9"}, lang="de")).get_json()
    assert bad_code["error"].startswith('Oberste Karte: "X9" ist kein Kartencode')


def test_ter_multi_pending_again_on_any_top(client: FlaskClient) -> None:
    """ter.multi: after two aces the second extra card lies on the first one (no 400)."""
    response = client.post(
        URL,
        json=body(
            variant="terroristen",
            players=2,
            situation={"top": "DQ", "below": "DK", "pending": {"again": 1}, "hand": ["D9"]},
            action={"play": ["D9"]},
        ),
    )
    assert response.status_code == 200
    assert (response.get_json()["legal"], response.get_json()["rule"]) == (True, "ter.ace")


def test_spd_start_wild_top_without_a_wish(client: FlaskClient) -> None:
    """spd.start (I): a wild start card names no colour; any card goes on it."""
    wild = client.post(
        URL,
        json=body(
            variant="speedone",
            situation={"top": "W"},
            action={"play": ["W+4"], "wish": {"suit": "G"}},
        ),
    )
    assert wild.status_code == 200 and wild.get_json()["legal"] is True
    colour = client.post(
        URL, json=body(variant="speedone", situation={"top": "W"}, action={"play": ["G5"]})
    ).get_json()
    assert (colour["legal"], colour["rule"]) == (True, "spd.start")
    assert colour["interpretation"].startswith("the turned-up start card has no effect")


@pytest.mark.parametrize(
    ("request_body", "status", "field"),
    [
        (
            body(
                variant="doppel",
                situation={"top": "C10", "hand": ["H7"], "drew": True},
                action={"draw": True},
            ),
            200,
            None,
        ),
        (
            body(variant="doppel", situation={"top": "C10", "drew": "yes"}, action={"draw": True}),
            400,
            "situation.drew",
        ),
        (
            body(situation={"top": "C10", "drew": True}, action={"draw": True}),
            400,
            "situation.drew",
        ),
    ],
)
def test_dop_draw_situation_drew(
    client: FlaskClient, request_body: dict[str, Any], status: int, field: str | None
) -> None:
    """dop.draw: situation.drew (default false) says he has drawn this turn; a second draw
    is illegal; a non-boolean or another variant is a 400 naming the field."""
    response = client.post(URL, json=request_body)
    data = response.get_json()
    assert response.status_code == status
    if status == 200:
        assert (data["legal"], data["rule"]) == (False, "dop.draw")
        assert "already drew" in data["reason"]
    else:
        assert data["field"] == field


def test_spd_handlimit_from_situation_hand_count(client: FlaskClient) -> None:
    """spd.handlimit: situation.hand_count alone decides the 22-card limit; without it the
    pending cards are all drawn."""
    limited = client.post(
        URL,
        json=body(
            variant="speedone",
            situation={"top": "R+2", "pending": {"draw": 2}, "hand_count": 21},
            action={"draw": True},
        ),
    ).get_json()
    assert (limited["legal"], limited["rule"]) == (True, "spd.handlimit")
    assert {"type": "draw", "who": "you", "count": 1} in [
        {key: effect.get(key) for key in ("type", "who", "count")} for effect in limited["effects"]
    ]
    unknown = client.post(
        URL,
        json=body(
            variant="speedone",
            situation={"top": "R+2", "pending": {"draw": 2}},
            action={"draw": True},
        ),
    ).get_json()
    assert (unknown["legal"], unknown["rule"]) == (True, "spd.draw2")
    assert unknown["effects"][0]["count"] == 2


@pytest.mark.parametrize(
    ("situation", "action", "words"),
    [
        (
            {"top": "R5", "hand": ["R6", "G2"], "hand_count": 3},
            {"play": ["R6"]},
            "your hand lists 2",
        ),
        ({"top": "R5", "hand_count": "20"}, {"draw": True}, "whole number"),
        ({"top": "R5", "hand_count": -1}, {"draw": True}, "whole number"),
        ({"top": "R5", "hand_count": True}, {"draw": True}, "whole number"),
        ({"top": "R5", "hand_count": 0}, {"play": ["R6"]}, "cannot play more"),
    ],
)
def test_situation_hand_count_bad_is_a_400(
    client: FlaskClient, situation: dict[str, Any], action: dict[str, Any], words: str
) -> None:
    """situation.hand_count must be a whole number from 0 that agrees with a given hand; else
    a 400 whose sentence names the field in words."""
    response = client.post(URL, json=body(variant="speedone", situation=situation, action=action))
    data = response.get_json()
    assert response.status_code == 400
    assert data["field"] == "situation.hand_count"
    assert data["error"].startswith("Cards in your hand") and words in data["error"]
    german = client.post(
        URL, json=body(variant="speedone", situation=situation, action=action, lang="de")
    ).get_json()
    assert german["error"].startswith("Karten auf der Hand")


def test_whole_numbers_written_with_a_point_are_whole_numbers(client: FlaskClient) -> None:
    """JSON has one number type and the document says "integer" as JSON Schema does: players
    4.0, a pending draw of 2.0 and a hand_count of 3.0 are 4, 2 and 3 (as the tables take
    8.0 for 8); 4.5 players stays a 400 (BAD above)."""
    situation = {
        "top": "H7",
        "pending": {"draw": 2.0},
        "hand": ["S9", "C8", "HK"],
        "hand_count": 3.0,
    }
    response = client.post(URL, json=body(players=4.0, situation=situation, action={"draw": True}))
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    assert (data["legal"], data["rule"]) == (True, "dyn.7")
    assert data["effects"][0] == {"type": "draw", "who": "you", "count": 2, "rule": "dyn.7"}


def test_dop_lastcard_two_situation_top_was_last(client: FlaskClient) -> None:
    """dop.lastcard.two: a 7 that was its player's last card (situation.top_was_last)
    cannot be countered; by default (false) it can (dop.7)."""

    def countered(**flag: bool) -> dict[str, Any]:
        """Counter a pending 7 with a 7, three players still in."""
        situation = {"top": "H7", "pending": {"draw": 2}, **flag}
        return client.post(
            URL,
            json=body(variant="doppel", players=3, situation=situation, action={"play": ["S7"]}),
        ).get_json()

    assert (countered(top_was_last=True)["legal"], countered(top_was_last=True)["rule"]) == (
        False,
        "dop.lastcard.two",
    )
    assert (countered()["legal"], countered()["rule"]) == (True, "dop.7")
    assert countered(top_was_last=False)["legal"] is True
    for value, variant in (("yes", "doppel"), (True, "dynamisch")):
        response = client.post(
            URL,
            json=body(
                variant=variant,
                situation={"top": "H7", "top_was_last": value},
                action={"play": ["H8"]},
            ),
        )
        assert response.status_code == 400
        assert response.get_json()["field"] == "situation.top_was_last"
        assert "Top card was a last card" in response.get_json()["error"]


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_players_range_per_variant(client: FlaskClient, variant: str) -> None:
    """players: each variant's range (Doppel 2–4, players go out); outside it a 400."""
    low, high = examples(variant).REFEREE_PLAYERS
    for players, status in ((low - 1, 400), (low, 200), (high, 200), (high + 1, 400)):
        response = client.post(
            URL,
            json=body(
                variant=variant,
                players=players,
                situation={"top": examples(variant).PLAIN_TOP},
                action={"draw": True},
            ),
        )
        assert response.status_code == status, (players, response.get_json())
        if status == 400:
            assert response.get_json()["field"] == "players"


def test_defaults_players_actor_options(client: FlaskClient) -> None:
    """players 4, actor on_turn and Speedone's stack2/stack4 false are the defaults."""
    question = body(
        variant="speedone",
        players=None,
        actor=None,
        situation={"top": "Y+2", "pending": {"draw": 2}},
        action={"play": ["R+2"]},
    )
    explicit = {
        **question,
        "players": 4,
        "actor": "on_turn",
        "options": {"stack2": False, "stack4": False},
    }
    answer = client.post(URL, json=question).get_json()
    assert answer == client.post(URL, json=explicit).get_json()
    assert (answer["legal"], answer["rule"]) == (False, "spd.opt.stack2")
    stacked = client.post(URL, json={**question, "options": {"stack2": True}}).get_json()
    assert stacked["legal"] is True


TAKEN = [
    ("dynamisch", {"top": "C7", "pending": {"draw": 3}}, 3),
    ("deluxe", {"top": "CK", "pending": {"draw": 4}}, 4),
    ("speedone", {"top": "Y+2", "pending": {"draw": 2}}, 2),
    ("speedone", {"top": "W+4", "wish": {"suit": "R"}, "pending": {"draw": 8}}, 8),
    ("terroristen", {"top": "H7", "pending": {"draw": 4}}, 4),
    ("terroristen", {"top": "D9", "pending": {"draw": 2}}, 2),
    ("doppel", {"top": "D7", "pending": {"draw": 4}}, 4),
]


@pytest.mark.parametrize(("variant", "situation", "count"), TAKEN)
def test_pending_draw_taken_is_a_draw_for_you(
    client: FlaskClient, variant: str, situation: dict[str, Any], count: int
) -> None:
    """docs/api.md: a pending draw that is taken yields
    {"type": "draw", "who": "you", "count": N}."""
    data = client.post(
        URL, json=body(variant=variant, situation=situation, action={"draw": True})
    ).get_json()
    assert data["legal"] is True
    draw = data["effects"][0]
    assert {key: draw[key] for key in ("type", "who", "count")} == {
        "type": "draw",
        "who": "you",
        "count": count,
    }


PASSED = [
    ("dynamisch", {}, {"top": "C7", "pending": {"draw": 3}}, ["H7"], "next", 4),
    ("deluxe", {}, {"top": "CK", "pending": {"draw": 2}}, ["HK"], "next", 4),
    ("deluxe", {}, {"top": "CK", "pending": {"draw": 2}}, ["HK", "HK"], "next", 6),
    (
        "deluxe",
        {},
        {"top": "CK", "pending": {"draw": 2}, "hand": ["HK", "S7", "HK"]},
        ["HK", "HK"],
        "next",
        6,
    ),
    ("speedone", {"stack2": True}, {"top": "Y+2", "pending": {"draw": 2}}, ["R+2"], "next", 4),
    ("terroristen", {}, {"top": "D9", "pending": {"draw": 1}}, ["S9", "H9"], "previous", 3),
    ("doppel", {}, {"top": "D7", "pending": {"draw": 2}}, ["H7"], "next", 4),
]


@pytest.mark.parametrize(("variant", "options", "situation", "play", "who", "count"), PASSED)
def test_pending_draw_passed_on_grows_for_the_new_victim(
    client: FlaskClient,
    variant: str,
    options: dict[str, bool],
    situation: dict[str, Any],
    play: list[str],
    who: str,
    count: int,
) -> None:
    """docs/api.md: a pending draw passed on yields a draw effect for the new victim with the
    increased count (dyn.7, dlx.king, spd.draw2, ter.9, dop.7)."""
    data = client.post(
        URL, json=body(variant=variant, options=options, situation=situation, action={"play": play})
    ).get_json()
    assert data["legal"] is True
    draws = [effect for effect in data["effects"] if effect["type"] == "draw"]
    assert [(effect["who"], effect["count"]) for effect in draws] == [(who, count)]


@pytest.mark.parametrize(
    "request_body",
    [
        body(variant="x" * 100_000),
        body(situation={"top": "H" * 100_000}),
        body(situation=["H7"] * 20_000),
        body(lang="e" * 100_000),
    ],
)
def test_errors_quote_long_input_shortly(client: FlaskClient, request_body: dict[str, Any]) -> None:
    """Found by the contract check: the 400 echoed the whole bad value (100 kB back); the
    sentence quotes at most 40 characters of it."""
    response = client.post(URL, json=request_body)
    assert response.status_code == 400
    assert "..." in response.get_json()["error"]
    assert len(response.get_json()["error"]) < 400


FULL_HAND = [
    "G0",
    "G1",
    "G1",
    "G2",
    "G2",
    "G3",
    "G3",
    "G4",
    "G4",
    "G5",
    "G5",
    "G6",
    "G6",
    "G7",
    "G7",
    "G8",
    "G8",
    "G9",
    "G9",
    "B0",
    "B1",
]
HOUSE = [
    pytest.param(
        "speedone",
        {"stack2": True},
        {"top": "Y+2", "pending": {"draw": 2}},
        {"play": ["G+2"]},
        (False, "spd.opt.stack2"),
        (True, "spd.opt.stack2"),
        id="spd.opt.stack2",
    ),
    pytest.param(
        "speedone",
        {"stack4": True},
        {"top": "W+4", "wish": {"suit": "G"}, "pending": {"draw": 4}},
        {"play": ["W+4"], "wish": {"suit": "R"}},
        (False, "spd.opt.stack4"),
        (True, "spd.opt.stack4"),
        id="spd.opt.stack4",
    ),
    pytest.param(
        "speedone",
        {"handlimit": False},
        {"top": "Y+2", "pending": {"draw": 2}, "hand": FULL_HAND},
        {"draw": True},
        (True, "spd.handlimit"),
        (True, "spd.house.handlimit"),
        id="spd.house.handlimit",
    ),
    pytest.param(
        "deluxe",
        {"strict_draw": True},
        {"top": "D7", "hand": ["D10", "S7"]},
        {"draw": True},
        (True, "dlx.serve"),
        (False, "dlx.house.strictdraw"),
        id="dlx.house.strictdraw",
    ),
    pytest.param(
        "terroristen",
        {"seven": "pass"},
        {"top": "D7", "pending": {"draw": 2}},
        {"play": ["C7"]},
        (False, "ter.7"),
        (True, "ter.house.seven"),
        id="ter.house.seven-pass",
    ),
    pytest.param(
        "terroristen",
        {"seven": "none"},
        {"top": "H8"},
        {"play": ["H7"]},
        (True, "ter.serve"),
        (True, "ter.serve"),
        id="ter.house.seven-none",
    ),
    pytest.param(
        "terroristen",
        {"multi": "twins"},
        {"top": "H7"},
        {"play": ["S7", "D7"]},
        (True, "ter.multi"),
        (False, "ter.house.multi"),
        id="ter.house.multi",
    ),
    pytest.param(
        "doppel",
        {"nine": "may"},
        {"top": "C9", "pending": {"again": 2}, "hand": ["C8"]},
        {"draw": True},
        (False, "dop.9"),
        (True, "dop.house.nine"),
        id="dop.house.nine",
    ),
]


@pytest.mark.parametrize(("variant", "options", "situation", "action", "default", "house"), HOUSE)
def test_house_rules_both_ways(
    client: FlaskClient,
    variant: str,
    options: dict[str, Any],
    situation: dict[str, Any],
    action: dict[str, Any],
    default: tuple[bool, str],
    house: tuple[bool, str],
) -> None:
    """docs/api.md §1 options: each house rule at its default and switched; switched, the
    verdict cites the house rule that decides."""
    question = body(variant=variant, situation=situation, action=action)
    plain = client.post(URL, json=question).get_json()
    switched = client.post(URL, json={**question, "options": options}).get_json()
    assert (plain["legal"], plain["rule"]) == default
    assert (switched["legal"], switched["rule"]) == house
    assert plain != switched  # the switch changes the verdict, its effects or its reason


@pytest.mark.parametrize(
    ("variant", "options", "field", "listed"),
    [
        ("terroristen", {"stack2": True}, "options.stack2", ["seven", "multi"]),
        ("speedone", {"seven": "pass"}, "options.seven", ["stack2", "stack4", "handlimit"]),
        ("dynamisch", {"handlimit": False}, "options.handlimit", ["Dynamisch has none"]),
        ("terroristen", {"seven": "twice"}, "options.seven", ['"draw2"', '"pass"', '"none"']),
        ("doppel", {"nine": True}, "options.nine", ['"must"', '"may"']),
        ("deluxe", {"strict_draw": "yes"}, "options.strict_draw", ["true", "false"]),
    ],
)
def test_house_rules_unknown_or_not_allowed_answer_400(
    client: FlaskClient, variant: str, options: dict[str, Any], field: str, listed: list[str]
) -> None:
    """An option the variant does not have, or a value the switch does not allow, is a 400
    naming the option and listing what is allowed, in the request's language."""
    question = body(
        variant=variant,
        options=options,
        situation={"top": examples(variant).PLAIN_TOP},
        action={"draw": True},
    )
    english = client.post(URL, json=question)
    german = client.post(URL, json={**question, "lang": "de"}).get_json()
    assert english.status_code == 400
    data = english.get_json()
    assert data["field"] == german["field"] == field
    assert all(word in data["error"] for word in listed), data["error"]
    assert german["error"].startswith("Hausregeln: ") and german["error"] != data["error"]
