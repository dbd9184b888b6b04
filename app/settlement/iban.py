"""An IBAN as a player types it: checked by its mod-97 check digits (ISO 13616), shown masked.

Only what the standard fixes is checked (two letters, two check digits, 11 to 30 letters or
digits, the checksum); a country's exact length is its bank's business.
"""

from __future__ import annotations

import re

from app.text import InputError
from app.text import Message
from app.text import shown

SHAPE = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")
BLANKS = re.compile(r"[\s-]+")


def checksum_ok(iban: str) -> bool:
    """ISO 13616: the first four characters moved to the end, letters as 10–35, mod 97 is 1."""
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


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
    if not checksum_ok(iban):
        raise InputError(Message("The IBAN is not right: wrong check digits."), field)
    return iban


def masked(iban: str) -> str:
    """What a reader sees: the country, check digits and the last four, e.g. DE89 •••• •••• 3000."""
    return f"{iban[:4]} •••• •••• {iban[-4:]}"


def grouped(iban: str) -> str:
    """The IBAN in groups of four, as printed on a bank card."""
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
