"""The operations on one table in GET /api/v1/openapi.json are as strict as their checks:
schemathesis' own "positive data acceptance" check (a request valid by the document is not
refused as bad input) on reading, fixing, deleting, restoring and polling a table and on undo
and redo.

What no document can know is the table's state: its id and edit token, how many seats it has,
which group a body names. The test starts a table for each request, with as many seats as
the body names players (as the phone that sends it would), and a group with its token where
the body names one; everything else is sent as generated.

PATCH's `options` are those of the table's variant, which the body does not name: the
document offers one shape per variant (titled with its name). For a body with options the test
starts a table of the first variant whose shape the body fits, with its default options, no
game played, and as many seats as the body names players or else the fewest that shape allows.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import schemathesis
from hypothesis import HealthCheck
from hypothesis import assume
from hypothesis import settings
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.factory import create_app
from tests.variants.examples import examples

TABLES_APP = create_app(
    {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": "sqlite://",
        "SECRET_KEY": "test",
        "RATELIMIT_ENABLED": False,
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", TABLES_APP)
TABLE_OPERATIONS = [
    ("GET", "/tables/{table_id}"),
    ("PATCH", "/tables/{table_id}"),
    ("DELETE", "/tables/{table_id}"),
    ("POST", "/tables/{table_id}/restore"),
    ("GET", "/tables/{table_id}/version"),
    ("POST", "/tables/{table_id}/undo"),
    ("POST", "/tables/{table_id}/redo"),
]
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Gabi", "Hans", "Ida", "Jan"]


def table_for(body: Any) -> dict[str, Any]:
    """A new table with one game played, as many seats as the body names players."""
    client = TABLES_APP.test_client()
    players = body.get("players") if isinstance(body, dict) else None
    seats = len(players) if isinstance(players, list) else 2
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": NAMES[:seats]})
    assert made.status_code == 201, made.json
    table = made.json
    assert table is not None
    added = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json={"winner": 0},
        headers={"X-Edit-Token": table["edit_token"]},
    )
    assert added.status_code == 201, added.json
    return table


DOCUMENT = TABLES_APP.test_client().get("/api/v1/openapi.json").json
CHANGES = DOCUMENT["paths"]["/tables/{table_id}"]["patch"]["requestBody"]["content"][
    "application/json"
]["schema"]


def table_with_options(body: dict[str, Any]) -> dict[str, Any] | None:
    """A new table of the first variant whose shape the body fits, no game played; one that is
    closed by the body has its variant's first example game played (a table cannot be ended
    before its first game). None where no example game fits the seats the body names."""
    named = body.get("players")
    counts = [len(named)] if isinstance(named, list) else range(2, len(NAMES) + 1)
    client = TABLES_APP.test_client()
    for shape in CHANGES["anyOf"]:
        for seats in counts:
            players = named if isinstance(named, list) else NAMES[:seats]
            if not jsonschema_rs.validator_for(shape).is_valid({**body, "players": players}):
                continue
            made = client.post(
                "/api/v1/tables", json={"variant": shape["title"], "players": NAMES[:seats]}
            )
            if made.status_code != 201:  # seats the variant does not take
                continue
            table: dict[str, Any] = made.json
            assert table is not None
            if body.get("closed") is not True:
                return table
            played = client.post(
                f"/api/v1/tables/{table['id']}/rounds",
                json=examples(shape["title"]).PAGE_ROUNDS[0],
                headers={"X-Edit-Token": table["edit_token"]},
            )
            if played.status_code == 201:
                return table
    return None


def group_for(case: Any) -> None:
    """Where the body moves the table into a group: a real group, and its token."""
    body = case.body if isinstance(case.body, dict) else {}
    if not isinstance(body.get("group"), str):
        return
    group = (
        TABLES_APP.test_client()
        .post("/api/v1/groups", json={"name": "Dienstag", "players": ["Anna", "Ben"]})
        .json
    )
    assert group is not None
    body["group"] = group["id"]
    case.headers = {**(case.headers or {}), "X-Group-Token": group["edit_token"]}


@schema.include(
    lambda ctx: (ctx.operation.method.upper(), ctx.operation.path) in TABLE_OPERATIONS
).parametrize()
@settings(
    max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
def test_table_requests_valid_by_the_document_are_accepted(case: Any) -> None:
    """positive_data_acceptance: no 400 or 422 for a request valid by the document."""
    if case.meta is not None and case.meta.generation.mode != GenerationMode.POSITIVE:
        return
    if isinstance(case.body, dict) and "options" in case.body:
        found = table_with_options(case.body)
        assume(found is not None)
        assert found is not None
        table = found
    else:
        table = table_for(case.body)
    case.path_parameters["table_id"] = table["id"]
    if case.headers is not None and "X-Edit-Token" in case.headers:
        case.headers["X-Edit-Token"] = table["edit_token"]
    group_for(case)
    response = case.call(headers={"Accept-Encoding": "identity"})
    case.validate_response(response, checks=[positive_data_acceptance])
    assert response.status_code < 500, (case.body, response.text)
