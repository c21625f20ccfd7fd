"""Trash acceptance scenarios TR-A1 … TR-A11, built from positions."""

from __future__ import annotations

from cardgames.games.trash import GAME
from cardgames.games.trash.actions import DRAW, KEEP, PLACES, REPLACE, TAKE
from cardgames.games.trash.engine import TrashState
from tests.games.trash.builders import card, cards, face_down, face_up, position, refused, run

A, B, C = 0, 1, 2
TEN_KINGS = "Kc Kd Ks Kh Kc#1 Kd#1 Ks#1 Kh#1 Kc#2 Kd#2"


def kinds(events: tuple[object, ...]) -> list[str]:
    return [event.kind for event in events]  # type: ignore[attr-defined]


def test_tr_a1_a_chain_of_placements_ends_with_a_rank_already_face_up() -> None:
    """TR-5, TR-7: the chain goes on from card to card and ends with a rank already face up."""
    state = position(
        layouts=["Qc Qd Qs Qh 9d Kc Kd Ks 5h Kh", TEN_KINGS], stock="5c 2h"
    )
    events = state.apply(DRAW)
    assert kinds(events) == ["draw", "place", "place", "discard"]
    assert [(e.cards, e.count) for e in events[1:3]] == [
        (tuple(cards("5c 9d")), 5), (tuple(cards("9d 5h")), 9)
    ]
    assert face_up(state, A)[4] == "5c" and face_up(state, A)[8] == "9d"
    assert state.discard == cards("5h")
    assert events[-1].detail == "face up"
    assert state.current_player == B and state.hand is None


def test_tr_a2_a_queen_is_discarded_at_once() -> None:
    """TR-7: a queen has no position: discarded, and the turn passes."""
    state = position(layouts=["Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c", TEN_KINGS], stock="Qs")
    events = state.apply(DRAW)
    assert kinds(events) == ["draw", "discard"]
    assert state.discard == cards("Qs")
    assert face_down(state, A) == list(range(1, 11))
    assert state.current_player == B


def test_tr_a3_a_jack_goes_on_the_face_down_position_the_player_chooses() -> None:
    state = position(
        layouts=["^Ah ^2h Qh ^4h ^5h ^6h 3s Kd ^9h ^10h", TEN_KINGS], stock="Jc"
    )
    state.apply(DRAW)
    assert state.phase == "jack" and state.hand == card("Jc")
    assert state.legal_actions() == (PLACES[2], PLACES[6], PLACES[7])
    assert state.current_player == A
    events = state.apply(GAME.parse_command(state.view(A), "place 7"))
    assert kinds(events) == ["place", "place", "discard"]
    assert face_up(state, A)[6] == "Jc"
    assert face_up(state, A)[2] == "3s"
    assert face_down(state, A) == [8]
    assert state.discard == cards("Qh")
    assert state.current_player == B


def test_tr_a4_a_pip_card_replaces_a_face_up_jack_which_then_goes_face_down() -> None:
    state = position(layouts=["Kc Kd 5s ^Jd Qc Kh Ks Qd Qs Qh", TEN_KINGS], stock="4h")
    state.apply(DRAW)
    assert state.phase == "replace" and state.legal_actions() == (REPLACE, KEEP)
    events = state.apply(REPLACE)
    assert kinds(events) == ["replace"]
    assert face_up(state, A)[3] == "4h"
    assert state.phase == "jack" and state.hand == card("Jd")
    assert PLACES[3] not in state.legal_actions()
    events = state.apply(PLACES[2])
    assert [(e.kind, e.count) for e in events] == [("place", 3), ("place", 5), ("discard", 0)]
    assert face_up(state, A)[2] == "Jd" and face_up(state, A)[4] == "5s"
    assert state.discard == cards("Qc")


def test_tr_a5_the_last_face_down_position_wins_the_hand_at_once() -> None:
    state = position(
        layouts=["^Ah ^2h 4s ^Jd ^5h ^6h ^7h ^8h ^9h ^10h", TEN_KINGS], stock="3h"
    )
    events = state.apply(DRAW)
    assert kinds(events) == ["draw", "place", "discard", "hand", "deal"]
    assert events[2].cards == (card("4s"),) and events[2].detail == "won"
    assert state.winners == [A]
    assert state.sizes == [9, 10]
    assert state.hand_number == 2
    assert state.current_player == A
    assert state.phase == "turn"


def test_tr_a6_a_ten_is_unplayable_in_a_layout_of_nine() -> None:
    """TR-7, TR-10: a rank above the layout size (here 9) is discarded."""
    state = position(layouts=["Ac 2c 3c 4c 5c 6c 7c 8c 9c", TEN_KINGS], stock="10s")
    events = state.apply(DRAW)
    assert kinds(events) == ["draw", "discard"]
    assert (events[-1].detail, events[-1].count) == ("beyond", 10)
    assert face_down(state, A) == list(range(1, 10))


def _last_position(last: str) -> TrashState:
    return position(
        layouts=["Kh", "Qc Qd 5s Kc Kd Ks Qs Qh Kc#1 Kd#1"], stock=f"7c 2s {last}"
    )


def test_tr_a7_filling_a_one_position_layout_wins_the_match() -> None:
    for last in ("Ad", "Jd"):
        state = _last_position(last)
        state.apply(DRAW)
        assert state.discard == cards("7c")
        assert state.current_player == B
        run(state, "draw")
        assert state.current_player == A
        assert state.legal_actions() == (DRAW,)
        events = state.apply(DRAW)
        assert kinds(events) == ["draw", "place", "discard", "hand", "win"]
        assert state.current_player is None and state.legal_actions() == ()
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.winners == (A,)
        assert outcome.ranking == (A, B)


def test_tr_a8_a_king_on_the_discard_pile_cannot_be_taken() -> None:
    state = position(layouts=[TEN_KINGS.replace("Kc ", "Ac "), "Qc"], stock="2c", discard="Kc")
    assert state.legal_actions() == (DRAW,)
    message = refused(state, TAKE)
    assert message == "You cannot take K♣: kings have no position; draw from the stock"
    state.apply(DRAW)
    assert face_up(state, A)[1] == "2c"
    assert state.discard == cards("Kc Kd")


def test_tr_a9_an_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top() -> None:
    state = position(
        layouts=["Kh Kd ^3h Ks Kc Qh Qd Qs Qc Kh#1", "Qc#1 Qd#1"], discard="3c Qd Ks",
        filler=False,
    )
    total = state.card_count()
    events = state.apply(DRAW)
    assert kinds(events) == ["reshuffle", "draw", "discard"]
    assert events[0].count == 2
    drawn = events[1].cards[0]
    assert drawn in cards("3c Qd")
    assert state.stock == [c for c in cards("3c Qd") if c != drawn]
    assert state.discard == [card("Ks"), drawn]
    assert state.card_count() == total


def test_tr_a10_the_hand_winner_has_one_position_fewer_and_plays_first() -> None:
    """TR-3, TR-10: the hand winner (seat 1) starts the next hand with one position fewer."""
    state = position(
        layouts=[TEN_KINGS, "^Ah ^2h ^3h ^4h ^5h ^6h ^7h ^8h ^9h Qd"],
        stock="10d", current=B,
    )
    state.apply(DRAW)
    assert state.winners == [B]
    assert state.sizes == [10, 9]
    assert state.hand_number == 2
    assert state.current_player == B and state.starter == B
    view = state.view(A)
    assert view.sizes == (10, 9)
    assert all(c is None for layout in view.layouts for c in layout)


def test_tr_a11_with_two_decks_a_second_seven_cannot_join_a_face_up_seven() -> None:
    """TR-7: a rank whose position already shows that rank is discarded."""
    state = position(
        layouts=["Kh 7h#1 Ks Kc Kd Qh ^7c Qs Qc Qd", TEN_KINGS, TEN_KINGS], stock="2d"
    )
    assert state.decks == 2
    events = state.apply(DRAW)
    assert kinds(events) == ["draw", "place", "discard"]
    assert events[-1].cards == (card("7h#1"),) and events[-1].detail == "face up"
    assert state.discard == cards("7h#1")
    assert GAME.new_game(3, seed=1).card_count() == 104
