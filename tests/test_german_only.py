"""German answers are German throughout: no English word in what a German player reads.

Walks every referee dispute of every variant (the referee API and the referee page), the API's
answers to bad input, and every page of a played table of every variant, its sheet PDF
included, all in German, and looks for words that only English has. Catches a sentence whose
German half is missing from the catalog (gettext then shows the English msgid) and English
glued into a German sentence ("Then der nächste Spieler is on turn.").
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from app.engine import Action
from app.engine import Situation
from app.engine import find_variant
from app.variants.registry import VARIANT_IDS
from tests.variants.examples import examples

# Words a German sentence never uses: function words of English and the game's own words.
# Left out on purpose: words German shares ("in", "an", "man", "was", "will", "Hand", "so").
ENGLISH = frozenset(
    {
        "the",
        "is",
        "on",
        "turn",
        "then",
        "with",
        "and",
        "you",
        "your",
        "draws",
        "draw",
        "drawn",
        "plays",
        "play",
        "played",
        "card",
        "cards",
        "not",
        "may",
        "must",
        "of",
        "to",
        "are",
        "this",
        "that",
        "it",
        "its",
        "player",
        "players",
        "next",
        "skipped",
        "skip",
        "wish",
        "wished",
        "serves",
        "serve",
        "only",
        "or",
        "other",
        "others",
        "game",
        "games",
        "round",
        "rounds",
        "after",
        "before",
        "penalty",
        "points",
        "table",
        "tables",
        "save",
        "enter",
        "edit",
        "delete",
        "settings",
        "sheet",
        "wins",
        "winner",
        "no",
        "yes",
        "none",
        "one",
        "two",
        "three",
        "please",
        "can",
        "cannot",
        "has",
        "have",
        "be",
        "by",
        "for",
        "from",
        "at",
        "as",
        "when",
        "which",
        "who",
        "what",
        "where",
        "why",
        "how",
        "here",
        "there",
        "all",
        "any",
        "each",
        "every",
        "more",
        "less",
        "than",
        "out",
        "back",
        "new",
        "open",
        "close",
        "closed",
        "ended",
        "house",
        "rules",
        "rule",
        "hearts",
        "clubs",
        "spades",
        "diamonds",
        "jack",
        "queen",
        "king",
        "ace",
        "seven",
        "eight",
        "nine",
        "ten",
        "reverse",
        "wild",
        "effect",
        "pending",
        "again",
        "last",
        "first",
    }
)
# Words written as code or data: JSON keys and values quoted in an API answer, rule IDs,
# query notations ("draw:2"), file names. A word touching one of these characters is code.
CODE = re.compile(r"""[#/]?\w+(?:[._:/#=\-]\w+)+|\w+_\w*|"[^"]*"|'[^']*'""")
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
GERMAN = {"Accept-Language": "de"}


def english_words(text: str) -> list[str]:
    """The words of `text` that only English has (code and quoted input left out)."""
    words = re.findall(r"[A-Za-zÄÖÜäöüß]+", CODE.sub(" ", text))
    return sorted({word for word in words if word.lower() in ENGLISH})


class Visible(HTMLParser):
    """What a page shows: its text outside scripts and styles, and the labels a screen
    reader says (aria-label, title, alt, placeholder)."""

    def __init__(self) -> None:
        """Start with nothing seen."""
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Enter a script or style, and note the labels of any tag."""
        if tag in ("script", "style", "template"):
            self.hidden += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        """Leave a script or style."""
        if tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        """Keep text outside scripts and styles."""
        if not self.hidden:
            self.parts.append(data)


def page_text(html: str) -> str:
    """The visible text of a page."""
    parser = Visible()
    parser.feed(html)
    return " ".join(parser.parts)


def sentences(value: Any) -> list[str]:
    """The sentences of a JSON answer: `reason`, `interpretation` and `error`, at any depth
    (a case of a partial answer has its own reason); the rest are the API's codes."""
    if isinstance(value, dict):
        return [
            text
            for key, item in value.items()
            for text in (
                [item]
                if key in ("reason", "interpretation", "error") and isinstance(item, str)
                else sentences(item)
            )
        ]
    if isinstance(value, list):
        return [text for item in value for text in sentences(item)]
    return []


def test_the_word_list_catches_the_english_that_leaked_before() -> None:
    """The sentence every legal German answer ended in, and nothing of a German sentence."""
    assert english_words("Dann der nächste Spieler is on turn.") == ["is", "on", "turn"]
    assert english_words('Gewünscht ist Karo: "H7" (dyn.jack.match), draw:2.') == []


DISPUTES = [
    pytest.param(variant, dispute, id=f"{variant}-{dispute.key}")
    for variant in VARIANT_IDS
    for dispute in find_variant(variant).disputes
]


def situation_json(variant: str, notation: str) -> dict[str, Any]:
    """A dispute's one-line situation as the API's JSON (docs/api.md §1)."""
    situation = Situation.parse(f"{variant} {notation}")
    data: dict[str, Any] = {"top": str(situation.top)}
    if situation.below is not None:
        data["below"] = str(situation.below)
    if situation.wish is not None:
        data["wish"] = (
            {"suit": situation.wish.suit} if situation.wish.suit else {"rank": situation.wish.rank}
        )
    due = {kind: getattr(situation.due, kind) for kind in ("draw", "skip", "again")}
    if any(due.values()):
        data["pending"] = {kind: count for kind, count in due.items() if count}
    if situation.hand is not None:
        data["hand"] = [str(card) for card in situation.hand]
    if situation.hand_count is not None:
        data["hand_count"] = situation.hand_count
    return data


@pytest.mark.parametrize(("variant", "dispute"), DISPUTES)
def test_every_dispute_is_german_on_the_page(
    client: FlaskClient, variant: str, dispute: Any
) -> None:
    """The referee page's dispute link, opened in German: question, answer, effects."""
    page = client.get(f"/referee?variant={variant}&lang=de").get_data(as_text=True)
    found = re.search(rf'<a href="([^"]+)" data-dispute="{dispute.key}">', page)
    assert found, dispute.key
    answer = client.get(found.group(1).replace("&amp;", "&"))
    assert answer.status_code == 200
    assert english_words(page_text(answer.get_data(as_text=True))) == []


@pytest.mark.parametrize(("variant", "dispute"), DISPUTES)
def test_every_dispute_is_german_in_the_api(
    client: FlaskClient, variant: str, dispute: Any
) -> None:
    """POST /api/v1/referee with the dispute's question, in German: every sentence of the
    answer (reason, interpretation and the reasons of the cases of a partial answer)."""
    action = Action.parse(dispute.action)
    situation = Situation.parse(f"{variant} {dispute.situation}")
    body: dict[str, Any] = {
        "variant": variant,
        "players": situation.players,
        "options": situation.options.changed(),
        "actor": "on_turn" if situation.on_turn else "other",
        "situation": situation_json(variant, dispute.situation),
        "action": {"draw": True} if action.draw else {"play": [str(card) for card in action.play]},
        "lang": "de",
    }
    response = client.post("/api/v1/referee", json=body, headers=GERMAN)
    texts = sentences(response.get_json())
    assert texts
    assert english_words(" ".join(texts)) == [], texts


OPTION_NAMES = {
    rule.option for variant in VARIANT_IDS for rule in find_variant(variant).house_rules
}
REQUEST_KEYS = {
    "variant",
    "players",
    "options",
    "name",
    "situation",
    "action",
    "draw",
    "skip",
    "again",
    "play",
    "wish",
    "hand",
    "top",
    "below",
    "pending",
    "lang",
    "actor",
}
BAD_INPUT = [
    ("/api/v1/referee", {"variant": "uno", "situation": {"top": "H7"}, "action": {"draw": True}}),
    (
        "/api/v1/referee",
        {"variant": "dynamisch", "situation": {"top": "X9"}, "action": {"draw": True}},
    ),
    ("/api/v1/referee", {"variant": "dynamisch", "situation": {"top": "H7"}}),
    (
        "/api/v1/referee",
        {
            "variant": "dynamisch",
            "situation": {"top": "H7", "pending": {"draw": 2, "skip": 1}},
            "action": {"draw": True},
        },
    ),
    (
        "/api/v1/referee",
        {
            "variant": "deluxe",
            "situation": {"top": "HJ", "wish": {"suit": "X"}},
            "action": {"play": ["H7"]},
        },
    ),
    (
        "/api/v1/referee",
        {
            "variant": "speedone",
            "situation": {"top": "R5", "hand_count": 200},
            "action": {"draw": True},
        },
    ),
    (
        "/api/v1/referee",
        {
            "variant": "doppel",
            "situation": {"top": "H7"},
            "action": {"play": ["H8"]},
            "options": {"stack2": True},
        },
    ),
    ("/api/v1/tables", {"variant": "dynamisch", "players": ["Anna"]}),
    ("/api/v1/tables", {"variant": "doppel", "players": PLAYERS[:3]}),
    ("/api/v1/tables", {"variant": "deluxe", "players": PLAYERS, "options": {"rounds": 0}}),
    ("/api/v1/tables", {"variant": "skat", "players": PLAYERS}),
    ("/api/v1/tables", {"variant": "dynamisch", "players": PLAYERS, "colour": "red"}),
]


@pytest.mark.parametrize(("url", "body"), BAD_INPUT)
def test_api_errors_for_bad_input_are_german(
    client: FlaskClient, url: str, body: dict[str, Any]
) -> None:
    """A 4xx answer's error sentence, asked in German; the request's own keys and the
    options' names it quotes are the API's words, not English."""
    response = client.post(url, json=body, headers=GERMAN)
    assert 400 <= response.status_code < 500
    api_words = set(re.findall(r"\w+", str(body))) | OPTION_NAMES | REQUEST_KEYS
    words = english_words(response.get_json()["error"])
    assert [word for word in words if word not in api_words] == [], response.get_json()


def pdf_text(data: bytes) -> str:
    """The text of every page of a PDF."""
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_page_of_a_played_table_is_german(client: FlaskClient, variant: str) -> None:
    """A table played through the API, then each of its pages and sheets in German."""
    created = client.post(
        "/api/v1/tables", json={"variant": variant, "players": PLAYERS}, headers=GERMAN
    )
    assert created.status_code == 201, created.get_json()
    table, token = created.get_json()["id"], created.get_json()["edit_token"]
    for body in examples(variant).PAGE_ROUNDS:
        added = client.post(
            f"/api/v1/tables/{table}/rounds", json=body, headers={**GERMAN, "X-Edit-Token": token}
        )
        assert added.status_code == 201, added.get_json()
    client.post(f"/t/{table}/edit", data={"token": token})  # this phone may edit
    found: dict[str, list[str]] = {}
    for path in ("", "/settings", "/rounds/new", "/rounds/1", "/delete", "/edit"):
        response = client.get(f"/t/{table}{path}?lang=de")
        assert response.status_code == 200, path
        found[path] = english_words(page_text(response.get_data(as_text=True)))
    export = client.get(f"/t/{table}/export.csv?lang=de")
    assert export.status_code == 200
    # The table's random id stands in the file too; its letters are no words ("x9how2").
    found["/export.csv"] = english_words(export.get_data(as_text=True).replace(table, " "))
    for path in (f"/t/{table}/sheet.pdf", f"/sheets/{variant}.pdf"):
        response = client.get(f"{path}?lang=de")
        assert response.status_code == 200, path
        found[path] = english_words(pdf_text(response.data))
    assert {path: words for path, words in found.items() if words} == {}
    english = client.get(f"/t/{table}/sheet.pdf?lang=en")  # the walk reads what is shown
    assert english_words(pdf_text(english.data))
    assert english_words(page_text(client.get(f"/t/{table}?lang=en").get_data(as_text=True)))
