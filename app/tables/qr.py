"""QR codes of a table's links, drawn on the server as SVG (segno; no third-party service).

The view QR is public like the view link itself. The edit QR ("hand the pen to someone
else") carries an edit token, so only a phone that may edit the table gets it: the link is the
one the table page shows (`app.rights.phone.edit_link`: the table's own edit link, or the group's
for a group editor), built from this device's session, never from the request.
"""

from __future__ import annotations

import io

from flask import Response
from flask import abort
from flask import url_for
from flask_babel import gettext as _

from app.rights.phone import edit_link
from app.tables import bp
from app.web.found import table_or_404

SVG_TYPE = "image/svg+xml"
MODULE_PX = 8  # intrinsic size only; the page scales the vector image


def qr_svg(link: str, title: str) -> bytes:
    """The link as a QR code: black on white with the quiet zone, so it scans in dark mode too."""
    import segno  # imported on the first QR code, not on every start of the app

    out = io.BytesIO()
    segno.make(link, error="m").save(
        out,
        kind="svg",
        scale=MODULE_PX,
        border=4,
        xmldecl=False,
        dark="#000",
        light="#fff",
        title=title,
        svgclass="qr",
        lineclass=None,
    )
    return out.getvalue()


@bp.get("/t/<id:table_id>/qr-view.svg")
def qr_view(table_id: str) -> Response:
    """The view link (read only) as a QR code; it never changes, so it may be cached."""
    table = table_or_404(table_id)
    link = url_for("tables.view", table_id=table.id, _external=True)
    response = Response(qr_svg(link, _("View link (read only)")), mimetype=SVG_TYPE)
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/t/<id:table_id>/qr-edit.svg")
def qr_edit(table_id: str) -> Response:
    """The edit link as a QR code, only for a phone that may edit this table (else 403)."""
    table = table_or_404(table_id)
    link = edit_link(table)
    if link is None:
        abort(403, description=_("Only a phone that may edit this table can hand on the pen."))
    response = Response(qr_svg(link.url, _("Edit link")), mimetype=SVG_TYPE)
    # It carries the secret token: keep it out of every cache.
    response.headers["Cache-Control"] = "no-store, private"
    return response
