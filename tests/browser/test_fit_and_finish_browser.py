"""Fit and finish at phone size (390×844) in Chromium, German and English.

A refused form shows a short summary on top and puts the focus on the first bad field, both in
view; the sentences name fields in words; a count of one reads in the singular; the top bar
gets slim when the page is scrolled (at least 80 % of the screen for the content); at 200 %
text size no page scrolls sideways.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HEIGHT = 844
PATH = re.compile(r"\((players|hands|cards|options)[^)]*\)|\([a-z]+\.[a-z.]+\)")


def in_view(page: Page, selector: str) -> bool:
    """The element is (at least partly) on the screen, not hidden under nothing."""
    box = page.eval_on_selector(selector, "e => e.getBoundingClientRect().toJSON()")
    return box["bottom"] > 0 and box["top"] < HEIGHT and box["height"] > 0


def wait_until(page: Page, script: str) -> None:
    """Poll a condition with page.evaluate (wait_for_function needs eval, which the pages'
    Content Security Policy forbids)."""
    for _ in range(50):
        if page.evaluate(script):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not true after 5 s: {script}")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de", "Die Anzahl der Spiele der Serie"), ("en", "The number of games in the series")],
)
def test_a_refused_new_table_shows_the_summary_and_focuses_the_bad_field(
    live_server: Any, page: Page, lang: str, words: str
) -> None:
    """The bad number far down the form: summary and field both in view, the field focused,
    the sentence in words (no "(options.games)")."""
    page.goto(f"{live_server.url}/t/new?lang={lang}")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Ben")
    page.fill("#games", "0")
    page.locator("form.new-table button[type=submit]").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_contain_text(words)
    wait_until(page, "document.activeElement && document.activeElement.id === 'games'")
    assert in_view(page, "[data-error-summary]")
    assert in_view(page, "#games")
    assert page.evaluate("window.scrollY") > 300  # the field is far below the summary's place
    assert not PATH.search(summary.inner_text())
    assert page.title().startswith("Fehler" if lang == "de" else "Error")


def test_without_javascript_the_first_bad_field_has_autofocus(
    live_server: Any, browser: Any
) -> None:
    """No JS: the summary's links jump to the fields; the first bad one has `autofocus`."""
    context = browser.new_context(
        viewport={"width": 390, "height": HEIGHT}, java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/groups?lang=en")
        page.fill("#name", "Krone")
        page.fill("#players", "Anna")
        page.locator("form button[type=submit]").click()
        summary = page.locator("[data-error-summary]")
        expect(summary).to_contain_text("A group has 2 to 40 players; got 1 name.")
        assert summary.locator("a").get_attribute("href") == "#players"
        assert page.locator("#players").get_attribute("autofocus") is not None
    finally:
        context.close()


def test_the_group_form_focuses_the_players_in_german(live_server: Any, page: Page) -> None:
    """The group form: one player is too few, said in words; the players field is focused."""
    page.goto(f"{live_server.url}/groups")
    page.fill("#name", "Krone")
    page.fill("#players", "Anna")
    page.locator("form button[type=submit]").click()
    expect(page.locator("[data-error-summary]")).to_contain_text("Eine Gruppe hat 2 bis 40 Spieler")
    wait_until(page, "document.activeElement && document.activeElement.id === 'players'")
    assert "(players)" not in page.locator("main").inner_text()


def test_the_referee_focuses_the_field_of_its_error(live_server: Any, page: Page) -> None:
    """The referee page's summary: the sentence links to its field, which gets the focus."""
    page.goto(f"{live_server.url}/referee?lang=en&variant=dynamisch&top=H7&play=H8&players=9")
    summary = page.locator("[data-error-summary]")
    expect(summary).to_contain_text("Dynamisch is played by 2 to 6 players")
    assert in_view(page, "[data-error-summary]")
    wait_until(page, "document.activeElement.closest('#f-players') !== null")


@pytest.mark.parametrize(("lang", "one"), [("de", "1 Minuspunkt"), ("en", "1 minus point")])
def test_one_minus_point_is_singular(live_server: Any, page: Page, lang: str, one: str) -> None:
    """Dynamisch round form: a hand of one card says "1 Minuspunkt", two say "Minuspunkte"."""
    page.goto(f"{live_server.url}/t/new?lang={lang}")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Ben")
    page.locator("form.new-table button[type=submit]").click()
    page.locator("a.big-button").click()
    page.locator("#hands-1-others").fill("1")
    page.locator("#hands-1-others").dispatch_event("input")
    minus = page.locator("[data-seat='1'] [data-minus]")
    expect(minus).to_have_text(one)
    page.locator("#hands-1-others").fill("2")
    page.locator("#hands-1-others").dispatch_event("input")
    expect(minus).to_have_text(one.replace("1", "2") + ("e" if lang == "de" else "s"))


@pytest.mark.parametrize(
    "url",
    ["/rules/dynamisch", "/referee?variant=dynamisch&top=H7&play=SJ", "/t/new", "/sheets", "table"],
)
def test_the_top_bar_gets_slim_when_scrolled(live_server: Any, page: Page, url: str) -> None:
    """Scrolled, the sticky bars at top and bottom (the referee's buttons, the table's live
    bar) take at most 20 % of the screen; the menu's links stay 44 px tall; back at the top
    the bar is whole again."""
    if url == "table":
        page.goto(live_server.url + "/t/new")
        for seat, name in enumerate(["Anna", "Ben", "Cem"]):
            page.fill(f"#players-{seat}", name)
        page.locator("form.new-table button[type=submit]").click()
        expect(page.locator(".live-bar")).to_be_visible()
    else:
        page.goto(live_server.url + url)
    full = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
    page.evaluate("window.scrollTo(0, 600)")
    wait_until(page, "document.querySelector('.topbar').classList.contains('slim')")
    top = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
    bottom = page.evaluate(
        """(() => { let h = 0; for (const e of document.querySelectorAll('body *')) {
             const s = getComputedStyle(e);
             if ((s.position === 'fixed' || s.position === 'sticky') && !e.closest('.topbar')) {
               const r = e.getBoundingClientRect();
               if (r.height && r.bottom >= innerHeight - 1 && r.top < innerHeight)
                 h = Math.max(h, innerHeight - r.top);
             } } return h; })()"""
    )
    assert (top + bottom) / HEIGHT <= 0.2, (full, top, bottom)
    heights = page.eval_on_selector_all(
        ".topbar a",
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)",
    )
    assert min(heights) >= 44, heights
    page.evaluate("window.scrollTo(0, 0)")
    wait_until(page, "!document.querySelector('.topbar').classList.contains('slim')")


def large_text_pages(live_server: Any) -> list[str]:
    """The pages to read at 200 %: referee with a verdict, groups, a group, the rules, a
    table and the new-table form."""
    client = live_server.app.test_client()
    players = ["Anna", "Ben", "Cem", "Dora"]
    made = client.post("/api/v1/tables", json={"variant": "doppel", "players": players}).json
    assert made
    with live_server.app.app_context():
        from app.store.db import db
        from app.store.models import Group

        group = Group(name="Stammtisch zur Krone am Donnerstag", players=players)
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        group_id = group.id
    return [
        "/referee?variant=dynamisch&top=H7&play=SJ",
        "/referee?variant=speedone&top=R7&play=G7",
        "/referee?variant=doppel&top=H7&play=C8",
        "/groups",
        f"/g/{group_id}",
        "/rules",
        "/rules/dynamisch",
        f"/t/{made['id']}",
        "/t/new",
    ]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_page_scrolls_sideways_at_200_percent_text(
    live_server: Any, page: Page, lang: str
) -> None:
    """Root font size 200 %, every folded part open: the page is never wider than the phone."""
    for url in large_text_pages(live_server):
        sep = "&" if "?" in url else "?"
        page.goto(f"{live_server.url}{url}{sep}lang={lang}")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        width = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert width[0] <= width[1], (url, width)
        if url.startswith("/referee") and "play=" in url:
            box = page.eval_on_selector(".verdict", "e => e.getBoundingClientRect().toJSON()")
            assert box["right"] <= width[1], (url, box)
