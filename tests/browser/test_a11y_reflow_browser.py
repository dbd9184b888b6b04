"""Large text on a small phone in real Chromium: 320 px wide, the root font at 200 %. No page
of a played evening scrolls sideways (wide tables stack or scroll in their own labelled,
focusable box; long names wrap), in German and English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import axe_playwright_python
import pytest

from tests.browser.a11y_pages import evening_pages
from tests.browser.a11y_pages import with_lang

pytestmark = pytest.mark.browser
AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
# What the large text changes: boxes that scroll, their names and roles, wrapped text's contrast.
AXE_RULES = [
    "scrollable-region-focusable",
    "aria-allowed-attr",
    "aria-prohibited-attr",
    "landmark-unique",
    "color-contrast",
]

# Boxes in the page that scroll sideways but a keyboard cannot reach or that have no name.
SCROLL_BOXES = """(() => [...document.querySelectorAll('main *')].filter(e => {
  const s = getComputedStyle(e);
  return /auto|scroll/.test(s.overflowX) && e.scrollWidth > e.clientWidth + 1 &&
    !(e.tabIndex >= 0 && (e.getAttribute('aria-labelledby') || e.getAttribute('aria-label')));
}).map(e => e.tagName + ' ' + e.className + ' ' + e.textContent.trim().slice(0, 30)))()"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_page_scrolls_sideways_at_320_px_and_200_percent(
    live_server: Any, browser: Any, lang: str
) -> None:
    """Every page, every folded part open: scrollWidth stays within clientWidth."""
    # bypass_csp: axe (put in by the test) checks the scroll boxes as a screen reader meets them.
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    wide = []
    try:
        for url in evening_pages(live_server):
            page.goto(live_server.url + with_lang(url, lang))
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            # What only some phones show (the wake-lock toggle, the https note) must fit too.
            page.evaluate(
                "document.querySelectorAll('[data-wake], [data-secure-note]')"
                ".forEach(e => e.hidden = false)"
            )
            page.evaluate("document.documentElement.style.fontSize = '200%'")
            width = page.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            if width[0] > width[1]:
                wide.append((url, width[0] - width[1]))
            page.wait_for_timeout(50)  # the scroll boxes are marked after the resize
            unreachable = page.evaluate(SCROLL_BOXES)
            if unreachable:
                wide.append((url, unreachable))
            page.evaluate(AXE)
            found = page.evaluate(f"axe.run(document, {{runOnly: {AXE_RULES}}})")
            wide += [(url, v["id"], [n["target"] for n in v["nodes"]]) for v in found["violations"]]
    finally:
        context.close()
    assert not wide, wide
