"""The first things a keyboard or large-text user meets, in real Chromium: a skip link as the
first stop on every page, a focus ring of at least 3 : 1 in light and dark, and text that grows
with the browser's own font size."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PAGES = ["/", "/t/new", "/groups", "/rules", "/sheets", "/referee", "/t/nichtda"]

LUMINANCE = """(colour) => {
  const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => {
    v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}"""


def contrast(page: Page, first: str, second: str) -> float:
    """The WCAG contrast ratio of two CSS colours as the browser computed them."""
    lum = [page.evaluate(f"({LUMINANCE})('{c}')") for c in (first, second)]
    high, low = max(lum), min(lum)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_first_tab_is_a_skip_link_to_the_content(
    live_server: Any, page: Page, lang: str
) -> None:
    """Tab once: the skip link, visible, in words; Enter puts the focus on <main>."""
    for url in PAGES:
        page.goto(f"{live_server.url}{url}?lang={lang}")
        page.keyboard.press("Tab")
        link = page.evaluate(
            "[document.activeElement.className, document.activeElement.textContent,"
            " document.activeElement.getBoundingClientRect().top]"
        )
        assert link[0] == "skip-link", (url, link)
        assert link[1] == ("Zum Inhalt springen" if lang == "de" else "Skip to content")
        assert link[2] >= 0, "the skip link shows when it has the focus"
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main", url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_stands_out_three_to_one(
    browser: Any, live_server: Any, scheme: str
) -> None:
    """The ring of a focused link and button against the page and a card behind it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/t/new")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")  # the brand link, in the top bar (a card's colour)
        ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
        page_bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        card_bg = page.evaluate(
            "getComputedStyle(document.querySelector('.topbar')).backgroundColor"
        )
        assert contrast(page, ring, page_bg) >= 3, (ring, page_bg)
        assert contrast(page, ring, card_bg) >= 3, (ring, card_bg)
    finally:
        context.close()


def test_text_grows_with_the_browsers_font_size(live_server: Any, page: Page) -> None:
    """The browser's default at 32 px instead of 16: the page's text is twice as large."""
    page.goto(f"{live_server.url}/t/new")
    normal = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    session = page.context.new_cdp_session(page)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    large = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    assert large == pytest.approx(2 * normal), (normal, large)
