"""app.text: one bilingual sentence (Text, German first), one error for bad input, one quoting.

Every part that checks input raises the same InputError, so pages and the API read any of them
alike: `text` in both languages, `field` the path of the bad field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from app.engine import Card
from app.engine import judge_request
from app.export.parse import parse_backup
from app.groups.validate import validate_group
from app.referee.question import Question
from app.sheets.params import parse_blank
from app.text import InputError
from app.text import Text
from app.text import shown
from app.variants.registry import find_variant
from app.variants.registry import validate_round


def test_text_is_german_first_and_german_by_default() -> None:
    """Text(de, en): German for anything but "en"."""
    text = Text("Spiel", "Game")
    assert (text.de, text.en) == ("Spiel", "Game")
    languages = ("de", "en", "fr", "")
    assert [text.get(lang) for lang in languages] == ["Spiel", "Game", "Spiel", "Spiel"]


def test_input_error_carries_the_sentence_and_the_field() -> None:
    """A ValueError whose `str()` is English; `message(lang)` picks the language."""
    error = InputError(Text("Die Zahl fehlt.", "The number is missing."), "hands[1].jacks")
    assert isinstance(error, ValueError)
    assert (error.field, str(error)) == ("hands[1].jacks", "The number is missing.")
    assert (error.message(), error.message("en")) == ("Die Zahl fehlt.", "The number is missing.")
    assert InputError(Text("Kaputt.", "Broken.")).field is None


@pytest.mark.parametrize(
    ("value", "quoted"),
    [("H7", '"H7"'), (True, "true"), (None, "null"), (2.5, "2.5"), ([1, "a"], '[1, "a"]'),
     ("Ärger", '"Ärger"'), ({1, 2}, "{1, 2}")],
)
def test_shown_quotes_input_as_json_writes_it(value: Any, quoted: str) -> None:
    """JSON's spelling (what the client sent); a value JSON cannot write falls back to repr."""
    assert shown(value) == quoted


def test_shown_cuts_long_input() -> None:
    """A megabyte of nonsense is not echoed back: 40 characters at most."""
    assert shown("x" * 10_000) == '"' + "x" * 36 + "..."
    assert len(shown(list(range(1000)))) == 40


def bad_backup() -> None:
    """A file that is not a backup."""
    parse_backup(b'{"format": "x"}')


@pytest.mark.parametrize(
    ("refuse", "field"),
    [
        (lambda: judge_request({"variant": "uno", "situation": {"top": "H7"},
                                "action": {"draw": True}}), "variant"),
        (lambda: Card.parse("X9"), None),
        (lambda: find_variant("skat"), "variant"),
        (lambda: validate_round("deluxe", ["A", "B"], {"rounds": 10, "rate_cents": 0},
                                {"cards": [1, 1]}), "cards"),
        (lambda: validate_group("", ["A", "B"]), "name"),
        (bad_backup, "format"),
        (lambda: Question(players="vier").body("de"), "players"),
        (lambda: parse_blank(find_variant("deluxe"), "Deluxe", MultiDict({"rounds": "0"})),
         "rounds"),
    ],
    ids=["referee request", "card code", "variant", "round", "group", "backup", "referee page",
         "blank sheet"],
)
def test_every_input_check_raises_the_one_error(refuse: Callable[[], Any], field: str | None
                                                ) -> None:
    """Engine, scoring, variants, groups, backup import, referee page and sheets: one class,
    a sentence in both languages, the bad field."""
    with pytest.raises(InputError) as caught:
        refuse()
    error = caught.value
    assert error.field == field
    assert error.text.de and error.text.en and error.text.de != error.text.en
