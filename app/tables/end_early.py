"""Ending a series early: players who stop after 5 of 8 games end the table by hand, so the
evening can settle it.

The end is a setting (`closed`, app.store.settings): a fact in the table's log, undoable like
any other change; the table is then scored as if the games played had been agreed.
"""

from __future__ import annotations

from flask_babel import gettext as _

from app.scoring.types import Standing
from app.store.models import Table
from app.variants.base import GAMES
from app.variants.registry import Variant


def stopped_at(table: Table, standing: Standing) -> tuple[int, int] | None:
    """Games played and planned of a running series with at least one game (None when the
    table cannot be ended early now)."""
    progress = standing.progress
    if standing.finished or progress.get("kind") != "games" or not progress["played"]:
        return None
    if table.definition.scoring.series_option is None:
        return None  # a count of wins over N games: its players agreed on that number
    return progress["played"], progress["of"]


def played_of(definition: Variant, played: int, planned: int) -> str:
    """ "5 of 8 games" ("5 von 8 Spielen"), in the variant's own words for its rows."""
    if definition.round_words is GAMES:
        return _("%(played)s of %(planned)s games", played=played, planned=planned)
    return _("%(played)s of %(planned)s rounds", played=played, planned=planned)


def end_early_text(table: Table, standing: Standing) -> str | None:
    """What the end-early button states: "after 5 of 8 games"; None where it is not offered."""
    stop = stopped_at(table, standing)
    if stop is None:
        return None
    return _("after %(games)s", games=played_of(table.definition, *stop))
