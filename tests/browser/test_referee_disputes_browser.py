"""The referee on a phone (390×844): one-tap disputes, a compact answer, "it depends" taps,
pending effects at one tap, and the offline note.

Screenshots land in the test's tmp_path for a look by eye.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.engine import find_variant
from app.variants.registry import VARIANT_IDS

pytestmark = pytest.mark.browser
SCREEN = 844


def open_dispute(page: Any, base: str, variant: str, key: str) -> Any:
    """Open the referee for a variant and tap one dispute; return the answer box."""
    page.goto(f"{base}/referee?variant={variant}")
    with page.expect_navigation():
        page.locator(f'[data-dispute="{key}"]').click()
    return page.locator("#answer")


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_dispute_is_one_tap_and_fits_the_screen(
    live_server: Any, page: Any, variant: str, tmp_path: Path
) -> None:
    """Each dispute: one tap shows the answer, whole, on the first screen, with the disputes
    of the next question right below it."""
    for dispute in find_variant(variant).disputes:
        answer = open_dispute(page, live_server.url, variant, dispute.key)
        box = answer.bounding_box()
        assert answer.get_attribute("data-legal") in ("true", "false"), dispute.key
        assert box["y"] + box["height"] <= SCREEN, (dispute.key, box)
        below = page.locator("nav.disputes").bounding_box()
        assert 0 <= below["y"] - (box["y"] + box["height"]) < 40, dispute.key
    page.screenshot(path=str(tmp_path / f"{variant}.png"))


def test_jack_on_jack_is_answered_without_the_wish(
    live_server: Any, page: Any, tmp_path: Path
) -> None:
    """The most common dispute: ♠J on ♥J is never allowed in Dynamisch, no wish asked."""
    answer = open_dispute(page, live_server.url, "dynamisch", "jack-on-jack")
    assert answer.get_attribute("data-legal") == "false"
    assert "Nicht erlaubt" in answer.inner_text()
    assert page.locator(".error-summary").count() == 0
    page.screenshot(path=str(tmp_path / "jack-on-jack.png"))


def test_it_depends_then_one_tap_answers(live_server: Any, page: Any, tmp_path: Path) -> None:
    """♠7 on ♥J without a wish: one line says what decides it, one tap on ♠ gives the verdict."""
    page.goto(live_server.url + "/referee?variant=dynamisch&players=4&top=HJ&play=S7")
    answer = page.locator("#answer")
    assert answer.get_attribute("data-legal") == "open"
    assert "Kommt auf den Wunsch an: Pik gewünscht → ja, sonst nein." in answer.inner_text()
    page.screenshot(path=str(tmp_path / "depends.png"))
    with page.expect_navigation():
        answer.locator('.case[data-case-legal="true"]').click()
    assert page.locator("#answer").get_attribute("data-legal") == "true"
    assert "wish=S" in page.url


def test_rule_text_and_interpretation_behind_a_tap(live_server: Any, page: Any) -> None:
    """The interpretation is in the answer, folded away until tapped (spd.serve)."""
    page.goto(live_server.url + "/referee?variant=speedone&top=R5&play=W%2B4&play_wish=G")
    more = page.locator("#answer details.answer-more")
    assert not more.locator(".interpretation").is_visible()
    more.locator("summary").click()
    assert more.locator(".interpretation").is_visible()


def test_pending_effect_is_one_tap(live_server: Any, page: Any) -> None:
    """A pending 7 is one tap under the top card, not a select behind "more"."""
    page.goto(live_server.url + "/referee?variant=dynamisch&top=H7")
    page.locator('#f-pending-taps input[value="draw:1"]').check()
    with page.expect_navigation():
        page.locator('[data-grid="play"] input[value="S7"]').click()
    assert "pending=draw%3A1" in page.url or "pending=draw:1" in page.url
    assert page.locator("#answer").get_attribute("data-legal") == "true"


def test_new_question_keeps_the_table(live_server: Any, page: Any) -> None:
    """ "Neue Frage" keeps variant, players and house rules."""
    page.goto(live_server.url + "/referee?variant=terroristen&players=6&seven=pass&top=H7&play=S7")
    href = page.locator("a.new-question").get_attribute("href")
    assert "variant=terroristen" in href and "players=6" in href and "seven=pass" in href
    assert "top=" not in href


def test_offline_the_referee_says_it_needs_the_connection(
    live_server: Any, page: Any, context: Any, tmp_path: Path
) -> None:
    """Without a connection a tap does not leave the page: a plain note says why."""
    page.goto(live_server.url + "/referee?variant=dynamisch&top=H7")
    note = page.locator("[data-offline-note]")
    assert not note.is_visible()
    context.set_offline(True)
    try:
        page.locator('[data-grid="play"] input[value="H8"]').click()
        assert note.is_visible()
        assert "braucht der Schiedsrichter das Netz" in note.inner_text()
        assert "play=" not in page.url
        page.screenshot(path=str(tmp_path / "offline.png"))
    finally:
        context.set_offline(False)
