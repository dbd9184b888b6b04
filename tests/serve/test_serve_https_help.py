"""Plain http at home: the page says where a feature needs https, and /help/https explains."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.serve.conftest import new_table


def test_help_page_in_both_languages(client: FlaskClient) -> None:
    """/help/https explains, in the page's language, and names the proxy setting."""
    english = client.get("/help/https?lang=en")
    assert english.status_code == 200
    text = english.get_data(as_text=True)
    assert "Why some things need https" in text
    assert "PROXY_COUNT=1" in text
    assert "tls internal" in text
    german = client.get("/help/https?lang=de").get_data(as_text=True)
    assert 'lang="de"' in german


def test_help_page_knows_whether_it_came_over_https(client: FlaskClient) -> None:
    """The page says which kind of address the phone used."""
    plain = client.get("/help/https?lang=en").get_data(as_text=True)
    assert "This page came over plain http." in plain
    secure = client.get("/help/https?lang=en", base_url="https://localhost").get_data(as_text=True)
    assert "everything is on" in secure


def test_table_page_carries_the_notes_where_the_features_are(client: FlaskClient) -> None:
    """Next to copy and to the screen toggle: a hidden note with a link, for offline.js to show."""
    table, _token = new_table(client)
    page = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    notes = re.findall(r"<[pa] [^>]*data-secure-note[^>]*>.*?</[pa]>", page, flags=re.DOTALL)
    assert len(notes) == 2
    for note in notes:
        assert " hidden" in note.split(">")[0]
        assert 'href="/help/https"' in note
    assert any("copy" in note for note in notes)
    assert any("screen on" in note for note in notes)
