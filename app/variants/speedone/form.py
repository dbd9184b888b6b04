"""Speedone's round form: the winner, each hand as points or counted card by card
(spd.points)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Form
from wtforms import FormField
from wtforms import RadioField
from wtforms import SelectChoice

from app.tables.fields import count_field
from app.tables.round_base import RoundForm
from app.tables.round_base import chosen


class SpeedoneHand(Form):
    """A Speedone hand counted card by card (spd.points)."""

    numbers = count_field(_l("Sum of the number cards"), default=0)
    actions = count_field(_l("Skip, reverse, +2 cards"), default=0)
    wilds = count_field(_l("Wild cards"), default=0)


class SpeedoneRoundForm(RoundForm):
    """The winner, then each hand either as points or as its breakdown (spd.points)."""

    per_seat = {"points": count_field(_l("Points"), default=0), "hands": FormField(SpeedoneHand)}
    winner = RadioField(_l("Who went out?"), validate_choice=False)
    entry = RadioField(
        _l("Enter the hands as"),
        choices=[SelectChoice("points", _l("points")), SelectChoice("hands", _l("cards counted"))],
        default="points",
        validate_choice=False,
    )

    def body(self) -> dict[str, Any]:
        """winner + points, or winner + hands counted card by card."""
        winner = chosen("winner", self.winner.data)
        if self.entry.data != "hands":
            return {**winner, "points": [e.data for e in self["points"].entries]}
        # The winner's hand is empty: zeros (an entry there is the scoring module's error).
        hands = [
            {key: entry[key].data for key in ("numbers", "actions", "wilds")}
            for entry in self["hands"].entries
        ]
        return {**winner, "hands": hands}

    @staticmethod
    def form_data(body: dict[str, Any]) -> dict[str, Any]:
        """Which entry mode was used; a null hand (the winner's) shows as zeros."""
        data = RoundForm.form_data(body)
        data["winner"] = str(body.get("winner"))
        if body.get("hands") is not None:
            data["entry"] = "hands"
            data["hands"] = [hand or {} for hand in body["hands"]]
            data.pop("points", None)
        else:
            data["entry"] = "points"
        return data


# The round form app.tables.round_forms takes for this variant's round entry.
ROUND_FORM = SpeedoneRoundForm
