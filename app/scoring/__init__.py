"""Score keeping shared by the variants: pure classes and functions, no Flask, no database.
Stored rounds are the normalised bodies `Scoring.round` returns (docs/api.md §2).
"""

from __future__ import annotations

from app.scoring.base import Scoring
from app.scoring.money import settle
from app.scoring.names import NAME_LIMIT
from app.scoring.names import PLAYER_NAME_LIMIT
from app.scoring.types import Settlement
from app.scoring.types import Standing
from app.scoring.types import Transfer

__all__ = [
    "NAME_LIMIT",
    "PLAYER_NAME_LIMIT",
    "Scoring",
    "Settlement",
    "Standing",
    "Transfer",
    "settle",
]
