"""A player's page in a group (`/g/<id>/p/<name>`): ratings and their history, head-to-head
against each other regular, partners, and the tables played."""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import format_date
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.groups import bp
from app.groups import page
from app.groups import player_stats
from app.groups import rating_views
from app.groups.rated import group_ratings
from app.ratings.ledger import ACROSS
from app.ratings.record import player_record
from app.web.found import group_or_404

TABLES_SHOWN = 30  # the newest; the group page lists them all


@bp.get("/g/<id:group_id>/p/<path:name>")  # a name may hold a slash
def player(group_id: str, name: str) -> Response | tuple[str, int]:
    """The player's record and statistics; a name in another spelling goes to the group's
    spelling (its filter kept); a wrong date in the filter is said at its field (400)."""
    group = group_or_404(group_id)
    rated = group_ratings(group)
    record = player_record(rated, name)
    if record is None:
        abort(404, description=_("Nobody of this name has played in this group."))
    if record.player != name:
        kept: dict[str, Any] = {
            k: request.args[k] for k in ("saison", "von", "bis") if k in request.args
        }
        return redirect(url_for("groups.player", group_id=group.id, name=record.player, **kept))
    tables = list(reversed(record.tables))
    stats = player_stats.stats_view(rated, record.player, request.args, group.season_start)
    return (
        render_template(
            "groups/player.html",
            group=group,
            record=record,
            board_title=rating_views.board_title,
            chart=rating_views.history_chart(rated, record.player),
            played=set(rated.board(ACROSS).ratings),  # who has a page (a regular may not yet)
            tables=tables[:TABLES_SHOWN],
            tables_total=len(tables),
            euros=page.euros,
            one_decimal=page.one_decimal,
            variant_label=page.variant_label,
            day=lambda moment: format_date(moment, "medium"),
            stats=stats,
            statistics=player_stats,
            counts=player_stats.what_counts(rated, record.player),
        ),
        (400 if stats.errors else 200),
    )
