"""Which evening a table belongs to: a night runs from EVENING_STARTS to the same time next
morning, server local time."""

from __future__ import annotations

from datetime import date
from datetime import datetime
from datetime import time

import pytest

from app.groups.evening import evening_of
from app.groups.evening import evening_start


@pytest.mark.parametrize(
    ("local", "evening"),
    [
        (datetime(2026, 11, 26, 19, 30), date(2026, 11, 26)),
        (datetime(2026, 11, 26, 23, 59), date(2026, 11, 26)),
        (datetime(2026, 11, 27, 1, 15), date(2026, 11, 26)),
        (datetime(2026, 11, 27, 5, 59), date(2026, 11, 26)),
        (datetime(2026, 11, 27, 6, 0), date(2026, 11, 27)),
        (datetime(2027, 1, 1, 3, 0), date(2026, 12, 31)),
    ],
)
def test_a_night_runs_from_six_to_six(local: datetime, evening: date) -> None:
    """Local times (the server's zone): before 06:00 it is still the evening before."""
    assert evening_of(local.astimezone()) == evening


def test_the_start_is_a_setting() -> None:
    """EVENING_STARTS "04:30": 05:00 is the next day already, 04:00 not yet."""
    starts = evening_start("04:30")
    assert starts == time(4, 30)
    assert evening_of(datetime(2026, 11, 27, 5, 0).astimezone(), starts) == date(2026, 11, 27)
    assert evening_of(datetime(2026, 11, 27, 4, 0).astimezone(), starts) == date(2026, 11, 26)
