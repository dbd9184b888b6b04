"""Sentences cut into runs so that a name never reorders the sentence around it.

A name is typed by a player and may be Hebrew or Arabic. Drawn inside one string, the
picture's text layout (Pillow with Raqm applies the Unicode bidi algorithm) would move the
amount or the arrow next to it: "דנה → Anna 0,20 €" comes out with "0,20" before the name.
The isolate marks FSI/PDI have no glyph in DejaVu or Symbola and reportlab has no bidi, so
instead every name is its own run, drawn on its own (the equivalent of an isolate): the name
is laid out by itself, the words around it stay in reading order.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from app.text import Message
from app.text import Name
from app.text import catalog

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")
DIGITS = re.compile(r"(\d+)")


@dataclass(frozen=True)
class Run:
    """A piece of a sentence; `name` when it is a user-entered name (isolated)."""

    text: str
    name: bool = False


Said = tuple[Run, ...]
Text = Message | str | Said


def runs(text: Text | float, lang: str) -> Said:
    """The text in `lang` as runs: the translation's words, each `Name` value its own run
    (also inside a Message given as a value: "A, B und C")."""
    if isinstance(text, tuple):
        return text
    if isinstance(text, Name):
        return (Run(str(text), True),) if text else ()
    if not isinstance(text, Message):
        return (Run(str(text)),) if str(text) else ()
    if not text.msgid:
        return ()
    template = text.translated(catalog(lang))
    found: list[Run] = []
    start = 0
    for match in PLACEHOLDER.finditer(template):
        found.append(Run(template[start : match.start()]))
        key = match.group(1)
        found.extend(runs(text.values[key], lang) if key else (Run("%"),))
        start = match.end()
    found.append(Run(template[start:]))
    return merged(found)


def merged(pieces: Sequence[Run]) -> Said:
    """Neighbouring plain runs joined, empty ones dropped (a name stays apart)."""
    result: list[Run] = []
    for piece in pieces:
        if not piece.text:
            continue
        if result and not piece.name and not result[-1].name:
            result[-1] = Run(result[-1].text + piece.text)
        else:
            result.append(piece)
    return tuple(result)


def joined(parts: Sequence[Said], between: str) -> Said:
    """Several said texts in a row with `between` ("Anna 8 · Cem 15")."""
    pieces: list[Run] = []
    for index, part in enumerate(parts):
        if index:
            pieces.append(Run(between))
        pieces.extend(part)
    return merged(pieces)


def plain(said: Said) -> str:
    """The runs as one string (for metadata and file text: logical order)."""
    return "".join(run.text for run in said)


def visual(name: str) -> str:
    """A name in the order its letters stand on paper, for reportlab, which draws strings as
    given (no bidi): a name written right to left (Hebrew, Arabic, no Latin letter in it) is
    turned round, its numbers kept as written; any other name stays as typed."""
    kinds = {unicodedata.bidirectional(char) for char in name}
    if not kinds & {"R", "AL"} or "L" in kinds:
        return name
    return "".join(part if part.isdigit() else part[::-1] for part in DIGITS.split(name)[::-1])


def printed(said: Said) -> str:
    """The runs as one string for paper: each name in the order its letters stand."""
    return "".join(visual(run.text) if run.name else run.text for run in said)
