"""One round-entry form per kind of round (a variant's `round_entry`): taps and steppers turned
into the round body of docs/api.md §2."""

from __future__ import annotations

import uuid
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField
from wtforms import FieldList
from wtforms import Form
from wtforms import FormField
from wtforms import RadioField
from wtforms import SelectChoice

from app.models import Table
from app.scoring.base import CLOCKWISE
from app.scoring.base import COUNTERCLOCKWISE
from app.tables.forms import count_field
from app.tables.round_base import RoundForm
from app.tables.round_base import chosen

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
    # dyn.dealer: nobody tapped = the rule (the seat after whoever went out, in the
    # direction above); `round_form` adds the seats.
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
        """dyn.dealer: whoever would be on turn next deals next. Preselected is the rule (the
        seat after whoever went out, in the direction of play), as the scoring module
        assumes when nobody is named; one tap names somebody else."""
        return {"next_dealer": ""}

    @staticmethod
    def form_data(body: dict[str, Any]) -> dict[str, Any]:
        """No jack is the empty choice."""
        return {**RoundForm.form_data(body), "jack_suit": body.get("jack_suit") or ""}


class DeluxeRoundForm(RoundForm):
    """Cards left in each hand (dlx.out)."""

    per_seat = {"cards": count_field(_l("Cards left"), default=0)}

    def body(self) -> dict[str, Any]:
        """cards per seat."""
        return {"cards": [entry.data for entry in self["cards"].entries]}


class SpeedoneHand(Form):
    """A Speedone hand counted card by card (spd.points)."""

    numbers = count_field(_l("Sum of the number cards"), default=0)
    actions = count_field(_l("Skip, reverse, +2 cards"), default=0)
    wilds = count_field(_l("Wild cards"), default=0)


class SpeedoneRoundForm(RoundForm):
    """The winner, then each hand either as points or as its breakdown (spd.points)."""

    per_seat = {
        "points": count_field(_l("Points"), default=0),
        "hands": FormField(SpeedoneHand),
    }
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


class WinnerRoundForm(RoundForm):
    """Only the winner: a seat (Terroristen) or a team (TeamRoundForm)."""

    winner = RadioField(_l("Who won?"), validate_choice=False)

    def body(self) -> dict[str, Any]:
        """winner as a seat or a team letter."""
        return chosen("winner", self.winner.data)

    @staticmethod
    def form_data(body: dict[str, Any]) -> dict[str, Any]:
        """The winner as the radio value."""
        return {**RoundForm.form_data(body), "winner": str(body.get("winner"))}

    def winner_choices(self, seats: list[SelectChoice]) -> list[SelectChoice]:
        """Who may be tapped as the winner: a seat."""
        return seats


class TeamRoundForm(WinnerRoundForm):
    """The winning team (dop.game): A = seats 1 + 3, B = seats 2 + 4."""

    def winner_choices(self, seats: list[SelectChoice]) -> list[SelectChoice]:
        """The two teams as they sit."""
        return team_choices(self.table)


# What a variant's `round_entry` asks for, and the form that asks it.
FORMS: dict[str, type[RoundForm]] = {
    "hands": DynamischRoundForm,
    "cards": DeluxeRoundForm,
    "hand_points": SpeedoneRoundForm,
    "winner": WinnerRoundForm,
    "team": TeamRoundForm,
}


def round_form(
    table: Table, dealer: int, body: dict[str, Any] | None = None, version: int | None = None
) -> RoundForm:
    """The table's round form with one entry per seat, prefilled from a stored round if given.

    `dealer` is who dealt the game being entered (for the preselections of a new round).
    """
    base = FORMS[table.definition.round_entry]
    seats = len(table.players)
    sized = {
        name: FieldList(inner, min_entries=seats, max_entries=seats)
        for name, inner in base.per_seat.items()
    }
    form_class = type(base.__name__, (base,), sized)
    data = base.form_data(body) if body is not None else base.fresh_data(dealer, seats)
    if table.definition.keeps_direction and not data.get("direction"):
        data["direction"] = direction_of(table, body)
    if body is None:  # one key per shown form (a sent form keeps the key it carries)
        data["idempotency_key"] = uuid.uuid4().hex
    if version is not None:
        data["version"] = str(version)
    form: RoundForm = form_class(table, data=data)
    seat_choices = [SelectChoice(str(seat), name) for seat, name in enumerate(table.players)]
    if isinstance(form.next_dealer, RadioField):
        by_rule = SelectChoice("", _l("By the rule: the next after whoever went out"))
        form.next_dealer.choices = [by_rule, *seat_choices]
    if isinstance(form, WinnerRoundForm):
        form.winner.choices = form.winner_choices(seat_choices)
    elif isinstance(getattr(form, "winner", None), RadioField):
        form["winner"].choices = seat_choices
    return form


def direction_of(table: Table, body: dict[str, Any] | None) -> str:
    """The direction of play a round form starts from: for a new round the one the last
    round ended in, for a stored round without one the one it inherited
    (dyn.twin.reverse: reversals persist through the series)."""
    stored = [played.data for played in table.rounds]
    directions = table.definition.directions(stored)
    at = next((i for i, data in enumerate(stored) if data is body), None)
    if at is not None:
        return directions[at]
    return directions[-1] if directions else CLOCKWISE


def team_choices(table: Table) -> list[SelectChoice]:
    """The teams as they sit: A = seats 1+3, B = seats 2+4 (dop.deal; API seats 0+2 / 1+3)."""
    players = table.players
    return [
        SelectChoice("A", f"{players[0]} + {players[2]}"),
        SelectChoice("B", f"{players[1]} + {players[3]}"),
    ]
