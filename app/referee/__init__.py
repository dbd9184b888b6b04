"""The referee page `/referee`: ask whether a play is legal, by a shareable URL."""

from flask import Blueprint

bp = Blueprint("referee", __name__)

from app.referee import views  # noqa: E402,F401  (the views register themselves on bp)
from app.referee.links import referee_link_for  # noqa: E402

# Every page may link to the referee of a table (the table page does, next to its title).
bp.add_app_template_global(referee_link_for)
