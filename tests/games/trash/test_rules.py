"""Trash rules TR-1 … TR-11 one by one, the refusals, the outcome and the JSON position."""

from __future__ import annotations

import json

import pytest

from cardgames.games.trash import GAME
from cardgames.games.trash.actions import DRAW, KEEP, PLACES, REPLACE, TAKE
from cardgames.games.trash.engine import TrashState
from cardgames.games.trash.moves import decks_for, layout_rows, position_of
from tests.games.trash.builders import card, cards, face_down, face_up, position, refused

A, B = 0, 1
KINGS = "Kc Kd Ks Kh Kc#1 Kd#1 Ks#1 Kh#1 Kc#2 Kd#2"


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_tr_1_decks_by_player_count(players: int, decks: int) -> None:
    state = GAME.new_game(players, seed=players)
    assert isinstance(state, TrashState)
    assert decks_for(players) == state.decks == decks
    assert state.card_count() == 52 * decks
    assert len(set(state.all_cards())) == 52 * decks
    assert all(c.rank.code != "X" for c in state.all_cards())


@pytest.mark.parametrize("players", [1, 7])
def test_tr_1_two_to_six_players(players: int) -> None:
    with pytest.raises(ValueError, match="2-6 players"):
        GAME.new_game(players, seed=1)


def test_tr_2_layouts_of_ten_face_down_positions_the_rest_is_the_stock() -> None:
    state = GAME.new_game(4, seed=5)
    assert isinstance(state, TrashState)
    assert state.sizes == [10] * 4
    assert all(face_down(state, seat) == list(range(1, 11)) for seat in range(4))
    assert len(state.stock) == 104 - 40 and state.discard == []
    view = state.view(0)
    assert view.layouts == ((None,) * 10,) * 4


def test_tr_2_the_two_row_layout_mapping() -> None:
    assert layout_rows(10) == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    assert layout_rows(8) == ((1, 2, 3, 4, 5), (6, 7, 8))
    assert layout_rows(5) == ((1, 2, 3, 4, 5), ())
    assert layout_rows(1) == ((1,), ())


def test_tr_2_positions_belong_to_ranks_ace_to_ten_jacks_wild() -> None:
    assert [position_of(card(c)) for c in ["Ah", "2h", "9c", "10s"]] == [1, 2, 9, 10]
    assert [position_of(card(c)) for c in ["Qh", "Kd"]] == [0, 0]
    assert position_of(card("Jc")) == 11


def test_tr_3_seat_0_starts_the_first_hand_of_every_match() -> None:
    """TR-3: seat 0 starts the first hand, whatever the game number."""
    for number in range(3):
        state = GAME.new_game(3, seed=9, game_number=number)
        assert state.current_player == 0
        assert state.legal_actions() == (DRAW,)


def test_tr_3_the_winner_of_the_previous_hand_starts_the_next() -> None:
    """TR-3: the next hand is started by the winner of the hand just played, not by the seat
    that has won most hands nor by the seat after the winner."""
    state = position(
        layouts=["^Ah ^2h 3s ^4h ^5h ^6h ^7h ^8h ^9h ^10h", "Kc Kd Ks Kh Qc Qd Qs Qh", KINGS],
        stock="3h", hand_number=3, starter=B, winners=[B, B],
    )
    state.apply(DRAW)
    assert state.winners == [B, B, A]
    assert state.hand_number == 4
    assert state.starter == A and state.current_player == A
    assert state.legal_actions() == (DRAW,)
    assert state.view(B).starter == A


def test_tr_4_the_discard_top_may_be_taken_only_when_it_can_be_placed() -> None:
    state = position(layouts=["Kh Qd Ks Kc Kd Qh ^7c Qs Qc 9d", KINGS], discard="9s")
    assert state.legal_actions() == (DRAW, TAKE)
    events = state.apply(TAKE)
    assert [e.kind for e in events] == ["take", "place", "discard"]
    assert face_up(state, A)[8] == "9s" and state.discard == cards("Qc")
    blocked = position(layouts=["Kh Qd Ks Kc Kd Qh ^7c Qs Qc 9d", KINGS], discard="7s")
    assert refused(blocked, TAKE) == (
        "You cannot take 7♠: your position 7 already shows 7♣; draw from the stock"
    )
    short = position(layouts=["Kh Qd Ks Kc Kd Qh Kc#1 Qs", KINGS], discard="9s")
    assert refused(short, TAKE) == (
        "You cannot take 9♠: your layout has no position 9; draw from the stock"
    )
    empty = position(layouts=[KINGS, KINGS])
    assert refused(empty, TAKE) == "The discard pile is empty; draw from the stock"


def test_tr_4_a_jack_or_a_card_for_a_face_up_jack_may_be_taken() -> None:
    jack = position(layouts=["Kh Qd", KINGS], discard="Jh")
    assert jack.legal_actions() == (DRAW, TAKE)
    over_jack = position(layouts=["Kh ^Jd", KINGS], discard="2s")
    assert over_jack.legal_actions() == (DRAW, TAKE)
    over_jack.apply(TAKE)
    assert over_jack.phase == "replace"


def test_tr_5_keeping_the_jack_discards_the_pip_card_and_ends_the_turn() -> None:
    """TR-5, TR-7: declining to replace a face-up jack ends the chain; the pip card goes face
    up on the discard pile and the turn passes."""
    state = position(layouts=["Kc Kd 5s ^Jd Qc", KINGS], stock="4h")
    state.apply(DRAW)
    events = state.apply(KEEP)
    assert [(e.kind, e.detail) for e in events] == [("discard", "kept")]
    assert face_up(state, A)[3] == "Jd"
    assert state.discard == cards("4h") and state.current_player == B


def test_tr_5_a_card_turned_up_in_the_chain_may_replace_a_jack_too() -> None:
    state = position(layouts=["Kc 4s Qd ^Jd Qc", KINGS], stock="2h")
    state.apply(DRAW)
    assert state.phase == "replace" and state.hand == card("4s")
    assert "4♠ on 4 in place of the jack" in state.view(A).description


def test_tr_6_a_jack_never_goes_on_a_face_up_position() -> None:
    state = position(layouts=["^Ah Kd Qd Kh", KINGS], stock="Jc")
    state.apply(DRAW)
    assert state.legal_actions() == (PLACES[1], PLACES[2], PLACES[3])
    assert refused(state, PLACES[0]) == (
        "Position 1 is face up (A♥); a jack goes only on a face-down position"
    )
    assert refused(state, PLACES[6]) == "Your layout has positions 1-4; there is no position 7"
    assert refused(state, DRAW) == "Put J♣ on a face-down position first"
    assert refused(state, REPLACE) == "Put J♣ on a face-down position first"
    assert refused(state, KEEP) == "Put J♣ on a face-down position first"


def test_tr_6_with_one_face_down_position_the_jack_goes_there_by_itself() -> None:
    state = position(layouts=["^Ah ^2h Qd ^4h", KINGS], stock="Jc")
    events = state.apply(DRAW)
    assert [e.kind for e in events] == ["draw", "place", "discard", "hand", "deal"]
    assert state.winners == [A]


def test_tr_7_queens_kings_high_ranks_and_face_up_ranks_end_the_chain() -> None:
    """TR-7: a queen, a king, a rank above N and a rank already face up are discarded and
    the turn passes."""
    for drawn, reason in (("Kd", "no position"), ("Qc", "no position"), ("8h", "beyond"),
                          ("Ac", "face up")):
        state = position(layouts=["^Ah Qd Kh 3s 2s", KINGS], stock=drawn)
        events = state.apply(DRAW)
        assert events[-1].kind == "discard" and events[-1].detail == reason
        assert state.discard == cards(drawn)
        assert state.current_player == B


@pytest.mark.parametrize(("hidden", "reason"), [("Kd", "no position"), ("10s", "beyond"),
                                                ("4d", "face up")])
def test_tr_7_a_card_turned_up_in_the_chain_that_cannot_be_placed_ends_it(
    hidden: str, reason: str
) -> None:
    """TR-7: a card turned up in the chain that cannot be placed goes face up on the discard
    pile, for everyone to see, and the turn passes; the position it left stays face up."""
    state = position(layouts=[f"Qc {hidden} Kh ^4h Qd Qs Kc Ks Kh#1", KINGS], stock="2c")
    events = state.apply(DRAW)
    assert [e.kind for e in events] == ["draw", "place", "discard"]
    assert events[-1].cards == (card(hidden),) and events[-1].detail == reason
    assert state.discard == cards(hidden) and state.hand is None
    assert face_up(state, A)[1] == "2c" and face_down(state, A) == [1, 3, 5, 6, 7, 8, 9]
    assert state.current_player == B and state.phase == "turn"
    view = state.view(B)
    assert view.discard == (card(hidden),) and view.in_hand is None
    assert view.layouts[A][1] == card("2c")


def test_tr_7_refusals_outside_the_choice_phases() -> None:
    state = position(layouts=[KINGS, KINGS], stock="2c")
    assert refused(state, PLACES[0]) == "You have no jack to place"
    assert refused(state, KEEP) == "There is no face-up jack to replace now"
    swap = position(layouts=["Kc Kd 5s ^Jd Qc", KINGS], stock="4h")
    swap.apply(DRAW)
    assert refused(swap, DRAW) == "Say replace or keep for 4♥ first"


def test_tr_8_the_stock_is_rebuilt_when_it_runs_out_and_cards_are_kept() -> None:
    state = position(layouts=["Kh Kd", "Ks Kc"], discard="Qs Qh Qd Qc", filler=False)
    events = state.apply(DRAW)
    assert events[0].kind == "reshuffle" and events[0].count == 3
    assert state.card_count() == 8
    assert len(state.stock) == 2 and state.discard[0] == card("Qc")


def test_tr_8_a_dead_end_deals_the_hand_again_with_the_same_sizes() -> None:
    """TR-8 (decided), TR-3: a hand dealt again keeps its sizes, number and starter."""
    state = position(
        layouts=["Kh Kd", "Ks Kc Kh#1"], stock="Qs", filler=False,
        hand_number=3, starter=B, current=B, winners=[A, A],
    )
    events = state.apply(DRAW)
    assert [e.kind for e in events] == ["draw", "discard", "redeal", "deal"]
    assert state.redeals == 1
    assert state.sizes == [2, 3] and state.hand_number == 3
    assert state.winners == [A, A]
    assert state.current_player == B and state.starter == B
    assert state.card_count() == 6
    assert len(state.stock) == 1 and state.discard == []


def test_tr_9_the_hand_ends_the_moment_the_last_position_is_turned_up() -> None:
    state = position(layouts=["^Ah 2d ^3h", "^Ac Qc ^3c"], stock="2h")
    events = state.apply(DRAW)
    assert [e.kind for e in events] == ["draw", "place", "discard", "hand", "deal"]
    assert events[2].cards == (card("2d"),)
    assert state.current_player == A
    assert state.sizes == [2, 3] and state.hand_number == 2


def test_tr_10_the_next_hand_is_dealt_from_all_cards_with_the_winner_smaller() -> None:
    """TR-10, TR-3: every card is dealt again, all face down; the winner's layout is one
    position smaller (1-9), the others keep ten; the winner starts."""
    state = GAME.new_game(3, seed=4)
    assert isinstance(state, TrashState)
    while state.hand_number == 1:
        state.apply(state.legal_actions()[-1])
    winner = state.winners[0]
    assert state.sizes == [9 if seat == winner else 10 for seat in range(3)]
    assert all(face_down(state, seat) == list(range(1, state.sizes[seat] + 1))
               for seat in range(3))
    assert state.discard == [] and state.card_count() == 104
    assert len(set(state.all_cards())) == 104 and state.hand is None
    assert len(state.stock) == 104 - 29
    assert state.current_player == winner


def test_tr_10_a_rank_above_a_seats_own_layout_size_is_unplayable_for_it_alone() -> None:
    """TR-10: with layouts of 9 and 10 positions a 10 is discarded by the first seat, while the
    second may take it from the discard pile and place it."""
    state = position(
        layouts=["Kh Qd Ks Kc Kd Qh Qs Qc Kh#1",
                 "Kc#1 Kd#1 Ks#1 Kh#2 Qc#1 Qd#1 Qs#1 Qh#1 Ks#2 Kd#2"],
        stock="10s", hand_number=2, starter=A, winners=[A],
    )
    events = state.apply(DRAW)
    assert (events[-1].kind, events[-1].detail) == ("discard", "beyond")
    assert state.discard == cards("10s") and state.current_player == B
    assert state.legal_actions() == (DRAW, TAKE)
    events = state.apply(TAKE)
    assert [e.kind for e in events] == ["take", "place", "discard"]
    assert face_up(state, B)[9] == "10s" and state.discard == cards("Kd#2")


def test_tr_10_the_next_hand_starts_from_every_card_of_the_last_one() -> None:
    """TR-10: the next hand gathers every card (layouts face up and down, stock, discard
    pile), deals it again face down, and only the winner's layout shrinks (3 to 2; the
    other keeps 4)."""
    state = position(layouts=["^Ah 2d ^Jh", "^Ac Qc ^3c Kd"], stock="2h 5s", discard="Qs 9d")
    before = sorted(state.all_cards())
    state.apply(DRAW)
    assert state.sizes == [2, 4]
    assert sorted(state.all_cards()) == before
    assert state.discard == [] and state.hand is None
    assert [face_down(state, seat) for seat in (A, B)] == [[1, 2], [1, 2, 3, 4]]
    assert all(c is None for seat in (A, B) for c in state.shown[seat])
    assert len(state.stock) == len(before) - 6


def test_tr_11_the_outcome_ranks_by_hands_won_then_layout_size() -> None:
    state = position(layouts=["Kh", "Qc Qd Qs", "Kc Kd Ks Qh"], stock="Ad",
                     winners=[0, 1, 0, 0, 1, 2, 0, 0, 0, 0, 1, 0, 1, 1, 2, 0, 1], hand_number=18)
    state.apply(DRAW)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (A,)
    assert outcome.ranking == (A, B, 2)
    assert outcome.scores == {}
    view = state.view(None)
    assert view.description == "The match is over"
    assert [view.standing(seat) for seat in range(3)] == [
        "won 10 hands, layout of 1 position", "won 6 hands, layout of 3 positions",
        "won 2 hands, layout of 4 positions"
    ]


def test_json_round_trip_mid_chain_keeps_every_field() -> None:
    state = position(layouts=["Kc Kd 5s ^Jd Qc", KINGS, KINGS], stock="4h")
    state.apply(DRAW)
    data = json.loads(json.dumps(state.to_json()))
    rebuilt = TrashState.from_json(data)
    assert rebuilt.to_json() == state.to_json()
    assert rebuilt.hand == card("4h") and rebuilt.phase == "replace"
    rebuilt.apply(REPLACE)
    assert rebuilt.hand == card("Jd")
    assert state.hand == card("4h")


def test_from_json_refuses_a_position_both_face_down_and_face_up() -> None:
    data = position(layouts=[KINGS, KINGS]).to_json()
    data["shown"][0][0] = "Ah"
    with pytest.raises(ValueError, match="either face down or face up"):
        TrashState.from_json(data)


def test_clone_is_independent() -> None:
    state = GAME.new_game(2, seed=3)
    copy = state.clone()
    state.apply(DRAW)
    assert copy.to_json() != state.to_json()
    copy.apply(DRAW)
    assert copy.to_json() == state.to_json()
