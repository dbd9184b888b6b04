"""Whole games of Doppel Mau-Mau, one test per rule (the rules digest)."""

from __future__ import annotations

import pytest

from app.engine.games import Game
from app.engine.games import new_game
from app.engine.options import Options
from app.engine.situation import Pending


def game(
    hands: list[str], discard: str, stock: str | None = None, seat: int = 0, wish: str | None = None
) -> Game:
    """A game of four laid out as given."""
    state = new_game("doppel", 4, seed=1)
    state.arrange(hands, discard, stock, seat, wish)
    return state


def legal(state: Game) -> set[str]:
    """The legal moves as text."""
    return {str(move) for move in state.legal_actions()}


def test_dop_deal_five_each_for_exactly_four() -> None:
    """dop.deal: one Skat deck of 32, and only four players."""
    state = new_game("doppel", 4, seed=5)
    assert sum(state.all_cards().values()) == 32
    with pytest.raises(ValueError, match="players must be 4 to 4"):
        new_game("doppel", 3)


@pytest.mark.parametrize(
    ("rank", "actor", "pending"),
    [
        ("7", 1, Pending(draw=2)),
        ("8", 1, Pending(skip=1)),
        ("9", 0, Pending(again=2)),
        ("10", 1, None),
    ],
)
def test_dop_deal_the_first_discard_is_the_dealers(
    rank: str, actor: int, pending: Pending | None
) -> None:
    """dop.deal: the turned-up 7, 8, 9 or 10 counts as played by the dealer."""
    state = next(
        state
        for state in (new_game("doppel", 4, seed=seed) for seed in range(300))
        if state.discard[0].rank == rank
    )
    situation = state.situation_for(state.actor)
    assert state.actor == actor and situation is not None and situation.pending == pending


def test_dop_jack_on_anything_but_a_jack_and_the_wish_is_served() -> None:
    """dop.jack: a jack on any card names a suit; the next must serve it."""
    state = game(["CJ,H8", "S7,D8", "SA", "S9"], discard="C7,D9")
    assert legal(state) == {*(f"0 play CJ wish={suit}" for suit in "CSHD"), "0 draw"}
    state.push_text("0 play CJ wish=D")
    assert legal(state) == {"1 play D8", "1 draw"}


def test_dop_draw_then_play_or_end_the_turn() -> None:
    """dop.draw: after drawing he plays a serving card or ends his turn."""
    state = game(["H8", "S7", "SA", "S9"], discard="C7,D9", stock="D10")
    state.push_text("0 draw")
    assert legal(state) == {"0 play D10", "0 pass"}
    state.push_text("0 pass")
    assert state.actor == 1


def test_dop_9_two_more_cards_each_nine_adds_two() -> None:
    """dop.9: each nine asks for two more cards of the same player."""
    state = game(["D9,C9,C7,H8,C8", "S7", "SA", "S10"], discard="H7,D10", stock="HK,SQ")
    state.push_text("0 play D9")
    assert str(state.situation_for(0)) == "doppel top=D9 below=D10 again=2 hand=C9,C7,H8,C8"
    state.push_text("0 play C9")  # 9, 9: three more
    state.push_text("0 play C7")
    state.push_text("0 play C8")
    assert state.pending.again == 1 and legal(state) == {"0 play H8"}
    state.push_text("0 play H8")  # his last card: he is out, and his 8 skips the next
    assert str(state.situation_for(1)) == "doppel top=H8 below=C8 skip=1 hand=S7 players=3"


def test_dop_9_draws_for_cards_he_cannot_play() -> None:
    """dop.9: for each card he cannot play he draws one."""
    state = game(["D9,S7,SA", "H7", "HA", "S10"], discard="C7,D10", stock="HK,SQ")
    state.push_text("0 play D9")
    assert legal(state) == {"0 draw"}
    state.push_text("0 draw")  # SQ: still no diamond or nine
    state.push_text("0 draw")
    assert state.actor == 1 and len(state.hands[0]) == 4


def test_dop_7_chain_and_the_taker_may_play_at_once() -> None:
    """dop.7: sevens chain by two; the taker may play right after drawing."""
    state = game(["C7,H8", "D7,D8", "DA,HK", "S9"], discard="C10,C9", stock="H9,S10,SK,SQ")
    state.push_text("0 play C7")
    state.push_text("1 play D7")
    assert str(state.situation_for(2)) == "doppel top=D7 below=C7 draw=4 hand=DA,HK"
    state.push_text("2 draw")
    assert state.actor == 2 and legal(state) == {"2 play DA", "2 pass"}


def test_dop_8_passed_on_or_skipped() -> None:
    """dop.8: an eight is passed on with an eight, else the player is skipped."""
    state = game(["C8,H8", "D8,D7", "DA,HK", "S9"], discard="C10,C9")
    state.push_text("0 play C8")
    assert legal(state) == {"1 play D8", "1 draw"}
    state.push_text("1 draw")
    assert state.actor == 2


def test_dop_out_the_player_sits_out_and_his_last_card_counts() -> None:
    """dop.out: a player out sits out, and his last card still takes effect."""
    state = game(["C8", "D8,D7", "CA,HK", "S9,H9"], discard="C10,C9")
    state.push_text("0 play C8")
    assert state.situation_for(1).players == 3
    state.push_text("1 draw")  # skipped by the 8 that went out
    state.push_text("2 play CA")
    state.push_text("3 draw")
    state.push_text("3 pass")
    assert state.actor == 1  # seat 0 is out


def test_dop_lastcard_two_no_going_out_with_an_8_or_9() -> None:
    """dop.lastcard.two: of the last two players nobody goes out with an 8 or 9."""
    state = game(["", "D9", "", "S9,H7"], discard="C10,C9", stock="HK,SQ,S8", seat=1)
    state.out = [True, False, True, False]
    state.out_order = [0, 2]
    state.push_text("1 play D9")
    assert not state.is_over() and legal(state) == {"1 draw"}


def test_dop_game_the_team_out_first_wins() -> None:
    """dop.game: the team whose two players are out first wins."""
    state = game(["C8", "D8,D7", "", "S9,H9"], discard="C10,C9")
    state.out[2] = True
    state.out_order = [2]
    state.push_text("0 play C8")
    result = state.result()
    assert result.team == "A" and result.winners == (2, 0)
    assert result.round_body() == {"winner": "A"}


def test_dop_lastcard_two_the_last_eight_may_be_countered() -> None:
    """dop.lastcard.two (I): the other player may still counter an 8 played as last card."""
    state = game(["", "D8", "", "S8,H7"], discard="C10,C8", stock="HK,SQ,S9", seat=1)
    state.out = [True, False, True, False]
    state.out_order = [0, 2]
    state.push_text("1 play D8")
    assert state.actor == 3 and legal(state) == {"3 play S8", "3 draw"}
    state.push_text("3 draw")  # skipped: the 8's player is on turn again, with no card
    assert state.actor == 1 and legal(state) == {"1 draw"}


def test_dop_house_nine_may_draw_all_owed_at_once() -> None:
    """dop.house.nine "may": after a nine he may draw all owed cards at once instead."""
    state = new_game("doppel", 4, seed=1, options=Options.parse("nine:may"))
    state.arrange(["D9,D7,H8", "S7", "SA", "S10"], discard="C7,D10", stock="HK,SQ,S9")
    state.push_text("0 play D9")
    assert legal(state) == {"0 play D7", "0 draw"}
    state.push_text("0 draw")
    assert len(state.hands[0]) == 4 and state.actor == 1
