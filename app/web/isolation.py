"""Names in pages are isolated with `<bdi>`: a player's name is shown as written and never
reorders the sentence around it.

A name in a right-to-left script (or one that ends in digits next to an amount) would
otherwise pull its neighbours, the arrow of "Anna → Ben 0,90 €" or the amount, into its own
direction, so the page would say who pays whom the wrong way round (Unicode Bidirectional
Algorithm, UAX #9: `<bdi>` is an isolate). Invisible direction controls are refused at
entry (app.scoring.names.check_characters); this covers names written in such scripts.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask
from markupsafe import Markup
from markupsafe import escape

from app.text import Message
from app.text import Name
from app.text import catalog

ISOLATED = Markup("<bdi>%s</bdi>")


def bdi(name: object) -> Markup:
    """The name escaped and isolated: `{{ player|bdi }}`, also inside `_(…, name=player|bdi)`."""
    return ISOLATED % name


def bdi_join(names: Iterable[object], separator: str = ", ") -> Markup:
    """Several names, each isolated, joined by `separator`: `{{ players|bdi_join(" · ") }}`."""
    return escape(separator).join(bdi(name) for name in names)


def say_isolated(message: Message | Name | str | int | float, lang: str) -> Markup:
    """A message for a page, as `app.text.say` says it, but escaped, each `Name` in it isolated."""
    if isinstance(message, Name):
        return bdi(message)
    if not isinstance(message, Message):
        return escape(message)
    if not message.msgid:
        return Markup("")
    text = Markup(escape(message.translated(catalog(lang))))
    if not message.values:
        return text
    return text % {
        key: say_isolated(value, lang) if isinstance(value, (Message, Name)) else value
        for key, value in message.values.items()
    }


def isolated(sentence: str, **values: object) -> Markup:
    """A translated sentence (`_("Recorded: %(payment)s")`) escaped, its values put in as they
    are where they are Markup (names already isolated) and escaped otherwise."""
    return Markup(escape(sentence)) % values


def init_isolation(app: Flask) -> None:
    """The two filters for every template."""
    app.add_template_filter(bdi, "bdi")
    app.add_template_filter(bdi_join, "bdi_join")
