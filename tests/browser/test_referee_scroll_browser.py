"""The referee page on a phone (390×844): tapping the top card brings up what the question may
need next, in order: the pending effect ("Offener Effekt"), "More about the situation", then
"You play" — none of them scrolled past.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
SCREEN = 844

# The sections by their place on the page: the legend or summary a player reads.
SECTIONS = {
    "bar": "[data-topbar]",
    "pending": "#f-pending-taps legend",
    "more": "details.more:not(.house-rules) > summary",
    "play": "#f-play legend",
}


def boxes(page: Any) -> dict[str, dict[str, float]]:
    """Where each section's heading is on the screen now (top and bottom, in px)."""
    found: dict[str, dict[str, float]] = {}
    for name, selector in SECTIONS.items():
        box = page.locator(selector).first.bounding_box()
        assert box is not None, name
        found[name] = {"top": box["y"], "bottom": box["y"] + box["height"]}
    return found


def settled(page: Any) -> None:
    """Wait until a smooth scroll has come to rest (the same place for a few frames)."""
    page.wait_for_function(
        """() => new Promise(done => {
            let last = -1, still = 0;
            const look = () => {
                still = window.scrollY === last ? still + 1 : 0;
                last = window.scrollY;
                if (still >= 5) done(true); else requestAnimationFrame(look);
            };
            look();
        })"""
    )


@pytest.mark.parametrize(
    ("variant", "top", "lang", "words"),
    [
        ("dynamisch", "H7", "de", ("Offener Effekt", "Mehr zur Lage", "Du spielst")),
        ("doppel", "S9", "de", ("Offener Effekt", "Mehr zur Lage", "Du spielst")),
        ("speedone", "R5", "en", ("Pending effect", "More about the situation", "You play")),
    ],
)
def test_tapping_the_top_card_stops_at_the_pending_effect(
    live_server: Any,
    page: Any,
    variant: str,
    top: str,
    lang: str,
    words: tuple[str, ...],
    tmp_path: Path,
) -> None:
    """Before the tap the three sections are below the screen; after it all three headings
    are on screen, below the sticky bar, in page order."""
    page.goto(f"{live_server.url}/referee?variant={variant}&lang={lang}")
    before = boxes(page)
    assert before["pending"]["top"] > SCREEN  # the tap has somewhere to scroll to
    page.locator(f'[data-grid="top"] input[value="{top}"]').click()
    settled(page)
    after = boxes(page)
    page.screenshot(path=str(tmp_path / f"{variant}-after-top.png"))
    assert page.evaluate("window.scrollY") > 0
    bar = after["bar"]["bottom"]
    assert bar <= after["pending"]["top"], after
    assert after["pending"]["bottom"] < after["more"]["top"] < after["play"]["top"], after
    assert after["play"]["bottom"] <= SCREEN, after
    pending, more, play = words
    assert page.locator(SECTIONS["pending"]).first.inner_text().startswith(pending)
    assert page.locator(SECTIONS["more"]).first.inner_text().startswith(more)
    assert page.locator(SECTIONS["play"]).first.inner_text().startswith(play)
    assert "#answer" not in page.url  # no card played yet: nothing was asked
