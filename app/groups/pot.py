"""Paying out of the group's pot from the group page (`/g/<id>/topf/...`): a payout is a
payment from the pot to a player (the trip, a round of drinks), recorded as made and deleted
only by its own button; the pot's balance is derived from the payments (app.settlement.account).
"""

from __future__ import annotations

import re

from flask import abort
from flask import flash
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.groups import bp
from app.groups import render_group
from app.groups.money_words import payout_line
from app.groups.results import versions_of
from app.rights.phone import phone_id
from app.rights.phone import require_group_editor
from app.settlement.account import Scope
from app.store.models import Group
from app.store.payments import delete_payment
from app.store.payments import record_payment
from app.web.found import group_or_404
from app.web.isolation import isolated

# "12", "12,5", "12,50" (or with a point): whole cents, as a player types an amount in euros.
EUROS = re.compile(r"(\d{1,6})(?:[.,](\d{1,2}))?")
MOST_CENTS = 10_000_000  # 100.000 €, as the API's payments: far beyond any pot


def read_cents(raw: str) -> int | None:
    """The amount in cents, None when it is no amount from 0,01 € to 100.000 €."""
    found = EUROS.fullmatch(raw.strip().replace("€", "").strip())
    if found is None:
        return None
    cents = int(found.group(1)) * 100 + int((found.group(2) or "0").ljust(2, "0"))
    return cents if 0 < cents <= MOST_CENTS else None


def whole_account(group: Group) -> Scope:
    """What a payout is for: the group's tables together (it belongs to no one evening)."""
    return Scope.of_tables(table_id for table_id, _version in versions_of(group))


def back(group: Group) -> Response:
    """To the group page at its money."""
    return redirect(url_for("groups.view", group_id=group.id) + "#topf")


@bp.post("/g/<id:group_id>/topf/auszahlen")
def pot_payout(group_id: str) -> Response | tuple[str, int]:
    """Record a payout from the pot to one player (group editors only); a wrong amount or
    name is said at its field, the choices kept."""
    group = group_or_404(group_id)
    require_group_editor(group)
    player = request.form.get("player", "")
    raw = request.form.get("amount", "")
    cents = read_cents(raw)
    if player not in group.players:
        return render_group(group, {"player": _("Choose who is paid out of the pot.")}, 400)
    if cents is None:
        error = _(
            "The amount is euros from 0.01 to 100,000, e.g. 12.50; got “%(value)s”.", value=raw
        )
        return render_group(group, {"amount": error}, 400)
    made = record_payment(group, None, player, cents, whole_account(group), None, phone_id())
    flash(isolated(_("Recorded: %(payment)s"), payment=payout_line(made)), "success")
    return back(group)


@bp.post("/g/<id:group_id>/topf/<id:payment_id>/loeschen")
def delete_payout(group_id: str, payment_id: str) -> Response:
    """Delete a payout that was not made after all (group editors only)."""
    group = group_or_404(group_id)
    require_group_editor(group)
    gone = delete_payment(group, payment_id)
    if gone is None:
        abort(404, description=_("This group has no such payment (deleted meanwhile?)."))
    flash(isolated(_("Payment deleted: %(payment)s"), payment=payout_line(gone)), "success")
    return back(group)
