"""What a group editor does on the evening page: record a transfer as paid, delete a payment,
take back this phone's last one, make a way to pay the group's own; and the GiroCode of an
open transfer of the group's own settlement for anyone paying it (IBANs: app.groups.ibans)."""

from __future__ import annotations

import io
from typing import Any

from flask import Response
from flask import abort
from flask import flash
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as Redirect

from app.groups import bp
from app.groups.evening_page import choice_query
from app.groups.evening_page import chosen
from app.groups.evening_page import find_evening
from app.groups.evening_page import my_last_payment
from app.groups.evening_page import paid_for
from app.groups.evening_page import purpose_text
from app.groups.evening_page import settle
from app.groups.money_words import payment_line
from app.rights.phone import phone_id
from app.rights.phone import require_group_editor
from app.store.payments import delete_payment
from app.store.payments import record_payment
from app.store.payments import set_settle_mode
from app.web.found import group_or_404
from app.web.isolation import isolated


def back(group_id: str, day: str, query: dict[str, str]) -> Redirect:
    """To the evening page as it was (post/redirect/get), at the Kassensturz."""
    values: dict[str, Any] = {"group_id": group_id, "day": day, **query}
    return redirect(url_for("groups.evening_view", **values) + "#kasse")


@bp.post("/g/<id:group_id>/abend/<day>/bezahlt")
def paid(group_id: str, day: str) -> Redirect:
    """Record the payment of an open transfer (group editors only): one tap, a fact."""
    group = group_or_404(group_id)
    require_group_editor(group)
    evening = find_evening(group, day)
    found, _errors = chosen(evening, group, request.form)
    transfer = request.form.get("transfer", "")
    wanted = next((t for t in found.plan.transfers if t.id == transfer), None)
    if wanted is None:
        abort(
            404,
            description=_("This settling-up has no such open transfer (it changed meanwhile?)."),
        )
    made = record_payment(
        group, wanted.payer, wanted.payee, wanted.cents, paid_for(evening), wanted.id, phone_id()
    )
    flash(isolated(_("Marked as paid: %(payment)s"), payment=payment_line(made)), "success")
    return back(group.id, day, choice_query(found))


@bp.post("/g/<id:group_id>/abend/<day>/zahlung/<id:payment_id>/loeschen")
def delete_paid(group_id: str, day: str, payment_id: str) -> Redirect:
    """Delete one payment record (it was not paid after all); group editors only."""
    group = group_or_404(group_id)
    require_group_editor(group)
    evening = find_evening(group, day)
    found, _errors = chosen(evening, group, request.form)
    gone = delete_payment(group, payment_id)
    if gone is None:
        abort(404, description=_("This group has no such payment (deleted meanwhile?)."))
    flash(isolated(_("Payment deleted: %(payment)s"), payment=payment_line(gone)), "success")
    return back(group.id, day, choice_query(found))


@bp.post("/g/<id:group_id>/abend/<day>/rueckgaengig")
def undo(group_id: str, day: str) -> Redirect:
    """Take back this phone's newest payment record of this page (no other phone's, no other
    page's)."""
    group = group_or_404(group_id)
    require_group_editor(group)
    evening = find_evening(group, day)
    found, _errors = chosen(evening, group, request.form)
    last = my_last_payment(found, evening)
    if last is not None and delete_payment(group, last.id) is not None:
        flash(isolated(_("Taken back: %(payment)s"), payment=payment_line(last)), "success")
    return back(group.id, day, choice_query(found))


@bp.post("/g/<id:group_id>/abend/<day>/abrechnungsart")
def settle_mode(group_id: str, day: str) -> Redirect:
    """Make the way to pay shown here the group's own (group editors only)."""
    group = group_or_404(group_id)
    require_group_editor(group)
    evening = find_evening(group, day)
    found, errors = chosen(evening, group, request.form)
    if errors:
        abort(400, description=next(iter(errors.values())))
    set_settle_mode(group, found.choice.mode, found.plan.carrier)
    flash(_("From now on the group settles this way."), "success")
    return back(group.id, day, choice_query(found))


@bp.get("/g/<id:group_id>/abend/<day>/girocode/<transfer>.svg")
def girocode(group_id: str, day: str, transfer: str) -> Response:
    """The transfer's EPC QR code (GiroCode) when its receiver has an IBAN, else 404."""
    from app.settlement.epc import epc_qr  # segno: loaded by the first code, not on every start

    group = group_or_404(group_id)
    evening = find_evening(group, day)
    # Only the group's own settlement (its way, its Kasse holder) gives codes: a preview of
    # another way must not make anyone a payee and hand out their IBAN.
    found = settle(group, evening, {}, own=True)
    wanted = next((t for t in found.plan.transfers if t.id == transfer), None)
    account = found.iban_of(wanted.payee) if wanted is not None else None
    if wanted is None or account is None or wanted.payee is None:
        abort(404, description=_("No payment code: the receiver has not entered an IBAN."))
    out = io.BytesIO()
    code = epc_qr(wanted.payee, account, wanted.cents, purpose_text(evening))
    code.save(
        out,
        kind="svg",
        scale=6,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        title=_("GiroCode"),
    )
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    # It carries the receiver's whole IBAN: for the payer's banking app, not for caches.
    response.headers["Cache-Control"] = "no-store, private"
    return response
