"""POST /api/v1/referee (docs/api.md §1): ask the rules engine whether an action is legal."""

from __future__ import annotations

from flask import Response
from flask import jsonify

from app.api import ApiError
from app.api import bp
from app.api import json_body
from app.engine import judge_request
from app.engine import request_lang
from app.text import InputError


@bp.post("/referee")
def referee() -> Response:
    """Validate the request, judge it, and answer the verdict (or a 400 naming the field,
    in the request's ``lang`` like the reasons: German unless it asks for English)."""
    body = json_body()
    try:
        answer = judge_request(body)
    except InputError as error:
        raise ApiError.of(error, request_lang(body)) from error
    return jsonify(answer)
