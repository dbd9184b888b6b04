"""Whole rounds of Maumau-Deluxe, one test per rule (the rules digest)."""

from __future__ import annotations

from app.engine.games import Game
from app.engine.games import new_game
from app.engine.options import Options


def game(hands: list[str], discard: str, stock: str | None = None, seat: int = 0) -> Game:
    """A round laid out as given (as many players as hands)."""
    state = new_game("deluxe", len(hands), seed=1)
    state.arrange(hands, discard, stock, seat)
    return state


def legal(state: Game) -> set[str]:
    """The legal moves as text."""
    return {str(move) for move in state.legal_actions()}


def test_dlx_start_five_cards_and_no_start_effect() -> None:
    """dlx.start: five cards each; the turned-up card leaves nothing pending."""
    for seed in range(20):
        state = new_game("deluxe", 4, seed=seed)
        assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
        assert state.actor == 1 and state.situation_for(1).pending is None


def test_dlx_start_the_table_chooses_the_direction() -> None:
    """dlx.start: the table chooses the direction, and so who begins next to the dealer."""
    assert new_game("deluxe", 4, seed=2, dealer=1, direction=-1).actor == 0


def test_dlx_serve_and_pair_of_twins() -> None:
    """dlx.serve, dlx.pair: a card that serves, or both twins at once."""
    state = game(["D7,D7,S10,HA", "S7", "SA", "SK"], discard="C10,D10")
    assert legal(state) == {"0 play D7", "0 play D7,D7", "0 play S10", "0 draw"}
    state.push_text("0 play D7,D7")
    assert state.actor == 1 and len(state.hands[0]) == 2


def test_dlx_king_chain_grows_and_the_drawer_is_skipped() -> None:
    """dlx.king: kings add 2 each (a pair 4); the drawer takes them all and is skipped."""
    state = game(["DK,D7", "CK,CK,S7", "SA,SA", "S10"], discard="C10,D10")
    state.push_text("0 play DK")
    assert legal(state) == {"1 play CK", "1 play CK,CK", "1 draw"}
    state.push_text("1 play CK,CK")  # I (dlx.pair): two kings add 4
    assert str(state.situation_for(2)) == "deluxe top=CK below=CK draw=6 hand=SA,SA"
    state.push_text("2 draw")
    assert len(state.hands[2]) == 8 and state.actor == 3


def test_dlx_10_skips_one_player_per_ten() -> None:
    """dlx.10: a pair of tens skips two players."""
    state = game(["D10,D10,D7", "S7", "SA", "SK"], discard="C7,D7")
    state.push_text("0 play D10,D10")
    assert state.actor == 3


def test_dlx_10_with_two_players_is_plain_and_may_be_last() -> None:
    """dlx.10: with two players a ten is a plain card and may go out."""
    state = game(["D10", "S7"], discard="C7,D7")
    assert legal(state) == {"0 play D10", "0 draw"}
    state.push_text("0 play D10")
    assert state.result().winners == (0,)


def test_dlx_ace_one_more_card_and_draw_only_when_stuck() -> None:
    """dlx.ace: the ace's player lays one more card; drawing only when stuck."""
    state = game(["DA,D7,S7", "S10", "SA", "SK"], discard="C7,D7")
    state.push_text("0 play DA")
    assert legal(state) == {"0 play D7"}
    state.push_text("0 play D7")
    assert state.actor == 1


def test_dlx_lastcard_no_special_card_last() -> None:
    """dlx.lastcard: a special card may not be the last one; he draws."""
    state = game(["DK", "S7", "SA", "SK"], discard="C7,D7")
    assert legal(state) == {"0 draw"}


def test_dlx_jack_wishes_a_rank_everybody_discards_once() -> None:
    """dlx.jack, dlx.wish: a wished rank, each player serves it once, back at the wisher it ends."""
    state = game(["DJ,DA,D7", "C7,SA", "CA,HK", "S7,HA"], discard="C7,D7")
    state.push_text("0 play DJ wish=A")
    assert legal(state) == {"1 play SA", "1 draw"}  # the wished rank, whatever the top
    state.push_text("1 play SA")  # I (dlx.wish): a plain ace now, no extra card
    assert state.actor == 2 and "2 play HK" not in legal(state)
    state.push_text("2 play CA")
    state.push_text("3 play HA")
    assert str(state.situation_for(0)) == (
        "deluxe top=HA below=CA wish=A:by_you:anyone_served hand=DA,D7"
    )
    state.push_text("0 play DA")  # the wisher himself was the last: the wish ends
    assert state.actor == 1 and state.situation_for(1).wish is None


def test_dlx_wish_override_before_anyone_served() -> None:
    """dlx.wish.override: another jack overrides a wish nobody has served yet."""
    state = game(["DJ,SA,D7", "CJ,S7", "CA,HK", "S7,HA"], discard="C7,D7")
    state.push_text("0 play DJ wish=K")
    assert "1 play CJ wish=7" in legal(state)
    state.push_text("1 play CJ wish=7")
    assert state.situation_for(1).wish is not None
    assert state.situation_for(1).wish.by_you


def test_dlx_wish_unheld_costs_five_cards() -> None:
    """dlx.wish.unheld: wishing a suit he does not hold costs five cards."""
    state = game(["DQ,S7,D7", "C7,SA", "CA,HK", "S7,HA"], discard="C7,D7")
    state.push_text("0 play DQ wish=H")
    assert len(state.hands[0]) == 7


def test_dlx_out_the_winner_deals_next() -> None:
    """dlx.out: cards left per seat, and the player out deals next."""
    state = game(["D7", "C7,SA", "CA,HK,HA", "S7"], discard="C7,D10")
    state.push_text("0 play D7")
    result = state.result()
    assert result.round_body() == {"cards": [0, 2, 3, 1], "next_dealer": 0}


def test_dlx_stock_the_last_card_brings_a_new_stock_and_then_the_top() -> None:
    """dlx.stock: owed cards come from the reshuffled discards, then the top; any card follows."""
    state = game(["DK,D7", "CK,CK,S7", "CA", "S7"], discard="D10", stock="SK")
    state.push_text("0 play DK")
    state.push_text("1 play CK,CK")
    state.push_text("2 draw")  # owes 6: SK, the new stock D10,DK,CK, the top CK; 1 lapses
    assert sorted(str(card) for card in state.hand(2)) == ["CA", "CK", "CK", "D10", "DK", "SK"]
    assert state.reshuffles == 1
    assert state.top() is None and state.situation_for(3) is None
    assert legal(state) == {"3 play S7", "3 draw"}  # any card on the empty pile


def test_dlx_house_strictdraw_draw_only_when_nothing_fits() -> None:
    """dlx.house.strictdraw: a player who could play may not draw."""
    state = new_game("deluxe", 4, seed=1, options=Options.parse("strict_draw"))
    state.arrange(["D7,S10,HA", "S7", "SA", "SK"], discard="C10,D10")
    assert legal(state) == {"0 play D7", "0 play S10"}
    state.arrange(["HK,SA", "S7", "SA", "SK"], discard="C7,D7")
    assert legal(state) == {"0 draw"}
