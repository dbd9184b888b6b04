"""One way to say a sentence in any language, and the one error for bad input.

Flask-free, so the engine, the score keeping, the variant definitions, the backup import and
the web layer all share it. A :class:`Message` is an English msgid of the gettext catalog
(app/translations) with its named values, which may be messages themselves; :func:`say`
translates it where it is shown, with the standard library's gettext reading the same
compiled catalog Flask-Babel reads. An :class:`InputError` is bad input told in a Message
together with the field it names, and :func:`shown` quotes what a client sent.
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
    """A sentence to show: its English msgid and the values of its %(name)s placeholders.

    Written as a call the extractor knows (babel.cfg's keyword ``Message``), so the msgid
    reaches the catalog from the code that says it; translated only by :func:`say`.
    """

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, /, **values: Message | str | int | float) -> None:
        """Keep the msgid and its values, untranslated."""
        self.msgid = msgid
        self.values = values

    def __eq__(self, other: object) -> bool:
        """Equal when everything that picks and fills the translation is (a message is a
        value, like the string it says)."""
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
    """Bad input: a message naming the field and the limit.

    ``field`` is the path of the bad field as docs/api.md writes it (``situation.top``,
    ``hands[2].jacks``, ``options.target``; a query parameter for input from a URL), or None
    when the input as a whole is wrong. ``str()`` is the English sentence.
    """

    def __init__(self, text: Message, field: str | None = None) -> None:
        """Keep the message and the path of the bad field."""
        super().__init__(say(text, "en"))
        self.text = text
        self.field = field

    def message(self, lang: str) -> str:
        """The sentence in ``lang``."""
        return say(self.text, lang)


def shown(value: object) -> str:
    """Client input as JSON writes it (``"H7"``, ``true``, ``null``), for quoting in a message;
    cut to 40 characters, so a megabyte of nonsense is not echoed back."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."
