"""Score keeping of the five variants: pure classes and functions, no Flask, no database.

Each variant's scoring is a `Scoring` subclass; the variant's definition (`app.variants`)
points at it, and pages, API, PDFs and group statistics read a table through the definition.
Stored rounds are the normalised bodies `Scoring.round` returns (docs/api.md §2).
"""

from __future__ import annotations

from app.scoring.base import Scoring
from app.scoring.deluxe import DeluxeScoring
from app.scoring.doppel import DoppelScoring
from app.scoring.dynamisch import DynamischScoring
from app.scoring.names import NAME_LIMIT
from app.scoring.names import PLAYER_NAME_LIMIT
from app.scoring.settlement import settle
from app.scoring.speedone import SpeedoneScoring
from app.scoring.terroristen import TerroristenScoring
from app.scoring.types import Settlement
from app.scoring.types import Standing
from app.scoring.types import Transfer

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
