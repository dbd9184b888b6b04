"""Terroristen's own question on the new-table page: a number of games, or open-ended."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms.validators import Optional

from app.tables.fields import SERIES
from app.tables.fields import count_field

FIELDS = {
    "ter_games": count_field(
        _l("Number of games (empty: open-ended)"),
        validators=[Optional()],
        description=_l("Leave empty to count wins as long as you like."),
        render_kw=SERIES,
    )
}
