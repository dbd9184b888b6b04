"""Characters no database row or UTF-8 page can hold are a 400 before any view sees them.

PostgreSQL refuses NUL in text, and a lone surrogate cannot be written as UTF-8 (neither in a
row nor in the page that shows it again). They are looked for once here, in the address's
query, the form fields and a JSON body sent to a page (Flask-WTF reads JSON as form data); ids
in the path are the `id` converter's job, and the API's JSON goes through its input checks,
which name the field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import Flask
from flask import Response
from flask import request

from app.text import Message
from app.text import say
from app.web.errors import error_answer
from app.web.errors import wants_json
from app.web.navigation import current_lang

NUL = "\x00"


def refused(text: str) -> str | None:
    """The first character of `text` PostgreSQL or UTF-8 refuses (NUL, a lone surrogate)."""
    for character in text:
        if character == NUL or "\ud800" <= character <= "\udfff":
            return character
    return None


def texts(value: Any) -> Iterator[str]:
    """Every text in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def request_texts() -> Iterator[str]:
    """The texts a view may store or show: the query, the form, a page's JSON body."""
    for key, value in request.args.items(multi=True):
        yield key
        yield value
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        for key, value in request.form.items(multi=True):
            yield key
            yield value
    elif request.is_json and not wants_json():
        yield from texts(request.get_json(silent=True))


def refuse_characters() -> tuple[Response | str, int, dict[str, str]] | None:
    """A 400 naming the character, before the view (and the database) sees it."""
    for text in request_texts():
        bad = refused(text)
        if bad is not None:
            sentence = Message(
                "The request holds a character that cannot be stored (%(code)s): control "
                "characters and broken Unicode are not allowed. Nothing was saved.",
                code=f"U+{ord(bad):04X}",
            )
            return error_answer(400, say(sentence, current_lang()))
    return None


def init_characters(app: Flask) -> None:
    """Check every request's texts first."""
    app.before_request(refuse_characters)
