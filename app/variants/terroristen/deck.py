"""Terroristen's deck grows with the table: as many Skat decks as the players' hands need."""

from __future__ import annotations

import math


def decks_for(players: int) -> int:
    """I (ter): number of Skat decks = ceil(players × 15 / 32), at least 2."""
    return max(2, math.ceil(players * 15 / 32))
