"""Makao acceptance scenarios MK-A1 … MK-A15, one test each, built from positions."""

from __future__ import annotations

import pytest

from cardgames.core.cards import Rank, Suit
from cardgames.core.deck import build_deck
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import Demand, Draw, Take, Wait
from cardgames.games.makao.engine import new_state
from cardgames.games.makao.moves import ActiveDemand, is_start_action_card
from tests.games.makao.builders import cards, finish_turn, play, plays_of, position


def test_mk_a1_first_card_must_match() -> None:
    """MK-A1, MK-4: the first card of several must match; the last one is the new top."""
    state = position([["7h", "7s", "9d"], ["Kd", "6c"]], ["5s"])
    before = state.to_json()
    with pytest.raises(IllegalMove, match="7♥ does not match 5♠"):
        state.apply(play("7h", "7s"))
    assert state.to_json() == before
    state.apply(play("7s", "7h"))
    assert state.view(None).top == cards("7h")[0]
    assert state.hands[0] == list(cards("9d"))
    assert state.current_player == 1


def test_mk_a2_battle_adds_up_and_top_turns_plain() -> None:
    """MK-A2, MK-7, MK-8: three 2s make 6; after taking, the 2♦ on top is a plain card."""
    state = position(
        [["2h", "5c", "9s"], ["2s", "5d", "2c", "9h"], ["2d", "8c", "10h"]], ["7h"]
    )
    state.apply(play("2h"))
    assert (state.current_player, state.pending_draw) == (1, 2)
    state.apply(play("2s"))
    assert (state.current_player, state.pending_draw) == (2, 4)
    state.apply(play("2d"))
    assert (state.current_player, state.pending_draw) == (0, 6)
    assert state.legal_actions() == (Take(),)
    state.apply(Take())
    assert len(state.hands[0]) == 2 + 6
    assert (state.current_player, state.pending_draw) == (1, 0)
    assert plays_of(state.legal_actions()) == {"play 5d", "play 2c"}
    assert Draw() in state.legal_actions()
    state.apply(play("2c"))
    assert (state.current_player, state.pending_draw) == (2, 2)


def test_mk_a3_three_of_the_twos_suit_answers() -> None:
    """MK-A3, MK-8: on 2♥ a 3♥ answers (5 in all), a 3♣ does not."""
    state = position([["9d", "9c"], ["3h", "3c", "8d"]], ["2h"], current=1, pending_draw=2)
    refused = state.clone()
    with pytest.raises(IllegalMove, match="3♣ does not answer 2♥"):
        refused.apply(play("3c"))
    assert refused.to_json() == state.to_json()
    state.apply(play("3h"))
    assert (state.current_player, state.pending_draw) == (0, 5)


def test_mk_a4_king_of_spades_sends_the_battle_back() -> None:
    """MK-A4, MK-9: K♠ sends 7 to the previous player; after he takes, the next one moves."""
    state = position(
        [["9d", "8c"], ["Ks", "5d"], ["6c", "7c"]], ["2s"], current=1, pending_draw=2
    )
    state.apply(play("Ks"))
    assert (state.current_player, state.pending_draw) == (0, 7)
    assert state.legal_actions() == (Take(),)
    state.apply(Take())
    assert len(state.hands[0]) == 9
    assert state.current_player == 1


def test_mk_a5_last_king_decides_the_direction() -> None:
    """MK-A5, MK-9: K♠ then K♥ on 2♠: 12 go forward to the next player."""
    state = position(
        [["9d", "8c"], ["Ks", "Kh", "5d"], ["6c", "7c"]], ["2s"], current=1, pending_draw=2
    )
    state.apply(play("Ks", "Kh"))
    assert (state.current_player, state.pending_draw) == (2, 12)


def test_mk_a6_stop_loses_turns() -> None:
    """MK-A6, MK-10: two 4s; B waits, keeps his hand, and the turns go C, A, C, A, then B."""
    state = position([["4d", "4c", "9s"], ["7h", "8h"], ["10c", "Jd"]], ["8d"])
    state.apply(play("4d", "4c"))
    assert (state.current_player, state.pending_skips) == (1, 2)
    assert state.legal_actions() == (Wait(),)
    state.apply(Wait())
    assert len(state.hands[1]) == 2
    order = []
    for _ in range(5):
        assert state.current_player is not None
        order.append(state.current_player)
        finish_turn(state)
    assert order == [2, 0, 2, 0, 1]


def test_mk_a7_jack_demand() -> None:
    """MK-A7, MK-11, MK-13, MK-14: under a demand for 7s only 7s or jacks; A is free again."""
    state = position(
        [["Jc", "8s", "9h"], ["9c", "7d", "Kd"], ["7s", "9d", "Qd"]], ["5c"]
    )
    state.apply(play("Jc"))
    assert state.phase == "demand"
    state.apply(Demand("rank", Rank.SEVEN))
    assert state.demand == ActiveDemand("rank", Rank.SEVEN, 0)
    with pytest.raises(IllegalMove, match="demand for sevens you must play a 7 or a jack"):
        state.apply(play("9c"))
    state.apply(play("7d"))
    before = state.to_json()
    with pytest.raises(IllegalMove, match="demand for sevens"):
        state.apply(play("9d"))
    assert state.to_json() == before
    state.apply(play("7s"))
    assert state.current_player == 0
    assert state.demand is None
    assert "play 8s" in plays_of(state.legal_actions())


def test_mk_a8_new_jack_replaces_the_demand() -> None:
    """MK-A8, MK-11, MK-13: B's demand for 9s replaces A's and ends when the turn returns to B."""
    state = position(
        [["Jc", "9c", "5h"], ["Jh", "6d", "6s"], ["9s", "7h", "Jd"]], ["5c"]
    )
    state.apply(play("Jc"))
    state.apply(Demand("rank", Rank.SEVEN))
    state.apply(play("Jh"))
    state.apply(Demand("rank", Rank.NINE))
    assert state.demand == ActiveDemand("rank", Rank.NINE, 1)
    assert plays_of(state.legal_actions()) == {"play 9s", "play Jd"}
    state.apply(play("9s"))
    assert plays_of(state.legal_actions()) == {"play 9c"}
    state.apply(play("9c"))
    assert state.current_player == 1
    assert state.demand is None


def test_mk_a9_drawn_card_must_meet_the_demand() -> None:
    """MK-A9, MK-11: C draws a non-7 under a demand for 7s; the turn ends, the demand stays."""
    demand = {"kind": "rank", "value": "7", "by": 0}
    hands = [["9d", "5c"], ["8c", "6c"], ["9h", "10s"], ["Kd", "Qd"]]
    state = position(hands, ["7c"], stock=["8h"], current=2, demand=demand)
    assert plays_of(state.legal_actions()) == set()
    state.apply(Draw())
    assert state.hands[2] == list(cards("8h", "9h", "10s"))
    assert state.current_player == 3
    assert state.demand == ActiveDemand("rank", Rank.SEVEN, 0)
    lucky = position(hands, ["7c"], stock=["7d"], current=2, demand=demand)
    lucky.apply(Draw())
    assert lucky.phase == "drawn"
    assert plays_of(lucky.legal_actions()) == {"play 7d"}


def test_mk_a10_ace_demand() -> None:
    """MK-A10, MK-12: under a ♦ demand 7♣ is refused, 7♦ and A♥ (a new demand) are accepted."""
    state = position([["Ac", "9s"], ["7c", "7d", "Ah"], ["6s", "8s"]], ["5c"])
    state.apply(play("Ac"))
    state.apply(Demand("suit", Suit.DIAMONDS))
    with pytest.raises(IllegalMove, match="demand for diamonds you must play a ♦ card or an ace"):
        state.apply(play("7c"))
    assert plays_of(state.legal_actions()) == {"play 7d", "play 7d 7c", "play Ah"}
    other = state.clone()
    state.apply(play("7d"))
    assert state.current_player == 2
    other.apply(play("Ah"))
    assert other.phase == "demand"
    other.apply(Demand("suit", Suit.SPADES))
    assert other.demand == ActiveDemand("suit", Suit.SPADES, 1)


def test_mk_a11_action_card_cannot_start_the_pile() -> None:
    """MK-A11, MK-2: a turned 2♣ goes under the stock; the first player draws nothing."""
    for seed in range(5000):
        deck = build_deck()
        Rng(seed).shuffle(deck)
        if deck[-11].code == "2c":
            break
    else:
        pytest.fail("no seed turns 2♣ first")
    state = new_state(2, seed=seed)
    assert state.stock[0].code == "2c"
    top = state.view(None).top
    assert top == deck[-12]
    assert not is_start_action_card(top)
    assert (state.pending_draw, state.pending_skips, state.demand) == (0, 0, None)
    assert state.current_player == 0
    assert Draw() in state.legal_actions()
    assert state.card_count() == 52


def test_mk_a12_reshuffle_during_a_take() -> None:
    """MK-A12, MK-6: take 1, shuffle the 7 cards under the top into the stock, take 5 more."""
    deck = [card.code for card in build_deck()]
    discard = ["5h", "6h", "7h", "8h", "9h", "10h", "Jh", "2h"]
    stock = ["Ah"]
    rest = [code for code in deck if code not in discard + stock]
    demand = {"kind": "suit", "value": "h", "by": 0}
    state = position(
        [rest[:15], rest[15:29], rest[29:]], discard, stock=stock, current=1,
        pending_draw=6, demand=demand,
    )
    assert state.card_count() == 52
    events = state.apply(Take())
    assert [(event.kind, event.count) for event in events] == [("reshuffle", 7), ("take", 6)]
    assert events[1].cards[0] == cards("Ah")[0]
    assert len(state.hands[1]) == 14 + 6
    assert state.discard == list(cards("2h"))
    assert len(state.stock) == 2
    assert state.card_count() == 52
    assert state.demand == ActiveDemand("suit", Suit.HEARTS, 0)
    assert state.current_player == 2


def test_mk_a13_battle_skips_players_out() -> None:
    """MK-A13, MK-15: A is out; B's K♠ sends the 5 back to D, not A."""
    state = position([[], ["Ks", "5d"], ["6c", "7c"], ["8d", "9c"]], ["9s"], current=1,
                     finished=[0])
    state.apply(play("Ks"))
    assert (state.current_player, state.pending_draw) == (3, 5)


def test_mk_a14_going_out_on_a_battle_card() -> None:
    """MK-A14, MK-15: A goes out on 2♥; B must answer or take 2."""
    state = position([["2h"], ["5d", "8c"], ["6c", "7c"]], ["5h"])
    state.apply(play("2h"))
    assert state.finished == [0]
    assert (state.current_player, state.pending_draw) == (1, 2)
    assert state.legal_actions() == (Take(),)


def test_mk_a15_game_ends_with_one_player_left() -> None:
    """MK-A15, MK-16: A then B go out; C loses; the result is A, B, C."""
    state = position([["5h"], ["5d"], ["9c", "9s"]], ["5s"])
    state.apply(play("5h"))
    assert state.outcome() is None
    events = state.apply(play("5d"))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (0, 1, 2)
    assert outcome.winners == (0,)
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert events[-1].kind == "over"
    assert GAME.describe(events[-1], 2, ["Anna", "Bob", "Cyril"]) == (
        "Game over: Anna, Bob, you; you lost"
    )
