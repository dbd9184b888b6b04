"""Whole games of Terroristen-Mau-Mau, one test per rule (the rules digest)."""

from __future__ import annotations

import pytest

from app.engine.games import Game
from app.engine.games import new_game
from app.engine.options import Options


def game(hands: list[str], discard: str, stock: str | None = None, wish: str | None = None) -> Game:
    """A game laid out as given (as many players as hands), seat 0 on turn."""
    state = new_game("terroristen", len(hands), seed=1)
    state.arrange(hands, discard, stock, 0, wish)
    return state


def legal(state: Game) -> set[str]:
    """The legal moves as text."""
    return {str(move) for move in state.legal_actions()}


def seed_with_start(rank: str) -> Game:
    """The first seeded four-player game whose turned-up card has ``rank``."""
    for seed in range(500):
        state = new_game("terroristen", 4, seed=seed)
        if state.discard[0].rank == rank and state.ply == 0:
            return state
    raise AssertionError(rank)


def test_ter_decks_for_the_players_and_six_cards_each() -> None:
    """I: ceil(players × 15 / 32) decks shuffled together, six cards each."""
    state = new_game("terroristen", 10, seed=3)
    assert sum(state.all_cards().values()) == 5 * 32  # I: ceil(10 × 15 / 32) decks
    assert str(state.top()) == "S8" and {len(hand) for hand in state.hands} == {6}


@pytest.mark.parametrize(
    ("rank", "actor", "pending", "direction"),
    [
        ("7", 2, None, 1),
        ("8", 2, None, 1),
        ("9", 3, "draw=1", 1),
        ("10", 3, None, -1),
        ("A", 1, None, 1),
    ],
)
def test_ter_start_a_special_card_is_the_dealers(
    rank: str, actor: int, pending: str | None, direction: int
) -> None:
    """ter.start: a special turned-up card counts as played by the dealer."""
    state = seed_with_start(rank)
    assert (state.actor, state.direction) == (actor, direction)
    situation = state.situation_for(actor)
    assert situation is not None
    assert (f"draw={situation.pending.draw}" if situation.pending else None) == pending
    if rank == "7":
        assert len(state.hands[1]) == 8


def test_ter_start_a_jack_lets_the_dealer_name_any_suit() -> None:
    """ter.start: a turned-up jack lets the dealer name any suit."""
    state = seed_with_start("J")
    assert legal(state) == {f"0 name {suit}" for suit in "CSHD"}


def test_ter_jack_on_anything_but_a_jack() -> None:
    """ter.jack: a jack on any card but a jack; then the wished suit."""
    state = game(["CJ,H8", "S7", "SA"], discard="C7,D9")
    assert legal(state) == {*(f"0 play CJ wish={suit}" for suit in "CSHD"), "0 draw"}
    state = game(["CJ,H8,C8", "S7", "SA"], discard="C7,DJ", wish="H")
    assert legal(state) == {"0 play H8", "0 play H8,C8", "0 draw"}


def test_ter_7_the_next_draws_two_and_loses_his_turn() -> None:
    """ter.7: the next draws two and loses his turn."""
    state = game(["C7,H8", "S7", "SA"], discard="C8,C9", stock="D7,D8,D9")
    state.push_text("0 play C7")
    assert len(state.hands[1]) == 3 and state.actor == 2


def test_ter_8_skips_and_cannot_be_passed_on() -> None:
    """ter.8: the next is skipped; no eight passes it on."""
    state = game(["C8,H8", "S8", "SA"], discard="C7,C9")
    state.push_text("0 play C8")
    assert state.actor == 2


def test_ter_9_the_previous_player_draws_and_may_pass_it_back() -> None:
    """ter.9: the previous player draws, or passes the chain back with a nine."""
    state = game(["C9,H8", "S8", "SA", "S9,D8"], discard="C7,C10", stock="D7,D10,DA,DQ")
    state.push_text("0 play C9")
    assert state.actor == 3 and legal(state) == {"3 play S9", "3 draw"}
    state.push_text("3 play S9")
    assert str(state.situation_for(2)) == "terroristen top=S9 below=C9 draw=2 hand=SA"
    state.push_text("2 draw")
    assert len(state.hands[2]) == 3 and state.actor == 1  # after the first nine's player


def test_ter_10_reverses_once_per_card() -> None:
    """ter.10: each ten reverses, so two tens keep the direction."""
    state = game(["C10,H10,H8", "S8", "SA"], discard="C7,C9")
    assert "0 play C10,H10" in legal(state)
    state.push_text("0 play C10,H10")
    assert state.direction == 1 and state.actor == 1


def test_ter_ace_one_more_serving_card_per_ace() -> None:
    """ter.ace: one more serving card per ace, no draw while one serves."""
    state = game(["CA,HA,HK,H9,S7", "S8", "SA"], discard="C7,C9")
    state.push_text("0 play CA,HA")
    assert state.situation_for(0).pending is not None
    state.push_text("0 play HK")
    assert "0 draw" not in legal(state)
    state.push_text("0 play H9")  # starts the nine chain at once
    assert state.actor == 2
    state.push_text("2 draw")
    assert state.actor == 1  # two extra cards played: the turn passes


def test_ter_ace_a_last_ace_is_not_out() -> None:
    """ter.ace: a player whose last card is an ace is not out: he cannot play the extra
    card, so he draws one and the turn passes."""
    state = game(["CA", "S8", "SA"], discard="C7,C9", stock="D7,D8")
    state.push_text("0 play CA")
    assert not state.is_over() and len(state.hands[0]) == 1 and state.actor == 1


def test_ter_multi_same_rank_first_one_serves() -> None:
    """ter.multi: several cards of a rank, the first serving; effects multiply."""
    state = game(["S7,D7,C7,H8", "S8,S9", "SA"], discard="H9,H7")
    assert "0 play S7,C7,D7" in legal(state) and "0 play D7,C7,S7" in legal(state)
    state.push_text("0 play S7,C7,D7")  # three sevens: the next draws 6
    assert len(state.hands[1]) == 8 and state.actor == 2


def test_ter_wedding_out_of_turn_without_changing_the_order() -> None:
    """ter.wedding: the counterpart out of turn; the order of play stays."""
    state = game(["HQ,C8", "S8,S9", "HK,D9", "HK,C9"], discard="H9,H7")
    state.push_text("0 play HQ")
    assert state.actor == 2 and legal(state) == {"2 play HK", "2 pass"}
    assert state.situation_for(2).actor == "other"
    state.push_text("2 play HK")
    assert state.actor == 1 and state.situation_for(1).actor == "on_turn"


def test_ter_first_player_out_wins() -> None:
    """The first player out wins (no points kept): the round body names him."""
    state = game(["H8", "S8,S9", "HK"], discard="H9,H7")
    state.push_text("0 play H8")
    assert state.result().round_body() == {"winner": 0}


def test_ter_ace_what_sevens_and_eights_do_waits_until_the_turn_passes() -> None:
    """ter.ace, ter.multi: behind two aces a 7 and an 8 hit the next players when the
    turn passes: the next draws 2 and loses his turn, the 8 skips one more."""
    state = game(
        ["CA,HA,H7,H8,DK", "S9,S10", "SK,SQ", "SJ,D9"], discard="C9,C10", stock="D7,D8,C8,CK"
    )
    state.push_text("0 play CA,HA")
    state.push_text("0 play H7")
    assert (state.actor, len(state.hands[1])) == (0, 2)  # the seven waits
    assert str(state.situation_for(0)) == (
        "terroristen top=H7 below=HA again=1 hand=H8,DK waiting=draw:2"
    )
    state.push_text("0 play H8")
    assert len(state.hands[1]) == 4 and state.actor == 3  # 1 draws and is skipped, 2 too


def test_ter_ace_a_nine_chain_interrupts_and_the_owed_card_follows() -> None:
    """ter.ace, ter.9: a nine played for the first of two aces starts its chain at once;
    once it is taken, the nine's player plays the card he still owes."""
    state = game(["CA,HA,H9,H7,DK", "S8,S10", "SK,SQ", "SJ,D8"], discard="C7,C10", stock="D7,C8,CQ")
    state.push_text("0 play CA,HA")
    state.push_text("0 play H9")
    assert state.actor == 3 and legal(state) == {"3 draw"}
    state.push_text("3 draw")
    assert state.actor == 0 and str(state.situation_for(0)) == (
        "terroristen top=H9 below=HA again=1 hand=H7,DK"
    )
    state.push_text("0 play H7")
    assert state.actor == 2 and len(state.hands[1]) == 4  # the seven: 1 draws, is skipped


def test_ter_house_seven_pass_the_next_may_pass_it_on() -> None:
    """ter.house.seven "pass": a 7 may be answered with a 7; the taker draws them all."""
    state = new_game("terroristen", 3, seed=1, options=Options.parse("seven:pass"))
    state.arrange(["C7,H8", "S7,S9", "SK,SQ"], discard="C8,C9", stock="D7,D8,D9,D10,DJ")
    state.push_text("0 play C7")
    assert state.actor == 1 and legal(state) == {"1 play S7", "1 draw"}
    state.push_text("1 play S7")
    state.push_text("2 draw")
    assert len(state.hands[2]) == 6 and state.actor == 0


def test_ter_house_multi_twins_only_identical_cards_together() -> None:
    """ter.house.multi "twins": only identical cards may be played together."""
    state = new_game("terroristen", 3, seed=1, options=Options.parse("multi:twins"))
    state.arrange(["S7,S7,D7,H8", "S8,S9", "SA"], discard="H9,H7")
    assert {move for move in legal(state) if "," in move} == {"0 play S7,S7"}
