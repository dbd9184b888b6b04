"""Changing a table's rounds is rate-limited per table and per client address (a loop of rounds
would make the server render every watching phone's page again and again).

The suite's apps have no limits (TESTING); these tests switch them on with low limits.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from app.factory import create_app

PLAYERS = ["Anna", "Ben", "Cem"]


def limited_client(**limits: str) -> FlaskClient:
    """A client of an app with rate limits on and the given round limits."""
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": True,
            **limits,
        }
    )
    return app.test_client()


def new_table(client: FlaskClient) -> tuple[str, dict[str, str]]:
    """A Terroristen table: its id and the edit header."""
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert made is not None
    return made["id"], {"X-Edit-Token": made["edit_token"]}


def test_a_tables_rounds_are_limited_and_other_tables_go_on() -> None:
    client = limited_client(RATELIMIT_ROUNDS_TABLE="3 per minute")
    table, edit = new_table(client)
    other, other_edit = new_table(client)
    for _ in range(3):
        assert client.post(f"/api/v1/tables/{table}/rounds", json={"winner": 0}, headers=edit)
    answer = client.post(f"/api/v1/tables/{table}/rounds?lang=en", json={"winner": 1}, headers=edit)
    assert answer.status_code == 429
    assert 0 < int(answer.headers["Retry-After"]) <= 60
    assert answer.json is not None
    assert answer.json["error"].startswith(
        "Too many rounds changed at this table: at most 3 a minute (RATELIMIT_ROUNDS_TABLE)."
    )
    assert "Nothing was saved" in answer.json["error"]
    assert len(client.get(f"/api/v1/tables/{table}").json["rounds"]) == 3  # type: ignore[index]
    # Correcting or deleting counts too; another table is not held up.
    assert client.delete(f"/api/v1/tables/{table}/rounds/3", headers=edit).status_code == 429
    assert (
        client.post(
            f"/api/v1/tables/{other}/rounds", json={"winner": 0}, headers=other_edit
        ).status_code
        == 201
    )


def test_one_address_is_limited_across_its_tables_and_the_page_says_so_in_german() -> None:
    client = limited_client(RATELIMIT_ROUNDS_ADDRESS="2 per minute")
    tables = [new_table(client) for _ in range(3)]
    for table, edit in tables[:2]:
        answer = client.post(f"/api/v1/tables/{table}/rounds", json={"winner": 0}, headers=edit)
        assert answer.status_code == 201
    table, edit = tables[2]
    client.get(f"/t/{table}/edit/{edit['X-Edit-Token']}")
    page = client.post(f"/t/{table}/rounds/new", data={"winner": "0"})
    assert page.status_code == 429
    assert page.headers["Content-Type"].startswith("text/html")
    text = page.get_data(as_text=True)
    assert "Zu viele Runden von dieser Adresse" in text
    assert "höchstens 2 pro Minute (RATELIMIT_ROUNDS_ADDRESS)" in text
    # Another address enters its rounds as usual.
    other = client.post(
        f"/api/v1/tables/{table}/rounds",
        json={"winner": 0},
        headers=edit,
        environ_base={"REMOTE_ADDR": "192.0.2.9"},
    )
    assert other.status_code == 201


def test_a_get_of_the_round_form_is_not_counted() -> None:
    client = limited_client(RATELIMIT_ROUNDS_TABLE="1 per minute")
    table, edit = new_table(client)
    client.get(f"/t/{table}/edit/{edit['X-Edit-Token']}")
    for _ in range(3):
        assert client.get(f"/t/{table}/rounds/new").status_code == 200
    assert client.post(f"/api/v1/tables/{table}/rounds", json={"winner": 0}, headers=edit)
