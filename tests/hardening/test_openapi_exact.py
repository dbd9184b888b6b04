"""Where GET /api/v1/openapi.json spells out the input checks, a request valid by the document
is accepted: new tables (each variant's seats, names without control characters, its options
with their values and the checks across options and seats), new groups, the ratings' variant
and the If-Match tags of corrections, deletions and undo.

Schemathesis generates schema-valid requests only (positive data) for those operations and
sends them to the app in-process; none may be refused as bad input (400 or 422).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import settings
from schemathesis.generation import GenerationMode

from app.factory import create_app

EXACT_APP = create_app(
    {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"}
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", EXACT_APP)
EXACT = [
    ("POST", "/tables"),
    ("POST", "/groups"),
    ("GET", "/groups/{group_id}/ratings"),
    ("DELETE", "/tables/{table_id}/rounds/{number}"),
    ("POST", "/tables/{table_id}/undo"),
    ("POST", "/tables/{table_id}/redo"),
]


@pytest.fixture(scope="module")
def made() -> Iterator[dict[str, str]]:
    """A Terroristen table with one game and a group, with their edit tokens."""
    client = EXACT_APP.test_client()
    table = client.post(
        "/api/v1/tables", json={"variant": "terroristen", "players": ["Anna", "Ben"]}
    ).json
    group = client.post(
        "/api/v1/groups", json={"name": "Dienstag", "players": ["Anna", "Ben"]}
    ).json
    assert table is not None and group is not None
    added = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json={"winner": 0},
        headers={"X-Edit-Token": table["edit_token"]},
    )
    assert added.status_code == 201, added.json
    yield {
        "table": table["id"],
        "token": table["edit_token"],
        "group": group["id"],
        "group_token": group["edit_token"],
    }


@schema.include(
    lambda ctx: (ctx.operation.method.upper(), ctx.operation.path) in EXACT
).parametrize()
@settings(
    max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
def test_requests_valid_by_the_document_are_accepted(case: Any, made: dict[str, str]) -> None:
    """A schema-valid request is never a 400 or 422 here (a 404, 409 or 429 may be)."""
    if case.meta is not None and case.meta.generation.mode != GenerationMode.POSITIVE:
        return
    params = case.path_parameters or {}
    if "table_id" in params:
        params["table_id"] = made["table"]
    if "group_id" in params:
        params["group_id"] = made["group"]
    headers = {"Accept-Encoding": "identity"}
    if case.headers is not None and "X-Edit-Token" in case.headers:
        case.headers["X-Edit-Token"] = made["token"]
    if case.headers is not None and "X-Group-Token" in case.headers:
        case.headers["X-Group-Token"] = made["group_token"]
    response = case.call(headers=headers)
    assert response.status_code not in (400, 422), (case.body, case.headers, response.text)
