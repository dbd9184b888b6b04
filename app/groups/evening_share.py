"""The evening as a picture (PNG, for a chat) and an A4 PDF: `/g/<id>/abend/<date>.png` and
`.pdf`, also for a month (`/abend/2026-11.pdf`) and the running account (`/abend/offen.pdf`),
drawn from the same Kassensturz the page shows (the address's `mode`, `kasse`, `round_to`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Response
from flask import request

from app.groups import bp
from app.groups.evening import Evening
from app.groups.evening_page import chosen
from app.groups.evening_page import find_evening
from app.groups.kassensturz import Kassensturz
from app.groups.money_words import euros
from app.groups.money_words import rounding_change
from app.text import Message
from app.web.found import group_or_404
from app.web.navigation import current_lang

if TYPE_CHECKING:
    from app.sharing import EveningSummary


def rounding_note(found: Kassensturz, open_: dict[str, int]) -> Message | str:
    """What rounding changed, for everyone whose amount it changed (never dropped silently),
    as the page says it; each name drawn on its own."""
    from app.sharing import Name  # with Pillow and reportlab, loaded by the first picture

    plan = found.plan
    if plan.round_to <= 1:
        return ""
    if not plan.rounding_changes:
        return Message("Rounded: nothing left over.")
    changes = [
        rounding_change(Name(person), difference, euros(abs(difference)), open_.get(person, 0))
        for person, difference in plan.rounding_changes
    ]
    return Message("Rounded: %(changes)s.", changes=semicolons(changes))


def semicolons(items: list[Message]) -> Message:
    """ "a; b; c" (at least one item)."""
    head = items[0]
    for item in items[1:]:
        head = Message("%(items)s; %(item)s", items=head, item=item)
    return head


def summary(evening: Evening, found: Kassensturz, lang: str) -> EveningSummary:
    """What the picture and the PDF say: tables, balances, open transfers, payments made,
    the rounding, titles (none for the running account, as on its page)."""
    # Pillow and reportlab are loaded by the first picture, not on every start of the app.
    from app.sharing import BalanceLine
    from app.sharing import EveningSummary
    from app.sharing import TransferLine
    from app.sharing import table_line

    lines = tuple(
        table_line(r.name or "", r.variant, r.players, r.standing, lang) for r in evening.results
    )
    open_ = dict(found.balances)
    transfers = tuple(
        TransferLine(t.payer, t.payee, t.cents, False) for t in found.plan.transfers
    ) + tuple(TransferLine(p.payer, p.payee, p.cents, True) for p in found.payments)
    return EveningSummary(
        day=evening.date,
        group=evening.group_name,
        lang=lang,
        tables=lines,
        transfers=transfers,
        titles=tuple(evening.titles()) if evening.span != "all" else (),
        note=rounding_note(found, open_),
        span=evening.span,
        balances=tuple(
            BalanceLine(b.player, b.cents, open_.get(b.player, 0)) for b in found.results
        ),
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
