"""Shithead edge cases from crafted positions: effects that meet, options combined, the log lines.

Each test names the rule ids it checks; the acceptance scenarios are in ``test_scenarios.py``.
"""

from __future__ import annotations

from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import (
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Timeout,
)
from tests.games.shithead.builders import card, cards, position, refused

A, B, C = 0, 1, 2
EMPTY = [None, None, None]
NAMES = ["Anna", "Bob", "Cyril"]


def test_sh_7_draws_only_what_the_stock_still_holds() -> None:
    state = position(hands=["4c 4d 6c", "5d"], pile="3h", stock="Kd")
    events = state.apply(Play(cards("4c 4d")))
    assert state.hands[A] == list(cards("6c Kd"))
    assert state.stock == []
    assert [(e.kind, e.count) for e in events] == [("play", 0), ("draw", 1)]


def test_sh_9_sh_12_clear_in_the_first_of_two_extra_moves_keeps_the_second() -> None:
    state = position(hands=["2d 2s 10s 5h 9c", "5d"], pile="Kc", stock="Jh Qh Kh")
    state.apply(Play(cards("2d 2s")))
    state.apply(Bonus(cards("10s")))
    assert state.pile == []
    assert (state.phase, state.bonus_left, state.current_player) == ("bonus", 1, A)
    assert state.legal_actions() == (Bonus((card("5h"),)), Bonus((card("9c"),)), Decline())
    assert state.stock == list(cards("Kh Qh Jh"))
    events = state.apply(Decline())
    assert [e.kind for e in events] == ["decline", "draw", "again"]
    assert (state.phase, state.current_player, state.play_again) == ("play", A, True)
    assert state.hands[A] == list(cards("5h 9c Jh"))


def test_sh_9_sh_11_cards_after_a_clear_in_an_extra_move_start_the_new_pile_turn_passes() -> None:
    state = position(hands=["2d 2s 10s 5h 9c", "5d"], pile="Kc", stock="Jh Qh Kh")
    state.apply(Play(cards("2d 2s")))
    state.apply(Bonus(cards("10s")))
    state.apply(Bonus(cards("9c")))
    assert state.pile == [card("9c")]
    assert (state.phase, state.current_player, state.play_again) == ("play", B, False)


def test_sh_9_timeout_after_one_of_two_extra_moves_declines_the_rest() -> None:
    state = position(hands=["2d 2s 4h 9c", "5d"], pile="Kc", stock="Jh Qh")
    state.apply(Play(cards("2d 2s")))
    state.apply(Bonus(cards("4h")))
    assert state.bonus_left == 1
    events = state.apply(Timeout())
    assert [e.kind for e in events] == ["timeout", "decline", "draw"]
    assert state.pile == list(cards("Kc 2d 2s 4h"))
    assert state.hands[A] == list(cards("9c Jh Qh"))
    assert state.current_player == B


def test_sh_9_a_two_on_the_empty_pile_gives_an_extra_move() -> None:
    state = position(hands=["2d 5h 9c", "5d"], stock="Jh")
    events = state.apply(Play((card("2d"),)))
    assert events[0].count == 1
    assert (state.phase, state.bonus_left) == ("bonus", 1)


def test_sh_10_sh_13_refill_completes_four_twos_without_an_extra_move() -> None:
    state = position(hands=["2c 5h 9c", "5d"], pile="Kh 2h 2s", stock="2d 4c 6c 7c")
    state.apply(Play((card("2c"),)))
    events = state.apply(Decline())
    assert [e.kind for e in events] == ["decline", "draw", "complete", "burn", "draw", "again"]
    assert state.burnt == list(cards("Kh 2h 2s 2c 2d"))
    assert (state.phase, state.bonus_left, state.current_player) == ("play", 0, A)
    assert state.hands[A] == list(cards("5h 9c 4c"))


def test_sh_11_two_tens_in_one_play_burn_once_and_play_again() -> None:
    """SH-11, SH-12: two 10s played together clear the pile once, with one log line."""
    state = position(hands=["10s 10h 4c", "5d"], pile="Kc Ah", stock="Jh Qh")
    events = state.apply(Play(cards("10s 10h")))
    burns = [e for e in events if e.kind == "burn"]
    assert [(e.detail, e.cards, e.count) for e in burns] == [("10", cards("Kc Ah 10s 10h"), 4)]
    assert GAME.describe(burns[0], B, ["Anna", "Bob"]) == "The pile is burnt by 10♠ 10♥"
    assert state.burnt == list(cards("Kc Ah 10s 10h"))
    assert (state.current_player, state.play_again) == (A, True)


def test_sh_9_sh_11_tens_laid_together_in_an_extra_move_burn_once() -> None:
    """SH-9, SH-11: 10♦ 10♠ 5♥ in an extra move: one clear, then 5♥ starts the new pile."""
    state = position(hands=["2c 10d 10s 5h", "5d"], pile="Kc", stock="Jh Qh")
    state.apply(Play(cards("2c")))
    events = state.apply(Bonus(cards("10d 10s 5h")))
    burns = [e for e in events if e.kind == "burn"]
    assert [e.cards for e in burns] == [cards("Kc 2c 10d 10s")]
    assert GAME.describe(burns[0], None, ["Anna", "Bob"]) == "The pile is burnt by 10♦ 10♠"
    assert state.pile == list(cards("5h"))


def test_sh_11_a_pickup_resets_the_run_so_no_four_spans_it() -> None:
    state = position(hands=["4c", "9d 9c"], pile="Kd 9h 9s")
    assert state.legal_actions() == (PickUp(),)
    state.apply(PickUp())
    assert (state.run_rank, state.run_length) == (None, 0)
    state.apply(Play(cards("9d 9c")))
    assert state.pile == list(cards("9d 9c"))
    assert state.burnt == []
    assert state.current_player == A


def test_sh_13_drawn_card_completes_four_and_play_goes_on_from_the_face_up_cards() -> None:
    state = position(hands=["6h 6d", "5d"], pile="Qh 6c", stock="6s",
                     face_up=[["Kc", None, None], ["4h"] * 3], face_down=[EMPTY, ["3c"] * 3])
    state.apply(Play(cards("6h 6d")))
    assert state.burnt == list(cards("Qh 6c 6h 6d 6s"))
    assert (state.current_player, state.play_again) == (A, True)
    assert state.view(A).source == "face-up"
    assert state.legal_actions() == (Play((card("Kc"),)),)


def test_sh_13_sh_16_drawn_card_completes_four_with_the_last_card_and_wins() -> None:
    state = position(hands=["6h 6d", "5d"], pile="Qh 6c", stock="6s",
                     face_up=[EMPTY, ["4h"] * 3], face_down=[EMPTY, ["3c"] * 3])
    events = state.apply(Play(cards("6h 6d")))
    assert [e.kind for e in events] == ["play", "draw", "complete", "burn", "out", "win"]
    assert state.phase == "over"
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (A,)


def test_sh_14_face_up_play_that_clears_plays_again_from_the_face_up_cards() -> None:
    state = position(hands=["", "5d"], pile="8s 8h", face_up=[["8d", "8c", "3h"], ["4h"] * 3])
    state.apply(Play(cards("8d 8c")))
    assert state.burnt == list(cards("8s 8h 8d 8c"))
    assert (state.current_player, state.play_again) == (A, True)
    assert state.legal_actions() == (Play((card("3h"),)),)


def test_sh_14_picked_up_cards_are_played_before_the_remaining_face_up_cards() -> None:
    state = position(hands=["", "5d"], pile="Ah", face_up=[["3c", "Kd", None], ["4h"] * 3])
    state.apply(PickUp())
    state.apply(Play((card("5d"),)))
    assert state.current_player == A
    assert state.view(A).source == "hand"
    assert state.legal_actions() == (Play((card("Ah"),)),)
    assert refused(state, Play((card("Kd"),))) == (
        "Play from your hand first; face-up cards come when hand and stock are empty"
    )


def test_sh_15_blind_ten_burns_and_the_player_plays_again_blind() -> None:
    state = position(hands=["", "5d"], pile="Kd Ah", face_up=[EMPTY, ["4h"] * 3],
                     face_down=[["10c", "3s", None], ["5c"] * 3])
    state.apply(Blind(1))
    assert state.burnt == list(cards("Kd Ah 10c"))
    assert (state.current_player, state.play_again) == (A, True)
    assert state.legal_actions() == (Blind(2),)
    assert refused(state, PickUp()) == "The pile is empty; there is nothing to pick up"


def test_sh_15_blind_two_completes_four_twos() -> None:
    state = position(hands=["", "5d"], pile="Kd 2h 2s 2d", face_up=[EMPTY, ["4h"] * 3],
                     face_down=[["2c", "3s", None], ["5c"] * 3])
    state.apply(Blind(1))
    assert state.burnt == list(cards("Kd 2h 2s 2d 2c"))
    assert (state.phase, state.bonus_left, state.current_player) == ("play", 0, A)


def test_sh_15_sh_8_voluntary_pickup_is_offered_even_in_blind_play() -> None:
    state = position(hands=["", "5d"], pile="9h", face_up=[EMPTY, ["4h"] * 3],
                     face_down=[["Jc", None, "3c"], ["5c"] * 3], options=["voluntary-pickup"])
    assert state.legal_actions() == (Blind(1), Blind(3), PickUp())
    state.apply(PickUp())
    assert state.hands[A] == [card("9h")]
    assert state.face_down[A] == [card("Jc"), None, card("3c")]


def test_sh_14_sh_8_voluntary_pickup_with_a_playable_face_up_card() -> None:
    state = position(hands=["", "5d"], pile="9h", face_up=[["Jc", "3c", None], ["4h"] * 3],
                     options=["voluntary-pickup"])
    assert state.legal_actions() == (Play((card("Jc"),)), PickUp())


def test_sh_16_play_to_last_going_out_on_a_clear_passes_the_turn() -> None:
    state = position(hands=["10s", "4d 9d", "5c"], pile="Kd", face_up=[EMPTY] * 3,
                     face_down=[EMPTY, ["Qc"] * 3, ["Jc"] * 3], options=["play-to-last"])
    events = state.apply(Play((card("10s"),)))
    assert [e.kind for e in events] == ["play", "burn", "out"]
    assert (state.phase, state.current_player, state.play_again) == ("play", B, False)
    assert PickUp() not in state.legal_actions()
    assert {a for a in state.legal_actions()} == {Play((card("4d"),)), Play((card("9d"),))}


def test_sh_16_play_to_last_pickup_passes_over_the_seat_that_is_out() -> None:
    state = position(hands=["", "4d", "Kc"], pile="Ah", current=C, finished=[A],
                     face_up=[EMPTY, ["Qc"] * 3, ["Jc"] * 3], face_down=[EMPTY] + [["9c"] * 3] * 2,
                     options=["play-to-last"])
    state.apply(PickUp())
    assert state.current_player == B
    state.apply(Play((card("4d"),)))
    assert state.current_player == C


def test_sh_17_timeout_on_an_empty_pile_plays_the_lowest_ten_and_plays_again() -> None:
    state = position(hands=["", "5d"], face_up=[["10c", "Kd", None], ["4h"] * 3])
    events = state.apply(Timeout())
    assert [e.kind for e in events] == ["timeout", "play", "burn", "again"]
    assert state.face_up[A] == [None, card("Kd"), None]
    assert (state.current_player, state.play_again) == (A, True)


def test_sh_17_timeout_picks_up_even_in_blind_play() -> None:
    state = position(hands=["", "5d"], pile="9h", face_up=[EMPTY, ["4h"] * 3],
                     face_down=[["Jc", None, "3c"], ["5c"] * 3])
    state.apply(Timeout())
    assert state.hands[A] == [card("9h")]
    assert state.face_down[A] == [card("Jc"), None, card("3c")]
    assert state.current_player == B


def test_sh_4_start_line_when_no_hand_holds_a_low_card() -> None:
    state = position(hands=["2c", "2h 10h"], phase="swap", ready=[True, False], current=B)
    events = state.apply(Ready())
    assert (events[-1].kind, events[-1].player) == ("start", A)
    assert GAME.describe(events[-1], B, NAMES) == "Anna starts: every hand holds only 2s and 10s"
    low = position(hands=["2c 5h", "3h"], phase="swap", ready=[True, False], current=B)
    events = low.apply(Ready())
    assert GAME.describe(events[-1], B, NAMES) == "You start, holding the lowest card"


def test_describe_a_completed_four_and_declined_extra_moves() -> None:
    six = position(hands=["6h 6d 9c", "5d"], pile="Qh 6c", stock="6s Kd 3h 4h")
    events = six.apply(Play(cards("6h 6d")))
    complete = next(e for e in events if e.kind == "complete")
    assert GAME.describe(complete, B, NAMES) == (
        "Anna laid the new 6♠ automatically, completing four sixes"
    )
    two = position(hands=["2d 2s 9c 4h", "5d"], pile="Kc", stock="Jh Jd")
    two.apply(Play(cards("2d 2s")))
    events = two.apply(Decline())
    assert GAME.describe(events[0], B, NAMES) == "Anna declined the remaining two extra moves"
    one = position(hands=["2d 9c", "5d"], pile="Kc", stock="Jh Jd")
    one.apply(Play(cards("2d")))
    events = one.apply(Timeout())
    assert GAME.describe(events[0], A, NAMES) == "You ran out of time"
    assert GAME.describe(events[1], A, NAMES) == "You declined the extra move"


def test_describe_face_up_play_and_blind_play() -> None:
    up = position(hands=["", "5d"], pile="8s", face_up=[["9c", "9h", "4d"], ["4h"] * 3])
    events = up.apply(Play(cards("9c 9h")))
    assert GAME.describe(events[0], None, NAMES) == "Anna played 9♣ 9♥ from the face-up cards"
    down = position(hands=["", "5d"], pile="8s", face_up=[EMPTY, ["4h"] * 3],
                    face_down=[["Jc", None, "3c"], ["5c"] * 3])
    events = down.apply(Blind(1))
    assert GAME.describe(events[0], B, NAMES) == "Anna flipped J♣ and played it"


def test_sh_5_the_listed_plays_follow_a_hand_set_from_outside_the_moves() -> None:
    """The plays are found from the hand's cards kept as bits: after plays and a pick-up, and
    for a hand replaced or grown from outside the moves (as a sampler or a test does)."""
    state = position(hands=["4c 4d 6c", "5d"], pile="3h")
    assert state.legal_actions() == (
        Play(cards("4c")), Play(cards("4d")), Play(cards("4c 4d")), Play(cards("6c")),
    )
    state.apply(Play(cards("6c")))
    assert state.legal_actions() == (PickUp(),)
    state.apply(PickUp())
    assert state.legal_actions() == (Play(cards("4c")), Play(cards("4d")), Play(cards("4c 4d")))
    state.apply(Play(cards("4c")))
    assert state.legal_actions() == (Play(cards("5d")), Play(cards("6c")))
    state.hands[B] = list(cards("9c"))
    state._legal = None
    assert state.legal_actions() == (Play(cards("9c")),)
    state.hands[B].append(card("9d"))
    state._legal = None
    assert state.legal_actions() == (Play(cards("9c")), Play(cards("9d")), Play(cards("9c 9d")))


def test_sh_8_a_pick_up_takes_the_pile_set_from_outside_the_moves() -> None:
    """The pile's cards are kept as bits: a pile replaced or grown from outside the moves (as a
    sampler or a test does) still goes whole into the hand, and every card of it is shown."""
    state = position(hands=["4c 4d", "5d"], pile="3h")
    state.apply(Play(cards("4c")))
    state.pile = list(cards("Kh Ks"))
    state.pile.append(card("Ac"))
    state.run_rank, state.run_length = card("Ac").rank, 1
    state._legal = None
    state.apply(PickUp())
    assert state.hands[B] == list(cards("5d Kh Ks Ac"))
    assert state.shown == frozenset(cards("Kh Ks Ac"))
    state.apply(Play(cards("4d")))
    assert state.legal_actions() == (
        Play(cards("5d")), Play(cards("Kh")), Play(cards("Ks")), Play(cards("Kh Ks")),
        Play(cards("Ac")),
    )
    state.shown = frozenset(cards("5d"))
    assert state.view(B).known == ((), (card("5d"),))
