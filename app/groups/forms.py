"""The group's forms: its name and regular players (one per line); whose IBAN is kept."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms import StringField
from wtforms import TextAreaField
from wtforms import ValidationError

from app.groups.validate import validate_group
from app.inputs import Field
from app.scoring.names import player_name
from app.settlement.iban import clean_iban
from app.text import InputError
from app.text import Message
from app.web.navigation import current_lang

# Names are typed on a phone: a new line or a comma separates two players.
SEPARATORS = re.compile(r"[\n,;]")


class GroupForm(FlaskForm):
    """Create a group or change its name and players; the checks live in `validate_group`."""

    name = StringField(_l("Name of the group"))
    players = TextAreaField(_l("Players"), render_kw={"rows": 6})
    cleaned: tuple[str, list[str]] = ("", [])  # the checked name and players after validate()

    def player_names(self) -> list[str]:
        """The names typed, blank lines left out."""
        return [n.strip() for n in SEPARATORS.split(self.players.data or "") if n.strip()]

    def validate(self, extra_validators: Any = None) -> bool:
        """Field types first, then the group rules; the error lands on the field it names."""
        if not super().validate(extra_validators):
            return False
        try:
            self.cleaned = validate_group(self.name.data or "", self.player_names())
        except InputError as error:
            target = self.players if (error.field or "").startswith("players") else self.name
            target.errors = [*target.errors, error.message(current_lang())]
            return False
        return True


HOLDER = Field("player", Message("The name of the IBAN's holder"))


class IbanForm(FlaskForm):
    """Whose IBAN (one of the group's players) and the IBAN, empty to remove it."""

    player = SelectField(_l("Whose IBAN"), validate_choice=False)
    iban = StringField(_l("IBAN (empty: remove it)"))
    checked: str | None = None  # the IBAN without blanks after validate(), None: remove

    def validate_player(self, field: SelectField) -> None:
        """A name the page offered (checked as a name first, so a hidden character is named)."""
        try:
            name = player_name(field.data, HOLDER)
        except InputError as error:
            raise ValidationError(error.message(current_lang())) from error
        if name not in (value for value, _label in field.choices or []):
            raise ValidationError(_("Choose whose IBAN this is: one of the group's players."))

    def validate_iban(self, field: StringField) -> None:
        """An IBAN its country's bank takes, or nothing."""
        typed = (field.data or "").strip()
        try:
            self.checked = clean_iban(typed) if typed else None
        except InputError as error:
            raise ValidationError(error.message(current_lang())) from error
