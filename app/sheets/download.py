"""The HTTP side of a PDF: content type, a readable file name, no stale copies.

A sheet is built once per content: its ETag is a digest of what it shows (for a table: its id
and version, which every change bumps; for a blank sheet: its parsed parameters), the language
and the app's code. A phone that has the sheet gets 304; another phone asking for the same
sheet gets the copy built last (a few kept per process).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from flask import Response
from flask import request

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


KEPT_SHEETS = 32
_built: OrderedDict[str, bytes] = OrderedDict()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of the app's code and catalogs: a new release never serves an old sheet."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".mo") and path.is_file():
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def sheet_tag(*shown: object) -> str:
    """The ETag of a sheet that shows `shown` (its content's identity), in this app version."""
    return hashlib.sha256(repr((code_digest(), shown)).encode()).hexdigest()[:32]


def cached_pdf(tag: str, build: Callable[[], bytes], filename: str) -> Response:
    """The sheet with ETag `tag`: 304 when the phone has it, else kept or freshly built."""
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        pdf = _built.get(tag)
        if pdf is None:
            pdf = build()
            _built[tag] = pdf
            while len(_built) > KEPT_SHEETS:
                _built.popitem(last=False)
        else:
            _built.move_to_end(tag)
        response = pdf_response(pdf, filename)
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(tag)
    return response
