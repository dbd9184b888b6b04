"""mau.money with wins: each game's losers pay its winner the rate."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.scoring.money import greedy_transfers
from app.scoring.types import Settlement


@dataclass(frozen=True)
class WinsMoney:
    """The rate per game; totals are the games each player won."""

    rate_cents: int

    def settle(self, totals: Sequence[int]) -> Settlement:
        """Every game paid the winner the rate from each of the others: a player with ``w``
        wins of ``g`` games received ``w × (n − 1)`` rates and paid ``g − w``."""
        players, games = len(totals), sum(totals)
        amounts = [self.rate_cents * (players * wins - games) for wins in totals]
        return Settlement(amounts_cents=amounts, transfers=greedy_transfers(amounts))
