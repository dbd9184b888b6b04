"""The inline SVG line chart (app.web.charts): valid SVG, accessible, phone-sized, light, dark."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from app.web.charts import line_chart_svg
from app.web.charts import nice_ticks
from app.web.charts import thinned

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    """The chart as an XML tree (fails on malformed SVG)."""
    return ET.fromstring(markup)


def test_one_line_per_series_with_title_and_description() -> None:
    """Every series is a polyline; <title>/<desc> are referenced by aria-labelledby."""
    svg = parse(
        line_chart_svg([("Anna", [0, 1, 2]), ("Ben", [1, 1, 3])], ["1", "2", "3"], "Tables won")
    )
    assert svg.get("role") == "img"
    title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
    assert title is not None and title.text == "Tables won"
    assert (
        desc is not None
        and "Anna: 0, 1, 2" in (desc.text or "")
        and "Ben: 1, 1, 3" in (desc.text or "")
    )
    assert svg.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert len(svg.findall(f"{SVG}polyline")) == 2
    assert [t.text for t in svg.findall(f"{SVG}text")][-2:] == ["Anna", "Ben"]  # the legend


def test_scales_to_the_phone_and_follows_the_colour_scheme() -> None:
    """viewBox (no fixed size), text in currentColor, a lighter palette for dark mode."""
    markup = str(line_chart_svg([("Anna", [1, 2])], ["a", "b"], "t"))
    svg = parse(markup)
    assert svg.get("viewBox", "").startswith("0 0 360 ") and svg.get("width") is None
    assert "fill:currentColor" in markup and "prefers-color-scheme:dark" in markup


def test_names_and_titles_are_escaped() -> None:
    """A player called <script> stays text."""
    markup = str(line_chart_svg([("<script>x</script>", [1])], ["&"], "a < b"))
    assert "<script>" not in markup
    assert parse(markup).find(f"{SVG}title").text == "a < b"  # type: ignore[union-attr]


def test_a_single_point_is_a_dot_not_a_line() -> None:
    """One evening so far: a marker in the middle (and one in the legend), no polyline."""
    svg = parse(line_chart_svg([("Anna", [3])], ["5.9."], "t"))
    assert svg.findall(f"{SVG}polyline") == []
    assert len(svg.findall(f"{SVG}circle")) == 2


def test_many_x_labels_are_thinned_to_fit() -> None:
    """Forty evenings: only a handful of dates are written, the first among them."""
    labels = [f"{d}.10." for d in range(1, 41)]
    svg = parse(line_chart_svg([("Anna", list(range(40)))], labels, "t"))
    written = [t.text for t in svg.findall(f"{SVG}text") if t.text in labels]
    assert 2 <= len(written) <= 7 and written[0] == "1.10."


def test_y_labels_use_the_given_format_and_include_zero() -> None:
    """Balances in euros: the formatter writes the ticks; 0 is always on the axis."""
    svg = parse(
        line_chart_svg([("Anna", [1.5, 2.5])], ["a", "b"], "t", y_format=lambda v: f"{v:g} €")
    )
    texts = [t.text for t in svg.findall(f"{SVG}text")]
    assert "0 €" in texts and any(t and t.endswith(" €") and t != "0 €" for t in texts)


def test_series_beyond_the_palette_are_dashed() -> None:
    """Seven players: the seventh line repeats a colour but is dashed."""
    series = [(f"P{i}", [i, i + 1]) for i in range(7)]
    lines = parse(line_chart_svg(series, ["a", "b"], "t")).findall(f"{SVG}polyline")
    assert lines[0].get("stroke-dasharray") is None and lines[6].get("stroke-dasharray")


@pytest.mark.parametrize(("series", "labels"), [([("A", [1, 2])], ["x"]), ([("A", [1])], [])])
def test_mismatched_input_is_refused(
    series: list[tuple[str, list[float]]], labels: list[str]
) -> None:
    """A value per x label, at least one label."""
    with pytest.raises(ValueError):
        line_chart_svg(series, labels, "t")


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 4, [0, 1, 2, 3, 4]),
        (-3.4, 3.2, [-4, -2, 0, 2, 4]),
        (0, 0, [0, 0.25, 0.5, 0.75, 1]),
        (0, 130, [0, 50, 100, 150]),
    ],
)
def test_nice_ticks(low: float, high: float, ticks: list[float]) -> None:
    """Round steps covering the range."""
    assert nice_ticks(low, high) == ticks


def test_thinned_keeps_regular_steps() -> None:
    """Evenly stepped indexes from the first."""
    assert thinned(3, 5) == [0, 1, 2]
    assert thinned(10, 4) == [0, 3, 6, 9]
    assert thinned(6, 5) == [0, 2, 4]


def test_one_evening_is_labelled_by_table_with_its_date_once() -> None:
    """Five tables on 23.11.: positions 1–5 under the plot, "23.11." written once."""
    labels = ["23.11."] * 5 + ["30.11."] * 2
    svg = parse(line_chart_svg([("Anna", [0, 1, 1, 2, 3, 3, 4])], labels, "Tables won"))
    texts = [t.text for t in svg.findall(f"{SVG}text")]
    assert texts.count("23.11.") == 1 and texts.count("30.11.") == 1
    assert all(str(n) in texts for n in range(1, 8))
    desc = svg.find(f"{SVG}desc")
    assert desc is not None and "23.11. (1) | 23.11. (2)" in (desc.text or "")


def test_distinct_dates_stay_as_they_are() -> None:
    """No shared label: the dates themselves under the plot, no numbering."""
    svg = parse(line_chart_svg([("Anna", [0, 1, 2])], ["1.10.", "8.10.", "15.10."], "t"))
    texts = [t.text for t in svg.findall(f"{SVG}text")]
    assert [t for t in texts if t and t.endswith(".")] == ["1.10.", "8.10.", "15.10."]


def test_counts_get_whole_ticks() -> None:
    """Tables won 0 or 1: ticks 0 and 1, never 0.25."""
    svg = parse(line_chart_svg([("Anna", [0, 1]), ("Ben", [0, 0])], ["a", "b"], "t"))
    texts = [t.text for t in svg.findall(f"{SVG}text")]
    assert "0.25" not in texts and "0.5" not in texts and "1" in texts
    assert nice_ticks(0, 0, whole=True) == [0, 1]
    assert nice_ticks(0, 3, whole=True) == [0, 1, 2, 3]


def test_overlapping_lines_stay_distinguishable() -> None:
    """Two players with the same totals: different dash, width and marker shape."""
    series = [("Anna", [0, 1, 2]), ("Ben", [0, 1, 2]), ("Cem", [0, 1, 2])]
    svg = parse(line_chart_svg(series, ["1", "2", "3"], "t"))
    lines = svg.findall(f"{SVG}polyline")
    assert len({line.get("stroke-dasharray") for line in lines}) == 3
    assert len({line.get("style") for line in lines}) == 3  # widths: earlier ones wider
    assert svg.findall(f"{SVG}circle") and svg.findall(f"{SVG}rect")
    assert svg.findall(f"{SVG}polygon")


def test_a_line_that_starts_again_drops_to_zero_instead_of_sloping() -> None:
    """Sets (dop.set): 5 games to 1 in the next set is drawn as a drop to 0 at the set's last
    game, then up to 1, not as a slope from 5 down to 1 across the game."""
    svg = str(line_chart_svg([("A", [0, 3, 5, 1])], ["0", "1", "2", "3"], "Sätze", restarts=True))
    points = re.search(r'<polyline[^>]*points="([^"]+)"', svg)
    assert points is not None
    pairs = [tuple(map(float, pair.split(","))) for pair in points.group(1).split()]
    assert len(pairs) == 5
    (x2, y5), (x2_again, y0), (x3, y1) = pairs[2], pairs[3], pairs[4]
    assert x3 > x2
    assert x2_again == x2 and y0 > y1 > y5  # straight down at game 2, to the 0 line, then up
    plain = str(line_chart_svg([("A", [0, 3, 5, 1])], ["0", "1", "2", "3"], "Spiele"))
    found = re.search(r'<polyline[^>]*points="([^"]+)"', plain)
    assert found is not None and len(found.group(1).split()) == 4
