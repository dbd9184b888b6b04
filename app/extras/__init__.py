"""Share and watch, look rather than read, a phone at the table (issue 5).

QR codes of the view and edit links, the live view of a table (polling the cheap version
endpoint, so any number of app processes can serve it: nothing is kept in a process), the
running-totals chart and the settlement as a picture, and what makes the app installable and
usable offline (manifest, service worker, an offline page).
"""

from flask import Blueprint

from app.extras.pictures import chart_note
from app.extras.pictures import running_totals_chart
from app.extras.pictures import settlement_picture

bp = Blueprint("extras", __name__)
bp.add_app_template_global(chart_note)
bp.add_app_template_global(running_totals_chart)
bp.add_app_template_global(settlement_picture)

from app.extras import live  # noqa: E402,F401  (views register themselves on bp)
from app.extras import pwa  # noqa: E402,F401
from app.extras import qr  # noqa: E402,F401
