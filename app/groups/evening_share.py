"""The evening as a picture (PNG, for a chat) and an A4
PDF: `/g/<id>/abend/<date>.png` and `.pdf`, drawn from the same Kassensturz the page shows
(the address's `mode`, `kasse`, `round_to`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Response
from flask import request
from flask_babel import gettext as _

from app.groups import bp
from app.groups.evening import Evening
from app.groups.evening_page import chosen
from app.groups.evening_page import find_evening
from app.groups.kassensturz import Kassensturz
from app.groups.page import euros
from app.web.found import group_or_404
from app.web.navigation import current_lang

if TYPE_CHECKING:
    from app.sharing import EveningSummary


def rounding_note(found: Kassensturz) -> str:
    """The rounding difference, said as the page says it (never dropped silently)."""
    plan = found.plan
    if plan.round_to <= 1 or not plan.rounding_cents:
        return ""
    if plan.rounding_cents > 0:
        text = _("Rounded: %(name)s receives %(amount)s more than won.")
        return text % {"name": plan.carrier, "amount": euros(plan.rounding_cents)}
    text = _("Rounded: %(name)s receives %(amount)s less than won.")
    return text % {"name": plan.carrier, "amount": euros(-plan.rounding_cents)}


def summary(evening: Evening, found: Kassensturz, lang: str) -> EveningSummary:
    """What the picture and the PDF say: tables, transfers with their ticks, titles."""
    # Pillow and reportlab are loaded by the first picture, not on every start of the app.
    from app.sharing import EveningSummary
    from app.sharing import TransferLine
    from app.sharing import table_line

    lines = tuple(
        table_line(r.name or "", r.variant, r.players, r.standing, lang) for r in evening.results
    )
    pot = _("the pot")
    transfers = tuple(
        TransferLine(t.payer, t.payee or pot, t.cents, False) for t in found.plan.transfers
    ) + tuple(TransferLine(p.payer or pot, p.payee or pot, p.cents, True) for p in found.payments)
    return EveningSummary(
        day=evening.date,
        group=evening.group_name,
        lang=lang,
        tables=lines,
        transfers=transfers,
        titles=tuple(evening.titles()),
        note=rounding_note(found),
        whole_month=evening.span == "month",
    )


@bp.get("/g/<id:group_id>/abend/<day>.<any(png, pdf):kind>")
def evening_download(group_id: str, day: str, kind: str) -> Response:
    """The evening as a picture or a PDF; the phone shares it or saves it (static/js/share.js)."""
    from app.sharing import evening_file  # loaded by the first picture, not on every start

    group = group_or_404(group_id)
    evening = find_evening(group, day)
    found, _errors = chosen(evening, group, request.args)
    shared = evening_file(summary(evening, found, current_lang()), kind)
    answer = Response(shared.content, mimetype=shared.mimetype)
    answer.headers["Content-Disposition"] = f'inline; filename="{shared.filename}"'
    # Ticks change what it shows: always asked again, like the evening page itself.
    answer.headers["Cache-Control"] = "no-cache"
    return answer
