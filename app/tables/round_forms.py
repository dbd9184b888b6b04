"""The round form of a table: the kind its variant's `entry_for` the table's options names (a
variant's own form lives in its folder; a winner or a winning team is shared), sized to its
seats and prefilled."""

from __future__ import annotations

import uuid
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import FieldList
from wtforms import RadioField
from wtforms import SelectChoice

from app.scoring.base import CLOCKWISE
from app.store.models import Table
from app.store.standings import stored_rounds
from app.tables.round_base import RoundForm
from app.tables.round_base import chosen
from app.variants.base import Variant
from app.variants.registry import variant_part


class WinnerRoundForm(RoundForm):
    """Only the winner: a seat, or a team (TeamRoundForm)."""

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


# The round entries several variants share; any other is the variant's own form (its folder's
# form.py names it ROUND_FORM).
SHARED: dict[str, type[RoundForm]] = {"winner": WinnerRoundForm, "team": TeamRoundForm}


def form_class(table: Table) -> type[RoundForm]:
    """The form that asks what the table's round entry names (its variant's, by its options)."""
    definition: Variant = table.definition
    shared = SHARED.get(definition.entry_for(table.options))
    if shared is not None:
        return shared
    own: type[RoundForm] = variant_part(definition.id, "form").ROUND_FORM
    return own


# The forms sized to a seat count, by form and count: a handful in all.
SIZED: dict[tuple[str, int], type[RoundForm]] = {}


def sized_form(base: type[RoundForm], seats: int) -> type[RoundForm]:
    """The form with one entry per seat. Made once per form and seat count, as a form class
    declared in a module is: WTForms binds a new class's fields at its first use, which cost a
    save more than checking the round did."""
    key = (f"{base.__module__}.{base.__qualname__}", seats)
    if key not in SIZED:
        sized = {
            name: FieldList(inner, min_entries=seats, max_entries=seats)
            for name, inner in base.per_seat.items()
        }
        SIZED[key] = type(base.__name__, (base,), sized)
    return SIZED[key]


def round_form(
    table: Table,
    dealer: int,
    body: dict[str, Any] | None = None,
    version: int | None = None,
    blank: bool = False,
) -> RoundForm:
    """The table's round form with one entry per seat, prefilled from a stored round if given.

    `dealer` is who dealt the game being entered (for the preselections of a new round);
    `blank`: not filled from the request (a form shown in a page answering another one).
    """
    base = form_class(table)
    seats = len(table.players)
    sized_class = sized_form(base, seats)
    data = base.form_data(body) if body is not None else base.fresh_data(dealer, seats)
    if table.definition.keeps_direction and not data.get("direction"):
        data["direction"] = direction_of(table, body)
    if body is None:  # one key per shown form (a sent form keeps the key it carries)
        data["idempotency_key"] = uuid.uuid4().hex
    if version is not None:
        data["version"] = str(version)
    form: RoundForm = (
        sized_class(table, formdata=None, data=data) if blank else sized_class(table, data=data)
    )
    seat_choices = [SelectChoice(str(seat), name) for seat, name in enumerate(table.players)]
    if isinstance(form.next_dealer, RadioField):
        by_rule = SelectChoice("", _l("By the rule: the next after whoever went out"))
        form.next_dealer.choices = [by_rule, *seat_choices]
    if isinstance(form, WinnerRoundForm):
        form.winner.choices = form.winner_choices(seat_choices)
    elif isinstance(getattr(form, "winner", None), RadioField):
        form["winner"].choices = seat_choices
    return form


def one_tap(table: Table) -> bool:
    """Is a round of this table only its winner (a seat or a team)? Then the table page offers
    one button per winner instead of the form."""
    return issubclass(form_class(table), WinnerRoundForm)


def one_tap_form(table: Table, dealer: int, number: int) -> RoundForm | None:
    """The table page's one-tap winners: the round form posted by a button, or None."""
    if not one_tap(table):
        return None
    form = round_form(table, dealer)
    # A page rendered as the answer to a save must not carry the key that save used (the
    # form reads the posted fields): the next game is a new one.
    form.idempotency_key.data = uuid.uuid4().hex
    form.expected_number.data = str(number)
    return form


def entry_form(table: Table, dealer: int) -> RoundForm:
    """The next round's form as the table page carries it, opened in place by a tap
    (static/js/table.js), which puts in the phone's own key and the round's number: the
    template stays the same from round to round, so a change does not send it again."""
    form = round_form(table, dealer, blank=True)
    form.idempotency_key.data = ""
    form.expected_number.data = ""
    return form


def direction_of(table: Table, body: dict[str, Any] | None) -> str:
    """The direction of play a round form starts from: for a new round the one the last
    round ended in, for a stored round without one the one it inherited
    (dyn.twin.reverse: reversals persist through the series)."""
    # A new round's form needs only the rounds as read for the standing (one statement a
    # request); a stored round is found by identity among the table's own rows.
    stored = stored_rounds(table) if body is None else [played.data for played in table.rounds]
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
