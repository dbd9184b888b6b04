"""The HTTP side of a PDF: content type, a readable file name, no stale copies."""

from __future__ import annotations

import re
import unicodedata

from flask import Response

UMLAUTS = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
)


def slug(text: str) -> str:
    """An ASCII file-name part: "Freitag bei Jürgen" -> "freitag-bei-juergen"."""
    ascii_text = (
        unicodedata.normalize("NFKD", text.translate(UMLAUTS)).encode("ascii", "ignore").decode()
    )
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:40].strip("-")


def pdf_response(pdf: bytes, filename: str) -> Response:
    """`application/pdf`, shown in the browser (to print) with a file name for saving."""
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    # A table's sheet changes with every round entered: always fetch it fresh.
    response.headers["Cache-Control"] = "no-cache"
    return response
