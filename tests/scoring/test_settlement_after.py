"""The settlement after any round (the CSV's money column) is what a standing of the rounds
up to it settles: every variant that may be played for money, ties and finished series too."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from app.variants.registry import standing
from app.variants.registry import validate_round
from app.variants.registry import validate_table

FOUR = ["Anna", "Ben", "Cem", "Dora"]
THREE = FOUR[:3]


def dynamisch_round(winner: int, counts: list[tuple[int, int]]) -> dict[str, Any]:
    """A Dynamisches Maumau game the winner ended with an empty hand."""
    return {
        "hands": [
            {"jacks": 0, "others": 0} if seat == winner else {"jacks": j, "others": o}
            for seat, (j, o) in enumerate(counts)
        ]
    }


DYNAMISCH = st.builds(
    dynamisch_round,
    st.integers(0, 3),
    st.lists(st.tuples(st.integers(0, 1), st.integers(1, 4)), min_size=4, max_size=4),
)
DELUXE = st.builds(
    lambda winner, cards: {"cards": [0 if s == winner else c for s, c in enumerate(cards)]},
    st.integers(0, 2),
    st.lists(st.integers(1, 6), min_size=3, max_size=3),
)
SPEEDONE = st.builds(
    lambda winner, points: {
        "winner": winner,
        "points": [0 if s == winner else p for s, p in enumerate(points)],
    },
    st.integers(0, 3),
    st.lists(st.integers(1, 60), min_size=4, max_size=4),
)
CASES = {
    "dynamisch": (FOUR, {"games": 6, "rate_cents": 10}, DYNAMISCH),
    "deluxe": (THREE, {"rounds": 5, "rate_cents": 5}, DELUXE),
    "speedone": (FOUR, {"scoring": "own-points", "target": 200, "rate_cents": 1}, SPEEDONE),
}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(CASES)), st.data())
def test_settlement_after_each_round_is_that_rounds_standing_settled(
    variant: str, data: st.DataObject
) -> None:
    """For each round n: the full standing's settlement after n rounds equals the settlement
    of a standing computed from the first n rounds alone."""
    players, given_options, body = CASES[variant]
    options = validate_table(variant, "", players, given_options)[2]
    bodies = data.draw(st.lists(body, min_size=1, max_size=8))
    rounds = [validate_round(variant, players, options, b) for b in bodies]
    state = standing(variant, players, options, rounds)
    assert state.settlement_after(0) is None
    assert state.settlement_after(len(rounds) + 1) is None
    assert state.settlement_after(len(rounds)) == state.settlement
    for played in range(1, len(rounds) + 1):
        alone = standing(variant, players, options, rounds[:played]).settlement
        assert alone is not None
        assert state.settlement_after(played) == alone


def test_no_settlement_after_any_round_without_money() -> None:
    """A table not played for money has none after any round."""
    options = validate_table("dynamisch", "", FOUR, {"games": 8})[2]
    rounds = [validate_round("dynamisch", FOUR, options, dynamisch_round(0, [(0, 1)] * 4))]
    state = standing("dynamisch", FOUR, options, rounds)
    assert state.settlement is None
    assert state.settlement_after(1) is None
