"""Dynamisch's own question on the new-table page: how many games the series has (dyn.series)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from app.tables.fields import SERIES
from app.tables.fields import count_field
from app.variants.dynamisch.definition import VARIANT

FIELDS = {
    "games": count_field(
        _l("Games in the series"), default=VARIANT.defaults["games"], render_kw=SERIES
    )
}
