"""The referee page for a draw asked without the hand: "it depends", one tap per case.

dlx.house.strictdraw: "a player may draw only when no card serves"; without the hand the page
says what decides it and links a question with a hand for each case.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs
from urllib.parse import urlsplit

from flask.testing import FlaskClient

from tests.web.test_referee_page import answer_of

STRICT = "/referee?variant=deluxe&top=H7&strict_draw=1&play=draw"


def case_links(text: str) -> dict[str, tuple[str, str]]:
    """The case taps of an answer: label -> (its verdict, its link)."""
    found = re.findall(
        r'<a class="case [^"]*" href="([^"]+)"[^>]*data-case-legal="(true|false)">([^<]+)<',
        answer_of(text),
    )
    return {" ".join(label.split()): (legal, html.unescape(href)) for href, legal, label in found}


def test_a_strict_draw_without_the_hand_depends_on_it(client: FlaskClient) -> None:
    """German: the verdict is open, the reason names the hand, one tap per case."""
    text = client.get(STRICT + "&lang=de").get_data(as_text=True)
    assert 'data-legal="open"' in answer_of(text)
    assert "Kommt auf deine Hand an: eine Karte passt → nein, sonst ja." in answer_of(text)
    links = case_links(text)
    assert set(links) == {"Keine Karte deiner Hand passt", "Eine Karte deiner Hand passt"}
    legal, link = links["Eine Karte deiner Hand passt"]
    assert legal == "false"
    hand = parse_qs(urlsplit(link).query)["hand"]
    # The example hand holds one card that serves the hearts seven (suit or rank).
    assert len(hand) == 1 and (hand[0].startswith("H") or hand[0].endswith("7"))
    answer = answer_of(client.get(link).get_data(as_text=True))
    assert 'data-legal="false"' in answer and "dlx.house.strictdraw" in answer
    legal, link = links["Keine Karte deiner Hand passt"]
    assert legal == "true"
    assert 'data-legal="true"' in answer_of(client.get(link).get_data(as_text=True))


def test_in_english_too(client: FlaskClient) -> None:
    """English: the same question, the same cases in English words."""
    text = client.get(STRICT + "&lang=en").get_data(as_text=True)
    assert "Depends on your hand: a card of your hand may be played → no, otherwise yes." in text
    assert set(case_links(text)) == {"No card of your hand fits", "A card of your hand fits"}


def test_with_the_hand_given_there_is_nothing_to_choose(client: FlaskClient) -> None:
    """The hand given: a plain verdict, no cases (♥10 serves the ♥7, so no drawing)."""
    text = client.get(STRICT + "&hand=H10,C10&lang=en").get_data(as_text=True)
    assert 'data-legal="false"' in answer_of(text)
    assert case_links(text) == {}
