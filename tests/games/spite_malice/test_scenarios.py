"""The acceptance scenarios SM-A1 … SM-A14 of the Spite & Malice spec, one test each."""

from __future__ import annotations

import pytest

from cardgames.core.cards import Rank
from cardgames.core.errors import IllegalMove
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Bottom, Bus, Discard, End, Play
from cardgames.games.spite_malice.engine import SpiteMaliceState
from tests.games.spite_malice.builders import (
    card,
    cards,
    position,
    refused,
    run,
    run_of,
    typed_refusal,
)


def test_sm_a1_joker_cannot_open_a_pile() -> None:
    state = position(hands=["Xr 2c 5d 9h Qs", "3c"], full=True)
    assert refused(state, Play(card("Xr"), "hand", 1)) == "A joker cannot open a building pile"
    assert typed_refusal(state, "play jk") == "A joker cannot open a building pile"
    assert typed_refusal(state, "play jk 1") == "A joker cannot open a building pile"
    assert not [a for a in state.legal_actions() if isinstance(a, Play)]


def test_sm_a2_king_does_not_go_on_a_jack() -> None:
    state = position(hands=["Ks 4d", "3d"], piles=[run_of(11)], full=True)
    assert refused(state, Play(card("Ks"), "hand", 1)) == "K♠ cannot go on pile 1: it needs a Q"
    assert Play(card("Ks"), "hand", 1) not in state.legal_actions()


@pytest.mark.parametrize("king", ["Kd", "Xb"])
def test_sm_a3_king_completes_the_pile_and_clears_it(king: str) -> None:
    state = position(hands=[f"{king} 4d", "3d"], piles=[run_of(12)], full=True)
    stock = list(state.stock)
    play = Play(card(king), "hand", 1)
    assert play in state.legal_actions()
    events = state.apply(play)
    assert state.piles[0] == []
    assert len(state.cleared) == 13
    assert state.cleared[-1] == card(king)
    assert state.stock == stock
    assert [e.kind for e in events] == ["play", "complete"]
    assert state.card_count() == 108


def test_sm_a4_joker_keeps_the_rank_it_stands_for() -> None:
    state = position(hands=["3c#1 4h", "3d"], piles=["Ac 2c Xr"], full=True)
    message = refused(state, Play(card("3c#1"), "hand", 1))
    assert message == "3♣ cannot go on pile 1: it needs a 4 (the joker there is the 3)"
    state.apply(Play(card("4h"), "hand", 1))
    assert len(state.piles[0]) == 4


def test_sm_a5_fill_turns_the_cleared_heap_into_the_stock() -> None:
    """SM-8, SM-11: the turn starts with a fill to five that empties the stock and goes on
    from the cleared heap, shuffled into a new stock."""
    heap = " ".join(f"{run_of(13, 'c')} {run_of(13, 'd')}".split())
    state = position(
        hands=["9h", "7s"], stock="2h 3h", cleared=heap, current=1, full=False
    )
    assert len(state.cleared) == 26
    events = state.apply(Discard(card("7s"), 1))
    assert state.current_player == 0
    assert len(state.hands[0]) == 5
    assert len(state.stock) == 24
    assert state.cleared == []
    assert set(state.hands[0][1:3]) == {card("2h"), card("3h")}
    assert [e.kind for e in events] == ["discard", "draw", "reshuffle", "draw"]


def test_sm_a6_a_rank_keeps_to_its_spot() -> None:
    start = position(hands=["7s 8c 4d", "3c"], spots=[["7d"]], full=True)
    state = start.clone()
    message = refused(state, Discard(card("7s"), 2))
    assert message == "7♠ cannot go on spot 2: your sevens are on spot 1"
    assert refused(state, Discard(card("8c"), 1)) == "8♣ cannot go on spot 1: it holds sevens"
    state.apply(Discard(card("7s"), 1))
    assert state.spots[0][0] == [card("7d"), card("7s")]
    assert typed_refusal(start.clone(), "discard 8c 1") == "8♣ cannot go on spot 1: it holds sevens"


def test_sm_a7_jokers_have_one_spot_of_their_own() -> None:
    state = position(
        hands=["Xr 4h Xb 9c 10c", "3c 5c 6c"], spots=[["7d"]], stock="5s 6s", full=True
    )
    state.apply(Discard(card("Xr"), 3))
    assert state.spots[0][2] == [card("Xr")]
    state.apply(Discard(card("3c"), 1))
    assert state.current_player == 0
    assert refused(state, Discard(card("4h"), 3)) == "4♥ cannot go on spot 3: it holds jokers"
    message = refused(state, Discard(card("Xb"), 1))
    assert message == "A joker goes only on an empty spot; spot 1 holds sevens"
    message = refused(state, Discard(card("Xb"), 4))
    assert message == "Jkb cannot go on spot 4: your jokers are on spot 3"
    state.apply(Discard(card("Xb"), 3))
    assert state.spots[0][2] == [card("Xr"), card("Xb")]


def test_sm_a8_an_ace_in_hand_must_be_played() -> None:
    """SM-12: while an ace is in hand no discard, bus or end is allowed (the ace itself goes
    to neither a spot nor the bus); only building plays are offered, the ace opening a pile."""
    state = position(hands=["Ad 5c 9h", "3c"], full=True)
    reason = "You hold A♦: play it before you end your turn"
    assert refused(state, Discard(card("5c"), 1)) == reason
    assert refused(state, Discard(card("Ad"), 1)) == reason
    assert refused(state, Bus(card("9h"))) == reason
    assert "bus" in refused(state, Bus(card("Ad")))
    assert refused(state, End()).startswith("You still hold cards")
    assert all(isinstance(a, Play) for a in state.legal_actions())
    run(state, "play ad")
    assert state.piles[0] == [card("Ad")]
    assert Discard(card("5c"), 1) in state.legal_actions()


def test_sm_a9_the_bus_takes_a_card_no_spot_takes() -> None:
    state = position(
        hands=["3c 5d", "4h"],
        pay_off=["Kd 9h Qc", "2s 6h"],
        spots=[["7s", "9s", "Qs", "Xr"]],
        full=True,
    )
    assert not [a for a in state.legal_actions() if isinstance(a, Discard)]
    for spot in (1, 2, 3, 4):
        refused(state, Discard(card("3c"), spot))
        refused(state, Discard(card("5d"), spot))
    assert typed_refusal(state, "discard 5d").startswith("No discard spot takes 5♦")
    events = run(state, "bus 5d").pay_off[0]
    assert events == [card("5d"), card("Kd"), card("9h"), card("Qc")]
    assert state.current_player == 1
    assert state.view(0).pay_off_tops[0] == card("Qc")
    assert state.view(0).pay_off_sizes[0] == 4
    assert state.view(0, bottom=True).bottom == card("5d")
    assert state.view(0).bottom is None
    assert state.view(1, bottom=True).bottom == card("2s")
    assert state.view(None, bottom=True).bottom is None
    assert state.bottom_card(0, 0) == card("5d")
    with pytest.raises(IllegalMove):
        state.bottom_card(1, 0)
    assert GAME.parse_command(state.view(1), "bottom") == Bottom()
    with pytest.raises(IllegalMove):
        state.apply(Bottom())


def test_sm_a10_the_last_pay_off_card_wins_at_once() -> None:
    state = position(
        hands=["9c 9d", "3d"], pay_off=["5h", "2s 6h"], piles=[run_of(4)], full=True
    )
    events = state.apply(GAME.parse_command(state.view(0), "play pay"))
    assert state.current_player is None
    assert state.legal_actions() == ()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.ranking == (0, 1)
    assert [e.kind for e in events] == ["play", "win"]


def test_sm_a11_an_empty_hand_is_filled_during_the_turn() -> None:
    state = position(hands=["2s 3s", "3c"], piles=["Ac"], stock="4h 5h 6h 7h 8h", full=True)
    run(state, "play 2s")
    assert len(state.hands[0]) == 1
    events = state.apply(GAME.parse_command(state.view(0), "play 3s"))
    assert sorted(state.hands[0]) == sorted(cards("4h 5h 6h 7h 8h"))
    assert state.current_player == 0
    assert [e.kind for e in events] == ["play", "draw"]


def test_sm_a12_an_eighth_pile_opens() -> None:
    piles = [run_of(2, "cdhs"[i % 4], deck=i // 4) for i in range(7)]
    state = position(hands=["As#1 5c", "3d#1"], piles=piles, full=True)
    assert Play(card("As#1"), "hand", 8) in state.legal_actions()
    run(state, "play as")
    assert state.piles[7] == [card("As#1")]
    assert all(state.piles)


@pytest.mark.parametrize(("sizes", "winners"), [((7, 9), (0,)), ((8, 8), (0, 1))])
def test_sm_a13_a_stalled_game_goes_to_the_smaller_pay_off_pile(
    sizes: tuple[int, int], winners: tuple[int, ...]
) -> None:
    deck = run_of(9, "h", 2).split() + run_of(9, "d", 2).split()
    pay_off = [" ".join(deck[:sizes[0]]), " ".join(deck[9 : 9 + sizes[1]])]
    state = position(hands=["Kc", "Kd"], pay_off=pay_off, current=1, stall=49, full=True)
    events = state.apply(Discard(card("Kd"), 1))
    assert state.current_player is None
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == winners
    assert [e.kind for e in events][:2] == ["discard", "stall"]


def test_sm_a14_a_new_two_player_game() -> None:
    state = GAME.new_game(2, seed=14)
    assert isinstance(state, SpiteMaliceState)
    view = state.view(0)
    assert view.pay_off_sizes == (10, 10)
    assert view.pay_off_tops == tuple(pile[-1] for pile in state.pay_off)
    assert view.hand_sizes == (5, 5)
    assert view.stock_size == 78
    assert view.piles == ((),) * 8
    assert view.spots == (((),) * 4,) * 2
    assert state.card_count() == 108
    assert len(set(state.all_cards())) == 108
    assert sum(card.rank is Rank.JOKER for card in state.all_cards()) == 4


def test_the_result_words_each_seat_by_its_pay_off_pile_not_its_hand() -> None:
    # SM-14: the winner emptied his pay-off pile though he still holds cards; the others are
    # ranked and worded by the pay-off cards they have left (the game-over screen's words).
    state = position(
        hands=["9c 9d", "3d"], pay_off=["5h", "2s 6h"], piles=[run_of(4)], full=True
    )
    state.apply(GAME.parse_command(state.view(0), "play pay"))
    view = state.view(None)
    assert view.standing(0) == "emptied the pay-off pile"
    assert view.standing(1) == "2 pay-off cards left"
