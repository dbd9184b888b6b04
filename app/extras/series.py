"""The lines of the running-totals chart, shared by the page (SVG) and the PDF sheet.

Flask-free, like the sheet builders: plain data in, plain data out.
"""

from __future__ import annotations

from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.variants import find_variant

Series = list[tuple[str, list[float]]]


def chart_series(variant: str, players: list[str], standing: Standing) -> Series:
    """Each player's (team scores: each team's) total after every round, starting from 0."""
    if find_variant(variant).team_scores:
        # dop.set: the games start again from 0 in every set, so the lines fall back to 0.
        return [
            (
                f"{team}: " + " + ".join(players[s] for s in seats),
                [0] + [running[team] for running in standing.running_totals],
            )
            for team, seats in TEAM_SEATS.items()
        ]
    return [
        (name, [0] + [running[seat] for running in standing.running_totals])
        for seat, name in enumerate(players)
    ]
