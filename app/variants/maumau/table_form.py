"""Mau-Mau's own questions on the new-table page: wins or points (mau.score.*), the games of
a tally, the points limit, and the cards dealt (mau: 5, table option 5–7)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import SelectChoice
from wtforms.validators import Optional

from app.tables.fields import SERIES
from app.tables.fields import choice_field
from app.tables.fields import count_field
from app.variants.maumau.definition import VARIANT

FIELDS = {
    "tally": choice_field(
        _l("Count"),
        [
            SelectChoice("wins", _l("Games won (a tally; most wins)")),
            SelectChoice("points", _l("Points left in the hands, up to a limit (fewest win)")),
        ],
        VARIANT.defaults["scoring"],
    ),
    "mau_games": count_field(
        _l("Number of games (empty: open-ended)"),
        validators=[Optional()],
        description=_l("Leave empty to count wins as long as you like."),
        # mau.score.points plays to a limit: the page shows the games with wins only.
        render_kw={**SERIES, "data-only-with": "tally=wins"},
    ),
    "limit": count_field(
        _l("Points limit: the table ends when somebody reaches it"),
        default=VARIANT.defaults["limit"],
        render_kw={
            "inputmode": "numeric",
            "min": 10,
            "max": 1000,
            "data-only-with": "tally=points",
        },
    ),
    "cards": choice_field(
        _l("Cards dealt to each player"),
        [SelectChoice(str(n)) for n in (5, 6, 7)],
        str(VARIANT.defaults["cards"]),
    ),
}
