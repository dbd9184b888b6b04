"""How long each printable sheet takes to build, relative to an empty reportlab page.

Run by hand: `.venv/bin/python benchmarks/bench_sheets.py [repeats]`. The baseline (one empty
A4 page through reportlab's canvas) is measured in the same process, so the ratios compare
across machines; the absolute milliseconds are printed too. Times are the process's CPU time
(medians), so other busy processes on the machine do not count. No Flask, no database: the
builders take plain data. The fonts are registered once before timing (a one-off cost,
printed apart). The target: a filled 8×10 sheet at most 30× the empty page.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from app.sheets.blank import build_blank  # noqa: E402
from app.sheets.layout import register_fonts  # noqa: E402
from app.sheets.params import BlankSheet  # noqa: E402
from app.sheets.record import Lang  # noqa: E402
from app.sheets.record import TableRecord  # noqa: E402
from app.sheets.table_sheet import build_table_sheet  # noqa: E402
from app.text import say
from app.variants.registry import VARIANTS  # noqa: E402
from app.variants.registry import standing  # noqa: E402
from app.variants.registry import validate_round  # noqa: E402
from app.variants.registry import validate_table  # noqa: E402

ENGLISH = Lang("en", str)
EIGHT = ("Anna", "Ben", "Cem", "Dora", "Émile", "Jürgen", "Zoë", "Maximilian")


def empty_page() -> bytes:
    """The baseline: one empty A4 page written by reportlab."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


TARGET = ("table deluxe 8×10", 30)  # a filled 8×10 sheet ≤ 30× an empty page


def median_seconds(build: Callable[[], bytes], repeats: int) -> float:
    """The median CPU time of `repeats` builds (one warm-up build first)."""
    build()
    times = []
    for _ in range(repeats):
        start = time.process_time()
        build()
        times.append(time.process_time() - start)
    return statistics.median(times)


def record(
    variant: str, players: list[str], options: dict[str, Any], bodies: list[Any]
) -> TableRecord:
    """A table as its filled sheet gets it, scored by its variant."""
    name, players, options = validate_table(variant, "Benchmark", players, options)
    rounds = [validate_round(variant, players, options, body) for body in bodies]
    state = standing(variant, players, options, rounds)
    label = say(VARIANTS[variant].label, "en")
    return TableRecord(name, variant, label, date(2025, 11, 21), players, options, rounds, state)


def dynamisch_round(game: int) -> dict[str, Any]:
    """Six players, one out, the others with a few cards; every third game ended by a jack."""
    hands = [{"jacks": (game + seat) % 3, "others": 1 + (game * seat) % 5} for seat in range(6)]
    hands[game % 6] = {"jacks": 0, "others": 0}
    return {"hands": hands, "jack_suit": "H" if game % 3 == 0 else None}


def sheets() -> dict[str, Callable[[], bytes]]:
    """Every sheet at its largest usual size: 8 players × 10 rounds where the variant has them."""
    blank = {
        "blank dynamisch 6×12": BlankSheet("dynamisch", "Dynamic", EIGHT[:6], rounds=12),
        "blank deluxe 8×10": BlankSheet("deluxe", "Deluxe", EIGHT, rounds=10),
        "blank deluxe 8×10 + rules": BlankSheet("deluxe", "Deluxe", EIGHT, rounds=10, rules=True),
        "blank speedone 8×20": BlankSheet("speedone", "Speedone", EIGHT, rounds=20),
        "blank terroristen 10": BlankSheet("terroristen", "Terrorist", ("",) * 10),
        "blank doppel": BlankSheet("doppel", "Double", EIGHT[:4]),
    }
    filled = {
        "table dynamisch 6×8 money": record(
            "dynamisch",
            list(EIGHT[:6]),
            {"games": 8, "rate_cents": 10},
            [dynamisch_round(game) for game in range(8)],
        ),
        "table deluxe 8×10": record(
            "deluxe",
            list(EIGHT),
            {"rounds": 10},
            [
                {"cards": [0 if seat == r % 8 else (r + seat) % 6 + 1 for seat in range(8)]}
                for r in range(10)
            ],
        ),
        "table speedone 4 partners": record(
            "speedone",
            list(EIGHT[:4]),
            {"target": 500, "partner": True},
            [
                {"winner": r % 4, "points": [0 if s == r % 4 else 20 + s for s in range(4)]}
                for r in range(12)
            ],
        ),
        "table terroristen 10×40": record(
            "terroristen", list(EIGHT) + ["Ida", "Jo"], {}, [{"winner": r % 10} for r in range(40)]
        ),
        "table doppel 3 sets": record(
            "doppel", list(EIGHT[:4]), {}, [{"winner": w} for w in "AAAAA" + "BBBBB" + "ABABABAAA"]
        ),
    }
    builders: dict[str, Callable[[], bytes]] = {}
    for name, sheet in blank.items():
        builders[name] = partial(build_blank, sheet, ENGLISH)
    for name, table in filled.items():
        builders[name] = partial(build_table_sheet, table, ENGLISH)
    return builders


def main(repeats: int) -> None:
    """Print the one-off font load, the baseline, and each sheet's time and ratio."""
    start = time.perf_counter()
    register_fonts()
    print(f"font registration (once per process): {1000 * (time.perf_counter() - start):.1f} ms")
    # The baseline is short: measured before and after the sheets, the median of both runs.
    before = [median_seconds(empty_page, 5 * repeats) for _ in range(3)]
    seconds_of = {name: median_seconds(build, repeats) for name, build in sheets().items()}
    after = [median_seconds(empty_page, 5 * repeats) for _ in range(3)]
    baseline = statistics.median(before + after)
    print(f"{'empty reportlab page (baseline)':34} {1000 * baseline:8.2f} ms   1.0×")
    ratios = {}
    for name, seconds in seconds_of.items():
        ratios[name] = seconds / baseline
        print(f"{name:34} {1000 * seconds:8.2f} ms {ratios[name]:6.0f}×")
    name, most = TARGET
    verdict = "met" if ratios[name] <= most else "MISSED"
    print(f"target: {name} ≤ {most}× the empty page: {ratios[name]:.0f}× ({verdict})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
