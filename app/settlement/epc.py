"""The payment code of a transfer: an EPC QR code ("GiroCode", EPC069-12) drawn with segno.

German banking apps scan it and fill in receiver, IBAN, amount and purpose text.
"""

from __future__ import annotations

from decimal import Decimal

import segno
from segno import helpers

NAME_LIMIT = 70  # EPC069-12: beneficiary name, at most 70 characters
TEXT_LIMIT = 140  # EPC069-12: unstructured remittance text


def epc_qr(name: str, iban: str, cents: int, text: str) -> segno.QRCode:
    """The GiroCode: pay `cents` to `name`'s `iban` with the purpose `text` (no BIC: SEPA
    needs none since 2016)."""
    return helpers.make_epc_qr(
        name=name[:NAME_LIMIT],
        iban=iban,
        amount=Decimal(cents) / 100,
        text=text[:TEXT_LIMIT],
        # UTF-8 (EPC character set 1) holds every name a table may have, "Jörg" or "Łukasz".
        encoding="utf-8",
    )
