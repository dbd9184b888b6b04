"""What the group page shows, in the page's language: table lines, leaderboards, money, charts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP
from decimal import Decimal
from functools import cache
from functools import partial

from babel import Locale
from babel import numbers
from babel.dates import format_skeleton
from flask_babel import format_currency
from flask_babel import format_date
from flask_babel import format_decimal
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import to_user_timezone
from markupsafe import Markup

from app.groups import stats
from app.groups.stats import TableResult
from app.ratings.ledger import Sitting
from app.tables import end_early
from app.text import say
from app.variants.registry import find_variant
from app.web.charts import POINTS_SHOWN
from app.web.charts import line_chart_svg
from app.web.charts import noted
from app.web.navigation import current_lang


@dataclass(frozen=True)
class TableLine:
    """One table in the group's list."""

    table_id: str
    title: str
    variant: str
    date: str
    finished: bool
    winner: str


def variant_label(variant: str) -> str:
    """The variant's name in the page's language."""
    return say(find_variant(variant).label, current_lang())


def table_line(table: TableResult | Sitting) -> TableLine:
    """A table as a line of the list, its winners as "Anna & Cem" (a team or a tie)."""
    return TableLine(
        table_id=table.table_id,
        title=table.name or variant_label(table.variant),
        variant=variant_label(table.variant),
        date=format_date(table.played_at, "medium"),
        finished=table.finished,
        winner=" & ".join(table.winners),
    )


def played_of(result: TableResult) -> str:
    """How far a running series got: "5 of 8 games" (its progress)."""
    progress = result.standing.progress
    return end_early.played_of(find_variant(result.variant), progress["played"], progress["of"])


def one_decimal(value: float) -> str:
    """An average as players round it, half up: 2,25 → "2,3" (Babel would round half to
    even, "2,2")."""
    kept = Decimal(str(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return str(format_decimal(kept, "0.0"))


def euros(cents: int, signed: bool = False) -> str:
    """An amount of money in the page's language ("1,50 €" / "€1.50"); `signed` for a
    balance, "+1,50 €" / "−0,25 €" as the printed evening writes it."""
    sign = "−" if cents < 0 else "+" if signed and cents > 0 else ""
    return sign + format_currency(abs(cents) / 100, "EUR")


def chart_euros(locale: Locale) -> Callable[[float], str]:
    """Euros on a chart's axis and in its text alternative, as the pages write money: a true
    minus, the cents where there are any ("−0,80 €", "−€0.80"), whole euros short ("−2 €",
    "€1,000"). A chart writes thousands of amounts, few of them different: the locale is
    looked up once and each amount written once."""
    standard = locale.currency_formats["standard"]
    whole = str(standard.pattern).replace(".00", "")

    @cache
    def written(cents: int) -> str:
        """One amount."""
        sign = "−" if cents < 0 else ""
        if cents % 100:
            return sign + numbers.format_currency(abs(cents) / 100, "EUR", locale=locale)
        amount = abs(cents) // 100
        return sign + numbers.format_currency(
            amount, "EUR", format=whole, locale=locale, currency_digits=False
        )

    return lambda value: written(round(value * 100))


def date_labels(moments: list[datetime], locale: Locale) -> list[str]:
    """Short dates for the x axis ("5.9." / "9/5"), with the year when the years differ; each
    day written once (an evening's tables share it)."""
    skeleton = "Md" if len({m.year for m in moments}) == 1 else "yMd"
    days = [to_user_timezone(m).date() for m in moments]
    written = {day: format_skeleton(skeleton, day, locale=locale) for day in set(days)}
    return [written[day] for day in days]


def chart(series: stats.TimeSeries, title: str, money: bool = False) -> Markup | None:
    """A line chart of a time series, or None without any point in time."""
    if not series.moments:
        return None
    locale = get_locale() or Locale.parse(current_lang())
    start = max(0, len(series.moments) - POINTS_SHOWN)  # the values still count every table
    labels = date_labels(series.moments[start:], locale)
    lines = [(name, values[start:]) for name, values in series.series]
    fmt = chart_euros(locale) if money else cache(partial(numbers.format_decimal, locale=locale))
    drawn = line_chart_svg(lines, labels, title, y_format=fmt)
    if not start:
        return drawn
    told = _(
        "The newest %(n)s of %(total)s tables; the values count all of them.",
        n=len(labels),
        total=len(series.moments),
    )
    return noted(drawn, told)


def wins_chart(tables: list[Sitting]) -> Markup | None:
    """Tables won so far per player, one point per finished table."""
    return chart(stats.wins_over_time(tables), _("Tables won over time"))


def money_chart(tables: list[Sitting]) -> Markup | None:
    """Money balance so far per player, one point per settled table."""
    return chart(stats.money_over_time(tables), _("Money balance over time"), money=True)
