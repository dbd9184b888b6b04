"""A table as plain data for its filled sheet: no database rows, so the builder stays pure."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from app.scoring.types import Standing
from app.variants.registry import Variant
from app.variants.registry import find_variant


@dataclass(frozen=True)
class TableRecord:
    """What the table is, who sits where, the rounds as entered and the standing after them."""

    name: str
    variant: str
    label: str
    played_on: date
    players: list[str]
    options: dict[str, Any]
    rounds: list[dict[str, Any]]
    standing: Standing

    @property
    def definition(self) -> Variant:
        """The table's variant: what its sheet shows and how."""
        return find_variant(self.variant)
