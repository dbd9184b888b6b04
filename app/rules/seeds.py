"""The original German rule texts, laid out for a phone: the files stay as found, so their
hard wraps are joined here (not after a sentence's end) and short lines without a full stop
("Grundregel:") become headings.
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
