"""Dynamisch's round form: jacks and other cards per hand, the closing jack's suit, the
direction of play (dyn.score, dyn.score.double, dyn.twin.reverse)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField
from wtforms import Form
from wtforms import FormField
from wtforms import RadioField
from wtforms import SelectChoice

from app.scoring.base import CLOCKWISE
from app.scoring.base import COUNTERCLOCKWISE
from app.tables.fields import count_field
from app.tables.round_base import RoundForm

SUITS = ("C", "S", "H", "D")


class DynamischHand(Form):
    """One player's hand at the end of a Dynamisch game (dyn.score)."""

    jacks = count_field(_l("Jacks"), default=0)
    others = count_field(_l("Other cards"), default=0)
    holds_named_suit = BooleanField(_l("Holds the named suit"))


class DynamischRoundForm(RoundForm):
    """Jacks and other cards per player, the named suit of a closing jack (dyn.score.double)."""

    per_seat = {"hands": FormField(DynamischHand)}
    jack_suit = RadioField(
        _l("Ended by a jack?"),
        choices=[SelectChoice("", _l("No")), *[SelectChoice(s) for s in SUITS]],
        default="",
        validate_choice=False,
    )
    # dyn.twin.reverse: the direction at the end of the game carries over into the next; the
    # form starts from the previous game's (`round_form`), one tap flips it.
    direction = RadioField(
        _l("Direction of play at the end of the game"),
        choices=[
            SelectChoice(CLOCKWISE, _l("↻ clockwise")),
            SelectChoice(COUNTERCLOCKWISE, _l("↺ counter-clockwise")),
        ],
        default=CLOCKWISE,
        validate_choice=False,
    )
    # dyn.dealer: nobody tapped = the rule; `round_form` adds the seats.
    next_dealer = RadioField(_l("Who deals the next game?"), validate_choice=False)

    def body(self) -> dict[str, Any]:
        """hands + jack_suit (None when the game was not ended by a jack) + direction."""
        hands = [
            {
                "jacks": hand.jacks.data,
                "others": hand.others.data,
                "holds_named_suit": bool(hand.holds_named_suit.data),
            }
            for hand in self["hands"].entries
        ]
        return {
            "hands": hands,
            "jack_suit": self.jack_suit.data or None,
            "direction": self.direction.data or None,
        }

    @staticmethod
    def fresh_data(dealer: int, seats: int) -> dict[str, Any]:
        """dyn.dealer: preselected the rule's seat, as the scoring assumes when nobody is
        named; one tap names somebody else."""
        return {"next_dealer": ""}

    @staticmethod
    def form_data(body: dict[str, Any]) -> dict[str, Any]:
        """No jack is the empty choice."""
        return {**RoundForm.form_data(body), "jack_suit": body.get("jack_suit") or ""}


# The round form app.tables.round_forms takes for this variant's round entry.
ROUND_FORM = DynamischRoundForm
