"""Deluxe's own question on the new-table page: how many rounds the table plays."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from app.tables.fields import SERIES
from app.tables.fields import count_field
from app.variants.deluxe.definition import VARIANT

FIELDS = {
    "rounds": count_field(
        _l("Rounds in the series"), default=VARIANT.defaults["rounds"], render_kw=SERIES
    )
}
