"""Links for the other phones: the address the phone used, PUBLIC_URL, trusted proxies only."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.factory import create_app
from app.serve import SettingError
from tests.helpers import qr_text
from tests.serve.conftest import new_table

LAN = "192.168.1.20:5000"
BASE = {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"}


def make_app(**config: Any) -> Flask:
    """An app on a throwaway database with extra settings."""
    return create_app({**BASE, "WTF_CSRF_ENABLED": False, **config})


def view_link(client: FlaskClient, table: str, **headers: str) -> str:
    """The read-only link the table page offers to copy."""
    page = client.get(f"/t/{table}", headers=headers).get_data(as_text=True)
    found = re.search(r'id="view-link" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def test_share_link_and_qr_use_the_address_the_phone_used() -> None:
    """A phone that opened 192.168.1.20:5000 gets links and QR codes the other phones can open."""
    client = make_app().test_client()
    table, _token = new_table(client)
    assert view_link(client, table, Host=LAN) == f"http://{LAN}/t/{table}"
    qr = client.get(f"/t/{table}/qr-view.svg", headers={"Host": LAN})
    assert qr.status_code == 200
    assert qr_text(qr.data) == f"http://{LAN}/t/{table}"


def test_edit_link_uses_the_address_the_phone_used() -> None:
    """The edit link a phone hands on carries its address too."""
    client = make_app().test_client()
    table, token = new_table(client)
    assert client.get(f"/t/{table}/edit/{token}", headers={"Host": LAN}).status_code == 302
    page = client.get(f"/t/{table}", headers={"Host": LAN}).get_data(as_text=True)
    assert f'value="http://{LAN}/t/{table}/edit#{token}"' in page
    qr = client.get(f"/t/{table}/qr-edit.svg", headers={"Host": LAN})
    assert qr_text(qr.data) == f"http://{LAN}/t/{table}/edit#{token}"


@pytest.mark.parametrize(
    ("public", "expected"),
    [
        ("https://mautisch.example.org", "https://mautisch.example.org"),
        ("https://mautisch.example.org/", "https://mautisch.example.org"),
        ("https://example.org/mautisch/", "https://example.org/mautisch"),
    ],
)
def test_public_url_wins(public: str, expected: str) -> None:
    """PUBLIC_URL replaces the request's address in every link handed out (path kept)."""
    client = make_app(PUBLIC_URL=public).test_client()
    table, _token = new_table(client)
    assert view_link(client, table, Host=LAN) == f"{expected}/t/{table}"
    qr = client.get(f"/t/{table}/qr-view.svg", headers={"Host": LAN})
    assert qr_text(qr.data) == f"{expected}/t/{table}"


def test_public_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """PUBLIC_URL may come from the environment, like DATABASE_URL."""
    monkeypatch.setenv("PUBLIC_URL", "https://mautisch.example.org")
    client = make_app().test_client()
    table, _token = new_table(client)
    assert view_link(client, table) == f"https://mautisch.example.org/t/{table}"


def test_forwarded_headers_are_ignored_by_default() -> None:
    """Without PROXY_COUNT, anyone could send X-Forwarded-Host: it changes nothing."""
    client = make_app().test_client()
    table, _token = new_table(client)
    forged = {"Host": LAN, "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    assert view_link(client, table, **forged) == f"http://{LAN}/t/{table}"


def test_forwarded_headers_are_honoured_when_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    """PROXY_COUNT=1: the proxy's host and scheme; a value the client put before it is ignored."""
    monkeypatch.setenv("PROXY_COUNT", "1")
    client = make_app().test_client()
    table, _token = new_table(client)
    forwarded = {
        "Host": "127.0.0.1:5000",
        "X-Forwarded-Host": "evil.example, mautisch.example.org",
        "X-Forwarded-Proto": "https",
    }
    assert view_link(client, table, **forwarded) == f"https://mautisch.example.org/t/{table}"


def test_referee_share_link_uses_the_phone_address() -> None:
    """The referee's copyable link of an answer is built the same way."""
    client = make_app().test_client()
    question = "/referee?variant=dynamisch&top=HJ&wish=C&play=C7"
    page = client.get(question, headers={"Host": LAN}).get_data(as_text=True)
    found = re.search(r'id="share-url"[^>]*value="([^"]+)"', page)
    assert found, page
    assert found.group(1).startswith(f"http://{LAN}/referee?")


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("PUBLIC_URL", "mautisch.example.org", "PUBLIC_URL must be an address"),
        ("PUBLIC_URL", "ftp://mautisch.example.org", "PUBLIC_URL must be an address"),
        ("PROXY_COUNT", "yes", "PROXY_COUNT must be the number of reverse proxies"),
        ("PROXY_COUNT", "9", "(0 to 5)"),
    ],
)
def test_bad_settings_stop_with_a_sentence(name: str, value: str, words: str) -> None:
    """A setting that cannot work is named with what it accepts, before anything is served."""
    with pytest.raises(SettingError, match=re.escape(words)):
        make_app(**{name: value})
