"""The referee page answers what it can when the question leaves something out, in one line
with one tap per value, and says what changes for a last card."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient


def page(client: FlaskClient, query: str) -> str:
    """The referee page for a query, unescaped; it must answer 200."""
    response = client.get("/referee?" + query)
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def test_depends_on_the_wish_in_one_line_with_taps(client: FlaskClient) -> None:
    """♠7 on ♥J without the wish: "Kommt drauf an", the line, one link per suit its player
    could have named (dyn.jack.wish: not hearts, the jack's own)."""
    text = page(client, "variant=dynamisch&players=4&top=HJ&play=S7")
    assert 'data-legal="open"' in text
    assert "Kommt auf den Wunsch an: Pik gewünscht → ja, sonst nein." in text
    taps = re.findall(r'<a class="case [^"]+" href="([^"]+)"[^>]*data-case-legal="(\w+)"', text)
    assert len(taps) == 3 and not any("wish=H" in href for href, _legal in taps)
    assert [legal for href, legal in taps if "wish=S&" in href or href.endswith("wish=S")] == [
        "true"
    ]


def test_players_merged_into_ranges(client: FlaskClient) -> None:
    """A Deluxe 10 as last card, players not given: "2 Spieler ✓", "3–8 Spieler ✗"."""
    text = page(client, "variant=deluxe&top=H7&hand=H10&play=H10")
    labels = re.findall(r'data-case-legal="(\w+)">([^<]+)<', text)
    assert [(legal, label.strip()) for legal, label in labels] == [
        ("true", "2 Spieler"),
        ("false", "3–8 Spieler"),
    ]
    assert 'class="rule-link" href="/rules/deluxe#dlx.lastcard"' in text


def test_last_card_told_alongside(client: FlaskClient) -> None:
    """Without the hand the usual verdict, and a line for the last card (dlx.lastcard)."""
    text = page(client, "variant=deluxe&players=4&top=H7&play=HJ&lang=en")
    assert 'data-legal="true"' in text
    found = re.search(
        r'<p class="last-card" data-last-card="false"><a href="([^"]+)">'
        r"If this is your last card</a>",
        text,
    )
    assert found and "count=1" in found.group(1)


def test_terroristen_nine_asks_the_previous_player(client: FlaskClient) -> None:
    """ter.9: the turn does not pass to the previous player; he answers the nine."""
    text = page(client, "variant=terroristen&players=4&top=H8&play=H9&lang=en")
    assert "then play goes on with the player after you" in text
    assert "Then the previous player is on turn." not in text


def test_rule_text_and_interpretation_are_folded(client: FlaskClient) -> None:
    """The answer keeps rule text and interpretation behind a tap (details)."""
    text = page(client, "variant=speedone&top=R5&play=W%2B4&play_wish=G")
    folded = re.search(r'<details class="answer-more">.*?</details>', text, re.S)
    assert folded and 'class="interpretation"' in folded.group(0)
    assert 'class="rule-text"' in folded.group(0)


def test_messages_use_words_not_paths(client: FlaskClient) -> None:
    """Out of range players: "Spieler im Spiel: 99 – Dynamisch spielen 2 bis 6 Spieler."."""
    response = client.get("/referee?variant=dynamisch&players=99&top=H7&play=H8")
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 400
    assert "Spieler im Spiel: 99 – Dynamisch spielen 2 bis 6 Spieler." in text
    assert "players ist" not in text
