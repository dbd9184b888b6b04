"""The Kassensturz's money in words, in the page's language: the group's way to settle, a
payment, when it was made, and what rounding changed for whom."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import format_currency
from flask_babel import format_datetime
from flask_babel import gettext as _
from markupsafe import Markup

from app.settlement.account import Paid
from app.settlement.account import pot_total
from app.store.models import Group
from app.store.payments import group_payments
from app.text import Message
from app.text import Name
from app.web.isolation import bdi
from app.web.isolation import isolated
from app.web.isolation import say_isolated
from app.web.navigation import current_lang


def euros(cents: int) -> str:
    """An amount of money in the page's language ("1,50 €" / "€1.50")."""
    return str(format_currency(cents / 100, "EUR"))


def settle_way(group: Group) -> str:
    """How the group settles, as its settings say."""
    if group.settle_mode == "kasse" and group.kasse_holder:
        return _("through the kitty (%(holder)s)", holder=group.kasse_holder)
    if group.settle_mode == "pot":
        return _("into the pot")
    return _("person to person")


@dataclass(frozen=True)
class Pot:
    """The group's pot: what it holds, who paid how much into it, what was paid out."""

    cents: int
    paid_in: list[tuple[str, int]]
    paid_out: list[Paid]  # newest first


def pot_of(group: Group) -> Pot | None:
    """The pot as the group page shows it, None when the group neither uses one nor ever
    paid into one."""
    paid = group_payments(group)
    into: dict[str, int] = {}
    for p in paid:
        if p.into_pot and p.payer is not None:
            into[p.payer] = into.get(p.payer, 0) + p.cents
    if group.settle_mode != "pot" and not any(p.into_pot or p.from_pot for p in paid):
        return None
    out = [p for p in reversed(paid) if p.from_pot]
    return Pot(pot_total(paid), sorted(into.items(), key=lambda item: -item[1]), out)


def payment_line(paid: Paid) -> Markup:
    """ "Ben → Anna 0,45 €" for a page, names isolated, the pot named where it is a side."""
    pot = _("the pot")
    payer = bdi(paid.payer) if paid.payer else pot
    payee = bdi(paid.payee) if paid.payee else pot
    return Markup("%s → %s %s") % (payer, payee, euros(paid.cents))


def payout_line(paid: Paid) -> Markup:
    """ "Out of the pot to Anna: 12,50 €" (the pot as payer reads badly in `payment_line`)."""
    return isolated(
        _("Out of the pot to %(name)s: %(amount)s"), name=bdi(paid.payee), amount=euros(paid.cents)
    )


def paid_when(paid: Paid) -> str:
    """When it was recorded: "26.11.2026, 23:40"."""
    return _("recorded %(when)s", when=format_datetime(paid.at, "short"))


def rounding_change(name: str, difference: int, amount: str, left: int) -> Message:
    """What rounding changed for one person: a receiver gets more or less, a payer pays more
    or less (`left` is the person's open balance before rounding, `amount` the difference
    said as money)."""
    if left > 0 or (left == 0 and difference > 0):
        if difference > 0:
            return Message("%(name)s receives %(amount)s more", name=name, amount=amount)
        return Message("%(name)s receives %(amount)s less", name=name, amount=amount)
    if difference < 0:
        return Message("%(name)s pays %(amount)s more", name=name, amount=amount)
    return Message("%(name)s pays %(amount)s less", name=name, amount=amount)


def rounding_words(name: str, difference: int, left: int) -> Markup:
    """What rounding changed for one person, in the page's language, the name isolated."""
    change = rounding_change(Name(name), difference, euros(abs(difference)), left)
    return say_isolated(change, current_lang())
