"""Share the night: the evening (a month, the running account) as a picture for a chat (PNG)
and as an A4 PDF for the Stammtisch folder, drawn on the server from an `EveningSummary`."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace

from app.sharing.document import evening_pdf
from app.sharing.picture import evening_png
from app.sharing.summary import BalanceLine
from app.sharing.summary import EveningSummary
from app.sharing.summary import TableLine
from app.sharing.summary import TransferLine
from app.sharing.table_said import table_line
from app.sheets.download import slug
from app.text import Name

KINDS = ("png", "pdf")


@dataclass(frozen=True)
class SharedFile:
    """A file to send: its bytes, content type and a file name for saving."""

    content: bytes
    mimetype: str
    filename: str


def evening_file(summary: EveningSummary, kind: str, lang: str | None = None) -> SharedFile:
    """The evening as "png" or "pdf", in `lang` (else the summary's language)."""
    if lang is not None:
        summary = replace(summary, lang=lang)
    name = "-".join(filter(None, ("mautisch", slug(summary.group), summary.key)))
    name = f"{name}.{kind}"
    if kind == "png":
        return SharedFile(evening_png(summary), "image/png", name)
    if kind == "pdf":
        return SharedFile(evening_pdf(summary), "application/pdf", name)
    raise ValueError(f"kind must be one of {KINDS}")


__all__ = [
    "BalanceLine",
    "EveningSummary",
    "Name",
    "SharedFile",
    "TableLine",
    "TransferLine",
    "evening_file",
    "evening_pdf",
    "evening_png",
    "table_line",
]
