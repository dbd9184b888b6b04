"""Helpers of the sheet tests: read a PDF back (pypdf) and make a table with rounds."""

from __future__ import annotations

import io
import re
from datetime import date
from typing import Any

import pytest
from flask import Flask
from pypdf import PdfReader

from app.sheets.record import TableRecord
from app.variants.registry import standing
from app.variants.registry import validate_round
from app.variants.registry import validate_table
from tests.helpers import played_table


def read_pdf(data: bytes) -> PdfReader:
    """The PDF as pypdf reads it."""
    return PdfReader(io.BytesIO(data))


def pdf_text(data: bytes) -> str:
    """All text of a PDF, whitespace runs made single spaces (so phrases can be searched)."""
    text = " ".join(page.extract_text() for page in read_pdf(data).pages)
    return re.sub(r"\s+", " ", text)


def embedded_fonts(data: bytes) -> set[str]:
    """The base names of the fonts the pages use (subset prefix removed)."""
    names: set[str] = set()
    for page in read_pdf(data).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


@pytest.fixture
def make_table(app: Flask) -> Any:
    """Create a table through the store and enter its rounds; returns the table id."""

    def make(
        variant: str,
        players: list[str],
        options: dict[str, Any],
        rounds: list[dict[str, Any]],
        name: str = "Freitag",
    ) -> str:
        """The table's id after all rounds are entered."""
        with app.app_context():
            return str(played_table(variant, players, options, rounds, name).id)

    return make


def sample_records() -> list[TableRecord]:
    """One finished or running table per variant, as plain data (no database)."""
    four = ["Anna", "Ben", "Cem", "Dora"]
    tables: list[tuple[str, list[str], dict[str, Any], list[dict[str, Any]]]] = [
        (
            "dynamisch",
            four,
            {"games": 2, "rate_cents": 10},
            [
                {
                    "hands": [
                        {"jacks": 0, "others": 0},
                        {"jacks": 1, "others": 3, "holds_named_suit": True},
                        {"jacks": 0, "others": 2},
                        {"jacks": 0, "others": 1},
                    ],
                    "jack_suit": "H",
                }
            ],
        ),
        ("deluxe", four, {"rounds": 2}, [{"cards": [0, 3, 2, 5]}, {"cards": [1, 0, 2, 2]}]),
        (
            "speedone",
            four,
            {"target": 200, "partner": True},
            [{"winner": 0, "points": [0, 90, 70, 60]}],
        ),
        (
            "speedone",
            four[:3],
            {"target": 200, "scoring": "own-points", "rate_cents": 5},
            [{"winner": 0, "points": [0, 210, 12]}],
        ),
        ("terroristen", four, {"games": None}, [{"winner": 2}, {"winner": 2}]),
        ("doppel", four, {}, [{"winner": "A"}] * 5 + [{"winner": "B"}]),
        ("deluxe", four, {}, []),
    ]
    return [record_of(*table) for table in tables]


def record_of(
    variant: str, players: list[str], options: dict[str, Any], bodies: list[dict[str, Any]]
) -> TableRecord:
    """A table named "Probe" after these rounds, as plain data (no database)."""
    name, players, options = validate_table(variant, "Probe", players, options)
    rounds = [validate_round(variant, players, options, body) for body in bodies]
    state = standing(variant, players, options, rounds)
    return TableRecord(name, variant, variant, date(2025, 11, 21), players, options, rounds, state)
