"""The JSON API of API.md: one blueprint, errors as `{"error": ..., "field": ...}`.

Error sentences are in the request's language: `?lang=`, else Accept-Language, else German
(`app.i18n.select_locale`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask import Response
from flask import jsonify
from flask import request
from flask_babel import get_locale

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Exception):
    """A client error with one clear sentence and the path of the bad field."""

    def __init__(self, message: str, field: str | None = None, status: int = 400) -> None:
        """The sentence, the JSON path of the bad field, and the HTTP status."""
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status


@bp.errorhandler(ApiError)
def handle_api_error(error: ApiError) -> tuple[Response, int]:
    """Render an ApiError in the contract's shape."""
    return jsonify(error=error.message, field=error.field), error.status


def say(en: str, de: str) -> str:
    """The sentence in the request's language."""
    return en if str(get_locale()) == "en" else de


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong with the body."""
    data = request.get_json(silent=True)
    if data is None:
        raise ApiError(
            say(
                "The request body must be JSON (Content-Type: application/json).",
                "Der Anfragetext muss JSON sein (Content-Type: application/json).",
            )
        )
    if not isinstance(data, dict):
        raise ApiError(
            say(
                "The request body must be a JSON object.",
                "Der Anfragetext muss ein JSON-Objekt sein.",
            )
        )
    return data


from app.api import referee  # noqa: E402,F401  (routes register themselves on bp)
from app.api import tables  # noqa: E402,F401
