"""The group form: a name and the regular players (one per line)."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms import TextAreaField

from app.groups.validate import validate_group
from app.text import InputError
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
