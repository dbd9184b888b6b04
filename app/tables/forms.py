"""The new-table form: variant, name, players in seating order, the variant's options and
house rules (each variant's definition says which fields it asks and which switches it has)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import FieldList
from wtforms import HiddenField
from wtforms import RadioField
from wtforms import SelectChoice
from wtforms import StringField
from wtforms.validators import ValidationError

from app.engine.houserules import HouseRule
from app.rights.phone import editable_group
from app.store.db import db
from app.store.models import Group
from app.tables.display import form_value
from app.tables.display import house_rule_choices
from app.tables.display import say
from app.tables.fielderrors import ScoringForm
from app.tables.fields import count_field
from app.text import InputError
from app.variants.registry import MOST_PLAYERS
from app.variants.registry import VARIANT_IDS
from app.variants.registry import VARIANTS
from app.variants.registry import Variant
from app.variants.registry import find_variant
from app.variants.registry import variant_part

# Options every variant with money asks alike, in the page's money box.
SHARED_FIELDS = ("rate_cents",)

FORM_BOOLEANS = {"true": True, "false": False}


def house_field_name(variant: Variant, rule: HouseRule) -> str:
    """The form field of one variant's house rule (names stay apart across variants)."""
    return f"house_{variant.id}_{rule.option}"


def house_value(value: str | None) -> bool | str | None:
    """A tapped switch as its option value; anything else unchanged, so the variant names it."""
    return FORM_BOOLEANS.get(value, value) if value is not None else None


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


class NewTableForm(ScoringForm):
    """One screen: everything a new table needs; the scoring module checks the whole."""

    # The choices below are offered by tap; anything else goes to the scoring module, which
    # answers with a sentence naming the allowed values (validate_choice=False).
    variant = RadioField(_l("Variant"), default=VARIANT_IDS[0], validate_choice=False)
    name = StringField(_l("Name of the table (optional)"))
    players = FieldList(StringField(_l("Seat")), min_entries=MOST_PLAYERS, max_entries=MOST_PLAYERS)
    group = HiddenField()
    # Each variant's own option fields (its folder's table_form.py) and one tap-choice field
    # per house rule of every variant: add_variant_fields below.

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Variant choices and house rules in the page's language."""
        super().__init__(*args, **kwargs)
        self.variant.choices = [
            SelectChoice(key, say(variant.label)) for key, variant in VARIANTS.items()
        ]
        for variant in VARIANTS.values():
            for rule in variant.house_rules:
                field = self[house_field_name(variant, rule)]
                field.label.text = say(rule.title)
                field.choices = [SelectChoice(*choice) for choice in house_rule_choices(rule)]
        self.table_input: tuple[str, str, list[str], dict[str, Any]] | None = None

    def house_fields(self, variant: Variant) -> list[RadioField]:
        """The house-rule fields of one variant, in the order of its switches."""
        return [self[house_field_name(variant, rule)] for rule in variant.house_rules]

    def validate_group(self, field: HiddenField) -> None:
        """Only a group editor may start a table in a group; the refused form drops the group,
        so sending it again does not fail forever."""
        refusal = group_refusal(field.data) if field.data else None
        if refusal is not None:
            field.data = ""
            raise ValidationError(refusal)

    def prefill(self, group: Group) -> None:
        """Start a table in a group (the groups pages link here); the seats stay empty: the
        members who play are tapped in seating order, so nobody sits who is not there."""
        self.group.data = group.id

    def player_names(self) -> list[str]:
        """The seats up to the last one filled in; an empty seat before it stays (an error)."""
        names = [entry.data or "" for entry in self.players.entries]
        while names and not names[-1].strip():
            names.pop()
        return names

    def chosen(self) -> Variant | None:
        """The chosen variant's definition (None for an unknown one: validation names it)."""
        return VARIANTS.get(self.variant.data or "")

    def options(self) -> dict[str, Any]:
        """The options and house rules of the chosen variant only (docs/api.md §2 names)."""
        variant = self.chosen()
        if variant is None:
            return {}
        options = {
            name: whole_or_raw(self[field].data)
            if isinstance(self[field], RadioField)
            else self[field].data
            for name, field in variant.form_fields.items()
        }
        for rule in variant.house_rules:
            options[rule.option] = house_value(self[house_field_name(variant, rule)].data)
        return options

    def aliases(self) -> dict[str, str]:
        """Option paths of docs/api.md mapped to this form's field names."""
        variant = self.chosen()
        if variant is None:
            return {}
        paths = {f"options.{name}": field for name, field in variant.form_fields.items()}
        paths.update(
            {f"options.{r.option}": house_field_name(variant, r) for r in variant.house_rules}
        )
        return paths

    def validate(self, extra_validators: Any = None) -> bool:
        """Field types, then the variant judges the rest: every error shown at once."""
        typed = super().validate(extra_validators)
        variant = self.chosen()
        if variant is None:
            return typed and self.judged()  # an unknown variant: the registry names them
        aliases = self.aliases()
        # An option whose field already failed its type check is not judged again.
        options = {
            name: value
            for name, value in self.options().items()
            if not self[aliases[f"options.{name}"]].errors
        }
        errors = variant.table_errors(self.name.data or "", self.player_names(), options)
        for error in errors:
            self.show_input_error(error)
        return typed and not errors and self.judged()

    def judged(self) -> bool:
        """The table as the variant takes it (table_input), or its error shown."""
        try:
            self.table_input = (
                self.variant.data,
                *find_variant(self.variant.data).table(
                    self.name.data or "", self.player_names(), self.options()
                ),
            )
        except InputError as error:
            self.show_input_error(error)
            return False
        return True


def option_fields(variant: Variant) -> dict[str, Any]:
    """The fields a variant's folder asks for its options (`table_form.FIELDS`), by name."""
    names = [name for name in variant.form_fields.values() if name not in SHARED_FIELDS]
    if not names:
        return {}
    fields: dict[str, Any] = variant_part(variant.id, "table_form").FIELDS
    missing = sorted(set(names) - set(fields))
    if missing:
        raise LookupError(f"{variant.id}/table_form.py lacks the fields {missing}")
    return {name: fields[name] for name in names}


def add_variant_fields(form: type[NewTableForm]) -> None:
    """Each variant's option fields and one tap-choice field per house rule, defaults preset;
    two variants may not ask different things under one field name."""
    owner: dict[str, str] = {}
    for variant in VARIANTS.values():
        for name, field in option_fields(variant).items():
            if name in owner:
                raise LookupError(f"{variant.id} and {owner[name]} both name a field {name!r}")
            owner[name] = variant.id
            setattr(form, name, field)
        for rule in variant.house_rules:
            field = RadioField(default=form_value(rule.default), validate_choice=False)
            setattr(form, house_field_name(variant, rule), field)
    # Made last, so its error is listed after the variants' fields, as the page shows it.
    form.rate_cents = count_field(_l("Cents per point (0 = no money)"), default=0)


add_variant_fields(NewTableForm)
