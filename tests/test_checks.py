"""app.inputs: the one way input is checked; `mapping` is the one check of a JSON object.

The referee's requests, the score keeping, the variant definitions, the backup import and the
table API all name an unknown key the same way: its path and the keys allowed there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from app import inputs
from app.engine import judge_request
from app.export.parse import parse_backup
from app.inputs import Field
from app.text import InputError
from app.text import Message
from app.variants.registry import validate_round
from app.variants.registry import validate_table

HAND = Field("hands[0]", Message("The hand of %(name)s", name="Anna"))
REQUEST = {"variant": "dynamisch", "situation": {"top": "H7"}, "action": {"draw": True}}


def test_mapping_names_an_unknown_key_and_the_keys_allowed() -> None:
    """One sentence per language: the field in words, the key, the known keys (the path goes
    to `field`, never into the sentence)."""
    with pytest.raises(InputError) as caught:
        inputs.mapping({"jacks": 1, "jokers": 2}, HAND, ("jacks", "others"))
    assert caught.value.field == "hands[0].jokers"
    assert caught.value.message("de") == (
        'Die Hand von Anna: unbekanntes Feld "jokers"; bekannte Felder hier: jacks, others.'
    )
    assert caught.value.message("en") == (
        'The hand of Anna: unknown field "jokers"; known fields here: jacks, others.'
    )


def test_mapping_names_the_field_that_is_no_object() -> None:
    """Not an object: the field by name (its path only in `field`), and what came instead."""
    with pytest.raises(InputError) as caught:
        inputs.mapping([1, 2], HAND, ("jacks",))
    assert caught.value.field == "hands[0]"
    assert caught.value.message("en") == "The hand of Anna must be a JSON object; got [1, 2]."
    assert caught.value.message("de").startswith("Die Hand von Anna muss ein JSON-Objekt")


def test_mapping_without_allowed_keys_checks_the_type_only() -> None:
    """None: the caller says itself what each key may be (the referee's house rules)."""
    assert inputs.mapping({"anything": 1}, HAND, None) == {"anything": 1}


def test_whole_names_the_limit_and_why() -> None:
    """A whole number: the range, the reason for the upper limit, the value received."""
    why = Message(" (the deck holds 8 jacks)")
    jacks = Field("hands[0].jacks", Message("The number of jacks of %(name)s", name="Anna"))
    with pytest.raises(InputError) as caught:
        inputs.whole(9, jacks, 0, 8, why)
    assert caught.value.message("en") == (
        "The number of jacks of Anna must be a whole number from 0 to 8 (the deck holds 8 "
        "jacks); got 9."
    )
    assert "von 0 bis 8 sein (das Spiel hat 8 Buben)" in caught.value.message("de")


def test_whole_says_a_single_allowed_value_as_exactly() -> None:
    """One allowed value reads "genau 2" / "exactly 2", never "von 2 bis 2"."""
    with pytest.raises(InputError) as caught:
        inputs.whole(3, Field("winner", Message("The winner")), 2, 2)
    assert caught.value.message("de") == "Der Sieger muss genau 2 sein; erhalten: 3."
    assert caught.value.message("en") == "The winner must be exactly 2; got 3."


@pytest.mark.parametrize(
    ("refuse", "field"),
    [
        (
            lambda: judge_request({**REQUEST, "situation": {"top": "H7", "cards": 3}}),
            "situation.cards",
        ),
        (lambda: judge_request({**REQUEST, "actions": {}}), "actions"),
        (
            lambda: validate_round(
                "dynamisch", ["A", "B"], {"games": 8, "rate_cents": 0}, {"hands": [], "jokers": 1}
            ),
            "jokers",
        ),
        (
            lambda: validate_table("deluxe", "", ["A", "B"], {"rounds": 3, "jokers": 1}),
            "options.jokers",
        ),
        (
            lambda: parse_backup(b'{"format": "mautisch-table", "version": 1, "jokers": 1}'),
            "jokers",
        ),
    ],
    ids=["referee situation", "referee body", "round", "options", "backup"],
)
def test_every_json_object_is_checked_by_mapping(refuse: Callable[[], Any], field: str) -> None:
    """The engine, the scoring, the variants and the import share the sentence."""
    with pytest.raises(InputError) as caught:
        refuse()
    assert caught.value.field == field
    english = caught.value.message("en")
    assert f': unknown field "{field.split(".")[-1]}"; known fields here: ' in english
    assert f"({field})" not in english  # the path is for `field`, not the sentence


def test_table_api_names_an_unknown_key(client: FlaskClient) -> None:
    """POST /api/v1/tables: the same sentence, 400 at the key, in the request's language."""
    body = {"variant": "deluxe", "players": ["A", "B"], "colour": "red"}
    german = client.post("/api/v1/tables", json=body)
    english = client.post("/api/v1/tables?lang=en", json=body)
    assert german.status_code == english.status_code == 400
    assert german.json["field"] == english.json["field"] == "colour"
    assert german.json["error"] == (
        'Die Anfrage: unbekanntes Feld "colour"; bekannte Felder hier: name, options, players, '
        "variant."
    )
    assert "known fields here: name, options, players, variant" in english.json["error"]
