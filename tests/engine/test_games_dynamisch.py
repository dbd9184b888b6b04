"""Whole games of Dynamisches Maumau, one test per rule (the rules digest)."""

from __future__ import annotations

import pytest

from app.engine.games import Game
from app.engine.games import new_game


def game(
    hands: list[str], discard: str, stock: str | None = None, seat: int = 0, wish: str | None = None
) -> Game:
    """A four-player game laid out as given."""
    state = new_game("dynamisch", 4, seed=1)
    state.arrange(hands, discard, stock, seat, wish)
    return state


def legal(state: Game) -> set[str]:
    """The legal moves as text."""
    return {str(move) for move in state.legal_actions()}


def seed_with_start(rank: str) -> Game:
    """The first seeded game whose turned-up card has ``rank``."""
    for seed in range(500):
        state = new_game("dynamisch", 4, seed=seed)
        if state.discard and state.discard[0].rank == rank:
            return state
    raise AssertionError(rank)


def test_dyn_start_deals_eight_cards_each() -> None:
    """dyn.start: eight cards each from two Skat decks (64 cards)."""
    state = new_game("dynamisch", 4, seed=3)
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]
    assert sum(state.all_cards().values()) == 64


@pytest.mark.parametrize(
    ("rank", "actor", "kinds"),
    [
        ("7", 1, {"play", "draw"}),
        ("J", 0, {"name"}),
        ("A", 0, {"play", "draw"}),
        ("9", 0, {"show"}),
        ("10", 1, {"show"}),
    ],
)
def test_dyn_start_card_counts_as_the_dealers(rank: str, actor: int, kinds: set[str]) -> None:
    """dyn.start: the turned-up card counts as played by the dealer."""
    state = seed_with_start(rank)
    assert state.actor == actor  # seat 0 deals, seat 1 is next
    assert {move.kind for move in state.legal_actions()} <= kinds
    if rank == "J":
        assert len(state.legal_actions()) == 3  # any suit but the jack's own


def test_dyn_serve_by_suit_or_rank_or_draw() -> None:
    """dyn.serve: same suit or rank, or draw one card and the turn passes."""
    state = game(["H7,C8,D9", "S7", "S8", "S9"], discard="C10,H10")
    assert legal(state) == {"0 play H7", "0 draw"}
    state.push_text("0 draw")
    assert state.actor == 1 and len(state.hands[0]) == 4


def test_dyn_twin_reverse() -> None:
    """dyn.twin.reverse: a card laid on its twin reverses the direction."""
    state = game(["HK,C8", "S7", "S8", "S9"], discard="C10,HK")
    state.push_text("0 play HK")
    assert state.direction == -1
    assert state.actor == 3


def test_dyn_jack_match() -> None:
    """dyn.jack.match: a jack only when it does not serve, never naming its own suit."""
    state = game(["HJ,CJ,SJ", "S7", "S8", "S9"], discard="C7,H8")
    # HJ would serve the H8; the others name neither their own suit nor hearts.
    assert legal(state) == {
        "0 play CJ wish=S",
        "0 play CJ wish=D",
        "0 play SJ wish=C",
        "0 play SJ wish=D",
        "0 draw",
    }


def test_dyn_jack_wish_on_a_jack_only_the_named_suit_or_the_twin() -> None:
    """dyn.jack.wish: on a jack only the named suit or the jack's twin."""
    state = game(["CJ,HJ,C7,S7", "S7", "S8", "S9"], discard="D8,HJ", wish="C")
    assert legal(state) == {
        "0 play C7",
        "0 play HJ wish=C",
        "0 play HJ wish=S",
        "0 play HJ wish=D",
        "0 draw",
    }


def test_dyn_7_each_pass_adds_one_and_the_taker_is_on_turn() -> None:
    """dyn.7: each seven passed on adds one; the taker stays on turn."""
    state = game(["H7,C9", "D7,S9", "HK,SK", "SA"], discard="C10,H10")
    state.push_text("0 play H7")
    state.push_text("1 play D7")
    assert legal(state) == {"2 draw"}
    assert str(state.situation_for(2)) == "dynamisch top=D7 below=H7 draw=2 hand=HK,SK"
    state.push_text("2 draw")
    assert state.actor == 2 and len(state.hands[2]) == 4
    assert state.situation_for(2).pending is None  # he serves the 7 or draws one more


def test_dyn_pass_with_the_twin_sends_it_back() -> None:
    """dyn.pass: the twin sends the effect back to its player."""
    state = game(["H7,C9", "H7,S9", "HK", "SA"], discard="C10,H10")
    state.push_text("0 play H7")
    state.push_text("1 play H7")
    assert state.actor == 0 and state.pending.draw == 2


def test_dyn_8_passed_on_or_skipped() -> None:
    """dyn.8: passed on with an eight, else skipped without drawing."""
    state = game(["H8,C9", "D8,S9", "HK,SK", "SA"], discard="C10,H10")
    state.push_text("0 play H8")
    state.push_text("1 play D8")
    assert legal(state) == {"2 draw"}
    state.push_text("2 draw")  # skipped, no card drawn
    assert state.actor == 3 and len(state.hands[2]) == 2


def test_dyn_9_shows_two_cards_to_the_next_who_takes_one() -> None:
    """dyn.9: the nine's player shows two cards; the next takes one."""
    state = game(["H9,C7,D8", "S9", "HK", "SA"], discard="C10,H10")
    state.push_text("0 play H9")
    assert legal(state) == {"0 show C7,D8"}
    state.push_text("0 show C7,D8")
    assert legal(state) == {"1 take C7", "1 take D8"}
    state.push_text("1 take D8")
    assert state.hand(1)[-1].rank == "8" and state.actor == 1 and len(state.hands[0]) == 1


def test_dyn_noend_9_10_A_a_last_nine_draws_up_to_two() -> None:
    """dyn.noend.9-10-A: a last nine does not end the game; he draws to show two."""
    state = game(["H9", "S9", "HK", "SA"], discard="C10,H10", stock="C7,D7")
    state.push_text("0 play H9")
    assert not state.is_over()
    assert legal(state) == {"0 show C7,D7"}


def test_dyn_10_the_next_shows_and_the_tens_player_takes() -> None:
    """dyn.10: the next player shows two cards; the ten's player takes one."""
    state = game(["H10,C7", "S9,D9,HA", "HK", "SA"], discard="C8,H8")
    state.push_text("0 play H10")
    assert state.actor == 1 and "1 show HA,D9" in legal(state)
    state.push_text("1 show HA,D9")
    assert legal(state) == {"0 take D9", "0 take HA"}
    state.push_text("0 take HA")
    assert state.actor == 1 and len(state.hands[0]) == 2 and len(state.hands[1]) == 2


def test_dyn_ace_must_be_followed_while_a_card_serves() -> None:
    """dyn.ace: follow the ace while a card serves, else draw."""
    state = game(["HA,H7,C8", "S9", "HK", "SA"], discard="C10,H10")
    state.push_text("0 play HA")
    assert legal(state) == {"0 play H7"}
    state = game(["HA,C8", "S9", "HK", "SA"], discard="C10,H10")
    state.push_text("0 play HA")
    assert legal(state) == {"0 draw"}
    state.push_text("0 draw")
    assert state.actor == 1


def test_dyn_wedding_window_from_the_player_on() -> None:
    """dyn.wedding: the counterpart may be played out of turn, from the next player on."""
    state = game(["HQ,C8", "S9", "HK,S8", "HK,D8"], discard="C10,H10")
    state.push_text("0 play HQ")
    assert state.actor == 2 and legal(state) == {"2 play HK", "2 pass"}
    assert state.situation_for(2).actor == "other"
    state.push_text("2 play HK")  # a new window for the queen: nobody holds one
    assert state.actor == 2 and state.situation_for(2).actor == "on_turn"


def test_dyn_wedding_nobody_announces_then_the_next_is_on_turn() -> None:
    """dyn.wedding.serve: when nobody marries, the next plays on as usual."""
    state = game(["HQ,C8", "HK,S9", "S8", "D8"], discard="C10,H10")
    state.push_text("0 play HQ")
    state.push_text("1 pass")
    assert state.actor == 1
    assert "1 play HK" in legal(state)  # dyn.wedding.serve: as an ordinary serve
    state.push_text("1 play HK")
    assert state.actor == 2


def test_dyn_effect_noend_a_last_seven_ends_when_taken() -> None:
    """dyn.effect.noend: a last seven ends the game once its cards are taken."""
    state = game(["H7", "S9,C9", "HK", "SA"], discard="C10,H10")
    state.push_text("0 play H7")
    assert not state.is_over()
    state.push_text("1 draw")
    assert state.is_over()
    result = state.result()
    assert result.winners == (0,) and result.seats[1].cards == 3 and result.jack_suit is None
    assert result.next_dealer == 1


def test_dyn_score_double_a_last_jack_names_the_suit() -> None:
    """dyn.score.double: a last jack names the suit the others are scored by."""
    state = game(["CJ", "S9,H9", "HK,SJ", "D7"], discard="S10,H10")
    state.push_text("0 play CJ wish=S")
    result = state.result()
    assert result.jack_suit == "S"
    assert [seat.holds_named_suit for seat in result.seats] == [False, True, True, False]
    assert result.round_body()["hands"][2] == {"jacks": 1, "others": 1, "holds_named_suit": True}


def test_dyn_stock_reshuffles_the_discards_below_the_top() -> None:
    """dyn.stock: an empty stock is refilled from the discards below the top."""
    state = game(["C8", "S9", "HK", "SA"], discard="C7,D7,H7,S7,C10", stock="")
    state.push_text("0 draw")
    assert state.reshuffles == 1 and state.top() is not None and str(state.top()) == "C10"
    assert len(state.stock) == 3 and len(state.hands[0]) == 2


def test_dyn_stock_both_exhausted_the_draw_is_skipped() -> None:
    """dyn.stock: with nothing left to draw the draw is skipped."""
    state = game(["C8", "S9", "HK", "SA"], discard="C10", stock="")
    state.push_text("0 draw")
    assert len(state.hands[0]) == 1 and state.actor == 1
