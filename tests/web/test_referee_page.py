"""The referee page `/referee`: every question is a URL, answered like the API answers it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs
from urllib.parse import urlencode
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from app.engine import judge_request

CASES = json.loads(
    (Path(__file__).parent.parent / "data" / "referee-page-cases.json").read_text(encoding="utf-8")
)


def page_query(request: dict[str, Any]) -> dict[str, str]:
    """The page's query parameters for a referee request body (docs/api.md §1)."""
    situation, action = request["situation"], request["action"]
    query = {
        "variant": request["variant"],
        "players": str(request.get("players", 4)),
        "top": situation["top"],
        "lang": request.get("lang", "de"),
    }
    if "below" in situation:
        query["below"] = situation["below"]
    if "wish" in situation:
        wish = situation["wish"]
        query["wish"] = wish.get("suit") or wish["rank"]
        query.update(
            {flag: "1" for flag in ("by_you", "anyone_served", "you_served") if wish.get(flag)}
        )
    if "pending" in situation:
        ((kind, count),) = situation["pending"].items()
        query["pending"] = f"{kind}:{count}"
    if "hand" in situation:
        query["hand"] = ",".join(situation["hand"])
    if request.get("actor") == "other":
        query["other"] = "1"
    query.update({name: "1" for name, on in request.get("options", {}).items() if on})
    query["play"] = "draw" if action.get("draw") else ",".join(action["play"])
    if "wish" in action:
        query["play_wish"] = action["wish"].get("suit") or action["wish"]["rank"]
    return query


def answer_of(text: str) -> str:
    """The answer box of a page (empty when there is none)."""
    match = re.search(r'<section id="answer".*?</section>', text, re.S)
    return match.group(0) if match else ""


def verdict_of(text: str) -> bool:
    """The ✓/✗ of the answer box."""
    match = re.search(r'data-legal="(true|false)"', answer_of(text))
    assert match, "the page shows no answer"
    return match.group(1) == "true"


def effect_sentences(text: str) -> list[str]:
    """The "what happens next" sentences, tags stripped."""
    items = re.findall(r"<li>(.*?)</li>", answer_of(text), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", item)).split()) for item in items]


def ask(client: FlaskClient, query: dict[str, str]) -> tuple[int, str]:
    """GET the page for a query; the status and the HTML."""
    response = client.get("/referee?" + urlencode(query))
    return response.status_code, response.get_data(as_text=True)


EXPECTED_EFFECTS = {
    ("draw", "next"): "The next player draws {n} card",
    ("draw", "you"): "You draw {n} card",
    ("skip", "next"): "The next player is skipped",
}


@pytest.mark.parametrize("case", CASES, ids=[case["label"] for case in CASES])
def test_example_gives_the_same_verdict_as_the_engine(
    client: FlaskClient, case: dict[str, Any]
) -> None:
    """Asked through the page URL, each example gets its verdict, rule link and effects."""
    status, text = ask(client, page_query(case["request"]))
    expect = case["expect"]
    if expect.get("status") == 400:
        assert status == 400
        assert "data-error-summary" in text and "has-error" in text
        return
    assert status == 200
    response = judge_request(case["request"])
    assert verdict_of(text) is expect["legal"] is response["legal"]
    rule = expect.get("rule", response["rule"])
    assert rule == response["rule"]
    variant = case["request"]["variant"]
    assert f'class="rule-link" href="/rules/{variant}#{rule}"' in answer_of(text)
    sentences = " | ".join(effect_sentences(text))
    for kind in ("draw", "skip"):
        if kind in expect:
            who, n = expect[kind]
            assert EXPECTED_EFFECTS[kind, who].format(n=n) in sentences
    if expect.get("reverse"):
        assert "The direction of play changes." in sentences


def test_the_share_link_reproduces_the_question(client: FlaskClient) -> None:
    """The link in the answer box is the question: asking it again gives the same answer."""
    status, text = ask(client, {"variant": "dynamisch", "top": "HJ", "wish": "C", "play": "C7"})
    assert status == 200
    share = html.unescape(re.search(r'id="share-url"[^>]*value="([^"]+)"', text).group(1))
    again = client.get(urlsplit(share).path + "?" + urlsplit(share).query)
    assert answer_of(again.get_data(as_text=True)) == answer_of(text)
    assert parse_qs(urlsplit(share).query) == {
        "variant": ["dynamisch"],
        "top": ["HJ"],
        "wish": ["C"],
        "play": ["C7"],
    }


def test_german_is_the_default_language(client: FlaskClient) -> None:
    """Without ?lang the verdict, effects and penalty are German."""
    status, text = ask(
        client, {"variant": "deluxe", "top": "DK", "pending": "draw:4", "play": "CK"}
    )
    assert status == 200
    assert "Erlaubt" in answer_of(text)
    assert "Der nächste Spieler zieht 6 Karten. dlx.king" in effect_sentences(text)
    status, text = ask(client, {"variant": "deluxe", "top": "SQ", "wish": "D", "play": "S7"})
    assert "Nicht erlaubt" in answer_of(text)
    assert "Karte zurücknehmen und 2 Strafkarten ziehen." in answer_of(text)


def test_english_page(client: FlaskClient) -> None:
    """?lang=en answers in English, penalty included."""
    _, text = ask(
        client, {"variant": "deluxe", "top": "SQ", "wish": "D", "play": "S7", "lang": "en"}
    )
    assert "Not allowed" in answer_of(text)
    assert "Take the card back and draw 2 penalty cards." in answer_of(text)


def test_interpretation_is_shown_and_marked(client: FlaskClient) -> None:
    """An answer decided by an interpretation shows it, marked as one (spd.serve)."""
    _, text = ask(
        client, {"variant": "speedone", "top": "B7", "play": "W+4", "play_wish": "R", "lang": "en"}
    )
    assert re.search(
        r'class="interpretation"><em class="i-mark">Interpretation</em> '
        r"a wild-draw-four may be played at any time",
        answer_of(text),
    )


def test_count_of_cards_makes_the_last_card_known(client: FlaskClient) -> None:
    """One card in hand and it is played: Deluxe's last-card rule applies (dlx.lastcard)."""
    _, text = ask(client, {"variant": "deluxe", "top": "D7", "count": "1", "play": "DK"})
    assert verdict_of(text) is False
    assert 'href="/rules/deluxe#dlx.lastcard"' in answer_of(text)
    _, text = ask(client, {"variant": "deluxe", "top": "D7", "count": "3", "play": "DK"})
    assert verdict_of(text) is True


def test_count_of_cards_reaches_the_hand_limit(client: FlaskClient) -> None:
    """spd.handlimit: "Cards in your hand: 21" alone makes a +2 draw one card (hand_count);
    without the count both cards are drawn."""
    query = {"variant": "speedone", "top": "R+2", "pending": "draw:2", "play": "draw", "lang": "en"}
    status, text = ask(client, {**query, "count": "21"})
    assert status == 200 and verdict_of(text) is True
    assert 'href="/rules/speedone#spd.handlimit"' in answer_of(text)
    assert "You draw 1 card" in " ".join(effect_sentences(text))
    _, text = ask(client, {**query, "count": "22"})
    assert "You draw 0 cards" in " ".join(effect_sentences(text))
    _, text = ask(client, query)
    assert 'href="/rules/speedone#spd.draw2"' in answer_of(text)
    assert "You draw 2 cards" in " ".join(effect_sentences(text))
    _, text = ask(client, {**query, "count": "21", "handlimit": "0"})
    assert "You draw 2 cards" in " ".join(effect_sentences(text))


def test_top_was_last_toggle_reaches_the_answer(client: FlaskClient) -> None:
    """dop.lastcard.two: the toggle by the pending chips says the 7 on top was its player's
    last card, and the counter 7 becomes illegal; it is offered only where the rules ask."""
    query = {
        "variant": "doppel",
        "players": "3",
        "top": "H7",
        "pending": "draw:2",
        "play": "S7",
        "lang": "en",
    }
    _, empty = ask(client, {"variant": "doppel"})
    assert 'name="top_was_last"' in empty
    _, other = ask(client, {"variant": "dynamisch"})
    assert 'name="top_was_last"' not in other
    status, text = ask(client, {**query, "top_was_last": "1"})
    assert status == 200 and verdict_of(text) is False
    assert 'href="/rules/doppel#dop.lastcard.two"' in answer_of(text)
    assert re.search(r'name="top_was_last" value="1" checked', text)
    _, text = ask(client, query)
    assert verdict_of(text) is True
    assert 'href="/rules/doppel#dop.7"' in answer_of(text)
    # A flag left in a link of a variant that does not ask it changes nothing.
    status, text = ask(
        client, {"variant": "dynamisch", "top": "H8", "play": "S8", "top_was_last": "1"}
    )
    assert status == 200 and verdict_of(text) is True


BAD_INPUT = [
    ({"variant": "skat", "top": "H7", "play": "H8"}, "variant", "skat"),
    ({"top": "X9", "play": "H9"}, "top", "X9"),
    ({"top": "H7", "play": "H8", "players": "many"}, "players", "whole number"),
    ({"top": "H7", "play": "H8", "players": "9"}, "players", "9"),
    ({"top": "H7", "play": "H8", "pending": "lots"}, "pending", "draw:2"),
    ({"variant": "deluxe", "top": "D7", "play": "D9"}, "play", "D9"),
    ({"top": "H7", "play": "draw,H8"}, "play", "not both"),
    ({"top": "H7", "play": "H8", "count": "0"}, "count", "1 to 99"),
    ({"top": "H7", "play": "H8", "hand": "H8,C9", "count": "3"}, "count", "(3)"),
    ({"variant": "speedone", "top": "R5", "play": "draw", "count": "23"}, "count", "more than 22"),
    ({"top": "H7", "play": "H8", "hand": "C9"}, "play", "H8"),
    ({"top": "H7", "play": "CJ", "play_wish": "10"}, "play_wish", "10"),
    ({"play": "H8"}, "top", "top card"),
]


@pytest.mark.parametrize(("query", "field", "quoted"), BAD_INPUT)
def test_bad_input_is_a_400_with_the_message_at_its_field(
    client: FlaskClient, query: dict[str, str], field: str, quoted: str
) -> None:
    """Bad query values: status 400, the message next to the field, never a 500."""
    status, text = ask(client, {"lang": "en", **query})
    assert status == 400
    block = re.search(rf'id="f-{field}".*?(?=id="f-|</form>)', text, re.S)
    assert block and 'class="error"' in block.group(0), f"no message at {field}"
    assert quoted in html.unescape(block.group(0))
    assert 'id="answer"' not in text


def test_engine_messages_are_german_on_a_german_page(client: FlaskClient) -> None:
    """The engine words input errors in German and English; a German page shows German."""
    status, text = ask(client, {"variant": "deluxe", "top": "D7", "play": "D9"})
    assert status == 400
    text = html.unescape(text)
    assert 'Gespielte Karte: "D9" gibt es in Deluxe nicht (zwei Skatblätter ohne 8 und 9' in text
    assert "auf Englisch" not in text and "there is no" not in text
    assert "action.play" not in text  # words, not paths


def plays_of(text: str) -> list[str]:
    """The question links of the "what can I play" list."""
    section = re.search(r'<section id="plays".*?</section>', text, re.S)
    assert section, "no list of plays"
    return [
        html.unescape(href)
        for href in re.findall(r'class="play-link[^"]*" href="([^"]+)"', section.group(0))
    ]


def test_what_can_i_play_lists_every_legal_play_of_the_hand(client: FlaskClient) -> None:
    """Each listed play is a link that asks exactly that question, and it is legal."""
    status, text = ask(
        client,
        {"variant": "dynamisch", "top": "S10", "hand": "SJ,S7,H9,HJ", "ask": "list", "lang": "en"},
    )
    assert status == 200
    links = plays_of(text)
    plays = [parse_qs(urlsplit(link).query) for link in links]
    assert {"play": ["S7"]} in [{"play": p["play"]} for p in plays]
    assert [p["play"] for p in plays].count(["HJ"]) >= 2  # the jack, once per allowed wish
    assert ["SJ"] not in [p["play"] for p in plays]  # dyn.jack.match: it would serve
    assert ["H9"] not in [p["play"] for p in plays]
    assert ["draw"] in [p["play"] for p in plays]
    for link in links:
        assert link.endswith("#answer")
        answer = client.get(link.removesuffix("#answer"))
        assert answer.status_code == 200
        assert verdict_of(answer.get_data(as_text=True)) is True, link


def test_what_can_i_play_without_a_hand_uses_the_deck(client: FlaskClient) -> None:
    """Without a hand the list covers the whole deck and says so."""
    status, text = ask(client, {"variant": "deluxe", "top": "C10", "ask": "list", "lang": "en"})
    assert status == 200
    assert "every legal play from the whole deck" in text
    plays = [parse_qs(urlsplit(link).query)["play"] for link in plays_of(text)]
    assert ["C7"] in plays and ["H10"] in plays and ["H7"] not in plays


def test_empty_page_shows_the_grid_of_the_variant(client: FlaskClient) -> None:
    """No question yet: the form with the variant's deck (Deluxe without 8 and 9)."""
    status, text = ask(client, {"variant": "deluxe"})
    assert status == 200
    assert 'id="answer"' not in text
    tops = re.findall(r'name="top" value="([^"]+)"', text)
    assert len(tops) == 24 and "H8" not in tops and "C9" not in tops
    status, text = ask(client, {"variant": "speedone"})
    tops = re.findall(r'name="top" value="([^"]+)"', text)
    assert len(tops) == 54 and "W+4" in tops and "RR" in tops
