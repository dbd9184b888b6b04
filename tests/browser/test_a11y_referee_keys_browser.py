"""The referee's pickers by keyboard alone, in real Chromium at phone size: the variant and
the top-card groups are radio groups; the arrow keys move the choice without reloading the
page (the answer is put in place and said in the live region, the address follows), Tab
leaves the group, and the chosen card stays in view, clear of the sticky top bar."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests.browser.test_fit_and_finish_browser import wait_until

pytestmark = pytest.mark.browser

FOCUS = (
    "[document.activeElement.name, document.activeElement.value, document.activeElement.checked]"
)


def tab_to(page: Page, name: str) -> None:
    """Tab forward until a control of this name has the focus."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == name:
            return
    raise AssertionError(f"no {name} reached by Tab")


def query(page: Page) -> dict[str, list[str]]:
    """The address's parameters."""
    return parse_qs(urlsplit(page.url).query)


def card_in_view(page: Page) -> None:
    """The focused control's card is on the screen, below the top bar."""
    box = page.evaluate(
        """(() => { const l = document.activeElement.closest('label').getBoundingClientRect();
          const bar = document.querySelector('[data-topbar]').getBoundingClientRect();
          return [l.top, l.bottom, bar.bottom, innerHeight]; })()"""
    )
    assert box[0] >= box[2] and box[1] <= box[3], box


def test_arrow_keys_in_the_top_cards_answer_in_place(live_server: Any, page: Page) -> None:
    """A complete question: each arrow picks the next top card, the answer follows in place."""
    page.goto(f"{live_server.url}/referee?lang=de&variant=dynamisch&top=H8&play=H9")
    page.evaluate("window.notReloaded = true")
    tab_to(page, "top")
    assert page.evaluate(FOCUS) == ["top", "H8", True]
    verdicts = []
    for _ in range(3):
        before = page.evaluate("document.activeElement.value")
        page.keyboard.press("ArrowRight")
        wait_until(page, f"new URLSearchParams(location.search).get('top') !== '{before}'")
        wait_until(page, "document.querySelector('[data-announce]').textContent !== ''")
        focused = page.evaluate(FOCUS)
        assert focused[0] == "top" and focused[2], focused
        assert query(page)["top"] == [focused[1]]
        assert page.evaluate("window.notReloaded") is True, "the page was loaded anew"
        card_in_view(page)
        said = page.evaluate("document.querySelector('[data-announce]').textContent")
        verdict = page.locator("#answer .verdict-word").inner_text()
        assert said.startswith(verdict), (said, verdict)
        verdicts.append(query(page)["top"][0])
    assert len(set(verdicts)) == 3
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") != "top", "Tab leaves the group"
    assert page.evaluate("document.activeElement !== document.body")


def test_arrow_keys_in_the_variants_change_the_variant_in_place(
    live_server: Any, page: Page
) -> None:
    """ArrowRight in the variant group: the next variant's question, no reload, focus kept."""
    page.goto(f"{live_server.url}/referee?lang=en")
    page.evaluate("window.notReloaded = true")
    tab_to(page, "variant")
    first = page.evaluate(FOCUS)
    page.keyboard.press("ArrowRight")
    wait_until(
        page,
        "(v => v && v !== '" + first[1] + "')(new URLSearchParams(location.search).get('variant'))",
    )
    wait_until(page, "document.activeElement.name === 'variant'")
    focused = page.evaluate(FOCUS)
    assert focused[2] and focused[1] != first[1], (first, focused)
    assert query(page)["variant"] == [focused[1]]
    assert page.evaluate("window.notReloaded") is True
    card_in_view(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") != "variant"


def test_arrow_keys_before_the_question_is_complete(live_server: Any, page: Page) -> None:
    """No card played yet: arrows (down a suit too) move the top card, the address follows,
    nothing is reloaded, the chosen card stays on the screen below the top bar."""
    page.goto(f"{live_server.url}/referee?lang=de&variant=dynamisch&top=H8")
    page.evaluate("window.notReloaded = true")
    tab_to(page, "top")
    for key in ["ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowDown"]:
        before = page.evaluate("document.activeElement.value")
        page.keyboard.press(key)
        now = page.evaluate(FOCUS)
        assert now[0] == "top" and now[2] and now[1] != before, (key, now)
        wait_until(page, f"new URLSearchParams(location.search).get('top') === '{now[1]}'")
        card_in_view(page)
    assert page.evaluate("window.notReloaded") is True
