"""Which evenings and which variant a statistic looks at: a season, a date range, or all."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Window:
    """Evenings from `start` (inclusive) to `end` (exclusive), None for open; one variant or
    all together (None)."""

    start: date | None = None
    end: date | None = None
    variant: str | None = None

    def holds(self, evening: date | None, variant: str) -> bool:
        """Does a result of this evening and variant count?"""
        if self.variant is not None and variant != self.variant:
            return False
        return self.covers(evening)

    def covers(self, evening: date | None) -> bool:
        """Is this evening inside the dates?"""
        if evening is None:
            return self.start is None and self.end is None
        if self.start is not None and evening < self.start:
            return False
        return self.end is None or evening < self.end

    def every(self) -> Window:
        """The same dates, every variant."""
        return Window(self.start, self.end)
