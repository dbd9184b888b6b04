"""What a sheet builder is given, as plain data: the sheet's language and, for a filled sheet,
the table (no database rows, no Flask, so the builders stay pure)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from app.scoring.types import Standing
from app.text import Message
from app.text import say
from app.variants.registry import Variant
from app.variants.registry import find_variant


@dataclass(frozen=True)
class TableRecord:
    """What the table is, who sits where, the rounds as entered and the standing after them."""

    name: str
    variant: str
    label: str
    played_on: date
    players: list[str]
    options: dict[str, Any]
    rounds: list[dict[str, Any]]
    standing: Standing

    @property
    def definition(self) -> Variant:
        """The table's variant: what its sheet shows and how."""
        return find_variant(self.variant)


@dataclass(frozen=True)
class Lang:
    """The sheet's language: its code (de/en) and the gettext that translates msgids."""

    code: str
    gettext: Callable[[str], str]
    # ngettext(singular, plural, n): the catalog's plural forms ("1 Spiel", "8 Spiele").
    ngettext: Callable[[str, str, int], str] | None = None

    def __call__(self, message: str, **values: Any) -> str:
        """Translate a msgid and fill in %(name)s placeholders."""
        text = self.gettext(message)
        return text % values if values else text

    def count(self, singular: str, plural: str, n: int) -> str:
        """A counted word in the sheet's language, singular or plural as `n` asks."""
        if self.ngettext is None:
            return (singular if n == 1 else plural) % {"num": n}
        return self.ngettext(singular, plural, n) % {"num": n}

    def say(self, text: Message, **values: Any) -> str:
        """A message (a variant's, a house rule's) in the sheet's language."""
        words = say(text, self.code)
        return words % values if values else words
