"""One way to say a thing in two languages, and the one error for bad input.

Flask-free, so the engine, the score keeping, the variant definitions, the backup import and
the web layer all share it: a :class:`Text` is one sentence in German and English (German
first), an :class:`InputError` is bad input told in a Text together with the field it names,
and :func:`shown` quotes what a client sent.
"""

from __future__ import annotations

import json
from typing import NamedTuple

LANGS = ("de", "en")
QUOTE_LIMIT = 40  # characters of client input quoted in a message


class Text(NamedTuple):
    """One sentence in German and English."""

    de: str
    en: str

    def get(self, lang: str) -> str:
        """The sentence in ``lang`` (German for anything but "en")."""
        return self.en if lang == "en" else self.de


class InputError(ValueError):
    """Bad input: a sentence in both languages naming the field and the limit.

    ``field`` is the path of the bad field as docs/api.md writes it (``situation.top``,
    ``hands[2].jacks``, ``options.target``; a query parameter for input from a URL), or None
    when the input as a whole is wrong. ``str()`` is the English sentence.
    """

    def __init__(self, text: Text, field: str | None = None) -> None:
        """Keep the sentence and the path of the bad field."""
        super().__init__(text.en)
        self.text = text
        self.field = field

    def message(self, lang: str = "de") -> str:
        """The sentence in ``lang`` (German for anything but "en")."""
        return self.text.get(lang)


def shown(value: object) -> str:
    """Client input as JSON writes it (``"H7"``, ``true``, ``null``), for quoting in a message;
    cut to 40 characters, so a megabyte of nonsense is not echoed back."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."
