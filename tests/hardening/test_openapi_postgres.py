"""The OpenAPI fuzz of test_openapi.py on PostgreSQL (TEST_DATABASE_URL): no 5xx, and status,
media type and body as documented, where PostgreSQL refuses what SQLite keeps (NUL)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import settings

from app.factory import create_app
from tests.conftest import wipe
from tests.hardening.test_openapi import CHECKS

if not os.environ.get("TEST_DATABASE_URL"):
    pytest.skip(
        "TEST_DATABASE_URL is not set: PostgreSQL tests need a server (.ci/run sets it)",
        allow_module_level=True,
    )

PG_APP = create_app(
    {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": os.environ["TEST_DATABASE_URL"],
        "SECRET_KEY": "test",
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", PG_APP)


@pytest.fixture(scope="module")
def pg_table() -> Iterator[dict[str, str]]:
    """An emptied database with one dynamisch table the fuzzer may change."""
    from app.store.db import db

    with PG_APP.app_context():
        wipe(db)
    made = (
        PG_APP.test_client()
        .post("/api/v1/tables", json={"variant": "dynamisch", "players": ["Anna", "Ben", "Cem"]})
        .json
    )
    assert made is not None
    yield {"id": made["id"], "token": made["edit_token"]}
    with PG_APP.app_context():
        wipe(db)
        db.engine.dispose()


@pytest.mark.postgres
@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_api_keeps_to_its_openapi_document_on_postgres(case: Any, pg_table: dict[str, str]) -> None:
    """As on SQLite: half of the table ids are the real table, with its token."""
    params = case.path_parameters or {}
    if "table_id" in params and len(str(params["table_id"])) % 2 == 0:
        params["table_id"] = pg_table["id"]
        if case.headers is not None and "X-Edit-Token" in case.headers:
            case.headers["X-Edit-Token"] = pg_table["token"]
    response = case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})
    assert response.status_code < 500
