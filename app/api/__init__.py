"""The JSON API of docs/api.md: one blueprint, errors as `{"error": ..., "field": ...}`."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask import Response
from flask import jsonify
from flask import request

from app.text import InputError
from app.text import Message
from app.text import say
from app.web.navigation import current_lang

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Exception):
    """A client error: a sentence, the bad field's path, the status, the language (None: the
    request's)."""

    def __init__(
        self, text: Message, field: str | None = None, status: int = 400, lang: str | None = None
    ) -> None:
        """The sentence, the JSON path of the bad field, the HTTP status and the language."""
        super().__init__(say(text, "en"))
        self.text = text
        self.field = field
        self.status = status
        self.lang = lang

    @classmethod
    def of(cls, error: InputError, lang: str | None = None) -> ApiError:
        """The 400 for bad input: its sentence and field."""
        return cls(error.text, error.field, lang=lang)


@bp.after_request
def options_answer(response: Response) -> Response:
    """OPTIONS is 204 with Allow (Flask's own answer is an empty page marked text/html)."""
    if request.method == "OPTIONS" and response.status_code == 200 and not response.get_data():
        response.status_code = 204
        del response.headers["Content-Type"]
    return response


@bp.errorhandler(ApiError)
def handle_api_error(error: ApiError) -> tuple[Response, int]:
    """Render an ApiError in the contract's shape."""
    lang = error.lang or current_lang()
    return jsonify(error=say(error.text, lang), field=error.field), error.status


NESTING_LIMIT = 32  # levels of lists and objects; the deepest real body has four
TOO_DEEP = object()


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (without recursion, so any depth)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= NESTING_LIMIT:
                children = item.values() if isinstance(item, dict) else item
                stack.extend((child, level + 1) for child in children)
    return deepest


OPENERS = (b"[", b"{")  # the bytes that open a level of JSON


def too_deep(data: Any) -> bool:
    """Does the JSON body nest deeper than NESTING_LIMIT? Only a body with more `[`/`{` bytes
    than the limit can, so only such a body is walked."""
    if data is TOO_DEEP:
        return True
    if not isinstance(data, dict | list):
        return False
    raw = request.get_data()  # the bytes get_json parsed, kept by the request
    return sum(map(raw.count, OPENERS)) > NESTING_LIMIT and depth(data) > NESTING_LIMIT


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong with the body."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        # `[` a thousand times deep exhausts the JSON decoder's stack: bad input, not a bug.
        data = TOO_DEEP
    if too_deep(data):
        raise ApiError(
            Message(
                "The request body is nested too deeply: at most %(nesting_limit)s levels.",
                nesting_limit=NESTING_LIMIT,
            )
        )
    if data is None:
        raise ApiError(Message("The request body must be JSON (Content-Type: application/json)."))
    if not isinstance(data, dict):
        raise ApiError(Message("The request body must be a JSON object."))
    return data


from app.api import groups  # noqa: E402,F401  (routes register themselves on bp)
from app.api import openapi  # noqa: E402,F401
from app.api import payments  # noqa: E402,F401
from app.api import ratings  # noqa: E402,F401
from app.api import referee  # noqa: E402,F401
from app.api import settlement  # noqa: E402,F401
from app.api import tables  # noqa: E402,F401
