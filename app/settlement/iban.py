"""An IBAN as a player types it: checked as its country's bank would (length, account format,
the mod-97 check digits of ISO 13616) before a GiroCode sends money there, shown masked.

The countries' lengths and formats come from schwifty's copy of the SWIFT IBAN registry; the
sentences are ours, naming the field and the limit.
"""

from __future__ import annotations

import gettext
import re

from babel import Locale
from schwifty import IBAN
from schwifty.exceptions import InvalidChecksumDigits
from schwifty.exceptions import InvalidCountryCode
from schwifty.exceptions import SchwiftyException

from app.text import InputError
from app.text import Message
from app.text import shown

SHAPE = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")
BLANKS = re.compile(r"[\s-]+")


class Country(Message):
    """A country's name in the language of the sentence around it (from the CLDR data Babel
    carries, not from our catalog): "Deutschland" / "Germany"."""

    __slots__ = ()

    def __init__(self, code: str) -> None:
        """The country by its ISO 3166 code, e.g. "DE"."""
        super().__init__(code)

    def translated(self, catalog: gettext.NullTranslations) -> str:
        """The name in the catalog's language (English for the msgids' own)."""
        lang = catalog.info().get("language") or "en"
        return str(Locale.parse(lang).territories.get(self.msgid, self.msgid))


def clean_iban(value: object, field: str = "iban") -> str:
    """The IBAN without blanks, upper case; InputError naming `field` when it is not one."""
    if not isinstance(value, str):
        raise InputError(
            Message("The IBAN must be a text like DE89 3704 0044 0532 0130 00."), field
        )
    iban = BLANKS.sub("", value).upper()
    if not SHAPE.fullmatch(iban):
        raise InputError(
            Message(
                "The IBAN is not right: it starts with two letters and two digits and has 15 "
                "to 34 letters and digits; got %(value)s.",
                value=shown(value),
            ),
            field,
        )
    account = IBAN(iban, allow_invalid=True)
    code = iban[:2]
    try:
        length = account.spec.iban_length
    except InvalidCountryCode:
        raise InputError(
            Message(
                "The IBAN is not right: it starts with %(code)s, which is no country's code "
                "for IBANs.",
                code=code,
            ),
            field,
        ) from None
    if len(iban) != length:
        raise InputError(
            Message(
                "The IBAN is not right: an IBAN with the country code %(code)s (%(country)s) "
                "has %(length)s characters; got %(count)s.",
                country=Country(code),
                code=code,
                length=length,
                count=len(iban),
            ),
            field,
        )
    try:
        account.validate()
    except InvalidChecksumDigits:
        raise InputError(Message("The IBAN is not right: wrong check digits."), field) from None
    except SchwiftyException:
        raise InputError(
            Message(
                "The IBAN is not right: its account number does not have the form for the "
                "country code %(code)s (%(country)s).",
                country=Country(code),
                code=code,
            ),
            field,
        ) from None
    return iban


def masked(iban: str) -> str:
    """What a reader sees: the country, check digits and the last four, e.g. DE89 •••• •••• 3000."""
    return f"{iban[:4]} •••• •••• {iban[-4:]}"


def grouped(iban: str) -> str:
    """The IBAN in groups of four, as printed on a bank card."""
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
