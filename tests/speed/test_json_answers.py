"""JSON bodies the API reads as the player wrote them: a long number whole, NaN as a value."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_a_long_number_is_read_whole(client: FlaskClient) -> None:
    """A 26-digit integer is read whole: the sentence names the number the player sent, not
    1e+25."""
    body = (
        '{"variant": "dynamisch", "players": 10000000000000000000000000, '
        '"situation": {"top": "H7"}, "action": {"draw": true}, "lang": "en"}'
    )
    answer = client.post("/api/v1/referee", data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.json["field"] == "players"
    assert "10000000000000000000000000" in answer.json["error"]
    assert "e+" not in answer.json["error"]


def test_a_nan_is_read_as_a_value(client: FlaskClient) -> None:
    """NaN is read (as Python's json reads it): the answer names the field, not the body."""
    body = (
        '{"variant": "dynamisch", "players": NaN, "situation": {"top": "H7"}, '
        '"action": {"draw": true}}'
    )
    answer = client.post("/api/v1/referee", data=body, content_type="application/json")
    assert (answer.status_code, answer.json["field"]) == (400, "players")
