"""What changed since people paid, in words: "Offen nach der Korrektur von Runde 3 (Tisch 2):
Gregor gibt Anna 0,25 € zurück; Anna zahlt Ben 0,25 €."

Payments stay as they were made; when a round is corrected, deleted or added afterwards (or a
table's settings change), what is open moves, and the page says why and what settles it.
"""

from __future__ import annotations

from markupsafe import Markup
from sqlalchemy import select

from app.groups.kassensturz import Kassensturz
from app.groups.money_words import euros
from app.settlement.account import paid_back
from app.settlement.plan import Transfer
from app.store.db import db
from app.store.models import Change
from app.store.models import as_utc
from app.text import Message
from app.text import Name
from app.text import both
from app.translations import N_
from app.variants.registry import find_variant
from app.web.isolation import say_isolated

SHOWN_CHANGES = 3  # more are summed up: the sentence must stay readable on a phone

# A round is named as its variant counts ("Runde 3" where rounds are counted, else "Spiel 3").
CHANGE_WORDS = {
    "edit": N_("the correction of %(row)s (%(table)s)"),
    "delete": N_("the deletion of %(row)s (%(table)s)"),
    "add": N_("%(row)s (%(table)s) entered later"),
    "undo": N_("an undo at %(table)s"),
    "redo": N_("a redo at %(table)s"),
    "settings": N_("the settings changed at %(table)s"),
    "ended": N_("the end of %(table)s after %(row)s"),
}


def move_words(found: Kassensturz, transfer: Transfer) -> Message:
    """One transfer as a sentence part: a payment back where the payee paid the payer."""
    amount = euros(transfer.cents)
    if transfer.payee is None:
        return Message(
            "%(payer)s pays %(amount)s into the pot", payer=Name(transfer.payer), amount=amount
        )
    if paid_back(found.payments, transfer.payer, transfer.payee):
        return Message(
            "%(payer)s gives %(payee)s %(amount)s back",
            payer=Name(transfer.payer),
            payee=Name(transfer.payee),
            amount=amount,
        )
    return Message(
        "%(payer)s pays %(payee)s %(amount)s",
        payer=Name(transfer.payer),
        payee=Name(transfer.payee),
        amount=amount,
    )


def changes_after(found: Kassensturz) -> list[Message | str]:
    """The changes to the view's tables after its newest payment, oldest first."""
    if not found.payments:
        return []
    last = max(p.at for p in found.payments)
    labels = table_labels(found)
    variants = {r.table_id: find_variant(r.variant) for r in found.view.results}
    played = {r.table_id: len(r.rounds) for r in found.view.results}
    query = (
        select(Change.table_id, Change.kind, Change.round_number, Change.after, Change.created_at)
        .where(Change.table_id.in_(list(labels)))
        .order_by(Change.id)
    )
    words: list[Message | str] = []
    for table_id, kind, number, after, moment in db.session.execute(query):
        if as_utc(moment) <= last or kind not in CHANGE_WORDS:
            continue
        words_of = variants[table_id].round_words
        if kind == "settings" and (after or {}).get("closed"):
            # Ended by hand ("Hier beenden und abrechnen"): said as players did it.
            kind, number = "ended", played[table_id]
        said = Message(
            CHANGE_WORDS[kind], row=words_of.number(number, inside=True), table=labels[table_id]
        )
        if said not in words:
            words.append(said)
    return words


def table_labels(found: Kassensturz) -> dict[str, Message | str]:
    """Each table as the sentence names it: its name, else its variant; where two would read
    alike, with its number in the evening ("<variant>, Tisch 2")."""
    plain = {r.table_id: r.name or find_variant(r.variant).short_name for r in found.view.results}
    labels: dict[str, Message | str] = {}
    for number, (table_id, label) in enumerate(plain.items(), 1):
        twins = list(plain.values()).count(label) > 1
        labels[table_id] = (
            Message("%(label)s, table %(n)s", label=label, n=number) if twins else label
        )
    return labels


def since_paid(found: Kassensturz, lang: str) -> Markup | None:
    """The sentence, or None when nothing was paid yet, nothing is open, or nothing changed
    since the last payment."""
    if not found.payments or not found.plan.transfers:
        return None
    changes = changes_after(found)
    if not changes:
        return None  # the open transfers say the rest; only a change after paying needs words
    moves = [move_words(found, t) for t in found.plan.transfers]
    joined = moves[0]
    for move in moves[1:]:
        joined = Message("%(items)s; %(item)s", items=joined, item=move)
    if len(changes) > SHOWN_CHANGES:
        rest = len(changes) - SHOWN_CHANGES
        changes = changes[:SHOWN_CHANGES] + [Message("%(n)s more changes", n=rest)]
    # "Open after …": the open transfers include what was open before the change too.
    said = Message("Open after %(changes)s: %(moves)s.", changes=both(changes), moves=joined)
    return say_isolated(said, lang)
