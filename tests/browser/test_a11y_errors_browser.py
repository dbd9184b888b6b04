"""Form errors tied to their fields, in real Chromium: the bad field is aria-invalid and
described by its own sentence, the summary's link moves the focus to it, and the page title
starts with "Fehler:" / "Error:" (the new-table form, its players, the kitty's holder)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_fit_and_finish_browser import wait_until
from tests.browser.test_tables_browser import settled

pytestmark = pytest.mark.browser
PREFIX = {"de": "Fehler:", "en": "Error:"}

TIED = """(id => { const f = document.getElementById(id);
  const said = (f.getAttribute('aria-describedby') || '').split(' ').filter(Boolean)
    .map(i => document.getElementById(i)).filter(Boolean).map(e => e.textContent.trim());
  return [f.getAttribute('aria-invalid'), said]; })"""


def summary_sentences(page: Page) -> list[str]:
    """The sentences of the summary on top."""
    return [t.strip() for t in page.locator("[data-error-summary] li").all_inner_texts()]


def follow_link_by_keyboard(page: Page, field_id: str) -> None:
    """Focus moves off the field, then Enter on the summary's link puts it back on the field."""
    link = page.locator(f"[data-error-summary] a[href='#{field_id}']")
    link.focus()
    page.keyboard.press("Enter")
    wait_until(page, f"document.activeElement.id === '{field_id}'")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_refused_new_table_ties_the_error_to_the_field(
    live_server: Any, page: Page, lang: str
) -> None:
    """Games 0: the field is invalid, described by its sentence; the title says "Fehler:"."""
    page.goto(f"{live_server.url}/t/new?lang={lang}")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Ben")
    page.fill("#games", "0")
    page.locator("form.new-table button[type=submit]").click()
    settled(page)
    assert page.title().startswith(PREFIX[lang])
    sentences = summary_sentences(page)
    invalid, said = page.evaluate(f"({TIED})('games')")
    assert invalid == "true"
    assert said and said[0] in sentences, (said, sentences)
    page.locator("#players-0").focus()
    follow_link_by_keyboard(page, "games")


def test_too_few_players_says_fehler_in_the_title(live_server: Any, page: Page) -> None:
    """One name only: an error about the list of players, the title still starts "Fehler:"."""
    page.goto(f"{live_server.url}/t/new")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "")
    page.locator("form.new-table button[type=submit]").click()
    settled(page)
    expect(page.locator("[data-error-summary]")).to_be_visible()
    assert page.title().startswith("Fehler:")
    anchor = page.locator("[data-error-summary] a").first.get_attribute("href")
    assert anchor
    invalid, said = page.evaluate(f"({TIED})('{anchor[1:]}')")
    assert invalid == "true" and said, (invalid, said)


def test_the_kitty_holder_error_is_linked(live_server: Any, page: Page) -> None:
    """The evening asked with a kitty holder who did not play: a summary links to the
    holder's field, which is invalid and described by the sentence; the title says so."""
    from app.store.db import db
    from app.store.models import Group
    from tests.helpers import played_table

    players = ["Anna", "Ben", "Cem", "Dora"]
    with live_server.app.app_context():
        group = Group(name="Krone", players=players)
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        played_table(
            "deluxe",
            players,
            {"rounds": 1, "rate_cents": 10},
            [{"cards": [0, 1, 3, 5]}],
            "",
            group.id,
        )
        group_id = group.id
    page.goto(f"{live_server.url}/g/{group_id}")
    evening = page.locator(".evenings a").first.get_attribute("href")
    page.goto(f"{live_server.url}{evening}?mode=kasse&kasse=Niemand")
    settled(page)
    assert page.title().startswith("Fehler:")
    link = page.locator("[data-error-summary] a[href='#f-kasse']")
    expect(link).to_have_count(1)
    invalid, said = page.evaluate(f"({TIED})('f-kasse')")
    assert invalid == "true" and said[0] == link.inner_text().strip(), said
    page.locator("[data-error-summary] a").first.focus()
    follow_link_by_keyboard(page, "f-kasse")
