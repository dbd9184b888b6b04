"""The table pages in real Chromium at phone size (390×844), CSRF on, played with taps.

Each variant: create the table through the form, play it to the end, look at the result;
Dynamisch also corrects, deletes and undoes a round and settles the money.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
TAP = 44  # px: the smallest acceptable tap target


@pytest.fixture(autouse=True)
def quiet_end(page: Page) -> Iterator[None]:
    """End each test with no request in flight: a request cut off when the browser context
    closes leaves the live server's static file open (a ResourceWarning in the next test)."""
    yield
    page.wait_for_load_state("networkidle")


def tap(page: Page, selector: str, times: int = 1) -> None:
    """Tap an element `times` times (a stepper's + or −)."""
    for _ in range(times):
        page.locator(selector).tap()


def plus(page: Page, field_id: str, times: int = 1, step: int = 1) -> None:
    """Tap the + (or, with step=-1, the −) of the stepper of an input."""
    tap(page, f"[data-stepper]:has(#{field_id}) [data-step='{step}']", times)


def choose(page: Page, group: str, text: str) -> None:
    """Tap the choice showing `text` in a tap-choice group."""
    page.locator(f".{group} label", has_text=text).first.tap()


def settled(page: Page) -> None:
    """Wait until the page and its scripts are loaded, so the next tap aborts no request
    (an aborted static file leaves the live server's file open: a ResourceWarning)."""
    page.wait_for_load_state("load")


def service_worker_ready(page: Page) -> None:
    """Let the offline service worker finish installing before the first form.

    Its precache requests run beside the page's own; while Flask re-sends the session cookie
    on every response, one of them can overwrite the cookie that holds the new CSRF secret
    (reported to the lead: SESSION_REFRESH_EACH_REQUEST=False fixes it).
    """
    page.evaluate(
        "() => navigator.serviceWorker ? Promise.race([navigator.serviceWorker.ready,"
        " new Promise(resolve => setTimeout(resolve, 3000))]).then(() => true) : true"
    )


def start_table(
    page: Page, base: str, variant: str, names: list[str], options: Callable[[], None] | None = None
) -> None:
    """Fill the new-table form with taps and names; land on the table page."""
    page.goto(base + "/")
    settled(page)
    service_worker_ready(page)
    page.get_by_role("link", name=re.compile("Neuer Tisch")).tap()
    settled(page)
    page.locator(f"label.variant-choice:has(input[value='{variant}'])").tap()
    for seat, name in enumerate(names):
        if not page.locator(f"#players-{seat}").is_visible():
            page.locator("[data-add-seat]").tap()
        page.fill(f"#players-{seat}", name)
    while page.locator(f"#players-{len(names)}").is_visible():
        page.locator(f"[data-seat]:has(#players-{len(names)}) [data-remove-seat]").tap()
    if options:
        options()
    assert_fits(page)
    page.get_by_role("button", name="Tisch starten").tap()
    expect(page.locator(".flash")).to_contain_text("Tisch angelegt")
    settled(page)


def enter_round(page: Page, fill: Callable[[], None]) -> None:
    """Open the round form from the table page, fill it by taps, save."""
    page.locator("a.big-button").tap()
    settled(page)
    fill()
    page.get_by_role("button", name="Speichern").tap()
    expect(page.locator(".flash")).to_contain_text("gespeichert")
    settled(page)


def assert_fits(page: Page) -> None:
    """No sideways scrolling of the page itself; main controls are big enough to tap."""
    width = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert width <= 390, f"page is {width}px wide at {page.url}"
    selectors = "a.big-button, button[type=submit], [data-step], .choices label span, .round-link"
    boxes: list[Any] = page.eval_on_selector_all(
        selectors,
        "els => els.filter(e => e.offsetParent && !e.closest('.choices label span span'))"
        ".map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height,"
        " e.getBoundingClientRect().width])",
    )
    small = [box for box in boxes if box[1] < TAP or box[2] < TAP]
    assert not small, small


def test_dynamisch_with_money_correct_delete_undo(live_server: Any, page: Page) -> None:
    """A series of 2 for 10 cents: live minus points, doubling, correction, delete, undo, money."""

    def options() -> None:
        """Fill in the table's options on the new-table form."""
        page.fill("#games", "2")
        page.fill("#rate_cents", "10")

    start_table(page, live_server.url, "dynamisch", ["Anna", "Ben", "Cem"], options)
    expect(page.locator("[data-progress]")).to_contain_text("Spiel 1 von 2")

    def game_one() -> None:
        """Enter the first game by taps and check the live preview."""
        plus(page, "hands-1-jacks")
        plus(page, "hands-1-others", 3)
        plus(page, "hands-2-others", 2)
        choose(page, "jack-suit", "♥")
        page.locator("[data-seat='1'] [data-holds]").tap()
        expect(page.locator("[data-seat='1'] [data-minus]")).to_have_text("10 Minuspunkte")
        expect(page.locator("[data-seat='0'] [data-minus]")).to_have_text("fertig: 0 Punkte")
        expect(page.locator("[data-seat='0'] [data-holds]")).to_be_hidden()
        assert_fits(page)

    enter_round(page, game_one)

    def game_two() -> None:
        """Enter the second game and choose the next dealer."""
        plus(page, "hands-0-others")
        plus(page, "hands-2-others", 4)
        choose(page, "next-dealer", "Cem")

    enter_round(page, game_two)
    result = page.locator(".result")
    expect(result).to_contain_text("Gewinner: Anna")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.locator("[data-copy='view-link']").tap()
    expect(page.locator("[data-copied]")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#view-link")
    expect(result).to_contain_text("Ben zahlt Anna 0,90 €")
    assert_fits(page)

    page.locator("tr[data-href]").first.locator(".round-link").tap()
    expect(page.locator("h1")).to_have_text("Korrigieren: Spiel 1")
    settled(page)
    plus(page, "hands-1-others", step=-1)
    expect(page.locator("[data-seat='1'] [data-minus]")).to_have_text("8 Minuspunkte")
    page.get_by_role("button", name="Speichern").tap()
    expect(page.locator(".result")).to_contain_text("Ben zahlt Anna 0,70 €")
    settled(page)

    page.locator("tr[data-href]").nth(1).locator(".round-link").tap()
    settled(page)
    page.get_by_role("button", name="Spiel 2 löschen").tap()
    settled(page)
    page.get_by_role("button", name="Ja, Spiel 2 löschen").tap()
    expect(page.locator(".flash")).to_have_text("Spiel 2 gelöscht.")  # Dynamisch plays games
    settled(page)
    expect(page.locator("[data-progress]")).to_contain_text("Spiel 2 von 2")
    # Undo names what it undoes: bringing game 2 back.
    page.get_by_role("button", name=re.compile("Rückgängig: Spiel 2 wiederherstellen")).tap()
    expect(page.locator(".flash")).to_have_text("Rückgängig gemacht: Spiel 2 ist wieder da.")
    expect(page.locator(".result")).to_contain_text("Ben zahlt Anna 0,70 €")
    expect(page.locator(".rounds-grid tfoot td")).to_have_text(["1", "8", "6"])


def test_deluxe_to_the_end(live_server: Any, page: Page) -> None:
    """Cards left per player by stepper; the fewest penalty points win."""
    start_table(page, live_server.url, "deluxe", ["Anna", "Ben"], lambda: page.fill("#rounds", "2"))
    enter_round(page, lambda: plus(page, "cards-1", 3))
    enter_round(page, lambda: plus(page, "cards-0", 2))
    expect(page.locator(".result")).to_contain_text("Gewinner: Anna")


def test_speedone_points_and_breakdown(live_server: Any, page: Page) -> None:
    """The winner by tap (his entry hidden), points typed, then a hand counted card by card."""

    def options() -> None:
        """Fill in the table's options on the new-table form."""
        page.locator(".choices label:has(input[value='200'])").tap()

    start_table(page, live_server.url, "speedone", ["Anna", "Ben"], options)

    def by_points() -> None:
        """The winner by tap, the other's points typed."""
        choose(page, "winner-choice", "Anna")
        expect(page.locator("[data-seat='0'] [data-winner-note]")).to_be_visible()
        page.fill("#points-1", "120")

    enter_round(page, by_points)
    expect(page.locator("[data-progress]")).to_contain_text("120 / 200 Punkte")

    def by_cards() -> None:
        """The winner by tap, the other's hand counted card by card."""
        choose(page, "winner-choice", "Anna")
        choose(page, "entry-mode", "Karten gezählt")
        page.fill("#hands-1-numbers", "30")
        plus(page, "hands-1-wilds")
        expect(page.locator("[data-seat='1'] [data-hand-points]")).to_have_text("80 Punkte")

    enter_round(page, by_cards)
    expect(page.locator(".result")).to_contain_text("Gewinner: Anna")


def test_speedone_big_hand_by_quick_taps(live_server: Any, page: Page) -> None:
    """87 points in 7 taps: +50 +20 +10 +10, then − three times; typing still works beside."""
    start_table(page, live_server.url, "speedone", ["Anna", "Ben", "Cem"])

    def big_hand() -> None:
        """Ben by quick taps, Cem typed; Anna went out."""
        choose(page, "winner-choice", "Anna")
        expect(page.locator("[data-seat='0'] [data-quick-adds]")).to_be_hidden()
        for amount in (50, 20, 10, 10):
            page.locator(f"[data-add-to='points-1'][data-add='{amount}']").tap()
        plus(page, "points-1", 3, step=-1)
        expect(page.locator("#points-1")).to_have_value("87")
        expect(page.locator("[data-seat='1'] [data-hand-points]")).to_have_text("87 Punkte")
        page.fill("#points-2", "9")
        page.locator("[data-add-to='points-2'][data-add='20']").tap()
        expect(page.locator("#points-2")).to_have_value("29")
        assert_fits(page)
        sizes: list[list[float]] = page.eval_on_selector_all(
            "[data-seat='1'] [data-add-to]",
            "els => els.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])",
        )
        assert len(sizes) == 3 and all(w >= TAP and h >= TAP for w, h in sizes), sizes

    enter_round(page, big_hand)
    expect(page.locator("[data-progress]")).to_contain_text("116 / 500 Punkte")


def test_terroristen_ten_players_fit_the_phone(live_server: Any, page: Page) -> None:
    """Ten seats added by tap; the wide grid scrolls inside its box, not the page."""
    names = [f"Spieler {n}" for n in range(1, 11)]
    start_table(page, live_server.url, "terroristen", names, lambda: page.fill("#ter_games", "2"))
    enter_round(page, lambda: choose(page, "winner-choice", "Spieler 7"))
    enter_round(page, lambda: choose(page, "winner-choice", "Spieler 7"))
    expect(page.locator(".result")).to_contain_text("Gewinner: Spieler 7")
    assert page.evaluate("document.querySelector('.grid-scroll').scrollWidth > 390")
    assert_fits(page)


def test_doppel_match(live_server: Any, page: Page) -> None:
    """Teams as they sit (A = seats 1+3); games by tapping the winning team up to the match."""
    start_table(page, live_server.url, "doppel", ["Anna", "Ben", "Cem", "Dora"])
    for _ in range(10):
        enter_round(page, lambda: choose(page, "winner-choice", "Anna + Cem"))
    expect(page.locator(".result")).to_contain_text("Gewinner: Team A (Anna + Cem)")
    expect(page.locator(".sets")).to_contain_text("Satz 2: A 5 : 0 B")


def test_house_rules_and_money_follow_the_chosen_variant(live_server: Any, page: Page) -> None:
    """The new-table page shows the chosen variant's switches (collapsed) and money only where
    its options allow it; a tapped switch survives switching back and forth and the table page
    lists it."""
    terroristen = "details.table-house-rules[data-variant-options='terroristen']"
    deluxe = "details.table-house-rules[data-variant-options='deluxe']"
    money = "fieldset[data-money]"

    def options() -> None:
        """Speedone's money needs own points without partners; then Terroristen's seven."""
        page.locator("label.variant-choice:has(input[value='speedone'])").tap()
        expect(page.locator(money)).to_be_hidden()
        page.locator(".choices label:has(input[value='own-points'])").tap()
        expect(page.locator(money)).to_be_visible()
        page.locator("label.check:has(#partner)").tap()
        expect(page.locator(money)).to_be_hidden()
        page.locator("label.variant-choice:has(input[value='terroristen'])").tap()
        expect(page.locator(money)).to_be_hidden()
        expect(page.locator(deluxe)).to_be_hidden()
        section = page.locator(terroristen)
        expect(section).to_be_visible()
        expect(section.locator(".house-rule").first).to_be_hidden()  # collapsed
        section.locator("summary").tap()
        section.locator("label", has_text="Sieben auf Sieben").tap()
        assert_fits(page)
        page.locator("label.variant-choice:has(input[value='deluxe'])").tap()
        expect(section).to_be_hidden()
        expect(page.locator(deluxe)).to_be_visible()
        expect(page.locator(money)).to_be_visible()
        page.locator("label.variant-choice:has(input[value='terroristen'])").tap()
        expect(section.locator("input[value='pass']")).to_be_checked()

    start_table(page, live_server.url, "dynamisch", ["Anna", "Ben"], options)
    expect(page.locator("[data-house-rules]")).to_contain_text("Die Sieben: Sieben auf Sieben")
