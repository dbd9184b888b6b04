"""Score keeping of the five variants: pure classes and functions, no Flask, no database.
Stored rounds are the normalised bodies `Scoring.round` returns (docs/api.md §2).
"""

from __future__ import annotations

from app.scoring.base import Scoring
from app.scoring.names import NAME_LIMIT
from app.scoring.names import PLAYER_NAME_LIMIT
from app.scoring.settlement import settle
from app.scoring.types import Settlement
from app.scoring.types import Standing
from app.scoring.types import Transfer
from app.variants.deluxe.scoring import DeluxeScoring
from app.variants.doppel.scoring import DoppelScoring
from app.variants.dynamisch.scoring import DynamischScoring
from app.variants.speedone.scoring import SpeedoneScoring
from app.variants.terroristen.scoring import TerroristenScoring

__all__ = [
    "NAME_LIMIT",
    "PLAYER_NAME_LIMIT",
    "DeluxeScoring",
    "DoppelScoring",
    "DynamischScoring",
    "Scoring",
    "Settlement",
    "SpeedoneScoring",
    "Standing",
    "TerroristenScoring",
    "Transfer",
    "settle",
]
