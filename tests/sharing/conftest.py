"""Fixtures of the sharing tests: an evening's summary with titles from tables saved through
the real store."""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask

from app.awards import evening_titles
from app.sharing import EveningSummary
from app.sharing import TableLine
from app.sharing import TransferLine
from app.variants.registry import find_variant
from tests.awards.conftest import game
from tests.awards.conftest import hand
from tests.awards.conftest import saved

NIGHT = date(2026, 11, 26)  # a Thursday


@pytest.fixture
def summary(app: Flask) -> EveningSummary:
    """Three tables, three transfers (one paid, a long name), the titles of a Dynamisch table
    where Jörg ends two games with a jack (so: "Bubenkönig: Jörg, 2 Spiele mit Bube beendet")."""
    games = [
        game("H", hand(0, 0), hand(0, 3, True), hand(1, 1)),
        game("S", hand(0, 0), hand(0, 2), hand(1, 4, True)),
    ]
    titles = evening_titles(saved(app, ("dynamisch", ["Jörg", "Anna", "Cem"], {"games": 2}, games)))
    return EveningSummary(
        day=NIGHT,
        group="Stammtisch Dienstag",
        lang="de",
        tables=(
            TableLine(
                "Tisch 1", find_variant("dynamisch").label, "Jörg", "Jörg 0 · Anna 8 · Cem 15"
            ),
            TableLine("", find_variant("doppel").label, "Team A (Anna & Cem)", "2 : 1"),
            TableLine("Ecke", find_variant("terroristen").label, "Bernd", ""),
        ),
        transfers=(
            TransferLine("Jörg", "Anna", 70, paid=True),
            TransferLine("Cem", "Bernd", 1230),
            TransferLine("Maximilian-Alexander von Hohenzollern", "Anna", 5),
        ),
        titles=tuple(titles),
    )
