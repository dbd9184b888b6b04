"""House rules on the referee page: carried by the URL, offered as tap choices, judged with,
cited with a link; a table links to its referee with its variant, players and house rules."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs
from urllib.parse import urlencode
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.engine.houserules import HOUSE_RULES
from app.referee.links import referee_url
from app.store.db import db
from app.store.models import Table
from app.text import say

ROOT = Path(__file__).parent.parent.parent
# Where the referee and the rules pages live: none of it may compare a variant's name.
AREA = ("app/referee", "app/rules", "templates/referee", "templates/rules", "static/js/referee.js")
NAME_CHECK = re.compile(r"(==|!=)=?\s*[\"'](dynamisch|deluxe|speedone|terroristen|doppel)[\"']")


def get(client: FlaskClient, query: dict[str, str]) -> tuple[int, str]:
    """GET the referee for a query; the status and the HTML."""
    response = client.get("/referee?" + urlencode(query))
    return response.status_code, response.get_data(as_text=True)


def house_section(page: str) -> str:
    """The collapsed house rules box of the form (empty when the variant has none)."""
    match = re.search(r'<details class="more house-rules.*?</details>', page, re.S)
    return match.group(0) if match else ""


def checked(page: str, name: str) -> list[str]:
    """The checked values of a radio group."""
    return re.findall(rf'name="{name}" value="([^"]*)" checked', page)


def answer_of(page: str) -> str:
    """The answer box (empty when there is none)."""
    match = re.search(r'<section id="answer".*?</section>', page, re.S)
    return match.group(0) if match else ""


def share_query(page: str) -> dict[str, list[str]]:
    """The question of the answer's share link."""
    link = html.unescape(re.search(r'id="share-url"[^>]*value="([^"]+)"', page).group(1))
    return parse_qs(urlsplit(link).query)


@pytest.mark.parametrize("variant", list(HOUSE_RULES))
def test_the_form_offers_each_switch_of_the_variant_at_its_default(
    client: FlaskClient, variant: str
) -> None:
    """One radio group per switch, the default chosen; a variant without switches has no box."""
    status, page = get(client, {"variant": variant, "lang": "en"})
    assert status == 200
    box = house_section(page)
    rules = HOUSE_RULES[variant]
    assert bool(box) is bool(rules)
    assert re.findall(r'data-house="([^"]+)"', box) == [rule.option for rule in rules]
    for rule in rules:
        default = "1" if rule.default is True else "0" if rule.default is False else rule.default
        assert checked(box, rule.option) == [default]
        for _value, meaning in rule.choices:
            assert say(meaning, "en") in html.unescape(box)
        assert f'href="/rules/{variant}#{rule.rule}"' in box
    assert " open" not in box.split(">")[0]  # collapsed


def test_a_house_rule_in_the_url_is_chosen_and_named(client: FlaskClient) -> None:
    """?seven=pass chooses "pass" and the summary names the changed switch."""
    _, page = get(client, {"variant": "terroristen", "seven": "pass", "lang": "en"})
    box = house_section(page)
    assert checked(box, "seven") == ["pass"]
    assert checked(box, "multi") == ["rank"]
    assert re.search(r"<summary>House rules\s*<span class=\"muted\">· The seven</span>", box)


def test_the_share_link_keeps_changed_house_rules_and_drops_defaults(client: FlaskClient) -> None:
    """A switch at its default is left out of the question's URL; a changed one stays."""
    status, page = get(
        client,
        {
            "variant": "speedone",
            "top": "R5",
            "play": "R7",
            "stack2": "1",
            "stack4": "0",
            "handlimit": "1",
        },
    )
    assert status == 200
    query = share_query(page)
    assert query["stack2"] == ["1"]
    assert "stack4" not in query and "handlimit" not in query
    _, page = get(client, {"variant": "speedone", "top": "R5", "play": "R7", "handlimit": "0"})
    assert share_query(page)["handlimit"] == ["0"]


def test_the_old_speedone_flags_still_stack(client: FlaskClient) -> None:
    """?stack2=1 (the URLs shared before house rules) is still the option spd.opt.stack2."""
    question = {
        "variant": "speedone",
        "top": "R+2",
        "pending": "draw:2",
        "play": "G+2",
        "lang": "en",
    }
    _, without = get(client, question)
    _, with_stack = get(client, {**question, "stack2": "1"})
    assert 'data-legal="false"' in answer_of(without)
    assert 'data-legal="true"' in answer_of(with_stack)
    assert 'class="rule-link" href="/rules/speedone#spd.opt.stack2"' in answer_of(with_stack)
    assert "house rule: Draw-two on draw-two" in " ".join(answer_of(with_stack).split())


@pytest.mark.parametrize(
    ("query", "quoted"),
    [
        (
            {"variant": "terroristen", "top": "H7", "play": "H8", "seven": "maybe"},
            "House rule “The seven” cannot be “maybe”: choose one of draw2, pass, none.",
        ),
        (
            {"variant": "speedone", "top": "R5", "play": "R7", "handlimit": "yes please"},
            "cannot be “yes please”: choose one of 1, 0.",
        ),
    ],
)
def test_a_value_that_is_no_choice_is_a_400_at_the_house_rules(
    client: FlaskClient, query: dict[str, str], quoted: str
) -> None:
    """A bad switch value opens the box with a sentence naming the house rule and its choices."""
    status, page = get(client, {**query, "lang": "en"})
    assert status == 400
    box = house_section(page)
    assert 'class="error"' in box and quoted in html.unescape(box)
    assert box.startswith('<details class="more house-rules has-error" id="f-options" open')
    assert 'href="#f-options" data-error-link>' in page  # the summary links to the box
    assert 'id="answer"' not in page


def test_a_new_question_keeps_the_table(client: FlaskClient) -> None:
    """ "New question" clears the cards but keeps variant, players and house rules."""
    _, page = get(
        client, {"variant": "doppel", "players": "3", "nine": "may", "top": "H9", "play": "H10"}
    )
    link = html.unescape(re.search(r'class="new-question" href="([^"]+)"', page).group(1))
    assert parse_qs(urlsplit(link).query) == {
        "variant": ["doppel"],
        "players": ["3"],
        "nine": ["may"],
    }


def test_another_variants_switch_is_ignored(client: FlaskClient) -> None:
    """A switch of Speedone means nothing to Dynamisch: no error, not kept in the link."""
    status, page = get(client, {"variant": "dynamisch", "top": "H7", "play": "H8", "stack2": "1"})
    assert status == 200
    assert "stack2" not in share_query(page)


HOUSE_CASES = [
    # ter.house.seven: "pass" lets a 7 answer a 7; the next draws 2 more per seven.
    (
        {"variant": "terroristen", "top": "H7", "pending": "draw:2", "play": "C7", "seven": "pass"},
        True,
        "ter.house.seven",
    ),
    # ter.house.multi: "twins" allows only identical cards together.
    (
        {"variant": "terroristen", "top": "H7", "play": "H8,C8", "multi": "twins"},
        False,
        "ter.house.multi",
    ),
    # dlx.house.strictdraw: with a serving card in hand, drawing is not allowed.
    (
        {"variant": "deluxe", "top": "D7", "hand": "D10,CK", "play": "draw", "strict_draw": "1"},
        False,
        "dlx.house.strictdraw",
    ),
    # dop.house.nine: "may" lets the player of a nine draw the cards still owed instead.
    (
        {
            "variant": "doppel",
            "top": "H9",
            "pending": "again:2",
            "hand": "H10,C7",
            "play": "draw",
            "nine": "may",
        },
        True,
        "dop.house.nine",
    ),
    # spd.house.handlimit off: 21 cards in hand, and both cards of a draw-two are taken.
    (
        {
            "variant": "speedone",
            "top": "R+2",
            "pending": "draw:2",
            "play": "draw",
            "handlimit": "0",
            "hand": "R0,R1,R1,R2,R2,R3,R3,R4,R4,R5,R5,R6,R6,R7,R7,R8,R8,R9,R9,RS,RS",
        },
        True,
        "spd.house.handlimit",
    ),
]


@pytest.mark.parametrize(
    ("query", "legal", "rule"), HOUSE_CASES, ids=[case[2] for case in HOUSE_CASES]
)
def test_the_engine_judges_with_the_house_rule_and_the_answer_links_it(
    client: FlaskClient, query: dict[str, str], legal: bool, rule: str
) -> None:
    """The switch decides the case: the answer cites its ID, linked to the rules page."""
    status, page = get(client, {**query, "lang": "en"})
    assert status == 200, re.findall(r'role="alert">([^<]+)', page)
    answer = answer_of(page)
    assert f'data-legal="{"true" if legal else "false"}"' in answer
    variant = query["variant"]
    assert f'class="rule-link" href="/rules/{variant}#{rule}">{rule}</a>' in answer


def test_the_area_asks_the_variant_not_its_name() -> None:
    """The referee and the rules pages never compare a variant's name (a variant is one
    definition: the page asks it for its deck, its wishes, its switches)."""
    found = []
    for part in AREA:
        path = ROOT / part
        for file in [path] if path.is_file() else sorted(path.rglob("*.*")):
            if file.suffix in (".py", ".html", ".js"):
                text = file.read_text(encoding="utf-8")
                found += [
                    f"{file.relative_to(ROOT)}: {match.group(0)}"
                    for match in NAME_CHECK.finditer(text)
                ]
    assert found == []


@pytest.mark.parametrize(
    ("variant", "wishes"),
    [
        ("dynamisch", ["C", "S", "H", "D"]),
        ("speedone", ["R", "G", "B", "Y"]),
        ("deluxe", ["C", "S", "H", "D", "7", "10", "J", "Q", "K", "A"]),
    ],
)
def test_wish_choices_come_from_the_variant(
    client: FlaskClient, variant: str, wishes: list[str]
) -> None:
    """Suits, colours, and ranks where a card wishes a rank (dlx.jack); Deluxe's wish flags."""
    _, page = get(client, {"variant": variant})
    block = re.search(r'id="f-wish".*?</fieldset>', page, re.S).group(0)
    assert re.findall(r'name="wish" value="([^"]+)"', block) == wishes
    assert ('id="f-wish-flags"' in page) is (variant == "deluxe")


def test_referee_url_takes_only_the_house_rules_of_the_options(app: Flask) -> None:
    """A table's other options stay out; defaults stay out; the player count goes in."""
    with app.test_request_context():
        url = referee_url("terroristen", 5, {"games": 3, "seven": "pass", "multi": "rank"})
        assert url == "/referee?variant=terroristen&players=5&seven=pass"
        assert (
            referee_url("speedone", 3, {"target": 200, "handlimit": False})
            == "/referee?variant=speedone&players=3&handlimit=0"
        )
        assert referee_url("doppel", 4, {}) == "/referee?variant=doppel&players=4"


def test_a_table_links_to_its_referee_with_its_house_rules(app: Flask, client: FlaskClient) -> None:
    """The table page's referee link opens the referee with variant, players and switch set."""
    with app.app_context():
        table = Table(
            variant="terroristen",
            name="Freitag",
            players=["Anna", "Ben", "Cem", "Dora", "Ede"],
            options={"games": None, "seven": "pass", "multi": "rank"},
        )
        table.set_edit_token()
        db.session.add(table)
        db.session.commit()
        table_id = table.id
    page = client.get(f"/t/{table_id}?lang=en").get_data(as_text=True)
    link = html.unescape(
        re.search(r'<a href="([^"]+)" data-referee-link>Referee</a>', page).group(1)
    )
    assert parse_qs(urlsplit(link).query) == {
        "variant": ["terroristen"],
        "players": ["5"],
        "seven": ["pass"],
    }
    response = client.get(link)
    assert response.status_code == 200
    referee = response.get_data(as_text=True)
    assert checked(referee, "variant") == ["terroristen"]
    assert re.search(r'name="players"[^>]*value="5"', referee)
    assert checked(house_section(referee), "seven") == ["pass"]


STACK4_CASE = (
    {
        "variant": "speedone",
        "top": "W+4",
        "wish": "R",
        "pending": "draw:4",
        "play": "W+4",
        "stack4": "1",
    },
    True,
    "spd.opt.stack4",
)
STACK2_CASE = (
    {"variant": "speedone", "top": "R+2", "pending": "draw:2", "play": "G+2", "stack2": "1"},
    True,
    "spd.opt.stack2",
)


def outcome(answer: str) -> tuple[str, str]:
    """The verdict and the first cited rule of an answer box."""
    legal = re.search(r'data-legal="(\w+)"', answer)
    rule = re.search(r'class="rule-link" href="/rules/\w+#([\w.]+)"', answer)
    assert legal and rule, answer
    return legal.group(1), rule.group(1)


@pytest.mark.parametrize(
    ("query", "legal", "rule"),
    [*HOUSE_CASES, STACK2_CASE, STACK4_CASE],
    ids=[case[2] for case in [*HOUSE_CASES, STACK2_CASE, STACK4_CASE]],
)
def test_each_switch_both_ways_on_the_page(
    client: FlaskClient, query: dict[str, str], legal: bool, rule: str
) -> None:
    """Flipped, the switch decides the case and is cited; at its default the same question
    gets another answer (another verdict, or another rule deciding it)."""
    switch = next(
        key for key in query if key not in ("variant", "top", "wish", "pending", "hand", "play")
    )
    _, flipped = get(client, {**query, "lang": "en"})
    assert outcome(answer_of(flipped)) == ("true" if legal else "false", rule)
    default = {key: value for key, value in query.items() if key != switch}
    status, page = get(client, {**default, "lang": "en"})
    assert status == 200
    assert outcome(answer_of(page)) != outcome(answer_of(flipped))
