"""The original German rule texts, laid out for a phone.

The seed files are kept exactly as found. Some are hard-wrapped at about 75 characters,
which reads badly on a narrow screen, so wrapped lines are joined again (a line that ends a
sentence is not taken as wrapped); short lines that end without a full stop ("Allgemeines",
"Grundregel:") are shown as headings.
"""

from __future__ import annotations

from typing import NamedTuple

WRAP_WIDTH = 60
HEADING_WIDTH = 45
ENDINGS = (".", "!", "?", ":", "|")


class SeedBlock(NamedTuple):
    """A heading or a paragraph of a seed text."""

    kind: str
    text: str


def seed_blocks(text: str) -> list[SeedBlock]:
    """Paragraphs and headings of a seed text, wrapped lines joined."""
    joined: list[str] = []
    wrapped = False
    for line in text.splitlines():
        line = line.strip()
        if wrapped and line:
            joined[-1] += " " + line
        elif line:
            joined.append(line)
        wrapped = len(line) >= WRAP_WIDTH and not line.endswith(ENDINGS)
    return [SeedBlock("heading" if is_heading(line) else "paragraph", line) for line in joined]


def is_heading(line: str) -> bool:
    """A short line without a full stop, like "Spielbeginn" or "Einstellungen:"."""
    return (
        len(line) <= HEADING_WIDTH
        and not line.endswith((".", "!", "?", ","))
        and any(char.isalpha() for char in line)
    )
