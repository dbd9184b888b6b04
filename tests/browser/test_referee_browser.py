"""The referee page on a phone (390×844): tap cards, read the answer, share it, jump to rules.

Screenshots land in the test's tmp_path (pytest keeps the last runs) for a look by eye.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from app.store.db import db
from app.store.models import Table

pytestmark = pytest.mark.browser


def tap(page: Any, grid: str, code: str) -> None:
    """Tap a card tile of a grid (top, below, hand, play)."""
    page.locator(f'[data-grid="{grid}"] input[value="{code}"]').click()


def query_of(page: Any) -> dict[str, list[str]]:
    """The question in the address bar."""
    return parse_qs(urlsplit(page.url).query)


def test_tap_top_and_play_shows_the_answer_and_the_url_keeps_it(
    live_server: Any, page: Any, tmp_path: Path
) -> None:
    """Pick Deluxe, tap ♦7 then ♦10: the answer is there at once, and a reload reproduces it."""
    page.goto(live_server.url + "/referee")
    page.locator('#f-variant input[value="deluxe"]').click()
    page.wait_for_url("**/referee?variant=deluxe")
    assert page.locator('[data-grid="top"] input[value="D9"]').count() == 0  # no 8s, 9s
    tap(page, "top", "D7")
    assert "#answer" not in page.url  # no play yet: nothing to ask
    with page.expect_navigation():
        tap(page, "play", "D10")
    answer = page.locator("#answer")
    assert answer.get_attribute("data-legal") == "true"
    assert "Erlaubt" in answer.inner_text()
    assert "Der nächste Spieler setzt aus." in answer.inner_text()
    assert query_of(page) == {
        "variant": ["deluxe"],
        "players": ["4"],
        "top": ["D7"],
        "play": ["D10"],
    }
    assert answer.is_visible() and answer.bounding_box()["y"] < 844
    page.screenshot(path=str(tmp_path / "answer.png"))
    text = answer.inner_text()
    page.reload()
    assert page.locator("#answer").inner_text() == text


def test_one_tap_says_the_seven_on_top_was_a_last_card(live_server: Any, page: Any) -> None:
    """dop.lastcard.two: the toggle by the pending chips asks again at once, and the counter
    7 becomes illegal; the toggle is in sight without opening "More about the situation"."""
    page.goto(
        live_server.url + "/referee?variant=doppel&players=3&top=H7&pending=draw:2"
        "&play=S7&lang=en#answer"
    )
    assert page.locator("#answer").get_attribute("data-legal") == "true"
    toggle = page.locator('input[name="top_was_last"]')
    assert toggle.is_visible()
    with page.expect_navigation():
        toggle.click()
    assert query_of(page)["top_was_last"] == ["1"]
    answer = page.locator("#answer")
    assert answer.get_attribute("data-legal") == "false"
    assert "cannot be countered" in answer.inner_text()


def test_tapping_a_card_again_plays_its_twin(live_server: Any, page: Any) -> None:
    """Deluxe pairs (dlx.pair): a second tap on ♦7 plays both twins."""
    page.goto(live_server.url + "/referee?variant=deluxe&top=D10")
    with page.expect_navigation():
        tap(page, "play", "D7")
    with page.expect_navigation():
        tap(page, "play", "D7")
    assert query_of(page)["play"] == ["D7,D7"]
    assert page.locator("#answer").get_attribute("data-legal") == "true"
    assert page.locator('[data-grid="play"] input[value="D7"] ~ .tile-count').inner_text() == "×2"


def test_jack_with_a_wish_and_an_illegal_play(live_server: Any, page: Any, tmp_path: Path) -> None:
    """A jack that would serve is refused with its rule (dyn.jack.match), in red."""
    page.goto(live_server.url + "/referee?variant=dynamisch&top=S10&lang=en")
    with page.expect_navigation():
        tap(page, "play", "SJ")
    with page.expect_navigation():
        page.locator('#f-play_wish input[value="C"]').click()
    answer = page.locator("#answer")
    assert answer.get_attribute("data-legal") == "false"
    assert "Not allowed" in answer.inner_text()
    assert query_of(page)["play_wish"] == ["C"]
    page.screenshot(path=str(tmp_path / "illegal.png"))


def test_what_can_i_play_lists_the_hand_and_links_answers(
    live_server: Any, page: Any, tmp_path: Path
) -> None:
    """Enter the hand, ask "what can I play?", tap a listed play: its answer."""
    page.goto(live_server.url + "/referee?variant=dynamisch")
    tap(page, "top", "H7")
    page.locator("details.more summary").click()
    for code in ("H9", "C7", "SJ", "DA"):
        tap(page, "hand", code)
    assert "hand" not in query_of(page)  # the hand alone asks nothing yet
    with page.expect_navigation():
        page.get_by_role("button", name="Was kann ich spielen?").click()
    assert query_of(page)["ask"] == ["list"]
    assert query_of(page)["hand"] == ["H9,C7,SJ,DA"]
    plays = page.locator("#plays")
    assert plays.is_visible()
    page.screenshot(path=str(tmp_path / "plays.png"))
    listed = plays.locator(".play-link")
    hrefs = [
        parse_qs(urlsplit(listed.nth(i).get_attribute("href")).query).get("play")
        for i in range(listed.count())
    ]
    assert ["H9"] in hrefs and ["C7"] in hrefs and ["SJ"] in hrefs and ["draw"] in hrefs
    assert ["DA"] not in hrefs
    with page.expect_navigation():
        plays.locator('.play-link[href*="play=C7"]').click()
    assert page.locator("#answer").get_attribute("data-legal") == "true"
    assert "Der nächste Spieler zieht 1 Karte." in page.locator("#answer").inner_text()


def test_rule_link_jumps_to_its_anchor(live_server: Any, page: Any, tmp_path: Path) -> None:
    """The rule in the answer opens the rules page at that rule, highlighted."""
    page.goto(live_server.url + "/referee?variant=dynamisch&top=S10&play=SJ&play_wish=C")
    with page.expect_navigation():
        page.locator("#answer .rule-link").click()
    assert page.url.endswith("/rules/dynamisch#dyn.jack.match")
    target = page.locator('[id="dyn.jack.match"]')
    assert page.evaluate("document.querySelector(':target').id") == "dyn.jack.match"
    box = target.bounding_box()
    assert box is not None and 100 < box["y"] < 844  # below the sticky bar, on screen
    page.screenshot(path=str(tmp_path / "rule.png"))


def test_copy_link_button(live_server: Any, page: Any) -> None:
    """The copy button is there with JS and confirms the copy."""
    page.goto(live_server.url + "/referee?variant=dynamisch&top=S10&play=S9")
    button = page.locator("button[data-copy]")
    expect(button).to_have_text("Link kopieren")
    button.click()
    expect(button).to_have_text("Kopiert")
    share = page.locator("#share-url").input_value()
    assert share.endswith("/referee?variant=dynamisch&top=S10&play=S9")


def test_tiles_are_big_enough_to_tap(live_server: Any, page: Any) -> None:
    """Every card tile is at least 44×44 px on the phone, and the grid fits the screen."""
    for variant in ("dynamisch", "deluxe", "speedone"):
        page.goto(live_server.url + f"/referee?variant={variant}")
        tiles = page.locator('[data-grid="top"] .tile-face')
        for i in range(tiles.count()):
            box = tiles.nth(i).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (variant, i, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (variant, i, box)


def test_the_form_works_without_javascript(live_server: Any, browser: Any) -> None:
    """Radio buttons, checkboxes and "Prüfen" of a plain GET form ask the same question."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="de-DE", java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    page.goto(live_server.url + "/referee?variant=doppel")
    tap(page, "top", "D7")
    tap(page, "play", "S7")
    with page.expect_navigation():
        page.get_by_role("button", name="Prüfen").click()
    answer = page.locator("#answer")
    assert answer.get_attribute("data-legal") == "true"
    assert "Der nächste Spieler zieht 2 Karten." in answer.inner_text()
    assert query_of(page)["play"] == ["S7"]
    context.close()


def test_the_referee_of_a_table_judges_with_its_house_rule(
    live_server: Any, page: Any, tmp_path: Path
) -> None:
    """A Terroristen table playing "seven on seven" (ter.house.seven): its referee link opens
    the referee with that switch set, and a 7 on a pending 7 is allowed, citing the switch."""
    with live_server.app.app_context():
        table = Table(
            variant="terroristen",
            name="Stammtisch",
            players=["Anna", "Ben", "Cem"],
            options={"games": None, "seven": "pass"},
        )
        table.set_edit_token()
        db.session.add(table)
        db.session.commit()
        table_id = table.id
    page.goto(live_server.url + f"/t/{table_id}")
    with page.expect_navigation():
        page.locator("[data-referee-link]").click()
    assert query_of(page) == {"variant": ["terroristen"], "players": ["3"], "seven": ["pass"]}
    assert page.locator('#f-variant input[value="terroristen"]').is_checked()
    assert page.locator('input[name="players"]').input_value() == "3"
    house = page.locator("details.house-rules")
    assert "Die Sieben" in house.locator("summary").inner_text()
    house.locator("summary").click()
    assert house.locator('input[name="seven"][value="pass"]').is_checked()
    page.locator("details.more:not(.house-rules) summary").click()
    page.locator("#pending").select_option("draw:2")
    tap(page, "top", "H7")
    with page.expect_navigation():
        tap(page, "play", "C7")
    assert query_of(page)["seven"] == ["pass"]
    assert query_of(page)["pending"] == ["draw:2"]
    answer = page.locator("#answer")
    assert answer.get_attribute("data-legal") == "true"
    rule = answer.locator(".rule-link")
    assert rule.inner_text() == "ter.house.seven"
    assert rule.get_attribute("href") == "/rules/terroristen#ter.house.seven"
    page.screenshot(path=str(tmp_path / "house-rule.png"), full_page=True)
    with page.expect_navigation():
        rule.click()
    assert page.evaluate("document.querySelector(':target').id") == "ter.house.seven"
