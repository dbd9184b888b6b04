"""GET /api/v1/openapi.json describes every /api/v1 endpoint, and the API keeps to it.

Schemathesis fuzzes every operation of the document against the app in-process (at most 50
examples each): no answer may be a 5xx, and every answer's status, media type and body must be
what the document says. Half of the generated table ids are swapped for a real table with its
edit token, and likewise group ids for a real group with its token, so the writing operations
get past the 404 and the token checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck
from hypothesis import settings
from schemathesis import checks

from app.factory import create_app

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]
SEEN: Counter[int] = Counter()


# One app for the whole run, on an in-memory database: the schema is loaded at collection.
FUZZED_APP = create_app(
    {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"}
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", FUZZED_APP)


@pytest.fixture(scope="module")
def real_table() -> Iterator[dict[str, str]]:
    """A dynamisch table and a group the fuzzer may change: their ids and edit tokens."""
    made = (
        FUZZED_APP.test_client()
        .post("/api/v1/tables", json={"variant": "dynamisch", "players": ["Anna", "Ben", "Cem"]})
        .json
    )
    group = (
        FUZZED_APP.test_client()
        .post("/api/v1/groups", json={"name": "Dienstag", "players": ["Anna", "Ben", "Cem"]})
        .json
    )
    assert made is not None and group is not None
    yield {
        "id": made["id"],
        "token": made["edit_token"],
        "group": group["id"],
        "group_token": group["edit_token"],
    }
    print(f"\nopenapi fuzz: {sum(SEEN.values())} requests, statuses {dict(sorted(SEEN.items()))}")


@schema.parametrize()
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_api_keeps_to_its_openapi_document(case: Any, real_table: dict[str, str]) -> None:
    """No 5xx, and status, media type and body as documented, for every generated request."""
    params = case.path_parameters or {}
    if "table_id" in params and len(str(params["table_id"])) % 2 == 0:
        params["table_id"] = real_table["id"]
        if case.headers is not None and "X-Edit-Token" in case.headers:
            case.headers["X-Edit-Token"] = real_table["token"]
    if "group_id" in params and len(str(params["group_id"])) % 2 == 0:
        params["group_id"] = real_table["group"]
        if case.headers is not None and "X-Group-Token" in case.headers:
            case.headers["X-Group-Token"] = real_table["group_token"]
    # The in-process client does not decode gzip or br: ask for the body as it is (a group of
    # many long names is large enough to be compressed otherwise).
    response = case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})
    SEEN[response.status_code] += 1
    assert response.status_code < 500


def test_openapi_lists_every_api_route(client: FlaskClient, app: Flask) -> None:
    """Every /api/v1 route and method of the app is an operation of the document."""
    document = client.get("/api/v1/openapi.json").json
    assert document is not None and document["openapi"].startswith("3.1")
    documented = {
        (path, method.upper())
        for path, operations in document["paths"].items()
        for method in operations
    }
    served = {
        (
            rule.rule.removeprefix("/api/v1")
            .replace("<int(signed=True):number>", "{number}")
            .replace("<id:table_id>", "{table_id}")
            .replace("<id:group_id>", "{group_id}")
            .replace("<id:payment_id>", "{payment_id}")
            .replace("<path:name>", "{name}"),
            method,
        )
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/")
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}
    }
    assert served == documented
