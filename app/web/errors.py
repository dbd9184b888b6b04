"""Error pages in one place: JSON for the API, a page for humans, a rollback on 500."""

from __future__ import annotations

from flask import Flask
from flask import Response
from flask import jsonify
from flask import render_template
from flask import request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from app.store.db import db


def wants_json() -> bool:
    """API clients get JSON errors, never an HTML page (docs/api.md)."""
    return request.path.startswith("/api/")


def error_answer(
    status: int, message: str | None, headers: dict[str, str] | None = None
) -> tuple[Response | str, int, dict[str, str]]:
    """The one shape of every error answer: `{"error", "field": null}` for the API, the error
    page for people (a `Retry-After` and such in `headers`)."""
    if wants_json():
        return jsonify(error=message, field=None), status, headers or {}
    return render_template("error.html", status=status, message=message), status, headers or {}


def stock_sentence(status: int) -> str:
    """Our own sentence for an error Werkzeug raised with its stock (English-only) text."""
    sentences = {
        404: _("There is nothing at this address."),
        405: _("This address does not accept this method."),
        413: _("The request is too large: at most 1 MB."),
    }
    return sentences.get(
        status, _("The request could not be handled (HTTP %(status)s).", status=status)
    )


def handle_http_error(error: HTTPException) -> tuple[Response | str, int, dict[str, str]]:
    """Render any 4xx/5xx raised by Flask or a view."""
    status = error.code or 500
    # Werkzeug's stock descriptions are English sentences: use our own, in the page's language.
    own = error.description if error.description != type(error).description else None
    # Its own headers stay: Allow on a 405 (RFC 9110), Retry-After where one is given.
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    return error_answer(status, own or stock_sentence(status) if wants_json() else own, headers)


def handle_csrf_error(error: CSRFError) -> tuple[str, int]:
    """An expired or missing form token: say what to do instead of a bare 400."""
    message = _("The form was too old or incomplete. Please send it again.")
    return render_template("error.html", status=400, message=message), 400


def handle_unexpected(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """A bug: roll back so the next request starts clean, log it, answer 500."""
    db.session.rollback()
    if isinstance(error, HTTPException):
        return handle_http_error(error)
    from flask import current_app

    current_app.logger.exception("Unhandled error", exc_info=error)
    return error_answer(500, _("Internal error: please report it.") if wants_json() else None)


def register_error_handlers(app: Flask) -> None:
    """Install the handlers on the app (not per blueprint, so 404s are covered too)."""
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(Exception, handle_unexpected)
