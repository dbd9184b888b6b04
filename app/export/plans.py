"""A checked backup, ready to be written: what `parse.parse_backup` returns."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from datetime import datetime
from typing import Any
from typing import NamedTuple

from app.export.money import MoneyPlan


class RoundPlan(NamedTuple):
    """One round as a backup holds it: checked to be written, or read to be exported."""

    number: int
    data: dict[str, Any]
    version: int
    created_at: datetime
    updated_at: datetime


class ChangePlan(NamedTuple):
    """One change log entry as a backup holds it: checked to be written, or read to be
    exported."""

    kind: str
    round_number: int
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    undone: bool
    created_at: datetime


@dataclass(frozen=True)
class TablePlan:
    """A checked table backup."""

    variant: str
    name: str
    players: list[str]
    options: dict[str, Any]
    created_at: datetime
    rounds: list[RoundPlan]
    changes: list[ChangePlan]
    source_id: str = ""  # the id the table had where the backup was made
    closed: bool = False  # an open-ended table ended by hand
    first_dealer: int = 0  # who dealt its first game (play again)


@dataclass(frozen=True)
class GroupPlan:
    """A checked group backup."""

    name: str
    players: list[str]
    created_at: datetime
    tables: list[TablePlan]
    source_id: str = ""  # the id the group had where the backup was made
    money: MoneyPlan = field(default_factory=MoneyPlan)
