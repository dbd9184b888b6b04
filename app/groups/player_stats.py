"""The player page's statistics in the page's language: together and per variant, over a
season (`?saison=2025`, `alle` for every evening) or a date range (`?von=…&bis=…`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from datetime import date
from datetime import timedelta

from flask_babel import format_date
from flask_babel import format_percent
from flask_babel import gettext as _
from markupsafe import Markup

from app.groups.rating_views import board_keys
from app.groups.rating_views import board_title
from app.groups.rating_views import evening_labels
from app.ratings.ledger import ACROSS
from app.ratings.ledger import GroupRatings
from app.statistics.player import PlayerStats
from app.statistics.player import player_stats
from app.statistics.season import Season
from app.statistics.season import parse_start
from app.statistics.season import season_of
from app.statistics.season import seasons_played
from app.statistics.window import Window
from app.text import say
from app.web.charts import line_chart_svg
from app.web.navigation import current_lang

EVERY = "alle"  # every evening


@dataclass(frozen=True)
class Scope:
    """The statistics of one board: all variants together, or one variant."""

    key: str
    title: str
    stats: PlayerStats
    chart: Markup | None


@dataclass(frozen=True)
class StatsView:
    """The statistics section: what it looks at, the choices, the scopes."""

    label: str
    seasons: list[Season]
    asked: dict[str, str]
    scopes: list[Scope]
    errors: dict[str, str] = field(default_factory=dict)


def read_day(args: Mapping[str, str], name: str, errors: dict[str, str]) -> date | None:
    """A date field ("2025-03-06"); a wrong one is said at its field and left out."""
    raw = args.get(name, "").strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        errors[name] = _("A date like 2025-03-06, please; got “%(value)s”.", value=raw)
        return None


def read_window(
    args: Mapping[str, str], seasons: list[Season], start: tuple[int, int]
) -> tuple[Window, str, dict[str, str]]:
    """The window the address asks for, its label, and what was wrong with it."""
    errors: dict[str, str] = {}
    first, last = read_day(args, "von", errors), read_day(args, "bis", errors)
    if first and last and last < first:
        errors["bis"] = _("The last day cannot be before the first.")
        last = None
    if first or last:
        end = last + timedelta(days=1) if last else None
        shown = " – ".join(format_date(d, "medium") if d else "…" for d in (first, last))
        return Window(first, end), shown, errors
    asked = args.get("saison", "")
    if asked == EVERY or not seasons:
        return Window(), _("Every evening"), errors
    today = season_of(date.today(), start)
    season = next((s for s in seasons if s.key == asked), today if today in seasons else None)
    season = season or seasons[0]
    name = (
        season.key if season.calendar_year else f"{season.start.year}/{season.end.year % 100:02d}"
    )
    return season.window, _("Season %(name)s", name=name), errors


def rating_chart(stats: PlayerStats, title: str) -> Markup | None:
    """The rating at the end of each evening of the window."""
    if len(stats.rating) < 2:
        return None
    labels = evening_labels([day for day, _value in stats.rating])
    series = [(title, [float(value) for _day, value in stats.rating])]
    heading = _("Rating over the evenings: %(board)s", board=title)
    return line_chart_svg(series, [labels[d] for d, _v in stats.rating], heading, zero_line=False)


def stats_view(
    rated: GroupRatings, name: str, args: Mapping[str, str], season_start: str | None
) -> StatsView:
    """The player's statistics over the window asked for, together and per variant played."""
    start = parse_start(season_start)
    evenings = [t.evening for t in rated.tables if t.evening is not None and name in t.players]
    seasons = seasons_played(evenings, start)
    window, label, errors = read_window(args, seasons, start)
    scopes = []
    for key in board_keys(rated) or [ACROSS]:
        scoped = Window(window.start, window.end, key or None)
        history = rated.board(key).history.get(name, {})
        stats = player_stats(rated.games, rated.tables, history, name, scoped)
        if stats.games or stats.tables:
            title = board_title(key)
            scopes.append(Scope(key, title, stats, rating_chart(stats, title)))
    asked = {k: args.get(k, "") for k in ("saison", "von", "bis") if k not in errors}
    asked.update({k: args.get(k, "") for k in errors})  # a wrong value is shown as typed
    return StatsView(label, seasons, asked, scopes, errors)


def what_counts(rated: GroupRatings, name: str) -> str | None:
    """One sentence: what one rated result is at the variants he played."""
    lang = current_lang()
    parts: dict[tuple[str, str], str] = {}
    for table in rated.tables:
        if name in table.players and table.counts is not None:
            label = board_title(table.variant)
            parts.setdefault((label, table.counts.msgid), f"{label}: {say(table.counts, lang)}")
    if not parts:
        return None
    return _("What counts for the ratings: %(parts)s.", parts="; ".join(parts.values()))


def percent(share: float | None) -> str:
    """A share as a whole percentage in the page's language ("30 %"), "–" for none."""
    return "–" if share is None else str(format_percent(share))
