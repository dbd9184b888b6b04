"""The API's own errors (`app.api.json_body`, an unknown table) speak the request's language.

German unless the request asks for English (`?lang=en`, else Accept-Language), like every other
API error; always in the contract's shape `{"error", "field"}` (docs/api.md).
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from app.api import NESTING_LIMIT

ENGLISH = {"Accept-Language": "en-GB,en;q=0.8"}


@pytest.mark.parametrize("url", ["/api/v1/tables", "/api/v1/referee"])
@pytest.mark.parametrize(
    ("raw", "german", "english"),
    [
        ("not json", "muss JSON sein", "must be JSON"),
        ("", "muss JSON sein", "must be JSON"),
        ("[1, 2]", "muss ein JSON-Objekt sein", "must be a JSON object"),
    ],
)
def test_body_errors_follow_the_request_language(
    client: FlaskClient, url: str, raw: str, german: str, english: str
) -> None:
    """A body that is no JSON object: 400, German by default, English when asked for."""
    kind = {"content_type": "application/json", "data": raw}
    answers = {german: client.post(url, **kind), english: client.post(f"{url}?lang=en", **kind)}
    answers_by_header = client.post(url, headers=ENGLISH, **kind)
    for expected, answer in [*answers.items(), (english, answers_by_header)]:
        assert answer.status_code == 400
        assert answer.json == {"error": answer.json["error"], "field": None}
        assert expected in answer.json["error"]


@pytest.mark.parametrize("url", ["/api/v1/tables", "/api/v1/referee"])
@pytest.mark.parametrize("strings", ["", "[{" * NESTING_LIMIT])
def test_nesting_limit_is_exact(client: FlaskClient, url: str, strings: str) -> None:
    """NESTING_LIMIT levels are read, one more is a 400; brackets inside strings (which
    make a body look deeper than it is) do not count as levels."""
    for levels, refused in ((NESTING_LIMIT, False), (NESTING_LIMIT + 1, True)):
        nested = "[" * (levels - 1) + "]" * (levels - 1)
        raw = f'{{"note": "{strings}", "variant": {nested}}}'
        answer = client.post(f"{url}?lang=en", data=raw, content_type="application/json")
        assert answer.status_code == 400  # a list is no variant: refused either way
        assert ("nested too deeply" in answer.json["error"]) is refused, (levels, strings)


def test_unknown_table_follows_the_request_language(client: FlaskClient) -> None:
    """404 for an unknown table: a German sentence by default, English when asked for."""
    german = client.get("/api/v1/tables/nope")
    assert german.status_code == 404
    assert german.json == {"error": "Zu diesem Link gibt es keinen Tisch.", "field": None}
    english = client.get("/api/v1/tables/nope/version", headers=ENGLISH)
    assert english.json == {"error": "There is no table with this link.", "field": None}
    assert client.get("/api/v1/tables/nope?lang=en").json["error"].startswith("There is no")


def test_an_id_holding_a_slash_is_a_json_404_not_a_redirect(client: FlaskClient) -> None:
    """`%2F0` decodes to a doubled slash: werkzeug would redirect to `/tables/0` with an HTML
    page; the API answers the 404 the id names, as JSON."""
    response = client.get("/api/v1/tables/%2F0")
    assert response.status_code == 404
    assert set(response.get_json()) >= {"error"}
