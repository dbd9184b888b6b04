"""A table said for the shared evening, from tables saved through the store (the group
tests' samples): the winner by name, the totals best first or the sets, how far a running
table got."""

from __future__ import annotations

from flask import Flask

from app.sharing import table_line
from app.sharing.runs import plain
from app.sharing.runs import runs
from app.store.db import db
from app.store.models import Table
from app.store.standings import standing_of
from tests.groups.samples import PLAYERS
from tests.groups.samples import SAMPLES
from tests.helpers import played_table


def line(app: Flask, variant: str, lang: str, played: int | None = None) -> tuple[str, ...]:
    """The sample table of `variant` (its first `played` rounds) as a summary line, said."""
    options, rounds = SAMPLES[variant]
    with app.app_context():
        table = played_table(variant, PLAYERS, options, rounds[:played], "Tisch 1")
        stored = db.session.get(Table, table.id)
        assert stored is not None
        found = table_line(stored.name, stored.variant, stored.players, standing_of(stored), lang)
    said = [plain(runs(text, lang)) for text in (found.variant, found.winner, found.result)]
    return (found.name, *said)


def test_a_finished_series_names_the_winner_and_the_totals_best_first(app: Flask) -> None:
    """Dynamisch sample: Anna 0+2+1 = 3, Ben 10+0+3 = 13, Cem 2+3+0 = 5, Dora 5+4+6 = 15."""
    assert line(app, "dynamisch", "de") == (
        "Tisch 1",
        "Dynamisches Maumau",
        "Anna",
        "Anna 3 · Cem 5 · Ben 13 · Dora 15",
    )


def test_a_match_names_the_team_and_the_sets(app: Flask) -> None:
    """Doppel sample: sets 5:0, 1:5, 5:0, so team A (Anna and Cem, seats 1 and 3) 2 : 1."""
    assert line(app, "doppel", "en")[2:] == ("Team A (Anna & Cem)", "Sets won: A 2 : 1 B")
    assert line(app, "doppel", "de")[3] == "Gewonnene Sätze: A 2 : 1 B"


def test_a_running_table_says_how_far_it_got(app: Flask) -> None:
    """Terroristen sample cut to 2 of its 3 games: no winner yet."""
    assert line(app, "terroristen", "de", played=2)[2:] == ("–", "Läuft noch: 2 von 3 gespielt.")
