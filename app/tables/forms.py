"""The new-table form: variant, name, players in seating order, the variant's options."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField
from wtforms import FieldList
from wtforms import HiddenField
from wtforms import IntegerField
from wtforms import RadioField
from wtforms import SelectChoice
from wtforms import StringField
from wtforms.validators import Optional
from wtforms.validators import ValidationError

from app import scoring
from app.db import db
from app.groups.access import editable_group
from app.models import Group
from app.navigation import current_lang
from app.scoring.types import InputError
from app.tables.fielderrors import ScoringForm

# Every seat any variant allows is rendered, so the form works without JavaScript.
MAX_SEATS = max(info.max_players for info in scoring.VARIANTS.values())
NOT_A_NUMBER = _l("Please enter a whole number.")


def count_field(label: Any, **kwargs: Any) -> IntegerField:
    """A whole-number field whose wrong input gets our own sentence."""
    return IntegerField(label, invalid_value_message=NOT_A_NUMBER, **kwargs)


def whole_or_raw(value: str | None) -> int | str | None:
    """A tapped number as int; anything else unchanged, so the scoring module can quote it."""
    return int(value) if value and value.isdigit() else value


def group_refusal(group_id: str) -> str | None:
    """Why this device may not start a table in the group, or None when it may."""
    if editable_group(group_id) is not None:
        return None
    if db.session.get(Group, group_id) is None:
        return _("This group does not exist (any more). The table will not belong to a group.")
    return _(
        "Only a phone that opened the group's edit link may start tables in it. "
        "The table will not belong to the group."
    )


def option_default(variant: str, option: str) -> Any:
    """A variant's default for an option, as the scoring module defines it (API.md §2)."""
    return scoring.VARIANTS[variant].defaults[option]


class NewTableForm(ScoringForm):
    """One screen: everything a new table needs; the scoring module checks the whole."""

    # The choices below are offered by tap; anything else goes to the scoring module, which
    # answers with a sentence naming the allowed values (validate_choice=False).
    variant = RadioField(_l("Variant"), default="dynamisch", validate_choice=False)
    name = StringField(_l("Name of the table (optional)"))
    players = FieldList(StringField(_l("Seat")), min_entries=MAX_SEATS, max_entries=MAX_SEATS)
    games = count_field(
        _l("Games in the series"), default=lambda: option_default("dynamisch", "games")
    )
    rounds = count_field(
        _l("Rounds in the series"), default=lambda: option_default("deluxe", "rounds")
    )
    rate_cents = count_field(_l("Cents per point (0 = no money)"), default=0)
    target = RadioField(
        _l("Target"),
        choices=[SelectChoice("200"), SelectChoice("500")],
        default="500",
        validate_choice=False,
    )
    scoring = RadioField(
        _l("Scoring"),
        choices=[
            SelectChoice("winner-takes", _l("The winner gets the others' points (highest wins)")),
            SelectChoice("own-points", _l("Everybody is charged his own points (lowest wins)")),
        ],
        default="winner-takes",
        validate_choice=False,
    )
    partner = BooleanField(_l("Partner mode: 4 players, partners sit opposite"))
    stack2 = BooleanField(_l("A +2 may be answered with a +2"))
    stack4 = BooleanField(_l("A +4 may be answered with a +4"))
    ter_games = count_field(_l("Number of games (empty: open-ended)"), validators=[Optional()])
    group = HiddenField()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Variant choices in the page's language."""
        super().__init__(*args, **kwargs)
        lang = current_lang()
        self.variant.choices = [
            SelectChoice(key, info.label_de if lang == "de" else info.label_en)
            for key, info in scoring.VARIANTS.items()
        ]
        self.table_input: tuple[str, str, list[str], dict[str, Any]] | None = None

    def validate_group(self, field: HiddenField) -> None:
        """A table started from a group belongs to it: only a group editor may start one there.

        The refused form no longer carries the group (the sentence says so), so sending it
        again starts the table outside the group instead of failing forever.
        """
        refusal = group_refusal(field.data) if field.data else None
        if refusal is not None:
            field.data = ""
            raise ValidationError(refusal)

    def prefill(self, group: Group) -> None:
        """Start from a group's regular players (the groups pages link here)."""
        self.group.data = group.id
        for entry, name in zip(self.players.entries, group.players, strict=False):
            entry.data = name

    def player_names(self) -> list[str]:
        """The seats up to the last one filled in; an empty seat before it stays (an error)."""
        names = [entry.data or "" for entry in self.players.entries]
        while names and not names[-1].strip():
            names.pop()
        return names

    def options(self) -> dict[str, Any]:
        """The options of the chosen variant only (API.md §2 names)."""
        variant = self.variant.data
        if variant == "dynamisch":
            return {"games": self.games.data, "rate_cents": self.rate_cents.data}
        if variant == "deluxe":
            return {"rounds": self.rounds.data, "rate_cents": self.rate_cents.data}
        if variant == "speedone":
            return {
                "target": whole_or_raw(self.target.data),
                "scoring": self.scoring.data,
                "partner": self.partner.data,
                "stack2": self.stack2.data,
                "stack4": self.stack4.data,
                "rate_cents": self.rate_cents.data,
            }
        if variant == "terroristen":
            return {"games": self.ter_games.data}
        return {}

    def aliases(self) -> dict[str, str]:
        """Option paths of API.md mapped to this form's field names."""
        paths = {f"options.{name}": name for name in ("games", "rounds", "rate_cents", "target")}
        paths.update(
            {f"options.{name}": name for name in ("scoring", "partner", "stack2", "stack4")}
        )
        if self.variant.data == "terroristen":
            paths["options.games"] = "ter_games"
        return paths

    def validate(self, extra_validators: Any = None) -> bool:
        """Field types first, then the scoring module judges the table as a whole."""
        if not super().validate(extra_validators):
            return False
        try:
            self.table_input = (
                self.variant.data,
                *scoring.validate_table(
                    self.variant.data, self.name.data or "", self.player_names(), self.options()
                ),
            )
        except InputError as error:
            self.show_input_error(error)
            return False
        return True
