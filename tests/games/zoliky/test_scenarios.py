"""The acceptance scenarios ZO-A1 … ZO-A16 of shared/rules/zoliky.md, one test each."""

from __future__ import annotations

import pytest

from cardgames.core.errors import IllegalMove
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Close, Discard, Draw, Take, TakeBack
from cardgames.games.zoliky.melds import read_meld
from tests.games.zoliky.builders import cards, layoff, meld, position

FILLER = ["2c", "9d", "5s", "8h"]


def opened_position(hand: list[str], **fields: object) -> object:
    """Seat 0 has opened and is in the lay phase with ``hand`` (+ filler cards)."""
    return position([hand + FILLER, ["4h", "4s"]], opened=[True, False], **fields)


def test_zo_a1_no_wrap_but_ace_low_or_high() -> None:
    """ZO-A1 (ZO-11): K♦ A♦ 2♦ is refused; Q♠ K♠ A♠ and A♣ 2♣ 3♣ are valid runs."""
    state = position(
        [["Kd", "Ad", "2d", "Qs", "Ks", "As", "Ac#1", "2c#1", "3c", "7h"], ["4h", "4s"]],
        opened=[True, False],
    )
    with pytest.raises(IllegalMove, match="the ace is low or high, never both"):
        state.apply(meld("Kd", "Ad", "2d"))
    with pytest.raises(IllegalMove, match="never both"):
        GAME.parse_command(state.view(0), "meld kd ad 2d")
    legal = state.legal_actions()
    assert meld("Qs", "Ks", "As") in legal
    assert meld("Ac#1", "2c#1", "3c") in legal
    state.apply(meld("Qs", "Ks", "As"))
    state.apply(meld("Ac#1", "2c#1", "3c"))
    assert [m.low for m in state.melds] == [12, 1]
    assert [m.points for m in state.melds] == [30, 15]


def test_zo_a2_set_with_a_suit_twice_is_refused() -> None:
    """ZO-A2 (ZO-11): 7♥ 7♥ 7♠ and 7♥ 7♥ JK are not sets."""
    state = opened_position(["7h", "7h#1", "7s", "Xr"])
    assert not read_meld(cards("7h", "7h#1", "7s"))[0]
    assert not read_meld(cards("7h", "7h#1", "Xr"))[0]
    for text in ("meld 7h 7h 7s", "meld 7h 7h jk"):
        with pytest.raises(IllegalMove, match="each suit only once"):
            GAME.parse_command(state.view(0), text)
    assert all(
        not (isinstance(a, type(meld())) and sum(c.rank.code == "7" for c in a.cards) >= 2
             and len({c.suit for c in a.cards if c.rank.code == "7"}) < 2)
        for a in state.legal_actions()
    )


def test_zo_a3_a_set_has_at_most_four_cards() -> None:
    """ZO-A3 (ZO-11): Q♥ Q♦ Q♣ Q♠ JK is refused."""
    state = opened_position(["Qh", "Qd", "Qc", "Qs", "Xr"])
    with pytest.raises(IllegalMove, match="at most 4 cards"):
        GAME.parse_command(state.view(0), "meld qh qd qc qs jk")
    assert all(len(a.cards) <= 4 for a in state.legal_actions() if hasattr(a, "named")
               and a.cards[0].rank.code == "Q")


def test_zo_a4_jokers_side_by_side_and_too_many_jokers() -> None:
    """ZO-A4 (ZO-11): 4♦ JK JK 7♦, 5♥ JK JK and JK JK JK are all refused."""
    state = opened_position(["4d", "7d", "5h", "Xr", "Xb", "Xr#1"])
    view = state.view(0)
    with pytest.raises(IllegalMove, match="side by side"):
        GAME.parse_command(view, "meld 4d jk jk 7d")
    with pytest.raises(IllegalMove, match="more natural cards than jokers"):
        GAME.parse_command(view, "meld 5h jk jk")
    with pytest.raises(IllegalMove, match="more natural cards than jokers"):
        GAME.parse_command(view, "meld jk jk jk")
    with pytest.raises(IllegalMove, match="side by side"):
        state.apply(meld("4d", "Xr", "Xr#1", "7d", named=("5d", "6d")))


def test_zo_a5_king_ace_joker_is_only_queen_king_ace() -> None:
    """ZO-A5 (ZO-11): K♠ A♠ JK can only be Q K A with the joker as Q♠."""
    shapes, _ = read_meld(cards("Ks", "As", "Xr"))
    assert [(s.low, s.named) for s in shapes] == [(12, cards("Qs"))]
    state = opened_position(["Ks", "As", "Xr"])
    action = GAME.parse_command(state.view(0), "meld ks as jk")
    assert action == meld("Xr", "Ks", "As", named=("Qs",))
    assert str(action) == "meld jk=qs ks as"
    assert action in state.legal_actions()


def test_zo_a6_opening_of_42_and_refused_opening_of_39() -> None:
    """ZO-A6 (ZO-10): Q♥ K♥ A♥ + 4♣ 4♦ 4♠ = 42 opens; with 3♣ 3♦ 3♠ (39) it is refused and
    nothing stays on the table."""
    hand = ["Qh", "Kh", "Ah", "4c", "4d", "4s", "3c", "3d", "3s", "9c"]
    state = position([hand, ["5h", "5s"]])
    state.apply(meld("Qh", "Kh", "Ah"))
    state.apply(meld("4s", "4d", "4c"))
    assert state.view(0).opening is not None and state.view(0).opening.complete
    state.apply(Discard(cards("9c")[0]))
    assert state.opened[0]
    assert len(state.melds) == 2

    state = position([hand, ["5h", "5s"]])
    before = state.to_json()
    state.apply(meld("Qh", "Kh", "Ah"))
    state.apply(meld("3s", "3d", "3c"))
    opening = state.view(0).opening
    assert opening is not None and (opening.points, opening.pure) == (39, True)
    assert Discard(cards("9c")[0]) not in state.legal_actions()
    with pytest.raises(IllegalMove, match="39 of 42"):
        state.apply(Discard(cards("9c")[0]))
    state.apply(TakeBack())
    assert state.melds == []
    assert state.to_json()["hands"] == before["hands"]
    assert not state.opened[0]


def test_zo_a7_opening_without_a_pure_run_is_refused() -> None:
    """ZO-A7 (ZO-10): Q♥ K♥ JK + K♣ K♦ K♠ (60) has no pure run."""
    state = position([["Qh", "Kh", "Xr", "Kc", "Kd", "Ks", "9c"], ["5h", "5s"]])
    state.apply(meld("Qh", "Kh", "Xr", named=("Ah",)))
    state.apply(meld("Ks", "Kd", "Kc"))
    opening = state.view(0).opening
    assert opening is not None and (opening.points, opening.pure) == (60, False)
    with pytest.raises(IllegalMove, match="no pure run"):
        state.apply(Discard(cards("9c")[0]))


def test_zo_a8_joker_counts_as_the_card_it_stands_for() -> None:
    """ZO-A8 (ZO-2, ZO-10): 5♠ 6♠ 7♠ (18) + Q♥ Q♦ JK (30) = 48 opens."""
    state = position([["5s", "6s", "7s", "Qh", "Qd", "Xb", "9c", "2d"], ["5h", "4s"]])
    state.apply(meld("5s", "6s", "7s"))
    state.apply(meld("Qh", "Qd", "Xb"))
    opening = state.view(0).opening
    assert opening is not None and opening.points == 48 and opening.complete
    state.apply(Discard(cards("9c")[0]))
    assert state.opened[0]


def test_zo_a9_laying_off_the_real_card_takes_the_joker() -> None:
    """ZO-A9 (ZO-13): onto 5♣ JK(6♣) 7♣ an opened player lays off 6♣ and takes the joker;
    a player who has not opened may not."""
    table = [(1, ["5c", "Xr", "7c"])]
    state = position([["6c", "9d", "2h"], ["4h", "4s"]], melds=table, opened=[True, True])
    state.apply(layoff("6c", 1))
    assert state.melds[0].cards == cards("5c", "6c", "7c")
    assert cards("Xr")[0] in state.hands[0]
    state = position([["6c", "9d", "2h"], ["4h", "4s"]], melds=table, opened=[False, True])
    assert layoff("6c", 1) not in state.legal_actions()
    with pytest.raises(IllegalMove, match="not opened yet"):
        state.apply(layoff("6c", 1))


def test_zo_a10_set_joker_only_for_four_natural_suits() -> None:
    """ZO-A10 (ZO-13): Q♣ onto Q♥ Q♦ JK keeps the joker there; Q♠ then completes four suits
    and the player takes the joker."""
    table = [(1, ["Qh", "Qd", "Xb"])]
    state = position([["Qc", "Qs", "9d", "2h"], ["4h", "4s"]], melds=table, opened=[True, True])
    state.apply(layoff("Qc", 1))
    assert state.melds[0].cards == cards("Qh", "Qd", "Qc", "Xb")
    assert cards("Xb")[0] not in state.hands[0]
    state.apply(layoff("Qs", 1))
    assert state.melds[0].cards == cards("Qs", "Qh", "Qd", "Qc")
    assert cards("Xb")[0] in state.hands[0]


def test_zo_a11_the_last_card_may_not_be_melded() -> None:
    """ZO-A11 (ZO-15): melding the whole hand is refused; one card must remain to close."""
    state = position([["5h", "6h", "7h"], ["4h", "4s"]], opened=[True, False])
    assert meld("5h", "6h", "7h") not in state.legal_actions()
    with pytest.raises(IllegalMove, match="keep one card to close"):
        state.apply(meld("5h", "6h", "7h"))


def test_zo_a12_unusable_discard_goes_back() -> None:
    """ZO-A12 (ZO-8): 8♣ taken but no opening with it: it goes back and the player draws."""
    state = position(
        [["2h", "5d", "9s", "Kc", "Jd"], ["4h", "4s"]], discard=["3d", "8c"],
        stock=["7s", "6d"], phase="draw",
    )
    total = state.card_count()
    state.apply(Take())
    assert state.view(0).taken == cards("8c")[0]
    assert all(not isinstance(a, Discard) for a in state.legal_actions())
    with pytest.raises(IllegalMove, match="Lay 8♣"):
        state.apply(Discard(cards("2h")[0]))
    state.apply(Draw())
    assert state.discard[-1] == cards("8c")[0]
    assert cards("6d")[0] in state.hands[0] and cards("8c")[0] not in state.hands[0]
    assert state.card_count() == total
    assert not state.laid and state.view(0).taken is None


def test_zo_a13_no_melding_in_round_three() -> None:
    """ZO-A13 (ZO-9): melding in the third round of turns is refused with a clear message."""
    state = position([["5h", "6h", "7h", "9c"], ["4h", "4s"]], turn_round=3)
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    with pytest.raises(IllegalMove, match="before the fourth round of turns; this is turn 3"):
        GAME.parse_command(state.view(0), "meld 5h 6h 7h")


def test_zo_a14_scoring_and_the_close_from_hand() -> None:
    """ZO-A14 (ZO-17): JK A♣ 10♥ 3♦ left in hand is 73; the closer 0; from hand 146."""
    loser = ["Xr", "Ac", "10h", "3d"]
    state = position(
        [["9s", "Qs", "Ks", "As"], loser], target=0, opened=[True, False],
    )
    state.apply(meld("Qs", "Ks", "As"))
    state.apply(Close(cards("9s")[0]))
    assert state.results[-1].points == (0, 73)
    assert not state.results[-1].from_hand

    hand = ["Qs", "Ks", "As", "5h", "5d", "5c", "Jh", "Jd", "Jc", "9s"]
    state = position([hand, loser], target=0)
    for action in (meld("Qs", "Ks", "As"), meld("5h", "5d", "5c"), meld("Jh", "Jd", "Jc")):
        state.apply(action)
    state.apply(Close(cards("9s")[0]))
    result = state.results[-1]
    assert (result.closer, result.from_hand, result.points) == (0, True, (0, 146))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_zo_a15_the_discard_pile_is_turned_over_not_shuffled() -> None:
    """ZO-A15 (ZO-14): stock empty, discard pile 5♣ … 9♥: turned over, the next draw is 5♣."""
    pile = ["5c", "Kd", "2s", "Jh", "9h"]
    state = position([["3h", "4h"], ["4s", "6d"]], stock=[], discard=pile, phase="draw")
    events = state.apply(Draw())
    assert [e.kind for e in events] == ["turnover", "draw"]
    assert events[-1].cards == cards("5c")
    assert state.stock == list(cards("9h", "Jh", "2s", "Kd"))
    assert state.discard == []
    assert state.turnovers == 1


def test_zo_a16_one_draw_per_turn_and_108_cards() -> None:
    """ZO-A16 (ZO-7, ZO-1): a second draw in a turn is refused; 108 cards after every action."""
    state = GAME.new_game(3, seed=5)
    assert state.card_count() == 108
    state.apply(state.legal_actions()[0])
    assert state.card_count() == 108
    state.apply(Draw())
    assert state.card_count() == 108
    before = state.to_json()
    with pytest.raises(IllegalMove, match="drawn already"):
        state.apply(Draw())
    assert state.to_json() == before
    assert state.card_count() == 108


def test_the_result_says_who_closed_in_the_games_own_words() -> None:
    # ZO-15: the game-over screen says "closed" for the closer, never "went out".
    state = position([["9s", "Qs", "Ks", "As"], ["Xr", "Ac", "10h", "3d"]], target=0,
                     opened=[True, False])
    state.apply(meld("Qs", "Ks", "As"))
    state.apply(Close(cards("9s")[0]))
    view = state.view(None)
    assert (view.standing(0), view.standing(1)) == ("closed", "4 cards left")
