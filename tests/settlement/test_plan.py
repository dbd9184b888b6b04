"""The plan of a Kassensturz: rounding carried by one person, the Kasse mode, stable ids."""

from __future__ import annotations

import pytest

from app.settlement.plan import make_plan
from app.settlement.plan import nearest

EVENING = [("Anna", 90), ("Ben", 40), ("Cem", -20), ("Dora", -40), ("Jörg", -70)]


@pytest.mark.parametrize(
    ("cents", "step", "rounded"),
    [
        (24, 50, 0),
        (25, 50, 0),
        (26, 50, 50),
        (-25, 50, 0),
        (-26, 50, -50),
        (73, 5, 75),
        (72, 5, 70),
    ],
)
def test_a_half_rounds_towards_zero(cents: int, step: int, rounded: int) -> None:
    """Nearest multiple; exactly half way moves less money."""
    assert nearest(cents, step) == rounded


def test_rounding_to_ten_cents_is_carried_by_the_biggest_winner() -> None:
    """Ben +43 is the biggest winner and carries: Cem −17→−20, Dora −26→−30, so Ben gets
    50 instead of 43 (+7 ct, worked out by hand); Anna's 0 stays 0."""
    plan = make_plan([("Anna", 0), ("Ben", 43), ("Cem", -17), ("Dora", -26)], "x", round_to=10)
    assert plan.carrier == "Ben" and plan.rounding_cents == 7
    assert sorted((t.payer, t.payee, t.cents) for t in plan.transfers) == [
        ("Cem", "Ben", 20),
        ("Dora", "Ben", 30),
    ]


def test_kasse_mode_routes_everything_through_the_holder() -> None:
    """Every transfer has the holder on one side; the sum each way matches the balances."""
    plan = make_plan(EVENING, "evening:2026-11-26", mode="kasse", holder="Cem")
    assert plan.method == "kasse" and not plan.exact
    assert sorted((t.payer, t.payee, t.cents) for t in plan.transfers) == [
        ("Cem", "Anna", 90),
        ("Cem", "Ben", 40),
        ("Dora", "Cem", 40),
        ("Jörg", "Cem", 70),
    ]


def test_transfer_ids_are_stable_and_name_their_selection() -> None:
    """The same evening gives the same ids; another selection other ids."""
    first = make_plan(EVENING, "evening:2026-11-26")
    again = make_plan(list(EVENING), "evening:2026-11-26")
    other = make_plan(EVENING, "evening:2026-11-27")
    assert [t.id for t in first.transfers] == [t.id for t in again.transfers]
    assert not {t.id for t in first.transfers} & {t.id for t in other.transfers}
