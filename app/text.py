"""One way to say a sentence in any language, and the one error for bad input.

Flask-free, so every layer shares it. A Message is a msgid of the gettext catalog with its
values; :func:`say` translates it where it is shown, reading the catalog Flask-Babel reads.
"""

from __future__ import annotations

import gettext
import json
from functools import cache
from pathlib import Path

LANGS = ("de", "en")
QUOTE_LIMIT = 40  # characters of client input quoted in a message
CATALOGS = Path(__file__).resolve().parent / "translations"


class Message:
    """A sentence to show: msgid and placeholder values (``Message`` is a babel.cfg keyword)."""

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, /, **values: Message | str | int | float) -> None:
        """Keep the msgid and its values, untranslated."""
        self.msgid = msgid
        self.values = values

    def __eq__(self, other: object) -> bool:
        """Equal when everything that picks and fills the translation is."""
        return isinstance(other, Message) and self.identity() == other.identity()

    def identity(self) -> tuple[object, ...]:
        """What picks the translation and fills it in."""
        return type(self), self.msgid, self.values

    def __hash__(self) -> int:
        """Hashed by msgid: messages are kept in sets and cache keys."""
        return hash(self.msgid)

    def __repr__(self) -> str:
        """The msgid and its values, as written in the code."""
        values = "".join(f", {name}={value!r}" for name, value in self.values.items())
        return f"{type(self).__name__}({self.msgid!r}{values})"

    def translated(self, catalog: gettext.NullTranslations) -> str:
        """The msgid as the catalog has it, placeholders not yet filled."""
        return catalog.gettext(self.msgid)


class Plural(Message):
    """A sentence with a count: singular and plural msgid, the count as ``%(num)d``."""

    __slots__ = ("plural", "count")

    def __init__(
        self, singular: str, plural: str, count: int, /, **values: Message | str | int | float
    ) -> None:
        """Keep both msgids, the count (also the value ``num``) and the other values."""
        super().__init__(singular, num=count, **values)
        self.plural = plural
        self.count = count

    def identity(self) -> tuple[object, ...]:
        """The message's, with the plural msgid."""
        return (*super().identity(), self.plural)

    def translated(self, catalog: gettext.NullTranslations) -> str:
        """The singular or plural form the catalog's language uses for the count."""
        return catalog.ngettext(self.msgid, self.plural, self.count)


class InContext(Message):
    """A word whose translation depends on where it stands (gettext's msgctxt): the card
    "skip" is "Aussetzen", the pending effect "skip" is "aussetzen"."""

    __slots__ = ("context",)

    def __init__(self, context: str, msgid: str, /, **values: Message | str | int | float) -> None:
        """Keep the context with the msgid and its values."""
        super().__init__(msgid, **values)
        self.context = context

    def identity(self) -> tuple[object, ...]:
        """The message's, with the context."""
        return (*super().identity(), self.context)

    def translated(self, catalog: gettext.NullTranslations) -> str:
        """The msgid as the catalog has it in this context."""
        return catalog.pgettext(self.context, self.msgid)


class Name(str):
    """A name a player typed, among a message's values: said as written; a page isolates it
    (app.web.isolation.say_isolated), a PDF or picture draws it as a run of its own
    (app.sharing.runs), so it cannot reorder the sentence around it."""

    __slots__ = ()


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, the msgids, for a language without one)."""
    return gettext.translation("messages", CATALOGS, languages=[lang], fallback=True)


def say(message: Message | str | int | float, lang: str) -> str:
    """A message in ``lang``, its values said in the same language; a plain value as text."""
    if not isinstance(message, Message):
        return str(message)
    if not message.msgid:
        return ""  # gettext's empty msgid is the catalog's header
    text = message.translated(catalog(lang))
    if not message.values:
        return text
    return text % {
        name: say(value, lang) if isinstance(value, Message) else value
        for name, value in message.values.items()
    }


def commas(items: list[Message | str]) -> Message | str:
    """``a, b, c``: at least one item."""
    head = items[0]
    for item in items[1:]:
        head = Message("%(items)s, %(item)s", items=head, item=item)
    return head


def both(items: list[Message | str]) -> Message | str:
    """``a, b und c`` / ``a, b and c``."""
    if len(items) < 2:
        return items[0] if items else ""
    return Message("%(items)s and %(last)s", items=commas(items[:-1]), last=items[-1])


def either(items: list[Message | str]) -> Message | str:
    """``a, b oder c`` / ``a, b or c``."""
    if len(items) < 2:
        return items[0] if items else ""
    return Message("%(items)s or %(last)s", items=commas(items[:-1]), last=items[-1])


class InputError(ValueError):
    """Bad input: a message and ``field``, the path docs/api.md writes (None: the whole)."""

    def __init__(self, text: Message, field: str | None = None) -> None:
        """Keep the message and the path of the bad field."""
        super().__init__(say(text, "en"))
        self.text = text
        self.field = field

    def message(self, lang: str) -> str:
        """The sentence in ``lang``."""
        return say(self.text, lang)


def shown(value: object) -> str:
    """Client input as JSON, for a message; cut to 40 characters (never echo a megabyte)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."
