"""An address too long for the app is a 414 with the contract's error, before any view.

Every server in front has a limit of its own for the request line (uvicorn with httptools at
about 64 KB), answered with a bare plain-text 400. The app's limit sits well below, so a client
that builds an overlong query (many `players=` or ids) is told in the API's JSON or on the
error page what went wrong and how long an address may be.
"""

from __future__ import annotations

from flask import Flask
from flask import Response
from flask import request

from app.text import Message
from app.text import say
from app.web.errors import error_answer
from app.web.navigation import current_lang

# Bytes of path and query together: browsers and proxies keep to 8 KB request lines.
MAX_ADDRESS = 8192


def refuse_long_address() -> tuple[Response | str, int, dict[str, str]] | None:
    """414 naming the limit when the path and query together are longer than MAX_ADDRESS."""
    size = len(request.path.encode("utf-8", "surrogateescape")) + len(request.query_string)
    if size <= MAX_ADDRESS:
        return None
    sentence = Message(
        "The address is too long: %(size)s bytes, at most %(limit)s. Send long data in the"
        " request body instead.",
        size=size,
        limit=MAX_ADDRESS,
    )
    return error_answer(414, say(sentence, current_lang()))


def init_sizes(app: Flask) -> None:
    """Check each request's address first."""
    app.before_request(refuse_long_address)
