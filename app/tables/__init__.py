"""The table pages: the start page, a new table, the table itself and its rounds.

Views are thin: the form turns taps into input, the table's variant judges it, `app.store`
saves it.
"""

from flask import Blueprint

from app.tables.display import display_helpers
from app.tables.display import say
from app.tables.display import variant_of

bp = Blueprint("tables", __name__)
bp.context_processor(display_helpers)
# Every page may ask a variant's definition and show its bilingual texts (groups, sheets).
bp.add_app_template_global(say)
bp.add_app_template_global(variant_of)

from app.tables import again  # noqa: E402,F401  (views register themselves on bp)
from app.tables import create  # noqa: E402,F401
from app.tables import delete  # noqa: E402,F401
from app.tables import grouping  # noqa: E402,F401
from app.tables import home  # noqa: E402,F401
from app.tables import live  # noqa: E402,F401
from app.tables import pending  # noqa: E402,F401
from app.tables import qr  # noqa: E402,F401
from app.tables import rounds  # noqa: E402,F401
from app.tables import settings  # noqa: E402,F401
from app.tables import table  # noqa: E402,F401
