"""Shithead rule scenarios built from positions: SH-A1 … SH-A14, then every SH rule and option."""

from __future__ import annotations

import pytest

from cardgames.core.cards import Rank
from cardgames.core.errors import IllegalMove
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import (
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Swap,
    Timeout,
)
from tests.games.shithead.builders import card, cards, position, refused, run

A, B, C = 0, 1, 2


def plays(state: object) -> set[tuple[str, ...]]:
    """The legal plays of the current player as tuples of card codes."""
    legal = state.legal_actions()  # type: ignore[attr-defined]
    return {tuple(c.code for c in a.cards) for a in legal if isinstance(a, Play)}


# ----- acceptance scenarios -------------------------------------------------------------------


def test_sh_a1_bonus_cards_are_laid_in_order_then_refill_and_next_must_beat() -> None:
    state = position(hands=["2d 5h 3s", "4c 2c Kd"], pile="9h Kc", stock="Jh Jd Js 7c")
    run(state, "play 2d")
    assert (state.phase, state.current_player, state.bonus_left) == ("bonus", A, 1)
    run(state, "bonus 5h 3s")
    assert state.pile == list(cards("9h Kc 2d 5h 3s"))
    assert sorted(state.hands[A]) == sorted(cards("Jh Jd Js"))
    assert state.current_player == B
    assert plays(state) == {("4c",), ("2c",), ("Kd",)}
    assert state.view(B).description == "Play 3♠ or higher, or a 2 or a 10"


def test_sh_a2_declined_bonus_lets_the_next_player_play_anything() -> None:
    state = position(hands=["2d 5h 3s", "3c 4h 9s"], pile="Kc", stock="Jh 7c 7d")
    run(state, "play 2d", "decline")
    assert state.pile == list(cards("Kc 2d"))
    assert state.hands[A] == list(cards("5h 3s Jh"))
    assert state.current_player == B
    assert plays(state) == {("3c",), ("4h",), ("9s",)}
    assert PickUp() not in state.legal_actions()


def test_sh_a3_a_two_in_an_extra_move_gives_no_further_extra_move() -> None:
    state = position(hands=["2d 2c 7h", "3c 4h 9s"], pile="Kc", stock="Jh Jd 5c")
    run(state, "play 2d")
    assert state.bonus_left == 1
    events = state.apply(Bonus((card("2c"),)))
    assert state.phase == "play"
    assert state.current_player == B
    assert state.bonus_left == 0
    assert state.hands[A] == list(cards("7h Jh Jd"))
    assert [e.kind for e in events] == ["bonus", "draw"]


def test_sh_a4_four_eights_from_several_players_clear_and_c_plays_again() -> None:
    state = position(
        hands=["4d", "5d", "8d 8c Kh"], pile="5c 8s 8h", stock="4s 6h 9c", current=C
    )
    run(state, "play 8d 8c")
    assert state.burnt == list(cards("5c 8s 8h 8d 8c"))
    assert state.pile == []
    assert state.hands[C] == list(cards("Kh 4s 6h"))
    assert (state.current_player, state.phase, state.play_again) == (C, "play", True)
    assert PickUp() not in state.legal_actions()


def test_sh_a5_two_eights_after_a_two_do_not_clear() -> None:
    state = position(
        hands=["4d", "5d", "2c 8d 8c"], pile="8s 8h Jd", stock="3h 4h 5h", current=C
    )
    run(state, "play 2c", "bonus 8d 8c")
    assert state.pile == list(cards("8s 8h Jd 2c 8d 8c"))
    assert (state.run_rank, state.run_length) == (Rank.EIGHT, 2)
    assert state.burnt == []
    assert state.current_player == A


def test_sh_a6_refill_completes_four_sixes_automatically() -> None:
    state = position(hands=["6h 6d 9c", "5d"], pile="Qh 6c", stock="6s Kd 3h 4h")
    events = state.apply(Play(cards("6h 6d")))
    assert state.burnt == list(cards("Qh 6c 6h 6d 6s"))
    assert state.pile == []
    assert state.hands[A] == list(cards("9c Kd 3h"))
    assert (state.current_player, state.play_again) == (A, True)
    kinds = [e.kind for e in events]
    assert kinds == ["play", "draw", "complete", "burn", "draw", "again"]


def test_sh_a7_refill_only_up_to_three() -> None:
    big = position(hands=["4c 5c 6c 7c 8c", "5d"], pile="3h", stock="Kd Qd")
    big.apply(Play((card("4c"),)))
    assert len(big.hands[A]) == 4
    assert len(big.stock) == 2
    small = position(hands=["4c 5c 6c", "5d"], pile="3h", stock="Kd Qd")
    small.apply(Play((card("4c"),)))
    assert small.hands[A] == list(cards("5c 6c Kd"))
    assert len(small.stock) == 1


def test_sh_a8_extra_move_uses_only_the_cards_held_before_the_refill() -> None:
    state = position(hands=["2d 5h 9c", "5d"], pile="Kc", stock="Jh Qs 3c")
    run(state, "play 2d")
    assert state.hands[A] == list(cards("5h 9c"))
    assert len(state.stock) == 3
    assert refused(state, Bonus((card("Jh"),))) == (
        "You don't hold J♥; extra moves come from your hand"
    )
    events = state.apply(Bonus(cards("5h")))
    assert [(e.kind, e.cards) for e in events] == [
        ("bonus", cards("5h")), ("draw", cards("Jh Qs"))
    ]
    assert state.hands[A] == list(cards("9c Jh Qs"))
    assert state.pile == list(cards("Kc 2d 5h"))


def test_sh_a9_pickup_refused_while_a_two_goes_and_forced_without_it() -> None:
    can = position(hands=["3d", "4c 9d 2h", "5s"], pile="7c As", current=B)
    assert refused(can, PickUp()) == "You can play, so you may not pick up"
    assert plays(can) == {("2h",)}
    cannot = position(hands=["3d", "4c 9d", "5s Kd"], pile="7c As", current=B)
    assert cannot.legal_actions() == (PickUp(),)
    run(cannot, "pickup")
    assert cannot.hands[B] == list(cards("4c 9d 7c As"))
    assert cannot.pile == []
    assert cannot.current_player == C
    assert plays(cannot) == {("5s",), ("Kd",)}
    assert PickUp() not in cannot.legal_actions()


def test_sh_a10_blind_flip_unplayable_picks_up_with_it_playable_completes_four() -> None:
    empty = [None, None, None]
    miss = position(
        hands=["3d", ""], pile="Kd 7s 7h 7d", current=B,
        face_up=[["4h", "4s", "4c"], empty], face_down=[["5h", "5s", "6c"], ["5c", "Ah", "Qs"]],
    )
    events = miss.apply(Blind(1))
    assert sorted(miss.hands[B]) == sorted(cards("Kd 7s 7h 7d 5c"))
    assert miss.pile == [] and miss.burnt == []
    assert miss.face_down[B] == [None, card("Ah"), card("Qs")]
    assert miss.current_player == A
    assert [(e.kind, e.detail, e.count) for e in events] == [("flip", "picked up", 5)]
    hit = position(
        hands=["3d", ""], pile="Kd 7s 7h 7d", current=B,
        face_up=[["4h", "4s", "4c"], empty], face_down=[["5h", "5s", "6c"], ["7c", "Ah", "Qs"]],
    )
    hit.apply(Blind(1))
    assert hit.burnt == list(cards("Kd 7s 7h 7d 7c"))
    assert (hit.current_player, hit.play_again) == (B, True)
    assert hit.legal_actions() == (Blind(2), Blind(3))


def test_sh_a11_face_up_play_of_one_rank_that_beats() -> None:
    state = position(
        hands=["3d", ""], pile="8s", current=B, face_up=[["4h", "4s", "4c"], ["9c", "9h", "4d"]]
    )
    assert state.view(B).source == "face-up"
    assert plays(state) == {("9c",), ("9h",), ("9c", "9h")}
    run(state, "play 9c 9h")
    assert state.face_up[B] == [None, None, card("4d")]
    assert state.pile == list(cards("8s 9c 9h"))
    other = position(
        hands=["3d", ""], pile="8s", current=B, face_up=[["4h", "4s", "4c"], ["9c", "9h", "4d"]]
    )
    assert refused(other, Play((card("4d"),))) == "4♦ is lower than 8♠"


def test_sh_a12_last_card_a_ten_wins_without_playing_again() -> None:
    empty = [None, None, None]
    state = position(hands=["10s", "3d"], pile="Kd", face_up=[empty, empty],
                     face_down=[empty, ["4c", "5c", "6c"]])
    events = state.apply(Play((card("10s"),)))
    assert state.phase == "over"
    assert state.current_player is None
    assert state.legal_actions() == ()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (A,)
    assert outcome.ranking == (A, B)
    assert "again" not in [e.kind for e in events]
    assert [e.kind for e in events] == ["play", "burn", "out", "win"]


def test_sh_a13_timeout_picks_up_or_plays_the_lowest_card_without_bonus() -> None:
    full = position(hands=["2c 6d Ks", "3d"], pile="Qh 9d", stock="4h")
    assert full.timeout_action() == Timeout()
    full.apply(Timeout())
    assert full.hands[A] == list(cards("2c 6d Ks Qh 9d"))
    assert full.current_player == B
    empty = position(hands=["2c 6d Ks", "3d"], stock="4h 5h")
    empty.apply(Timeout())
    assert empty.pile == [card("2c")]
    assert (empty.phase, empty.bonus_left, empty.current_player) == ("play", 0, B)
    assert empty.hands[A] == list(cards("6d Ks 4h"))


def test_sh_a14_swaps_then_ready_then_swaps_are_refused() -> None:
    state = position(
        hands=["5c 6c 7c", "3d 8d 9d"],
        face_up=[["Jc", "Qc", "Kc"], ["As", "Jd", "Qd"]],
        phase="swap",
        full=True,
    )
    assert state.card_count() == 52
    run(state, "ready")
    assert state.current_player == B
    run(state, "swap 3d 1")
    assert state.hands[B] == list(cards("As 8d 9d"))
    assert state.face_up[B] == [card("3d"), card("Jd"), card("Qd")]
    assert state.card_count() == 52
    assert state.current_player == B
    run(state, "ready")
    assert state.phase == "play"
    assert state.card_count() == 52
    player = state.current_player
    assert player is not None
    with pytest.raises(IllegalMove, match="Swaps are over once everyone is ready"):
        GAME.parse_command(state.view(player), "swap 5c 1")
    assert refused(state, Swap(state.hands[player][0], 1)) == (
        "Swaps are over once everyone is ready"
    )
    assert state.card_count() == 52


# ----- set-up: SH-1 … SH-4 ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sh_1_sh_2_deal(players: int) -> None:
    """SH-1, SH-2: one deck; each seat gets three face-down cards, three face-up cards on them
    (seen by everyone, the face-down ones by no one) and three in hand; the rest is the stock,
    16 cards with four players."""
    state = GAME.new_game(players, seed=11)
    assert state.card_count() == 52
    assert len(state.stock) == 52 - 9 * players
    if players == 4:
        assert len(state.stock) == 16
    for seat in range(players):
        assert len(state.hands[seat]) == 3
        assert len(state.face_up[seat]) == 3 and len(state.face_down[seat]) == 3
        assert None not in state.face_up[seat] and None not in state.face_down[seat]
        other = state.view((seat + 1) % players)
        assert other.face_up[seat] == tuple(state.face_up[seat])
        assert other.face_down[seat] == (True, True, True)
        assert other.hand_sizes[seat] == 3
    assert state.phase == "swap" and state.current_player == 0


def test_sh_1_player_count_and_options_are_checked() -> None:
    with pytest.raises(ValueError):
        GAME.new_game(1, seed=1)
    with pytest.raises(ValueError):
        GAME.new_game(5, seed=1)
    with pytest.raises(ValueError, match="jokers"):
        GAME.new_game(2, seed=1, options={"jokers": True})


def test_sh_3_swap_phase_offers_swaps_and_ready_to_the_lowest_seat_not_ready() -> None:
    state = position(hands=["5c 6c 7c", "3d 8d 9d", "2h 3h 4h"], phase="swap",
                     ready=[True, False, False], current=B)
    assert state.current_player == B
    legal = state.legal_actions()
    assert len(legal) == 10 and legal[-1] == Ready()
    assert Swap(card("3d"), 3) in legal
    assert state.timeout_action() is None
    assert refused(state, Play((card("3d"),))) == (
        "Swap cards or say ready first; play starts when everyone is ready"
    )
    assert refused(state, Swap(card("5c"), 1)) == "You don't hold 5♣"
    assert refused(state, Swap(card("3d"), 4)) == "Face-up positions are 1, 2 and 3"
    assert refused(state, Timeout()) == "No turn clock runs during the swap phase"
    run(state, "ready")
    assert state.current_player == C
    assert state.view(None).description == "Swap cards, then say ready"


def test_sh_4_lowest_card_other_than_two_or_ten_starts_ties_to_lower_seat() -> None:
    state = position(hands=["2c 10d Ks", "3h Ad 2s", "3c 4c 5c"], phase="swap",
                     ready=[True, True, False], current=C)
    events = state.apply(Ready())
    assert state.current_player == B
    assert events[-1].kind == "start" and events[-1].player == B
    only_specials = position(hands=["Kc", "2h 10h", "2d 10d"], phase="swap",
                             ready=[True, True, False], current=C)
    only_specials.apply(Ready())
    assert only_specials.current_player == A
    nobody = position(hands=["2c", "2h 10h"], phase="swap", ready=[True, False], current=B)
    nobody.apply(Ready())
    assert nobody.current_player == A


# ----- a turn: SH-5 … SH-8 ----------------------------------------------------------------------


def test_sh_5_equal_or_higher_several_of_one_rank_and_seven_is_ordinary() -> None:
    state = position(hands=["9d 9s Jc 7h 8c 3s", "5d"], pile="8h")
    assert plays(state) == {("9d",), ("9s",), ("9d", "9s"), ("Jc",), ("8c",)}
    assert refused(state, Play((card("7h"),))) == "7♥ is lower than 8♥"
    assert refused(state, Play(cards("9d Jc"))) == (
        "Cards played together must be of one rank: 9♦ and J♣ differ"
    )
    assert refused(state, Play(cards("9d 9d"))) == "9♦ is named twice"
    assert refused(state, Play((card("Kd"),))) == "You don't hold K♦"
    assert refused(state, Play(())) == "Name the cards to play"
    state.apply(Play(cards("9s 9d")))
    assert state.pile == list(cards("8h 9s 9d"))
    on_seven = position(hands=["8c 6c", "5d"], pile="7h")
    assert plays(on_seven) == {("8c",)}


def test_sh_5_message_for_a_lower_card() -> None:
    state = position(hands=["9d", "5d"], pile="Jc")
    with pytest.raises(IllegalMove, match="9♦ is lower than J♣"):
        GAME.parse_command(state.view(A), "play 9d")


def test_sh_6_two_and_ten_go_on_anything() -> None:
    """SH-6: on an ace, the highest card, only the 2 and the 10 (decided) may be played."""
    state = position(hands=["2h 10c 5s", "5d"], pile="As")
    assert plays(state) == {("2h",), ("10c",)}
    assert state.view(A).playable == frozenset(cards("2h 10c"))


def test_sh_6_a_two_or_a_ten_is_accepted_on_an_ace_from_every_source() -> None:
    """SH-6 (decided: the 10 as well as the 2): played from the hand, from the face-up cards or
    turned blind, a 2 or a 10 goes on an ace where a king is refused or picks up."""
    twos = position(hands=["2h 2c 5s", "5d"], pile="As", stock="Kd Kh")
    twos.apply(Play(cards("2h 2c")))
    assert twos.pile == list(cards("As 2h 2c"))
    ten = position(hands=["10c 5s", "5d"], pile="As", stock="Kd")
    ten.apply(Play((card("10c"),)))
    assert ten.burnt == list(cards("As 10c"))
    up = position(hands=["", "5d"], pile="As", face_up=[["10h", "2d", "Kc"], ["4h"] * 3])
    assert plays(up) == {("10h",), ("2d",)}
    assert refused(up, Play((card("Kc"),))) == "K♣ is lower than A♠"
    up.apply(Play((card("2d"),)))
    assert up.pile == list(cards("As 2d"))
    empty = [None, None, None]
    for flipped in ("2s", "10s", "Kc"):
        blind = position(hands=["", "5d"], pile="9h As", face_up=[empty, ["4h"] * 3],
                         face_down=[[flipped, "3c", "4c"], ["5c"] * 3])
        blind.apply(Blind(1))
        if flipped == "Kc":
            assert blind.hands[A] == list(cards("9h As Kc"))
        else:
            assert blind.hands[A] == []
            assert card(flipped) in (*blind.pile, *blind.burnt)


def test_sh_8_pickup_ends_turn_and_is_never_allowed_on_an_empty_pile() -> None:
    state = position(hands=["4c", "5d", "6d"])
    assert refused(state, PickUp()) == "The pile is empty; there is nothing to pick up"
    three = position(hands=["4c", "5d", "Kd"], pile="Ah", current=A)
    run(three, "pickup")
    assert three.current_player == B
    assert three.play_again is False


def test_sh_8_voluntary_pickup_option() -> None:
    state = position(hands=["Kc 4c", "5d"], pile="Qh", options=["voluntary-pickup"])
    assert PickUp() in state.legal_actions()
    state.apply(PickUp())
    assert state.hands[A] == list(cards("Kc 4c Qh"))
    empty = position(hands=["Kc 4c", "5d"], options=["voluntary-pickup"])
    assert PickUp() not in empty.legal_actions()
    assert refused(empty, PickUp()) == "The pile is empty; there is nothing to pick up"
    off = position(hands=["Kc 4c", "5d"], pile="Qh")
    assert PickUp() not in off.legal_actions()


# ----- special cards: SH-9 … SH-13 --------------------------------------------------------------


def test_sh_9_each_two_gives_one_extra_move_and_mixed_ranks_go_in_order() -> None:
    state = position(hands=["2d 2s 9c 4h 3h", "5d"], pile="Kc", stock="Jh Jd Js")
    events = state.apply(Play(cards("2d 2s")))
    assert state.bonus_left == 2
    assert events[0].count == 2
    assert state.view(A).description == "Extra moves (2 left): lay any hand cards or decline"
    state.apply(Bonus(cards("9c 3h")))
    assert state.bonus_left == 1
    assert state.view(A).description == "Extra move: lay any hand cards or decline"
    state.apply(Bonus((card("4h"),)))
    assert state.pile == list(cards("Kc 2d 2s 9c 3h 4h"))
    assert state.hands[A] == list(cards("Jh Jd Js"))
    assert state.current_player == B


def test_sh_9_bonus_legal_actions_and_refusals() -> None:
    state = position(hands=["2d 5h 5c 9c", "5d"], pile="Kc", stock="Jh")
    state.apply(Play((card("2d"),)))
    assert state.legal_actions() == (
        Bonus((card("5c"),)), Bonus((card("5h"),)), Bonus((card("9c"),)),
        Bonus(cards("5c 5h")), Decline(),
    )
    assert state.view(A).playable == frozenset(cards("5h 5c 9c"))
    assert refused(state, Bonus(())) == "Name the cards for the extra move, or decline"
    assert refused(state, Bonus(cards("5h 5h"))) == "5♥ is named twice"
    assert refused(state, PickUp()) == "Extra move: lay hand cards (e.g. bonus 5h 3s) or decline"
    assert refused(state, Play((card("9c"),))) == (
        "Extra move: lay hand cards (e.g. bonus 5h 3s) or decline"
    )
    state.apply(Bonus(cards("9c 5c 5h")))
    assert state.pile == list(cards("Kc 2d 9c 5c 5h"))


def test_sh_9_decline_ends_all_extra_moves_then_refill() -> None:
    state = position(hands=["2d 2s 9c 4h", "5d"], pile="Kc", stock="Jh Jd")
    state.apply(Play(cards("2d 2s")))
    events = state.apply(Decline())
    assert [e.kind for e in events] == ["decline", "draw"]
    assert state.bonus_left == 0 and state.current_player == B
    assert state.hands[A] == list(cards("9c 4h Jh"))
    assert refused(state, Decline()) == "There is no extra move to decline"
    assert refused(state, Bonus((card("5d"),))) == (
        "You have no extra move; each 2 you play from your hand gives one"
    )


def test_sh_9_extra_move_lapses_with_an_empty_hand_or_from_face_up_cards() -> None:
    last = position(hands=["2d", "5d"], pile="Kc", stock="Jh Jd Js 4s")
    events = last.apply(Play((card("2d"),)))
    assert events[0].count == 0
    assert (last.phase, last.current_player) == ("play", B)
    assert last.hands[A] == list(cards("Jh Jd Js"))
    emptied = position(hands=["2d 2s 5h", "5d"], pile="Kc", stock="Jh Jd Js")
    emptied.apply(Play(cards("2d 2s")))
    assert emptied.bonus_left == 2
    emptied.apply(Bonus(cards("5h")))
    assert (emptied.phase, emptied.bonus_left, emptied.current_player) == ("play", 0, B)
    assert emptied.hands[A] == list(cards("Jh Jd Js"))
    face_up = position(hands=["", "5d"], pile="Kc", face_up=[["2d", "3c", None], ["4c"] * 3])
    face_up.apply(Play((card("2d"),)))
    assert (face_up.phase, face_up.bonus_left, face_up.current_player) == ("play", 0, B)


def test_sh_10_a_two_does_not_reset_and_counts_toward_four() -> None:
    state = position(hands=["3c", "5d"], pile="Ah 2h")
    assert plays(state) == {("3c",)}
    assert state.view(A).description == "A 2 is on top: play any card"
    fours = position(hands=["2c 9d", "5d"], pile="Kh 2h 2s 2d", stock="4c")
    events = fours.apply(Play((card("2c"),)))
    assert fours.burnt == list(cards("Kh 2h 2s 2d 2c"))
    assert events[0].count == 0
    assert (fours.phase, fours.current_player, fours.play_again) == ("play", A, True)


def test_sh_11_a_ten_burns_and_cards_after_a_clear_start_the_new_pile() -> None:
    state = position(hands=["2d 5h 10s 4c 9h", "5d"], pile="Kc", stock="Jh")
    state.apply(Play((card("2d"),)))
    events = state.apply(Bonus(cards("5h 10s 4c")))
    assert state.burnt == list(cards("Kc 2d 5h 10s"))
    assert state.pile == [card("4c")]
    assert state.current_player == B
    burn = [e for e in events if e.kind == "burn"]
    assert len(burn) == 1 and burn[0].detail == "10"


def test_sh_11_four_in_a_row_counts_at_each_placement_of_an_extra_move() -> None:
    state = position(hands=["2d 5h 5s 5c 5d 9h", "4d"], pile="Kc", stock="Jh")
    state.apply(Play((card("2d"),)))
    events = state.apply(Bonus(cards("5h 5s 5c 5d 9h")))
    assert state.burnt == list(cards("Kc 2d 5h 5s 5c 5d"))
    assert state.pile == [card("9h")]
    assert [e.detail for e in events if e.kind == "burn"] == ["four"]
    assert state.current_player == B


def test_sh_11_only_equal_ranks_in_a_row_at_the_top_count() -> None:
    state = position(hands=["2d 7c 7d 5h", "5d"], pile="7s 7h Kc", stock="Jh")
    state.apply(Play((card("2d"),)))
    state.apply(Bonus(cards("7c 7d")))
    assert state.pile == list(cards("7s 7h Kc 2d 7c 7d"))
    assert state.burnt == []
    fours = position(hands=["7c 7d 5h", "5d"], pile="Kc 7s 7h", stock="Jh")
    fours.apply(Play(cards("7c 7d")))
    assert fours.burnt == list(cards("Kc 7s 7h 7c 7d"))


def test_sh_12_a_clearing_play_gives_no_extra_move_and_the_player_plays_again() -> None:
    state = position(hands=["2c 2d 9c", "5d"], pile="Kh 2h 2s", stock="4c 5c")
    events = state.apply(Play(cards("2c 2d")))
    assert events[0].count == 0
    assert state.burnt[-2:] == list(cards("2c 2d"))
    assert (state.phase, state.current_player, state.play_again) == ("play", A, True)
    assert state.view(A).description == "Play again on the empty pile"


def test_sh_12_extra_move_ending_on_an_empty_pile_plays_again() -> None:
    state = position(hands=["2d 5h 10s 9h", "5d"], pile="Kc", stock="Jh Qh")
    state.apply(Play((card("2d"),)))
    events = state.apply(Bonus(cards("5h 10s")))
    assert state.pile == []
    assert (state.current_player, state.play_again) == (A, True)
    assert events[-1].kind == "again"
    assert state.hands[A] == list(cards("9h Jh Qh"))


def test_sh_13_only_newly_drawn_cards_complete_the_four() -> None:
    state = position(hands=["6h 6d 6s", "5d"], pile="Qh 6c", stock="Kd 3h")
    state.apply(Play(cards("6h 6d")))
    assert state.pile == list(cards("Qh 6c 6h 6d"))
    assert state.hands[A] == list(cards("6s Kd 3h"))
    assert state.current_player == B


def test_sh_13_refill_that_cannot_complete_does_nothing() -> None:
    state = position(hands=["6h 9d 9s", "5d"], pile="Qh 6c", stock="6s")
    state.apply(Play((card("6h"),)))
    assert state.pile == list(cards("Qh 6c 6h"))
    assert card("6s") in state.hands[A]


# ----- face-up and face-down cards: SH-14, SH-15 -----------------------------------------------


def test_sh_14_hand_first_then_face_up_never_mixed() -> None:
    state = position(hands=["4c", "5d"], pile="3h", stock="9d",
                     face_up=[["Kc", "Kd", "Qs"], ["4h"] * 3])
    assert refused(state, Play((card("Kc"),))) == (
        "Play from your hand first; face-up cards come when hand and stock are empty"
    )
    only_up = position(hands=["", "5d"], pile="3h", face_up=[["Kc", "Kd", "Qs"], ["4h"] * 3])
    assert refused(only_up, Play((card("4h"),))) == (
        "Play from your face-up cards now; 4♥ is not one of them"
    )
    assert only_up.view(A).description == (
        "Play 3♥ or higher, or a 2 or a 10, from the face-up cards"
    )


def test_sh_14_no_face_up_card_goes_pick_up_and_face_up_cards_stay() -> None:
    state = position(hands=["", "5d"], pile="Ah", face_up=[["Kc", None, "Qs"], ["4h"] * 3])
    assert state.legal_actions() == (PickUp(),)
    state.apply(PickUp())
    assert state.hands[A] == [card("Ah")]
    assert state.face_up[A] == [card("Kc"), None, card("Qs")]
    state.current_player = A
    assert state.source(A) == "hand"


def test_sh_15_blind_play_rules() -> None:
    empty = [None, None, None]
    state = position(hands=["", "5d"], pile="9h", face_up=[empty, ["4h"] * 3],
                     face_down=[[None, "Jc", "3c"], ["5c"] * 3])
    assert state.view(A).source == "face-down"
    assert state.legal_actions() == (Blind(2), Blind(3))
    assert refused(state, Blind(1)) == "There is no face-down card at position 1"
    assert refused(state, Blind(4)) == "Face-down positions are 1, 2 and 3"
    assert refused(state, PickUp()) == "Turn a face-down card with blind 1-3; you may not pick up"
    assert refused(state, Play((card("Jc"),))) == (
        "Your hand and face-up cards are gone: turn a face-down card with blind 1-3"
    )
    assert state.view(A).description == (
        "Turn a face-down card: it must be 9♥ or higher, or a 2 or a 10"
    )
    state.apply(Blind(2))
    assert state.pile == list(cards("9h Jc"))
    assert state.current_player == B
    in_hand = position(hands=["4d", "5d"], pile="3h")
    assert refused(in_hand, Blind(1)) == "You still have cards in hand; blind play comes last"
    face_up = position(hands=["", "5d"], pile="3h")
    assert refused(face_up, Blind(1)) == "Play your face-up cards first; blind play comes last"


def test_sh_15_blind_two_gives_no_extra_move() -> None:
    empty = [None, None, None]
    state = position(hands=["", "5d"], pile="9h", face_up=[empty, ["4h"] * 3],
                     face_down=[["2c", "Jc", "3c"], ["5c"] * 3])
    state.apply(Blind(1))
    assert (state.phase, state.bonus_left, state.current_player) == ("play", 0, B)


# ----- the end: SH-16 ----------------------------------------------------------------------------


def test_sh_16_first_out_wins_by_default_ranking_the_rest_by_cards_held() -> None:
    empty = [None, None, None]
    state = position(hands=["Kc", "5d 6d", "7d"], pile="4h",
                     face_up=[empty, ["4c", None, None], empty],
                     face_down=[empty, [None, None, None], ["8c", "9c", None]])
    state.apply(Play((card("Kc"),)))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (A,)
    assert outcome.ranking == (A, B, C)


def test_sh_16_play_to_last_goes_on_until_one_is_left() -> None:
    empty = [None, None, None]
    state = position(hands=["Kc", "Ad", "2d Ah"], pile="4h", face_up=[empty] * 3,
                     face_down=[empty] * 3, options=["play-to-last"])
    events = state.apply(Play((card("Kc"),)))
    assert [e.kind for e in events] == ["play", "out"]
    assert state.outcome() is None
    assert state.current_player == B
    state.apply(Play((card("Ad"),)))
    assert state.phase == "over"
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (A, B, C)
    assert outcome.winners == (A,)
    assert state.view(None).finished == (A, B)


def test_sh_16_seats_out_are_skipped() -> None:
    empty = [None, None, None]
    state = position(hands=["", "4d 9d", "5c 6c"], pile="3h", current=C, finished=[A],
                     face_up=[empty, ["Kc"] * 3, ["Qc"] * 3], face_down=[empty] * 3,
                     options=["play-to-last"])
    state.apply(Play((card("5c"),)))
    assert state.current_player == B
    state.apply(Play((card("9d"),)))
    assert state.current_player == C


def test_actions_after_the_end_are_refused() -> None:
    empty = [None, None, None]
    state = position(hands=["Kc", "5d"], pile="4h", face_up=[empty, empty],
                     face_down=[empty, ["8c", "9c", "3c"]])
    state.apply(Play((card("Kc"),)))
    assert refused(state, PickUp()) == "The game is over"
    assert state.timeout_action() is None
    assert state.view(None).description == "The game is over"


# ----- turn clock: SH-17 --------------------------------------------------------------------------


def test_sh_17_timeout_is_never_legal_but_always_accepted_in_play() -> None:
    state = position(hands=["2c 6d", "3d"], pile="9h")
    assert Timeout() not in state.legal_actions()
    assert state.timeout_action() == Timeout()


def test_sh_17_timeout_declines_a_pending_extra_move() -> None:
    state = position(hands=["2d 5h 9c", "5d"], pile="Kc", stock="Jh")
    state.apply(Play((card("2d"),)))
    events = state.apply(Timeout())
    assert [e.kind for e in events] == ["timeout", "decline", "draw"]
    assert state.pile == list(cards("Kc 2d"))
    assert state.current_player == B


def test_sh_17_timeout_plays_lowest_face_up_else_leftmost_face_down() -> None:
    empty = [None, None, None]
    up = position(hands=["", "5d"], face_up=[["Kc", "4d", None], ["4h"] * 3])
    up.apply(Timeout())
    assert up.pile == [card("4d")] and up.current_player == B
    down = position(hands=["", "5d"], face_up=[empty, ["4h"] * 3],
                    face_down=[[None, "Jc", "3c"], ["5c"] * 3])
    down.apply(Timeout())
    assert down.pile == [card("Jc")] and down.face_down[A] == [None, None, card("3c")]
    ten = position(hands=["10c Kd", "5d"])
    ten.apply(Timeout())
    assert (ten.current_player, ten.play_again, ten.burnt) == (A, True, [card("10c")])


def test_clock_seconds_default() -> None:
    assert GAME.clock_seconds == 45


# ----- refusing changes nothing; views; events --------------------------------------------------


def test_not_your_turn_and_game_over_messages() -> None:
    state = position(hands=["4c", "5d"], pile="3h")
    with pytest.raises(IllegalMove, match="It is not your turn"):
        GAME.parse_command(state.view(B), "play 5d")


def test_view_fields() -> None:
    state = position(hands=["9d 9s 3c", "5d 6d"], pile="8h 9h", stock="Ah Kh",
                     face_up=[["Kc", None, "2s"], ["4h", "4s", "4c"]],
                     face_down=[[None, "Jc", "3d"], ["5c", "6c", "7c"]])
    mine = state.view(A)
    assert mine.hand == tuple(cards("9d 9s 3c"))
    assert mine.hand_sizes == (3, 2)
    assert mine.face_up[A] == (card("Kc"), None, card("2s"))
    assert mine.face_down == ((False, True, True), (True, True, True))
    assert mine.pile == tuple(cards("8h 9h"))
    assert (mine.run_rank, mine.run_length) == (Rank.NINE, 1)
    assert (mine.stock_size, mine.burnt_size, mine.bonus_left) == (2, 0, 0)
    assert mine.playable == frozenset(cards("9d 9s"))
    assert mine.legal == state.legal_actions()
    assert mine.source == "hand"
    assert mine.description == "Play 9♥ or higher, or a 2 or a 10"
    theirs = state.view(B)
    assert theirs.hand == tuple(cards("5d 6d"))
    assert theirs.legal == () and theirs.playable == frozenset()
    public = state.view(None)
    assert public.hand == () and public.legal == ()


def test_json_round_trip_and_clone_are_independent() -> None:
    state = GAME.new_game(3, seed=5, options={"play-to-last": True})
    copy = state.clone()
    copy.apply(Ready())
    assert state.ready == [False, False, False]
    rebuilt = GAME.state_from_json(state.to_json())
    assert rebuilt.to_json() == state.to_json()
    assert rebuilt.options == ("play-to-last",)


def test_describe_lines() -> None:
    names = ["Anna", "Bob", "Cyril"]
    state = position(hands=["2d 5h", "Kd", "Qd"], pile="Kc", stock="Jh Qh Ah")
    events = state.apply(Play((card("2d"),)))
    assert GAME.describe(events[0], B, names) == "Anna played 2♦ — one extra move"
    events = state.apply(Decline())
    assert GAME.describe(events[0], B, names) == "Anna declined the extra move"
    assert GAME.describe(events[1], B, names) == "Anna drew 2 cards"
    assert GAME.describe(events[1], A, names) == "You drew J♥ Q♥"
    burn = position(hands=["8d 8c", "5d"], pile="8s 8h", stock="3c")
    events = burn.apply(Play(cards("8d 8c")))
    assert GAME.describe(events[1], None, names) == "The pile is burnt by four eights"
    pick = position(hands=["4c", "3d"], pile="5c 6c 7c 8c 9c Jc Qc", current=B)
    events = pick.apply(PickUp())
    assert GAME.describe(events[0], None, names) == "Bob picked up the pile (7 cards)"
    empty = [None, None, None]
    flip = position(hands=["4c", ""], pile="Kd 7s", current=B, face_up=[empty, empty],
                    face_down=[empty, ["5c", "Ah", "Qs"]])
    events = flip.apply(Blind(1))
    assert GAME.describe(events[0], B, names) == (
        "You flipped 5♣ and picked up the pile (3 cards)"
    )
    ten = position(hands=["10s 4c", "3d"], pile="Kd")
    events = ten.apply(Play((card("10s"),)))
    assert GAME.describe(events[1], B, names) == "The pile is burnt by 10♠"
    assert GAME.describe(events[-1], A, names) == "You play again"


def test_rules_text_lists_the_commands() -> None:
    text = GAME.rules_text()
    assert "the first player to do so wins" in text
    for command in ("swap 3d 1", "ready", "play 8d 8c", "bonus 5h 3s", "decline", "pickup",
                    "blind 2"):
        assert f"`{command}`" in text


def test_game_object() -> None:
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == (
        "shithead", "Shithead", 2, 4
    )
    assert GAME.aliases == ("vandtia", "vändtia", "skitgubbe")
    assert [o.name for o in GAME.options] == ["voluntary-pickup", "play-to-last"]
    assert set(GAME.bots()) == {"normal", "easy", "hard", "shithead", "random"}
    assert next(iter(GAME.bots())) == "normal"
