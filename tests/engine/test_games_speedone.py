"""Whole rounds of Speedone, one test per rule (the rules digest)."""

from __future__ import annotations

from app.engine.games import Game
from app.engine.games import new_game
from app.engine.options import Options


def game(
    hands: list[str],
    discard: str,
    stock: str | None = None,
    wish: str | None = None,
    options: Options | None = None,
) -> Game:
    """A round laid out as given (as many players as hands), seat 0 on turn."""
    state = new_game("speedone", len(hands), seed=1, options=options)
    state.arrange(hands, discard, stock, 0, wish)
    return state


def legal(state: Game) -> set[str]:
    """The legal moves as text."""
    return {str(move) for move in state.legal_actions()}


def test_spd_start_seven_cards_left_of_the_dealer_no_effect() -> None:
    """spd.start: seven cards each; left of the dealer begins, nothing pending."""
    state = new_game("speedone", 5, seed=4, dealer=2)
    assert [len(hand) for hand in state.hands] == [7] * 5
    assert state.actor == 3 and state.situation_for(3).pending is None


def test_spd_start_a_wild_start_card_names_no_colour() -> None:
    """spd.start (I): a wild start card names no colour, so any card goes on it."""
    state = game(["W,R5,Y5", "B1"], discard="W")
    assert legal(state) == {f"0 play W wish={colour}" for colour in "RGBY"} | {
        "0 play R5",
        "0 play Y5",
        "0 draw",
    }
    state.push_text("0 play Y5")
    assert legal(state) == {"1 draw"}  # B1 serves neither yellow nor 5


def test_spd_serve_colour_value_or_wild() -> None:
    """spd.serve: colour or value serves, a wild card always."""
    state = game(["R5,G7,B2,W+4", "B1", "Y1"], discard="G1,R7")
    assert legal(state) == {
        "0 play R5",
        "0 play G7",
        "0 draw",
        *(f"0 play W+4 wish={colour}" for colour in "RGBY"),
    }


def test_spd_wish_only_the_named_colour_or_a_wild() -> None:
    """spd.wish: only the wished colour or another wild card."""
    state = game(["R5,G7,W", "B1", "Y1"], discard="G1,W", wish="R")
    assert legal(state) == {"0 play R5", "0 draw", *(f"0 play W wish={c}" for c in "RGBY")}


def test_spd_skip_and_with_two_players_play_again() -> None:
    """spd.skip: the next is skipped; with two players he plays again."""
    state = game(["RS,R1", "B1", "Y1", "G1"], discard="G1,R7")
    state.push_text("0 play RS")
    assert state.actor == 2
    state = game(["RS,R1", "B1"], discard="G1,R7")
    state.push_text("0 play RS")
    assert state.actor == 0


def test_spd_reverse_and_with_two_players_a_skip() -> None:
    """spd.reverse: the direction turns; with two players it acts as a skip."""
    state = game(["RR,R1", "B1", "Y1", "G1"], discard="G1,R7")
    state.push_text("0 play RR")
    assert state.direction == -1 and state.actor == 3
    state = game(["RR,R1", "B1"], discard="G1,R7")
    state.push_text("0 play RR")
    assert state.actor == 0


def test_spd_draw2_the_next_draws_and_his_turn_ends() -> None:
    """spd.draw2: the next draws two and his turn ends."""
    state = game(["R+2,R1", "B+2", "Y1", "G1"], discard="G1,R7", stock="B3,B4,B5")
    state.push_text("0 play R+2")
    assert len(state.hands[1]) == 3 and state.actor == 2


def test_spd_opt_stack2_a_draw_two_passes_it_on() -> None:
    """spd.opt.stack2: a +2 on a +2 passes the sum on (never a W+4)."""
    state = game(
        ["R+2,R1", "B+2,W+4", "Y1", "G1"], discard="G1,R7", options=Options.parse("stack2")
    )
    state.push_text("0 play R+2")
    assert legal(state) == {"1 play B+2", "1 draw"}  # never a W+4 on a +2
    state.push_text("1 play B+2")
    assert str(state.situation_for(2)) == (
        "speedone top=B+2 below=R+2 draw=4 hand=Y1 options=stack2"
    )
    state.push_text("2 draw")
    assert len(state.hands[2]) == 5 and state.actor == 3


def test_spd_opt_stack4_a_wild_draw_four_passes_it_on() -> None:
    """spd.opt.stack4: a W+4 on a W+4 passes it on."""
    state = game(
        ["W+4,R1", "B+2,W+4", "Y1", "G1"], discard="G1,R7", options=Options.parse("stack4")
    )
    state.push_text("0 play W+4 wish=B")
    assert legal(state) == {*(f"1 play W+4 wish={c}" for c in "RGBY"), "1 draw"}


def test_spd_draw_a_drawer_may_not_play_any_more() -> None:
    """spd.draw: after drawing the turn ends."""
    state = game(["R5", "B1", "Y1"], discard="G1,R7", stock="R9")
    state.push_text("0 draw")
    assert state.actor == 1 and len(state.hands[0]) == 2


def test_spd_handlimit_cards_beyond_22_lapse() -> None:
    """spd.handlimit: cards beyond 22 in hand are not drawn."""
    full = "G0,G1,G1,G2,G2,G3,G3,G4,G4,G5,G5,G6,G6,G7,G7,G8,G8,G9,G9,B0,B1"
    state = game(["R+2,B2", full], discard="Y1,R7")
    state.push_text("0 play R+2")
    assert len(state.hands[1]) == 22


def test_spd_points_of_the_hands_left() -> None:
    """spd.points: the cards left are worth their points; the winner has 0."""
    state = game(["R5", "B1,BS,W", "Y9,W+4"], discard="G1,R7")
    state.push_text("0 play R5")
    result = state.result()
    assert [seat.points for seat in result.seats] == [0, 71, 59]
    assert result.round_body() == {"winner": 0, "points": [0, 71, 59]}


def test_spd_house_handlimit_off_every_drawn_card_is_taken() -> None:
    """spd.house.handlimit: switched off, cards beyond 22 are drawn too."""
    full = "G0,G1,G1,G2,G2,G3,G3,G4,G4,G5,G5,G6,G6,G7,G7,G8,G8,G9,G9,B0,B1"
    state = game(["R+2,B2", full], discard="Y1,R7", options=Options.parse("handlimit:false"))
    state.push_text("0 play R+2")
    assert len(state.hands[1]) == 23
