"""Mau-Mau's round form when the table counts points (mau.score.points): the winner, the points
left in each hand, and whether a jack ended the game (it then counts double)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField
from wtforms import RadioField

from app.tables.fields import count_field
from app.tables.round_base import RoundForm
from app.tables.round_base import chosen


class MaumauPointsForm(RoundForm):
    """Winner, hand points per seat (the winner's 0), the jack that ended it."""

    per_seat = {"points": count_field(_l("Points in hand"), default=0)}
    winner = RadioField(_l("Who went out?"), validate_choice=False)
    jack_end = BooleanField(_l("Ended with a jack (“Mau-Mau”): the points count double"))

    def body(self) -> dict[str, Any]:
        """winner, points per seat and jack_end, as the API takes them."""
        points = [entry.data for entry in self["points"].entries]
        return {
            **chosen("winner", self.winner.data),
            "points": points,
            "jack_end": self.jack_end.data,
        }

    @staticmethod
    def form_data(body: dict[str, Any]) -> dict[str, Any]:
        """The winner as the radio value."""
        return {**RoundForm.form_data(body), "winner": str(body.get("winner"))}


# The round form app.tables.round_forms takes for the points entry.
ROUND_FORM = MaumauPointsForm
