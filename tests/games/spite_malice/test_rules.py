"""Rule tests for Spite & Malice beyond the acceptance scenarios, each citing its SM rule."""

from __future__ import annotations

import json

import pytest

from cardgames.core.cards import Card, Rank
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Bus, Discard, End, Play
from cardgames.games.spite_malice.engine import SpiteMaliceState, starter
from tests.games.spite_malice.builders import card, cards, position, refused, run, run_of


def worth(card: Card) -> int:
    """A pay-off top's worth for choosing the first player: A = 1 … K = 13, a joker 0."""
    return {Rank.JOKER: 0, Rank.ACE: 1}.get(card.rank, int(card.rank))


def test_sm_1_two_to_four_players() -> None:
    for players in (2, 3, 4):
        state = GAME.new_game(players, seed=players)
        assert state.card_count() == 108
    for players in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            GAME.new_game(players, seed=1)


def test_sm_2_deal_for_four() -> None:
    state = GAME.new_game(4, seed=9)
    assert isinstance(state, SpiteMaliceState)
    assert [len(pile) for pile in state.pay_off] == [10] * 4
    assert [len(hand) for hand in state.hands] == [5] * 4
    assert len(state.stock) == 108 - 60


def test_sm_3_the_highest_pay_off_top_starts() -> None:
    """SM-3 (decided): the highest pay-off top starts, a joker counting lowest (below an ace);
    a tie goes to the lower seat."""
    assert starter([cards("2c 9h"), cards("3c Kd"), cards("4c Kh")]) == 1
    assert starter([cards("2c Xr"), cards("3c Ah")]) == 1
    assert starter([cards("2c Xr"), cards("3c Xb")]) == 0
    for seed in range(20):
        state = GAME.new_game(3, seed=seed)
        assert isinstance(state, SpiteMaliceState)
        assert state.current_player == starter(state.pay_off)
        tops = [worth(pile[-1]) for pile in state.pay_off]
        first = state.current_player
        assert first is not None
        assert tops[first] == max(tops) and max(tops[:first], default=-1) < tops[first]


def test_sm_5_only_an_ace_opens_a_pile_at_the_lowest_free_place() -> None:
    """SM-5, SM-12: only an ace opens a pile, at the lowest free place; an ace never goes on
    a pile already open."""
    state = position(hands=["Ac 2d 5h", "3c"], piles=["Ah", "", "As"], full=True)
    message = refused(state, Play(card("2d"), "hand", 2))
    assert message == "2♦ cannot open a building pile: only an ace can"
    message = refused(state, Play(card("Ac"), "hand", 4))
    assert message == "An ace opens the next free place, pile 2"
    assert refused(state, Play(card("Ac"), "hand", 1)).startswith("An ace opens a new building")
    assert [a for a in state.legal_actions() if isinstance(a, Play)] == [
        Play(card("2d"), "hand", 1),
        Play(card("2d"), "hand", 3),
        Play(card("Ac"), "hand", 2),
    ]
    run(state, "play ac")
    assert state.piles[1] == [card("Ac")]


def test_sm_6_a_joker_goes_on_any_pile_and_keeps_its_rank() -> None:
    state = position(hands=["Xr 4h 9c", "3c"], piles=["Ac 2c", run_of(8, "d")], full=True)
    legal = state.legal_actions()
    assert Play(card("Xr"), "hand", 1) in legal and Play(card("Xr"), "hand", 2) in legal
    run(state, "play jk 1", "play 4h")
    assert state.piles[0] == [card("Ac"), card("2c"), card("Xr"), card("4h")]


def test_sm_7_a_cleared_place_is_free_for_the_next_ace() -> None:
    state = position(
        hands=["Kd Ah 7h", "3h"], piles=[run_of(8, "s"), run_of(12, "c")], full=True
    )
    run(state, "play kd")
    assert state.piles[1] == []
    assert len(state.cleared) == 13
    run(state, "play ah")
    assert state.piles[1] == [card("Ah")]


def test_sm_8_the_hand_is_filled_to_five_from_the_stock_when_the_turn_starts() -> None:
    """SM-8: the seat whose turn starts draws from the top of the stock until it holds five
    (one card or several, as far as the stock goes); the seat whose turn ended draws
    nothing."""
    state = position(hands=["9h 4c", "7s 8s"], stock="2h 3h 5d 6d Kc", current=1)
    events = state.apply(Discard(card("7s"), 1))
    assert state.current_player == 0
    assert sorted(state.hands[0]) == sorted(cards("9h 4c 2h 3h 5d"))
    assert state.stock == [card("Kc"), card("6d")]
    assert state.hands[1] == [card("8s")]
    assert [(e.kind, e.player, e.count) for e in events][1:] == [("draw", 0, 3)]
    events = state.apply(Discard(card("9h"), 1))
    assert state.current_player == 1
    assert sorted(state.hands[1]) == sorted(cards("8s 6d Kc"))
    assert state.stock == []
    assert len(state.hands[0]) == 4
    full = position(hands=["Qd 4c 5c 6c", "7s 8s 9s 10s"], stock="2h 3h", current=1)
    full.apply(Bus(card("7s")))
    assert sorted(full.hands[0]) == sorted(cards("Qd 4c 5c 6c 2h"))
    assert full.stock == [card("3h")]


def test_sm_9_the_next_pay_off_card_is_turned_up_and_spot_tops_play() -> None:
    state = position(
        hands=["9c", "3c"],
        pay_off=["Qd 8h 4s", "2s"],
        spots=[["", "5c 5d"]],
        piles=[run_of(3, "h")],
        full=True,
    )
    events = run(state, "play pay").pay_off[0]
    assert events == [card("Qd"), card("8h")]
    assert state.view(1).pay_off_tops[0] == card("8h")
    run(state, "play s2")
    assert state.spots[0][1] == [card("5c")]
    assert state.piles[0][-1] == card("5d")
    assert Play(card("5c"), "s2", 1) not in state.legal_actions()


def test_sm_10_a_completed_pile_refills_an_empty_hand() -> None:
    state = position(hands=["", "3d"], pay_off=["4d Kh", "2s"], piles=[run_of(12)], full=False)
    assert state.legal_actions() == (Play(card("Kh"), "pay", 1), End())
    run(state, "play pay")
    assert len(state.hands[0]) == 5
    assert state.cleared == [] and len(state.stock) == 8
    assert End() not in state.legal_actions()


def test_sm_11_with_stock_and_heap_empty_the_hand_stays_short() -> None:
    state = position(hands=["9d", "Kc"], current=1, full=False)
    assert state.stock == [] and state.cleared == []
    run(state, "discard kc 1")
    assert state.hands[0] == [card("9d")]
    assert state.current_player == 0


def test_sm_12_an_ace_drawn_during_the_turn_must_be_played_too() -> None:
    """SM-12: an ace that a fill brings into the hand opens a new pile before the turn can
    end; it is never discarded or put under the bus."""
    state = position(hands=["2s", "3c"], piles=["Ac"], stock="Ah 4h 5h 6h 7h", full=True)
    run(state, "play 2s")
    assert card("Ah") in state.hands[0]
    reason = "You hold A♥: play it before you end your turn"
    assert refused(state, Discard(card("4h"), 1)) == reason
    assert refused(state, Bus(card("4h"))) == reason
    assert not [a for a in state.legal_actions() if isinstance(a, (Discard, Bus, End))]
    ace = card("Ah")
    legal = state.legal_actions()
    assert [a for a in legal if isinstance(a, Play) and a.card == ace] == [Play(ace, "hand", 2)]
    run(state, "play ah")
    assert state.piles[:2] == [list(cards("Ac 2s")), [card("Ah")]]
    assert Discard(card("4h"), 1) in state.legal_actions()


def test_sm_13_end_only_with_an_empty_hand_and_nothing_to_draw() -> None:
    state = position(hands=["", "5c"], pay_off=["4d 9h", "2s"], piles=[run_of(3)], full=False)
    assert state.legal_actions() == (End(),)
    events = state.apply(End())
    assert [e.kind for e in events] == ["end"]
    assert state.current_player == 1
    full = position(hands=["5h", "5c"], full=True)
    assert refused(full, End()) == "You still hold cards: end your turn with a discard or the bus"


def test_sm_13_bus_is_always_allowed_and_ends_the_turn() -> None:
    state = position(hands=["5h 9c", "3c"], pay_off=["Kd Qs", "2s"], full=True)
    assert Bus(card("5h")) in state.legal_actions()
    state.apply(Bus(card("9c")))
    assert state.pay_off[0] == list(cards("9c Kd Qs"))
    assert state.current_player == 1
    assert state.stall == 1


def test_sm_15_a_building_play_restarts_the_stall_count() -> None:
    state = position(hands=["2h 9c", "7c 8c"], piles=["As"], stall=30, full=True)
    run(state, "play 2h")
    assert state.stall == 0 and state.built
    run(state, "discard 9c 1")
    assert state.stall == 0 and not state.built
    run(state, "discard 7c 1")
    assert state.stall == 1


def test_sm_15_forty_nine_quiet_turns_do_not_end_the_game() -> None:
    state = position(hands=["9c", "7c"], stall=48, full=True)
    run(state, "discard 9c 1")
    assert state.current_player == 1 and state.stall == 49


def test_a_refused_move_changes_nothing_and_the_game_over_refuses_all() -> None:
    state = position(hands=["9c 9d", "3d"], pay_off=["5h", "2s 6h"], piles=[run_of(4)], full=True)
    refused(state, Discard(card("Ah"), 1))
    run(state, "play pay")
    with pytest.raises(IllegalMove, match="The game is over"):
        state.apply(Discard(card("9c"), 1))
    outcome = state.outcome()
    assert outcome is not None and outcome.ranking == (0, 1) and not outcome.scores


def test_json_round_trip_and_clone_are_exact_and_independent() -> None:
    state = GAME.new_game(3, seed=4)
    assert isinstance(state, SpiteMaliceState)
    copy = state.clone()
    data = json.loads(json.dumps(state.to_json()))
    rebuilt = GAME.state_from_json(data)
    assert rebuilt.to_json() == state.to_json()
    action = state.legal_actions()[-1]
    state.apply(action)
    assert copy.to_json() != state.to_json()
    copy.apply(action)
    rebuilt.apply(action)
    assert copy.to_json() == state.to_json() == rebuilt.to_json()


def test_clones_share_nothing_either_side_changes() -> None:
    """A clone shares the zones (tuples) and the fields that are replaced, never changed, so
    play on either side leaves the other exactly as it was, through whole random games."""
    chooser = Rng(5)
    for players in (2, 4):
        state = GAME.new_game(players, seed=players)
        moves = 0
        while state.legal_actions() and moves < 150:
            copy = state.clone()
            before = state.to_json(), state.legal_actions(), state.view(None)
            for _ in range(3):
                if not copy.legal_actions():
                    break
                copy.apply(chooser.choice(copy.legal_actions()))
            assert (state.to_json(), state.legal_actions(), state.view(None)) == before
            state.apply(chooser.choice(state.legal_actions()))
            moves += 1


def test_an_assigned_zone_is_seen_by_the_legal_actions() -> None:
    state = position(hands=["9d", "2d"], pay_off=["Kc 7c", "6c"], spots=[["9c"]], stock="4h")
    assert [str(a) for a in state.legal_actions()] == ["discard 9d 1", "bus 9d"]
    state.spots = [[[], [card("9c")], [], []], [[], [], [], []]]
    assert [str(a) for a in state.legal_actions()] == ["discard 9d 2", "bus 9d"]
    state.stock = []
    state.hands = [[], [card("2d")]]
    assert [str(a) for a in state.legal_actions()] == ["end"]


def test_legal_actions_are_listed_in_a_fixed_order() -> None:
    state = position(
        hands=["3h 3h#1 Xr 9d", "2d"],
        pay_off=["Kc 3c", "6c"],
        spots=[["", "4c"]],
        piles=["As 2s", "Ad 2d#1 3d"],
        full=True,
    )
    assert [str(a) for a in state.legal_actions()] == [
        "play pay 1",
        "play s2 2",
        "play 3h 1",
        "play jkr 1",
        "play jkr 2",
        "discard 3h 1",
        "discard 3h 3",
        "discard 3h 4",
        "discard 9d 1",
        "discard 9d 3",
        "discard 9d 4",
        "discard jkr 1",
        "discard jkr 3",
        "discard jkr 4",
        "bus 3h",
        "bus 9d",
        "bus jkr",
    ]
