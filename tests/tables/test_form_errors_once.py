"""Every error of a form at once, each once, in the summary with links to the fields; what
another phone did meanwhile in its own box under its own heading."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape

import pytest
from flask.testing import FlaskClient

from tests.tables.conftest import TableMaker

Claim = Callable[[FlaskClient, str, str], None]


def summary_links(html: str) -> list[tuple[str, str]]:
    """(anchor, sentence) of each linked item of the error summary."""
    box = html[html.index("data-error-summary") : html.index("</ul>")]
    return [
        (anchor, unescape(text))
        for anchor, text in re.findall(r'<a href="#([^"]+)" data-error-link>([^<]*)</a>', box)
    ]


@pytest.mark.parametrize(
    ("lang", "heading", "games", "rate"),
    [
        ("de", "Bitte diese 2 Angaben korrigieren:", "Anzahl der Spiele", "Satz pro Punkt"),
        ("en", "Please correct these 2 entries:", "number of games", "rate per point"),
    ],
)
def test_a_negative_rate_and_999_games_are_both_named(
    client: FlaskClient, lang: str, heading: str, games: str, rate: str
) -> None:
    """Both sentences in the summary, each linking to its field, neither repeated elsewhere."""
    data = {
        "variant": "dynamisch",
        "players-0": "Anna",
        "players-1": "Ben",
        "games": "999",
        "rate_cents": "-5",
    }
    html = client.post(f"/t/new?lang={lang}", data=data).get_data(as_text=True)
    assert heading in html
    links = summary_links(html)
    assert [anchor for anchor, _text in links] == ["games", "rate_cents"]
    assert games in links[0][1] and "999" in links[0][1]
    assert rate in links[1][1] and "-5" in links[1][1]
    for _anchor, text in links:
        assert unescape(html).count(text) == 1
    assert 'aria-invalid="true"' in html[html.index('id="games"') - 200 :][:400]


def test_a_type_error_and_a_rule_error_are_shown_together(client: FlaskClient) -> None:
    """ "abc" games (not a number) and one player (too few): both at once."""
    data = {"variant": "dynamisch", "players-0": "Anna", "games": "abc"}
    html = client.post("/t/new?lang=en", data=data).get_data(as_text=True)
    texts = " ".join(text for _anchor, text in summary_links(html))
    assert "Please enter a whole number." in texts
    assert "played by 2 to 6 players" in texts


@pytest.mark.parametrize(
    ("lang", "heading", "words"),
    [
        ("de", "Inzwischen auf einem anderen Handy", "hat gerade ein anderes Handy eingetragen"),
        ("en", "Meanwhile on another phone", "was just entered on another phone"),
    ],
)
def test_the_two_phone_conflict_has_its_own_box(
    client: FlaskClient,
    make_table: TableMaker,
    become_editor: Claim,
    lang: str,
    heading: str,
    words: str,
) -> None:
    """Game 1 entered on another phone meanwhile: its own heading, not the summary of
    entries to correct, and the sentence once."""
    table, token = make_table(rounds=[])
    become_editor(client, table, token)
    form = client.get(f"/t/{table}/rounds/new").get_data(as_text=True)
    key = re.search(r'name="idempotency_key" type="hidden" value="([^"]*)"', form)
    assert key
    other = {"hands": [{"jacks": 0, "others": n} for n in (0, 1, 2, 3)], "jack_suit": None}
    sent = client.post(
        f"/api/v1/tables/{table}/rounds", json=other, headers={"X-Edit-Token": token}
    )
    assert sent.status_code == 201
    data = {"idempotency_key": key.group(1), "expected_number": "1", "direction": "clockwise"}
    data |= {f"hands-{s}-others": str(n) for s, n in enumerate((0, 2, 2, 2))}
    data |= {f"hands-{s}-jacks": "0" for s in range(4)}
    html = client.post(f"/t/{table}/rounds/new?lang={lang}", data=data).get_data(as_text=True)
    box = re.search(r"data-conflict>(.*?)</div>", html, re.S)
    assert box and heading in box.group(1) and words in unescape(box.group(1))
    assert "data-error-summary" not in html
    assert unescape(html).count(words) == 1
