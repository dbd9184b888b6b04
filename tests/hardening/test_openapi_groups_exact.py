"""The group operations of GET /api/v1/openapi.json are as strict as their checks: schemathesis'
own "positive data acceptance" check (a request valid by the document is not refused as bad
input) on every group endpoint, against a played evening (test_groups_api's).

What no document can know is the group's state: which names are its players, which tables
and transfers it has. Where a request names those, the test puts in real ones (as it puts in
the path's ids and the tokens) before sending; everything else is sent as generated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import settings
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.factory import create_app
from tests.api.test_groups_api import the_evening

GROUPS_APP = create_app(
    {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"}
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", GROUPS_APP)
MEMBERS = ("Anna", "Ben")
IBAN = "DE89 3704 0044 0532 0130 00"


@pytest.fixture(scope="module")
def evening() -> Iterator[dict[str, Any]]:
    """The played evening: its group, tables and the id of an open transfer."""
    client = GROUPS_APP.test_client()
    group, tables = the_evening(client)
    found = client.get(f"/api/v1/groups/{group['id']}/settlement").json
    assert found is not None
    yield {
        "group": group["id"],
        "token": group["edit_token"],
        "tables": ",".join(table["id"] for table in tables),
        "transfer": found["transfers"][0]["id"],
    }


def put_in_state(case: Any, state: dict[str, Any]) -> None:
    """The group's real ids, names and a valid IBAN where the request names state."""
    if case.path_parameters:
        case.path_parameters.update(
            {
                key: value
                for key, value in (("group_id", state["group"]), ("name", "Anna"))
                if key in case.path_parameters
            }
        )
    if case.headers is not None and "X-Group-Token" in case.headers:
        case.headers["X-Group-Token"] = state["token"]
    query = case.query or {}
    if "tables" in query:
        query["tables"] = state["tables"]
    if "kasse" in query:
        query["kasse"] = "Anna"
    if "players" in query:  # as many different names as generated, the group's first
        count = len([name for name in str(query["players"]).split(",") if name.strip()])
        query["players"] = ",".join(f"{MEMBERS[0]}{seat}" for seat in range(count))
    body = case.body if isinstance(case.body, dict) else {}
    for side, name in (("from", "Anna"), ("to", "Ben")):
        if isinstance(body.get(side), str):
            body[side] = name
    if isinstance(body.get("player"), str):
        body["player"] = "Anna"
    if isinstance(body.get("iban"), str):
        body["iban"] = IBAN
    if isinstance(body.get("transfer"), str):
        body["transfer"] = state["transfer"]
    settle = body.get("settle")
    if isinstance(settle, dict) and isinstance(settle.get("kasse"), str):
        settle["kasse"] = "Anna"


@schema.include(path_regex="^/groups").parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_group_requests_valid_by_the_document_are_accepted(
    case: Any, evening: dict[str, Any]
) -> None:
    """schemathesis' positive_data_acceptance: no 400 or 422 for a request valid by the document."""
    if case.meta is not None and case.meta.generation.mode != GenerationMode.POSITIVE:
        return
    put_in_state(case, evening)
    response = case.call(headers={"Accept-Encoding": "identity"})
    case.validate_response(response, checks=[positive_data_acceptance])
