"""Put an InputError of the score keeping next to the form field it names.

The scoring module is the authority on what is valid (the API shares it); the forms only
turn taps into its input. An InputError carries the JSON path of the bad field
("players[2]", "hands[1].jacks", "options.target"), which we resolve to the WTForms field.
"""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field
from wtforms import FieldList
from wtforms import FormField

from app.navigation import current_lang
from app.text import InputError

PATH_PART = re.compile(r"([A-Za-z_0-9]+)|\[(\d+)\]")


def resolve_field(form: Any, path: str) -> Field | None:
    """The field at a JSON path such as "hands[2].jacks", or None if the form has none."""
    node: Any = form
    for name, index in PATH_PART.findall(path):
        if name:
            inner = node.form if isinstance(node, FormField) else node
            node = getattr(inner, name, None)
            if not isinstance(node, Field):
                return None
        elif isinstance(node, FieldList) and int(index) < len(node.entries):
            node = node.entries[int(index)]
        else:
            return None
    return node if isinstance(node, Field) else None


class ScoringForm(FlaskForm):
    """A form whose values are checked by the scoring module; its errors land on fields."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Besides per-field errors, keep those about a list or group ("players", "hands[1]")."""
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}

    def aliases(self) -> dict[str, str]:
        """JSON paths whose form field has another name (overridden per form)."""
        return {}

    def show_input_error(self, error: InputError) -> None:
        """Attach the message to the named field, else show it above the form."""
        message = error.message(current_lang())
        path = self.aliases().get(error.field or "", error.field or "")
        target = resolve_field(self, path) if path else None
        if target is None:
            self.form_errors.append(message)
        elif isinstance(target, FieldList | FormField):
            self.group_errors.setdefault(path, []).append(message)
        else:
            target.errors = [*target.errors, message]

    def show_error(self, message: str) -> None:
        """A problem with the form as a whole (e.g. someone else changed the round)."""
        self.form_errors.append(message)
