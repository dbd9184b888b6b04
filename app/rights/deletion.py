"""What deleting a table and a group share: where the phone goes, a failed restore, the 410 page.

Both end on the start page's "Zuletzt gelöscht", where a deleted one waits 30 days.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import flash
from flask import redirect
from flask import render_template
from flask import url_for
from flask_babel import format_date
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from app.store.models import Group
from app.store.models import Table
from app.text import InputError
from app.web.errors import handle_http_error
from app.web.navigation import current_lang

START_PAGE = "tables.home"  # lists the recently deleted


def deleted(delete: Callable[[], None], message: str) -> Response:
    """Delete, say where it can be restored, and go to the start page that lists it."""
    delete()
    flash(message)
    return redirect(url_for(START_PAGE))


def restored(restore: Callable[[], None], message: str, shown: str) -> Response:
    """Restore and show it again; a restore that cannot be done (InputError) goes back to the
    start page with the reason."""
    try:
        restore()
    except InputError as error:
        flash(error.message(current_lang()), "error")
        return redirect(url_for(START_PAGE))
    flash(message)
    return redirect(shown)


def gone_page(
    error: HTTPException, found: Table | Group | None, template: str, **context: Any
) -> tuple[Any, ...]:
    """410 with the friendly page of a deleted table or group (when it was deleted, and the
    restore button for its editor: `may_restore`); anything else is the app's error page."""
    if found is None or found.deleted_at is None:
        return handle_http_error(error)
    deleted_on = format_date(found.deleted_at, "medium")
    return render_template(template, deleted_on=deleted_on, **context), 410
