"""The referee's effects and penalties (docs/api.md §1) as sentences in the page language."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from app.engine import Card
from app.engine.texts import card_name
from app.referee.cards import wish_label


def who_name(who: str | None, count: int | None = None) -> str:
    """A player as seen from the acting one, for the sentences that have no own wording."""
    names = {
        "you": _("you"),
        "next": _("the next player"),
        "previous": _("the previous player"),
        "after_next": _("the player after next"),
        "other": _("another player"),
        "after_first_nine": _("the player after the one who played the first nine"),
    }
    if who == "later":
        return _("the player %(seats)d seats on", seats=count or 0)
    return names.get(who or "", who or _("somebody"))


def draw_text(who: str | None, n: int) -> str:
    """Who draws how many cards."""
    if who == "you":
        return ngettext("You draw %(num)d card.", "You draw %(num)d cards.", n)
    if who == "next":
        return ngettext(
            "The next player draws %(num)d card.", "The next player draws %(num)d cards.", n
        )
    if who == "previous":
        return ngettext(
            "The previous player draws %(num)d card.", "The previous player draws %(num)d cards.", n
        )
    return ngettext(
        "Draws %(num)d card: %(who)s.", "Draws %(num)d cards: %(who)s.", n, who=who_name(who)
    )


def skip_text(who: str | None, n: int) -> str:
    """Who misses turns."""
    if who == "you":
        return ngettext("You miss your turn.", "You miss %(num)d turns.", n)
    if who == "next":
        return ngettext("The next player is skipped.", "The next %(num)d players are skipped.", n)
    return _("Skipped: %(who)s.", who=who_name(who))


def turn_text(who: str | None, seats: int | None) -> str:
    """Who is on turn afterwards."""
    if who == "you":
        return _("Then it is your turn again.")
    # Not `count` inside the call: babel.cfg's keyword for the sheets' `lang.count` would hide
    # this msgid from extraction.
    return _("Then %(who)s is on turn.", who=who_name(who, seats))


def show_text(effect: dict[str, Any]) -> str:
    """A nine or ten that shows cards (dyn.9, dyn.10): who shows whom two cards."""
    n = effect.get("count") or 2
    source, target = effect.get("from"), effect.get("to")
    if source == "you" and target == "next":
        return ngettext(
            "You show the next player %(num)d card; he takes one.",
            "You show the next player %(num)d cards; he takes one.",
            n,
        )
    if source == "next" and target == "you":
        return ngettext(
            "The next player shows you %(num)d card; you take one.",
            "The next player shows you %(num)d cards; you take one.",
            n,
        )
    return ngettext(
        "%(num)d card shown by %(source)s to %(target)s.",
        "%(num)d cards shown by %(source)s to %(target)s.",
        n,
        source=who_name(source),
        target=who_name(target),
    )


def wish_text(effect: dict[str, Any], lang: str) -> str:
    """The wish made, or the wishes to choose from."""
    if effect.get("suit"):
        return _("Wished: %(wish)s.", wish=wish_label(effect["suit"], lang))
    if effect.get("rank"):
        return _("Wished: %(wish)s.", wish=wish_label(effect["rank"], lang))
    names = [wish_label(choice, lang) for choice in effect.get("choices") or []]
    return _("You wish one of: %(choices)s.", choices=", ".join(names))


def wedding_text(effect: dict[str, Any], lang: str) -> str:
    """A wedding chance (dyn.wedding, ter.wedding)."""
    card = card_name(Card.parse(effect["card"]), lang) if effect.get("card") else "?"
    if effect.get("who") == "you":
        return _("You may announce a wedding with %(card)s.", card=card)
    return _("Whoever holds %(card)s may play it out of turn (wedding).", card=card)


def effect_text(effect: dict[str, Any], lang: str) -> str:
    """One effect as a sentence; an effect this page does not know is named by its type."""
    kind, who, count = effect.get("type"), effect.get("who"), effect.get("count")
    if kind == "draw":
        return draw_text(who, count or 0)
    if kind == "skip":
        return skip_text(who, count or 1)
    if kind == "again":
        return ngettext(
            "You play %(num)d more card at once.",
            "You play %(num)d more cards at once.",
            count or 1,
        )
    if kind == "reverse":
        return _("The direction of play changes.")
    if kind == "wish":
        return wish_text(effect, lang)
    if kind == "show":
        return show_text(effect)
    if kind == "wedding":
        return wedding_text(effect, lang)
    if kind == "turn":
        return turn_text(who, count)
    if kind == "out":
        return _("Your hand is empty.")
    if kind == "remind":
        return _("Remember the table manners of this rule:")
    return _("Effect: %(type)s.", type=kind)


def penalty_text(penalty: dict[str, Any] | None, cards: int) -> str:
    """What the variant prescribes for the illegal action (dlx.penalty.wrong, …)."""
    if not penalty:
        return _("This variant prescribes no penalty: take the card back and play on.")
    draw = penalty.get("draw")
    if penalty.get("take_back") and draw:
        return (
            ngettext(
                "Take the card back and draw %(num)d penalty card.",
                "Take the card back and draw %(num)d penalty cards.",
                draw,
            )
            if cards < 2
            else ngettext(
                "Take the cards back and draw %(num)d penalty card.",
                "Take the cards back and draw %(num)d penalty cards.",
                draw,
            )
        )
    if draw:
        return ngettext("Draw %(num)d penalty card.", "Draw %(num)d penalty cards.", draw)
    if penalty.get("take_back"):
        return _("Take the card back; the rules give no number of penalty cards.")
    return _("The rules give no fixed penalty.")
