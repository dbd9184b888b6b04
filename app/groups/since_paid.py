"""What changed since people paid, in words: "Nach der Korrektur von Spiel 3 (Variante): Gregor
gibt Anna 0,25 € zurück; Anna zahlt Ben 0,25 €."

Payments stay as they were made; when a round is corrected, deleted or added afterwards (or a
table's settings change), what is open moves, and the page says why and what settles it.
"""

from __future__ import annotations

from flask_babel import format_currency
from sqlalchemy import select

from app.groups.kassensturz import Kassensturz
from app.settlement.account import paid_back
from app.settlement.plan import Transfer
from app.store.db import db
from app.store.models import Change
from app.store.models import as_utc
from app.text import Message
from app.text import both
from app.text import say
from app.translations import N_
from app.variants.registry import find_variant

SHOWN_CHANGES = 3  # more are summed up: the sentence must stay readable on a phone

CHANGE_WORDS = {
    "edit": N_("the correction of game %(n)s (%(table)s)"),
    "delete": N_("the deletion of game %(n)s (%(table)s)"),
    "add": N_("game %(n)s (%(table)s) entered later"),
    "undo": N_("an undo at %(table)s"),
    "redo": N_("a redo at %(table)s"),
    "settings": N_("the settings changed at %(table)s"),
}


def euros(cents: int) -> str:
    """An amount in the page's language."""
    return str(format_currency(cents / 100, "EUR"))


def move_words(found: Kassensturz, transfer: Transfer) -> Message:
    """One transfer as a sentence part: a payment back where the payee paid the payer."""
    amount = euros(transfer.cents)
    if transfer.payee is None:
        return Message(
            "%(payer)s pays %(amount)s into the pot", payer=transfer.payer, amount=amount
        )
    if paid_back(found.payments, transfer.payer, transfer.payee):
        return Message(
            "%(payer)s gives %(payee)s %(amount)s back",
            payer=transfer.payer,
            payee=transfer.payee,
            amount=amount,
        )
    return Message(
        "%(payer)s pays %(payee)s %(amount)s",
        payer=transfer.payer,
        payee=transfer.payee,
        amount=amount,
    )


def changes_after(found: Kassensturz) -> list[Message | str]:
    """The changes to the view's tables after its newest payment, oldest first."""
    if not found.payments:
        return []
    last = max(p.at for p in found.payments)
    labels = {r.table_id: r.name or find_variant(r.variant).short_name for r in found.view.results}
    query = (
        select(Change.table_id, Change.kind, Change.round_number, Change.created_at)
        .where(Change.table_id.in_(list(labels)))
        .order_by(Change.id)
    )
    words: list[Message | str] = []
    for table_id, kind, number, moment in db.session.execute(query):
        if as_utc(moment) <= last or kind not in CHANGE_WORDS:
            continue
        said = Message(CHANGE_WORDS[kind], n=number, table=labels[table_id])
        if said not in words:
            words.append(said)
    return words


def since_paid(found: Kassensturz, lang: str) -> str | None:
    """The sentence, or None when nothing was paid yet, nothing is open, or nothing changed
    since the last payment."""
    if not found.payments or not found.plan.transfers:
        return None
    changes = changes_after(found)
    if not changes:
        return None  # the open transfers say the rest; only a change after paying needs words
    joined = "; ".join(say(move_words(found, t), lang) for t in found.plan.transfers)
    if len(changes) > SHOWN_CHANGES:
        rest = len(changes) - SHOWN_CHANGES
        changes = changes[:SHOWN_CHANGES] + [Message("%(n)s more changes", n=rest)]
    return say(Message("After %(changes)s: %(moves)s.", changes=both(changes), moves=joined), lang)
