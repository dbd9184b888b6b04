"""Round bodies valid by GET /api/v1/openapi.json are accepted: schemathesis' own "positive data
acceptance" check on adding and correcting a round.

A body is the body of one variant (the document's anyOf, one shape per variant, titled by its
id). The document cannot know a table's seats: the test starts a table of the body's variant
with as many seats as the body has entries (or its seat numbers need), as the phone would
that sends it. Two rules the document states in words, not in JSON Schema (sums over the seats,
and what fits in one Speedone hand), are each variant's `beyond_the_document` in its test
examples, written by hand there; a body that breaks one is not a body valid by the document.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import schemathesis
from flask.testing import FlaskClient
from hypothesis import HealthCheck
from hypothesis import assume
from hypothesis import settings
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.factory import create_app
from app.variants.registry import VARIANTS
from tests.variants.examples import examples

ROUNDS_APP = create_app(
    {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": "sqlite://",
        "SECRET_KEY": "test",
        "RATELIMIT_ENABLED": False,
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", ROUNDS_APP)
DOCUMENT = ROUNDS_APP.test_client().get("/api/v1/openapi.json").json
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Gabi", "Hans", "Ida", "Jan"]
ROUND_PATHS = ("/tables/{table_id}/rounds", "/tables/{table_id}/rounds/{number}")


def shapes(method: str, path: str) -> dict[str, Any]:
    """The variants' body shapes of one operation, by variant id."""
    body = DOCUMENT["paths"][path][method]["requestBody"]["content"]["application/json"]
    found = body["schema"]
    if "$ref" in found:
        found = DOCUMENT["components"]["schemas"][found["$ref"].rsplit("/", 1)[1]]
    return {shape["title"]: shape for shape in found["anyOf"]}


def body_variant(method: str, path: str, body: Any) -> str:
    """The first variant whose shape the body has."""
    for name, shape in shapes(method, path).items():
        if jsonschema_rs.validator_for(shape).is_valid(body):
            return name
    raise AssertionError(f"the generated body fits no variant: {body}")


def seats_for(variant: str, body: dict[str, Any]) -> int:
    """As many seats as the body's lists have entries, or enough for its seat numbers."""
    lists = [len(value) for value in body.values() if isinstance(value, list)]
    if lists:
        return lists[0]
    least = VARIANTS[variant].min_players
    seats = [body.get(key) for key in ("winner", "next_dealer")]
    numbers = [int(seat) for seat in seats if isinstance(seat, (int, float))]
    return max([least, *[seat + 1 for seat in numbers]])


def table_for(client: FlaskClient, variant: str, body: dict[str, Any]) -> dict[str, Any]:
    """A new table of the variant that fits the body."""
    own = examples(variant)
    options = own.table_options_for(body) if hasattr(own, "table_options_for") else {}
    made = client.post(
        "/api/v1/tables",
        json={"variant": variant, "players": NAMES[: seats_for(variant, body)], "options": options},
    )
    assert made.status_code == 201, made.json
    assert made.json is not None
    return made.json


@schema.include(
    lambda ctx: (
        ctx.operation.path in ROUND_PATHS and ctx.operation.method.upper() in ("POST", "PUT")
    )
).parametrize()
@settings(
    max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
def test_round_bodies_valid_by_the_document_are_accepted(case: Any) -> None:
    """positive_data_acceptance for POST …/rounds and PUT …/rounds/{number}."""
    if case.meta is not None and case.meta.generation.mode != GenerationMode.POSITIVE:
        return
    assert case.operation.path in ROUND_PATHS
    method = case.operation.method.lower()
    variant = body_variant(method, case.operation.path, case.body)
    own = examples(variant)
    assume(not (hasattr(own, "beyond_the_document") and own.beyond_the_document(case.body)))
    client = ROUNDS_APP.test_client()
    table = table_for(client, variant, case.body)
    case.path_parameters["table_id"] = table["id"]
    case.headers = {**(case.headers or {}), "X-Edit-Token": table["edit_token"]}
    if method == "put":  # the round to correct is there: the same body, entered first
        first = {k: v for k, v in case.body.items() if k != "version"}
        entered = client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=first,
            headers={"X-Edit-Token": table["edit_token"]},
        )
        assert entered.status_code == 201, (first, entered.json)
        case.path_parameters["number"] = 1
        case.headers["If-Match"] = "*"
        case.body.pop("version", None)
    response = case.call(headers={"Accept-Encoding": "identity"})
    case.validate_response(response, checks=[positive_data_acceptance])
