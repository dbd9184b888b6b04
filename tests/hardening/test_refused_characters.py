"""Characters PostgreSQL refuses (NUL in text, a lone surrogate) are a 4xx wherever they come in.

Every route of `app.url_map` is called by a phone that may edit a real table and group, with a
NUL in its path arguments, its query, every form field the pages show, JSON bodies and the
headers the API reads; table and group backups carry one in an id. On SQLite and on PostgreSQL
(TEST_DATABASE_URL) no answer may be a 5xx.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.factory import create_app
from tests.conftest import postgres_url
from tests.conftest import wipe

NUL = "a\x00b"
SURROGATE = "a\ud800b"  # only JSON can carry it: a URL or form is decoded with replacement
QUERY_KEYS = ("group", "lang", "variant", "token", "next", "name", "players", "year", "table")
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
ARGUMENT = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")
FIELD = re.compile(r'name="([A-Za-z_][\w-]*)"')


def walk_app(url: str) -> Flask:
    """An app on `url`, forms without tokens (the walk checks what reaches the database)."""
    return create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture(params=["sqlite", "postgres"])
def walk(request: pytest.FixtureRequest) -> Iterator[Flask]:
    """The app on SQLite, then on PostgreSQL (emptied before and after)."""
    if request.param == "sqlite":
        yield walk_app("sqlite://")
        return
    app = walk_app(postgres_url())
    from app.store.db import db

    with app.app_context():
        wipe(db)
    yield app
    with app.app_context():
        wipe(db)
        db.engine.dispose()


def editor(client: FlaskClient) -> dict[str, str]:
    """This phone made a table and a group and may edit both: their ids and tokens."""
    made = client.post(
        "/api/v1/tables", json={"variant": "terroristen", "players": ["Anna", "Ben"]}
    ).json
    assert made is not None
    client.get(f"/t/{made['id']}/edit/{made['edit_token']}")
    client.post(
        f"/api/v1/tables/{made['id']}/rounds",
        json={"winner": 0},
        headers={"X-Edit-Token": made["edit_token"]},
    )
    assert (
        client.post("/groups/new", data={"name": "Runde", "players": "Anna\nBen"}).status_code
        == 302
    )
    listing = client.get("/groups").get_data(as_text=True)
    group_id = listing.split('href="/g/')[1].split('"')[0]
    return {"table_id": made["id"], "group_id": group_id, "token": made["edit_token"]}


def path_values(argument: str, known: dict[str, str]) -> list[Any]:
    """What a path argument is filled with: the real thing and the refused character."""
    if argument in ("number",):
        return [1]
    return [known.get(argument, "x"), NUL]


def urls(app: Flask, known: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Each route and method with each filling of its arguments."""
    for rule in app.url_map.iter_rules():
        arguments = sorted(rule.arguments)
        fillings: list[dict[str, Any]] = [{}]
        for argument in arguments:
            fillings = [
                {**filling, argument: value}
                for filling in fillings
                for value in path_values(argument, known)
            ]
        for filling in fillings:
            url = ARGUMENT.sub(lambda m, f=filling: quote(str(f[m[1]]), safe=""), rule.rule)
            for method in sorted(rule.methods or ()):
                if method in METHODS:
                    yield method, url


def form_fields(client: FlaskClient, pages: list[str]) -> set[str]:
    """Every field name the pages' forms show."""
    names: set[str] = set()
    for page in pages:
        names |= set(FIELD.findall(client.get(page).get_data(as_text=True)))
    return names - {"csrf_token"}


def bodies(fields: set[str]) -> list[dict[str, Any]]:
    """The requests' bodies: a form with every field refused, JSON in the shapes the API reads."""
    players = {"variant": "terroristen", "players": ["Anna", NUL], "name": "Runde"}
    return [
        {"data": {name: NUL for name in fields}},
        {"json": {**players, "name": NUL}},
        {"json": {**players, "players": ["Anna", SURROGATE], "name": SURROGATE}},
        {"json": {"name": SURROGATE, "players": [SURROGATE, "Ben"]}},
        {"json": {"winner": 0}, "headers": {"Idempotency-Key": NUL, "X-Edit-Token": NUL}},
        {"json": {"winner": 0}, "headers": {"If-Match": NUL}},
    ]


def test_no_route_answers_5xx_to_refused_characters(walk: Flask) -> None:
    """Every route, method and filling: a 2xx, 3xx or 4xx, never a 5xx."""
    client = walk.test_client()
    known = editor(client)
    pages = [url for method, url in urls(walk, known) if method == "GET" and NUL not in url]
    fields = form_fields(client, [p for p in pages if not p.endswith((".pdf", ".csv", ".svg"))])
    assert {"name", "players"} <= fields
    failures = []
    for method, url in urls(walk, known):
        for body in bodies(fields):
            try:
                answer = client.open(
                    url, method=method, query_string=dict.fromkeys(QUERY_KEYS, NUL), **body
                )
                status: object = answer.status_code
            except Exception as error:  # TESTING passes a 500's exception on: name it
                status = repr(error)[:120]
            if not isinstance(status, int) or status >= 500:
                failures.append((method, url, str(body)[:60], status))
    assert not failures, "\n".join(map(str, failures))
    assert client.get(f"/t/{known['table_id']}").status_code == 200


@pytest.mark.parametrize("where", ["table", "group"])
def test_a_backup_with_a_refused_id_is_a_400(walk: Flask, where: str) -> None:
    """A table's and a group's backup with a NUL in an id: refused, nothing made."""
    client = walk.test_client()
    known = editor(client)
    key = f"{where}_id"
    backup = json.loads(client.get(f"/{where[0]}/{known[key]}/export.json").data)
    text = json.dumps(backup).replace(known[key], NUL)
    answer = client.post(
        "/import?lang=en",
        data={"backup": (io.BytesIO(text.encode()), "backup.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 400
    assert client.get("/groups").status_code == 200
