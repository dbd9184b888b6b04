"""„Bearbeiten-Link erneuern“: an editor replaces a table's or group's edit token.

The old link stops working at once (a lost phone, a link in the wrong chat); other phones
become viewers until they open the new one.
"""

from __future__ import annotations

from flask import Blueprint
from flask import abort
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from markupsafe import escape
from werkzeug.wrappers import Response

from app.rights.phone import can_edit
from app.rights.phone import remember_group
from app.rights.phone import remember_table
from app.rights.phone import require_group_editor
from app.store.db import db
from app.store.models import Group
from app.store.models import Table
from app.text import Message
from app.text import say
from app.web.found import group_or_404
from app.web.found import table_or_404
from app.web.headers import mark_edit_link
from app.web.navigation import current_lang

bp = Blueprint("editlinks", __name__)

BUTTON = Message("Renew the edit link")
CONFIRM = Message("The old edit link stops working.")
RENEWED = Message("New edit link: the old one no longer works. Pass on the new one.")


def renew_edit_link_form(kind: str, ident: str) -> Markup:
    """The button (a POST form with its CSRF token) that renews a table's or group's link."""
    if kind == "table":
        action = url_for("editlinks.renew_table", table_id=ident)
    else:
        action = url_for("editlinks.renew_group", group_id=ident)
    lang = current_lang()
    return Markup(
        '<form method="post" class="renew-edit-link" action="{action}">'
        '<input type="hidden" name="csrf_token" value="{token}">'
        '<button type="submit" class="button">{label}</button>'
        '<p class="help">{note}</p></form>'
    ).format(
        action=action,
        token=generate_csrf(),
        label=escape(say(BUTTON, lang)),
        note=escape(say(CONFIRM, lang)),
    )


bp.add_app_template_global(renew_edit_link_form)


@bp.post("/t/<id:table_id>/edit-link/renew")
def renew_table(table_id: str) -> Response:
    """A new edit token for the table (its editors only); this phone keeps editing."""
    table = table_or_404(table_id)
    if not can_edit(table):
        abort(403)
    token = table.set_edit_token()
    db.session.commit()
    remember_table(table.id, token)
    flash(say(RENEWED, current_lang()), "success")
    return redirect(url_for("tables.view", table_id=table.id) + "#share-title")


@bp.post("/g/<id:group_id>/edit-link/renew")
def renew_group(group_id: str) -> Response:
    """A new edit token for the group (its editors only); this phone keeps editing."""
    group = group_or_404(group_id)
    require_group_editor(group)
    token = group.set_edit_token()
    db.session.commit()
    remember_group(group.id, token)
    flash(say(RENEWED, current_lang()), "success")
    return redirect(url_for("groups.view", group_id=group.id))


CLAIM_TEXTS = {
    "title": Message("Open the edit link"),
    "label": Message("Edit key"),
    "help": Message(
        "Filled in by itself when the link opens; otherwise paste the part of the link after the "
        "# here."
    ),
    "button": Message("Let this phone make changes"),
}


def claim_page(action: str) -> str:
    """The page that sends the token of an edit link (from its #fragment) by POST."""
    lang = current_lang()
    texts = {name: say(text, lang) for name, text in CLAIM_TEXTS.items()}
    mark_edit_link()  # it may hold the token once the script filled it in
    return render_template("editlinks/claim.html", texts=texts, action=action)


@bp.route("/t/<id:table_id>/edit", methods=["GET", "POST"])
def claim_table(table_id: str) -> Response | str:
    """GET: the claim page; POST: remember the token, show the table (old links still work)."""
    table = table_or_404(table_id)
    if request.method == "GET":
        return claim_page(url_for("editlinks.claim_table", table_id=table.id))
    return grant_table(table, request.form.get("token", "").strip())


@bp.route("/g/<id:group_id>/edit", methods=["GET", "POST"])
def claim_group(group_id: str) -> Response | str:
    """GET: the claim page; POST: remember the token, show the group (old links still work)."""
    group = group_or_404(group_id)  # 404, or 410 once deleted
    if request.method == "GET":
        return claim_page(url_for("editlinks.claim_group", group_id=group.id))
    return grant_group(group, request.form.get("token", "").strip())


def grant_table(table: Table, token: str) -> Response:
    """A valid token: this phone may change the table from now on (403 otherwise)."""
    if not table.check_edit_token(token):
        abort(403, description=_("This edit link does not belong to this table."))
    remember_table(table.id, token)
    flash(_("This phone may now enter and correct rounds."))
    return redirect(url_for("tables.view", table_id=table.id))


def grant_group(group: Group, token: str) -> Response:
    """A valid token: this phone may change the group from now on (403 otherwise)."""
    if not group.check_edit_token(token):
        refused = _("This edit link is not valid (any longer). Ask for the current one.")
        abort(403, description=refused)
    remember_group(group.id, token)
    flash(_("This phone may now change the group and start tables in it."), "success")
    return redirect(url_for("groups.view", group_id=group.id))
