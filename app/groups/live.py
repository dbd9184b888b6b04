"""The group's event stream where the server holds none: a plain WSGI server answers 204, and
static/js/group_live.js polls `GET /api/v1/groups/<id>/version` instead. `mautisch serve`
answers `/g/<id>/events` itself (app.serve.asgi), as it does a table's."""

from __future__ import annotations

from flask import Response
from flask import make_response

from app.groups import bp
from app.web.found import group_or_404


@bp.get("/g/<id:group_id>/events")
def events(group_id: str) -> Response:
    """204: EventSource does not reconnect, the page polls the group's version."""
    group_or_404(group_id)
    response = make_response("", 204)
    response.headers["Cache-Control"] = "no-store"
    return response
