"""What the group page and the player page show of the ratings, in the page's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from babel.dates import format_skeleton
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from app.groups.page import variant_label
from app.ratings.ledger import ACROSS
from app.ratings.ledger import Board
from app.ratings.ledger import GroupRatings
from app.ratings.ledger import PlayerRating
from app.variants.registry import VARIANTS
from app.web.charts import PALETTE
from app.web.charts import POINTS_SHOWN
from app.web.charts import line_chart_svg
from app.web.charts import noted

TREND_LINES = len(PALETTE)  # more lines than colours would no longer tell players apart


@dataclass(frozen=True)
class RatingBoard:
    """One ranking by rating: its title, rows best first and the trend chart."""

    key: str  # "" across variants, else the variant's id
    title: str
    rows: list[PlayerRating]
    chart: Markup | None


def board_title(key: str) -> str:
    """ "All variants" or the variant's name."""
    return _("All variants") if key == ACROSS else variant_label(key)


def board_keys(rated: GroupRatings) -> list[str]:
    """The boards with games: all variants together first, then the variants in their order."""
    return [key for key in (ACROSS, *VARIANTS) if key in rated.boards]


def evening_labels(evenings: list[date]) -> dict[date, str]:
    """Short dates for the x axis ("5.9." / "9/5"), with the year when the years differ."""
    skeleton = "Md" if len({e.year for e in evenings}) == 1 else "yMd"
    locale = get_locale()
    return {e: format_skeleton(skeleton, e, locale=locale) for e in evenings}


def trend_chart(
    board: Board, names: list[str], title: str, labels: dict[date, str]
) -> Markup | None:
    """The rating of each named player at the end of every evening of the board."""
    evenings = board.evenings()
    if not evenings or not names:
        return None
    shown = evenings[-POINTS_SHOWN:]  # each value is still the rating after every game
    series = [(name, board.trend(name, evenings)[-len(shown) :]) for name in names]
    drawn = line_chart_svg(series, [labels[e] for e in shown], title, zero_line=False)
    if len(shown) == len(evenings):
        return drawn
    told = _("The newest %(n)s of %(total)s evenings.", n=len(shown), total=len(evenings))
    return noted(drawn, told)


def rating_boards(rated: GroupRatings) -> list[RatingBoard]:
    """Every board of the group with its ranking and the trend of its best players."""
    boards = []
    # Every board's evenings are among those of all variants: each date is written once.
    labels = evening_labels(rated.board(ACROSS).evenings())
    for key in board_keys(rated):
        rows = rated.boards[key].ranking(rated.regulars)
        title = board_title(key)
        best = [row.player for row in rows[:TREND_LINES]]
        heading = _("Rating over the evenings: %(board)s", board=title)
        chart = trend_chart(rated.boards[key], best, heading, labels)
        boards.append(RatingBoard(key, title, rows, chart))
    return boards


def history_chart(rated: GroupRatings, name: str) -> Markup | None:
    """One player's rating over his evenings, a line per board he played."""
    keys = [key for key in board_keys(rated) if name in rated.boards[key].ratings]
    evenings = sorted({e for key in keys for e in rated.boards[key].history[name]})
    if not evenings:
        return None
    series = [(board_title(key), rated.boards[key].trend(name, evenings)) for key in keys]
    title = _("Rating of %(name)s over the evenings", name=name)
    labels = evening_labels(evenings)
    return line_chart_svg(
        series[:TREND_LINES], [labels[e] for e in evenings], title, zero_line=False
    )
