"""Put an InputError of the score keeping next to the form field it names.

The scoring module judges validity (shared with the API); its error's JSON path is resolved
to the WTForms field.
"""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field
from wtforms import FieldList
from wtforms import Form
from wtforms import FormField

from app.text import InputError
from app.web.navigation import current_lang

PATH_PART = re.compile(r"([A-Za-z_0-9]+)|\[(\d+)\]")
# Fields without a visible input: their errors are listed, but there is nothing to jump to.
HIDDEN_TYPES = ("HiddenField", "CSRFTokenField")


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
        # What happened meanwhile on another phone: shown in the form's own box under its own
        # heading, not among the entries to correct.
        self.notices: list[str] = []

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
        """A problem with the form as a whole, not with an entry (someone else changed the
        round meanwhile): the form keeps it apart from the errors to correct."""
        self.notices.append(message)


def first_leaf(field: Field) -> Field | None:
    """The first input of a field: itself, or the first one inside a list or a sub-form."""
    if isinstance(field, FieldList):
        return first_leaf(field.entries[0]) if field.entries else None
    if isinstance(field, FormField):
        return next((leaf for sub in field.form if (leaf := first_leaf(sub))), None)
    return field


def anchor_of(field: Field) -> str:
    """The id a link jumps to: a set of tap choices (radio buttons) by its first choice."""
    leaf = first_leaf(field) or field
    return f"{leaf.id}-0" if leaf.type == "RadioField" else str(leaf.id)


def field_errors(field: Field) -> list[tuple[Field, str]]:
    """Every error inside a field, inputs in the order the form declares them."""
    if isinstance(field, FieldList):
        return [found for entry in field.entries for found in field_errors(entry)]
    if isinstance(field, FormField):
        return [found for sub in field.form for found in field_errors(sub)]
    # Sentences may be lazy (a validator's `_l`): said as text, like plain strings.
    return [(field, str(message)) for message in field.errors if not isinstance(message, dict)]


def error_list(form: Any) -> list[tuple[str, str]]:
    """The errors for the summary on top of the page: (anchor id or "", sentence), in order.

    The first bad input gets `autofocus`, so it is shown with the keyboard ready even without
    JavaScript.
    """
    if not isinstance(form, Form):
        return []  # a page's `form` that is no WTForms form has no errors to list
    found: list[tuple[Field | None, str]] = [(None, str(m)) for m in form.form_errors]
    for path, messages in getattr(form, "group_errors", {}).items():
        target = resolve_field(form, path) if path else None
        found += [(first_leaf(target) if target else None, m) for m in messages]
    found += [item for field in form for item in field_errors(field)]
    shown = [(f if f is not None and f.type not in HIDDEN_TYPES else None, m) for f, m in found]
    first = next((f for f, _message in shown if f is not None), None)
    if first is not None:
        first.render_kw = {**(first.render_kw or {}), "autofocus": True}
    return [(anchor_of(f) if f is not None else "", message) for f, message in shown]
