"""Speedone's own questions on the new-table page: the target, the scoring mode, partners."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField
from wtforms import SelectChoice

from app.tables.fields import choice_field

FIELDS = {
    "target": choice_field(_l("Target"), [SelectChoice("200"), SelectChoice("500")], "500"),
    "scoring": choice_field(
        _l("Scoring"),
        [
            SelectChoice("winner-takes", _l("The winner gets the others' points (highest wins)")),
            SelectChoice("own-points", _l("Everybody is charged his own points (lowest wins)")),
        ],
        "winner-takes",
    ),
    "partner": BooleanField(_l("Partner mode: 4 players, partners sit opposite")),
}
