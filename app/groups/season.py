"""The group page's season table (`?saison=2025` picks a season) and the group's season start
(`POST /g/<id>/saison`): a season is the calendar year unless the group starts it on the first
of another month."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask import flash
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import format_date
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.groups import bp
from app.groups import render_group
from app.ratings.ledger import GroupRatings
from app.rights.phone import require_group_editor
from app.statistics.season import Season
from app.statistics.season import parse_start
from app.statistics.season import season_of
from app.statistics.season import seasons_played
from app.statistics.season_table import CLUB_POINTS
from app.statistics.season_table import SeasonRow
from app.statistics.season_table import season_table
from app.store.groups import set_season_start
from app.store.models import Group
from app.web.found import group_or_404

MONTH_FIELD = "season_month"


@dataclass(frozen=True)
class SeasonCard:
    """What the season section shows: the chosen season's table and the seasons to pick."""

    season: Season
    rows: list[SeasonRow]
    seasons: list[Season]
    start_month: int


def season_name(season: Season) -> str:
    """ "2025", or "2025/26" for a season that does not start on 1 January."""
    if season.calendar_year:
        return season.key
    return f"{season.start.year}/{str(season.start.year + 1)[-2:]}"


def season_span(season: Season) -> str:
    """Its first and last day, in the page's language."""
    last = date.fromordinal(season.end.toordinal() - 1)
    return f"{format_date(season.start, 'medium')} – {format_date(last, 'medium')}"


def club_rule() -> str:
    """The points rule as the page states it."""
    points = ", ".join(
        _("place %(place)s: %(points)s", place=place, points=value)
        for place, value in enumerate(CLUB_POINTS, start=1)
    )
    return _(
        "Club points per evening by place: %(points)s. An evening's places go by money won, "
        "then tables won, then games won; equal players share the better place.",
        points=points,
    )


def chosen_season(seasons: list[Season], asked: str | None, today: Season) -> Season:
    """The asked season where it was played, else this season where it was, else the newest."""
    found = next((season for season in seasons if season.key == asked), None)
    if found is not None:
        return found
    return today if today in seasons else seasons[0]


def season_card(group: Group, rated: GroupRatings, asked: str | None) -> SeasonCard | None:
    """The season section of the group page (None before the first evening)."""
    start = parse_start(group.season_start)
    evenings = [table.evening for table in rated.tables if table.evening is not None]
    if not evenings:
        return None
    seasons = seasons_played(evenings, start)
    season = chosen_season(seasons, asked, season_of(date.today(), start))
    rows = season_table(rated.games, rated.tables, season.window)
    return SeasonCard(season, rows, seasons, start[0])


@bp.post("/g/<id:group_id>/saison")
def season_start(group_id: str) -> Response | tuple[str, int]:
    """Set the month the group's season starts in (group editors only)."""
    group = group_or_404(group_id)
    require_group_editor(group)
    raw = request.form.get(MONTH_FIELD, "")
    if not raw.isdigit() or not 1 <= int(raw) <= 12:
        error = _("The season starts in a month from 1 to 12; got “%(value)s”.", value=raw)
        return render_group(group, {MONTH_FIELD: error}, 400)
    month = int(raw)
    set_season_start(group, None if month == 1 else f"{month:02d}-01")
    flash(_("The season now starts on the first of the chosen month."), "success")
    return redirect(url_for("groups.view", group_id=group.id) + "#saison")


def month_name(month: int) -> str:
    """A month's name in the page's language."""
    return str(format_date(date(2000, month, 1), "MMMM"))
