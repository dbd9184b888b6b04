"""axe-core (the copy the axe-playwright-python package ships) over every page of a played
evening: each variant's table, round form and settings, the group, its evenings, month and
players, the referee with an answer and with errors, the rules, the sheets, the forms and an
error page; German and English, light and dark: no violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import axe_playwright_python
import pytest

from tests.browser.a11y_pages import evening_pages
from tests.browser.a11y_pages import with_lang

pytestmark = pytest.mark.browser
AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_axe_finds_nothing(live_server: Any, browser: Any, lang: str, scheme: str) -> None:
    """Every folded part opened first, so what it hides is checked too."""
    # The pages forbid inline scripts (their Content Security Policy); axe is put in by the
    # test, so this context alone lets it in.
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    found = []
    try:
        pages = evening_pages(live_server)
        for url in pages:
            page.goto(live_server.url + with_lang(url, lang))
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            page.evaluate(AXE)
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            for violation in result["violations"]:
                targets = [node["target"] for node in violation["nodes"][:3]]
                found.append((url, violation["id"], targets))
    finally:
        context.close()
    assert len(pages) > 30
    assert not found, found
