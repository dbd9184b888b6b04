"""The table pages: the start page, a new table, the table itself and its rounds (issue 2).

Views are thin: the form turns taps into input, `app.scoring` judges it, `app.store` saves it.
"""

from flask import Blueprint

from app.tables.display import display_helpers

bp = Blueprint("tables", __name__)
bp.context_processor(display_helpers)

from app.tables import create  # noqa: E402,F401  (views register themselves on bp)
from app.tables import home  # noqa: E402,F401
from app.tables import rounds  # noqa: E402,F401
from app.tables import table  # noqa: E402,F401
