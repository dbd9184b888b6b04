"""app.text: a sentence as a catalog message said where it is shown, one error for bad input,
one quoting.

Every part that checks input raises the same InputError, so pages and the API read any of them
alike: `message(lang)` in either language, `field` the path of the bad field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from app.engine import Card
from app.engine import judge_request
from app.engine.texts import card_text
from app.engine.texts import count_text
from app.export.parse import parse_backup
from app.groups.validate import validate_group
from app.referee.question import Question
from app.sheets.params import parse_blank
from app.text import InContext
from app.text import InputError
from app.text import Message
from app.text import both
from app.text import either
from app.text import say
from app.text import shown
from app.variants.registry import find_variant
from app.variants.registry import validate_round


def test_a_message_is_said_from_the_catalog_with_its_values_said_too() -> None:
    """The msgid is English; German comes from the compiled catalog, and a value that is a
    message itself is said in the same language."""
    served = Message(
        "The %(name)s serves the %(top)s.",
        name=card_text(Card.parse("HJ")),
        top=card_text(Card.parse("H7")),
    )
    assert say(served, "en") == "The hearts jack serves the hearts seven."
    assert say(served, "de") == "Herz-Bube bedient Herz-Sieben."


def test_plural_context_and_lists_follow_the_language() -> None:
    """ngettext's forms, pgettext's contexts ("skip" the card, "skip" the effect) and lists
    joined by the language's "and"/"or"."""
    assert [say(count_text(n), "de") for n in (1, 3)] == ["1 Karte", "3 Karten"]
    assert [say(count_text(n), "en") for n in (1, 3)] == ["1 card", "3 cards"]
    assert say(InContext("card", "skip"), "de") == "Aussetzen"
    assert say(Message("skip"), "de") == "aussetzen"
    colours = [InContext("card", "red"), InContext("card", "blue"), "7"]
    assert say(both(colours), "de") == "Rot, Blau und 7"
    assert say(either(colours), "en") == "red, blue or 7"


def test_a_message_outside_the_catalog_stays_as_written() -> None:
    """A msgid the catalog lacks shows in English; a literal "%" is left alone without
    values; the empty msgid is empty, not the catalog's header."""
    assert say(Message("100% new"), "de") == "100% new"
    assert say(Message(""), "de") == ""


def test_input_error_carries_the_sentence_and_the_field() -> None:
    """A ValueError whose `str()` is English; `message(lang)` says it in that language."""
    error = InputError(Message("must be true or false; got %(value)s.", value="7"), "undone")
    assert isinstance(error, ValueError)
    assert (error.field, str(error)) == ("undone", "must be true or false; got 7.")
    assert error.message("de") == "muss true oder false sein; erhalten: 7."
    assert InputError(Message("Broken.")).field is None


@pytest.mark.parametrize(
    ("value", "quoted"),
    [
        ("H7", '"H7"'),
        (True, "true"),
        (None, "null"),
        (2.5, "2.5"),
        ([1, "a"], '[1, "a"]'),
        ("Ärger", '"Ärger"'),
        ({1, 2}, "{1, 2}"),
    ],
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
        (
            lambda: judge_request(
                {"variant": "uno", "situation": {"top": "H7"}, "action": {"draw": True}}
            ),
            "variant",
        ),
        (lambda: Card.parse("X9"), None),
        (lambda: find_variant("skat"), "variant"),
        (
            lambda: validate_round(
                "deluxe", ["A", "B"], {"rounds": 10, "rate_cents": 0}, {"cards": [1, 1]}
            ),
            "cards",
        ),
        (lambda: validate_group("", ["A", "B"]), "name"),
        (bad_backup, "format"),
        (lambda: Question(players="vier").body("de"), "players"),
        (
            lambda: parse_blank(find_variant("deluxe"), "Deluxe", MultiDict({"rounds": "0"})),
            "rounds",
        ),
    ],
    ids=[
        "referee request",
        "card code",
        "variant",
        "round",
        "group",
        "backup",
        "referee page",
        "blank sheet",
    ],
)
def test_every_input_check_raises_the_one_error(
    refuse: Callable[[], Any], field: str | None
) -> None:
    """Engine, scoring, variants, groups, backup import, referee page and sheets: one class,
    a sentence in both languages, the bad field."""
    with pytest.raises(InputError) as caught:
        refuse()
    error = caught.value
    assert error.field == field
    assert "" != error.message("de") != error.message("en") != ""


def test_messages_are_values() -> None:
    """Equal when they would say the same; a context or a plural makes another message."""
    assert Message("Games") == Message("Games") != Message("Games", n=1)
    assert InContext("card", "skip") != InContext("pending", "skip") != Message("skip")
    assert len({count_text(2), count_text(2), count_text(3)}) == 2
