"""IBANs as players type them: mod-97 check digits, masked for readers."""

from __future__ import annotations

import pytest

from app.settlement.iban import clean_iban
from app.settlement.iban import masked
from app.text import InputError


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000"),
        ("de89370400440532013000", "DE89370400440532013000"),
        ("GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"),
        ("AT61 1904 3002 3457 3201", "AT611904300234573201"),
    ],
)
def test_good_ibans_are_kept_without_blanks(typed: str, clean: str) -> None:
    """The standard's examples pass, blanks and case as a phone types them."""
    assert clean_iban(typed) == clean


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("DE89 3704 0044 0532 0130 01", "Die IBAN stimmt nicht: Prüfziffer falsch."),
        ("DE88 3704 0044 0532 0130 00", "Die IBAN stimmt nicht: Prüfziffer falsch."),
        ("3704 0044 0532 0130 00", "zwei Buchstaben"),
        ("DE89", "zwei Buchstaben"),
        # 21 characters: the length is said, not a wrong check digit.
        (
            "DE89 3704 0044 0532 0130 0",
            "Eine IBAN mit dem Ländercode DE (Deutschland) hat 22 Zeichen; eingegeben: 21.",
        ),
        ("CH93 0076 2011 6238 5295", "Ländercode CH (Schweiz) hat 21 Zeichen; eingegeben: 20."),
        ("XX89 3704 0044 0532 0130 00", "Sie beginnt mit XX, und das ist kein Ländercode"),
        ("DE89 3704 0044 0532 0130 0A", "Die Kontonummer hat nicht die Form für den Ländercode DE"),
    ],
)
def test_bad_ibans_are_refused_with_a_sentence(typed: str, says: str) -> None:
    """A wrong check digit or shape: an InputError on the field `iban`."""
    with pytest.raises(InputError) as caught:
        clean_iban(typed)
    assert caught.value.field == "iban"
    assert says in caught.value.message("de")


def test_the_length_is_said_in_english_too() -> None:
    """The country's name in the sentence's language."""
    with pytest.raises(InputError) as caught:
        clean_iban("DE89 3704 0044 0532 0130 0")
    assert caught.value.message("en") == (
        "The IBAN is not right: an IBAN with the country code DE (Germany) has 22 characters; "
        "got 21."
    )


def test_readers_see_the_iban_masked() -> None:
    """Country, check digits and the last four."""
    assert masked("DE89370400440532013000") == "DE89 •••• •••• 3000"
