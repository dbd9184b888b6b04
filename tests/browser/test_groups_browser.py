"""A Stammtisch in real Chromium at phone size (390×844), CSRF on: create a group, start a
table in it with its players offered, play it by taps, see leaderboard and chart, download
CSV and JSON and import the backup again.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def fits_the_phone(page: Page) -> None:
    """No sideways scrolling of the page; links and buttons are big enough to tap."""
    width = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert width <= 390, f"page is {width}px wide at {page.url}"
    small = page.eval_on_selector_all(
        "main a.button, main button, .link-list a",
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)"
        ".filter(h => h < 44)",
    )
    assert not small, small


def win(page: Page, player: str) -> None:
    """Enter one Terroristen game from the table page: tap the winner, save."""
    page.locator("a.big-button").tap()
    page.locator(".winner-choice label", has_text=player).first.tap()
    page.get_by_role("button", name="Speichern").tap()
    expect(page.locator(".flash")).to_contain_text("gespeichert")


def download(page: Page, name: str, tmp_path: Path) -> bytes:
    """Tap a download button and return the file's bytes."""
    with page.expect_download() as info:
        page.get_by_role("link", name=name).tap()
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    return target.read_bytes()


def test_group_evening_from_creation_to_backup(
    live_server: Any, page: Page, tmp_path: Path
) -> None:
    """The whole evening of a group on one phone."""
    page.goto(live_server.url + "/groups")
    fits_the_phone(page)
    page.fill("#name", "Krone")
    page.fill("#players", "Anna\nBen\nCem")
    page.get_by_role("button", name="Gruppe anlegen").tap()
    expect(page.locator("h1")).to_have_text("Krone")
    expect(page.locator(".flash")).to_contain_text("Gruppe angelegt")
    group_url = page.url

    page.get_by_role("link", name=re.compile("Neuer Tisch in dieser Gruppe")).tap()
    page.locator("label.variant-choice:has(input[value='terroristen'])").tap()
    expect(page.locator("#players-0")).to_have_value("")
    for name in ["Anna", "Ben", "Cem"]:  # the members who play, tapped in seating order
        page.locator(f"[data-name-chips] [data-name='{name}']").tap()
    for seat, name in enumerate(["Anna", "Ben", "Cem"]):
        expect(page.locator(f"#players-{seat}")).to_have_value(name)
    page.fill("#ter_games", "2")
    page.get_by_role("button", name="Tisch starten").tap()
    expect(page.locator(".flash")).to_contain_text("Tisch angelegt")
    win(page, "Ben")
    win(page, "Ben")
    expect(page.locator(".result")).to_contain_text("Gewinner: Ben")

    page.goto(group_url)
    board = page.locator(".board", has_text="Terroristen-Mau-Mau")
    expect(board.locator("tbody tr").first).to_contain_text("Ben")
    expect(board.locator("tbody tr").first).to_contain_text("1/1")
    chart = page.get_by_role("img", name=re.compile("Gewonnene Tische"))
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] > 300  # type: ignore[index]
    fits_the_phone(page)

    # German Excel: semicolons and German headers.
    rows = list(
        csv.DictReader(
            io.StringIO(download(page, "CSV (Tabellenkalkulation)", tmp_path).decode("utf-8-sig")),
            delimiter=";",
        )
    )
    assert [(r["Runde"], r["Spieler"], r["Punkte"]) for r in rows if r["Spieler"] == "Ben"] == [
        ("1", "Ben", "1"),
        ("2", "Ben", "1"),
    ]
    backup = download(page, "JSON (Sicherung)", tmp_path)
    assert json.loads(backup)["format"] == "mautisch-group"

    page.goto(live_server.url + "/import")
    fits_the_phone(page)
    page.set_input_files(
        "#backup", files=[{"name": "krone.json", "mimeType": "application/json", "buffer": backup}]
    )
    page.get_by_role("button", name="Einspielen").tap()
    # The group is still here: the page asks before it makes a second one.
    expect(page.locator("[data-import-twin]")).to_contain_text("schon da")
    page.locator(".twin-choices label", has_text="Beide behalten").tap()
    page.get_by_role("button", name="Weiter").tap()
    expect(page.locator(".flash")).to_contain_text("Die Gruppe wurde mit allen Tischen eingespielt")
    assert page.url != group_url
    expect(
        page.locator(".board", has_text="Terroristen-Mau-Mau").locator("tbody tr").first
    ).to_contain_text("Ben")


def test_tampered_backup_is_refused_on_the_phone(live_server: Any, page: Page) -> None:
    """A hand-edited file: the reason is shown next to the field, in English with ?lang=en."""
    page.goto(live_server.url + "/import?lang=en")
    bad = json.dumps({"format": "mautisch-table", "version": 7}).encode()
    page.set_input_files(
        "#backup", files=[{"name": "x.json", "mimeType": "application/json", "buffer": bad}]
    )
    page.get_by_role("button", name="Import").tap()
    expect(page.locator(".error")).to_contain_text("format version 7, written by a newer Mautisch")
    fits_the_phone(page)
