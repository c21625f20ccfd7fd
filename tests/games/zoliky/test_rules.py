"""Žolíky rules beyond the acceptance scenarios, each test citing the ZO rule it checks."""

from __future__ import annotations

import pytest

from cardgames.core.errors import AmbiguousMove, IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Close, Cut, Discard, Draw, Meld, Take, TakeBack
from cardgames.games.zoliky.engine import new_state
from cardgames.games.zoliky.melds import ALL_CARDS, HAND_POINTS, IS_JOKER, read_meld
from tests.games.zoliky.builders import cards, layoff, meld, position


def test_zo_1_deck_and_zo_5_deal() -> None:
    """ZO-1, ZO-5: 108 cards; 12 each, 13 to the leader (14 / 15 with deal-14); the stock holds
    the rest with the face-up cut card at its bottom."""
    for players in range(2, 7):
        for deal14 in (False, True):
            state = new_state(players, seed=players, options={"deal-14": deal14})
            base = 14 if deal14 else 12
            assert state.card_count() == 108
            assert len(set(state.to_json()["stock"])) == len(state.stock)
            sizes = [len(hand) for hand in state.hands]
            assert sizes[state.leader] == base + 1
            assert all(size == base for seat, size in enumerate(sizes) if seat != state.leader)
            if state.cut is not None:
                assert state.stock[0] == state.cut
                assert state.view(None).cut == state.cut


def test_zo_3_dealer_leader_and_cutter() -> None:
    """ZO-3: the leader sits after the dealer, the cutter before him; the dealer moves on by
    one seat each round and with each new match."""
    state = new_state(4, seed=1)
    assert (state.dealer, state.leader, state.cutter) == (3, 0, 2)
    assert GAME.new_game(4, seed=1, game_number=1).view(None).dealer == 0


@pytest.mark.parametrize("seed", range(60))
def test_zo_4_the_cut_from_the_shuffled_deck(seed: int) -> None:
    """ZO-4: the cutter lifts the top three cards: he keeps their jokers (and is dealt fewer),
    the first plain card lies face up under the stock, the others go back on top (so the
    leader, dealt first, gets them)."""
    rng = Rng(seed)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    lifted = deck[-1:-4:-1]
    state = new_state(3, seed=seed)
    jokers = [card for card in lifted if IS_JOKER[card]]
    plain = [card for card in lifted if not IS_JOKER[card]]
    cutter_hand = state.hands[state.cutter]
    assert len(cutter_hand) == 12
    assert all(joker in cutter_hand for joker in jokers)
    if plain:
        assert state.cut == plain[0] and state.stock[0] == plain[0]
        assert all(card in state.hands[state.leader] for card in plain[1:])
    else:
        assert state.cut is None


def test_zo_6_zo_9_three_rounds_of_draw_and_discard() -> None:
    """ZO-6: the leader starts with a discard; ZO-9: in the first three rounds of turns only
    draw and discard are legal; from the fourth, take and melds appear."""
    state = GAME.new_game(3, seed=11)
    assert state.phase == "discard"
    assert all(isinstance(action, Discard) for action in state.legal_actions())
    rounds_seen = set()
    while state.turn_round < 4:
        rounds_seen.add(state.turn_round)
        for action in state.legal_actions():
            assert isinstance(action, Draw | Discard)
        state.apply(state.legal_actions()[0])
    assert rounds_seen == {1, 2, 3}
    assert state.current == state.leader
    assert Take() in state.legal_actions()


def test_zo_7_a_second_draw_and_discarding_before_drawing_are_refused() -> None:
    """ZO-7: draw one card, then discard; nothing else before the draw."""
    state = position([["2h", "5d"], ["4h"]], phase="draw", discard=["9c"])
    with pytest.raises(IllegalMove, match="Draw first"):
        state.apply(Discard(cards("2h")[0]))
    state.apply(Draw())
    with pytest.raises(IllegalMove, match="drawn already"):
        state.apply(Take())


def test_zo_8_opened_player_may_lay_other_cards_while_the_taken_card_keeps_a_place() -> None:
    """ZO-8: an opened player who took 8♣ may lay 5♥ 6♥ 7♥ first, since 8♣ can still join
    8♠ 8♦; laying 8♦ off onto 5♦ 6♦ 7♦ would leave 8♣ no place this turn and is refused,
    the state unchanged; he may not discard before 8♣ is laid."""
    table = [(1, ["5d", "6d", "7d"])]
    state = position(
        [["8d", "8s", "5h", "6h", "7h", "Kc", "2d"], ["4h", "4s"]], discard=["8c"],
        phase="draw", melds=table, opened=[True, False],
    )
    state.apply(Take())
    before = state.to_json()
    assert layoff("8d", 1) not in state.legal_actions()
    with pytest.raises(IllegalMove, match="After that, 8♣, which you took from the discard "
                       r"pile, could not go onto the table this turn: lay it first, or what "
                       r"makes room for it \(or draw to put it back\)"):
        state.apply(layoff("8d", 1))
    assert state.to_json() == before
    with pytest.raises(IllegalMove, match=r"Lay 8♣, which you took from the discard pile, "
                       r"before you discard \(or draw"):
        state.apply(Discard(cards("Kc")[0]))
    state.apply(meld("5h", "6h", "7h"))
    with pytest.raises(IllegalMove, match=r"before you discard$"):
        state.apply(Discard(cards("Kc")[0]))
    with pytest.raises(IllegalMove, match="can no longer go back"):
        state.apply(Draw())
    assert all(
        cards("8c")[0] in action.cards
        for action in state.legal_actions() if isinstance(action, Meld)
    )
    state.apply(meld("8s", "8d", "8c"))
    state.apply(Discard(cards("Kc")[0]))
    assert state.current == 1


def test_zo_8_a_lay_may_make_room_for_the_taken_card() -> None:
    """ZO-8: opened, with 2♦ 3♦ 4♦ on the table and 5♠ 4♣ JK in hand, a player takes 6♦: the
    joker laid off as 5♦ makes its place, and then 6♦ is laid off onto the same run."""
    table = [(1, ["2d", "3d", "4d"])]
    state = position(
        [["5s", "4c", "Xb"], ["4h", "4s"]], discard=["6d"], phase="draw", melds=table,
        opened=[True, True],
    )
    state.apply(Take())
    legal = state.legal_actions()
    assert layoff("Xb", 1, "5d") in legal
    assert layoff("Xb", 1, "Ad") not in legal
    state.apply(layoff("Xb", 1, "5d"))
    state.apply(layoff("6d", 1))
    assert [str(card) for card in state.melds[0].cards][-1] == "6♦"
    state.apply(Discard(cards("5s")[0]))
    assert state.card_count() == 108


def test_zo_8_a_taken_card_reached_through_several_lays() -> None:
    """ZO-8, ZO-15: 7♦ taken onto 2♦ 3♦ 4♦ needs 5♦ and 6♦ laid off first, in that order; the
    kings' set is refused, since after it 5♦ 6♦ 7♦ would be the last three cards, and one
    must stay to close."""
    table = [(1, ["2d", "3d", "4d"])]
    state = position(
        [["6d", "5d", "Kc", "Ks", "Kh"], ["4h", "4s"]], discard=["7d"], phase="draw",
        melds=table, opened=[True, True],
    )
    state.apply(Take())
    legal = state.legal_actions()
    assert layoff("5d", 1) in legal
    assert layoff("6d", 1) not in legal
    assert meld("Ks", "Kh", "Kc") not in legal
    with pytest.raises(IllegalMove, match="After that, 7♦"):
        state.apply(meld("Ks", "Kh", "Kc"))
    state.apply(layoff("5d", 1))
    state.apply(layoff("6d", 1))
    state.apply(layoff("7d", 1))
    assert sorted(state.hands[0]) == sorted(cards("Ks", "Kh", "Kc"))
    assert Discard(cards("Kc")[0]) in state.legal_actions()


def test_zo_8_unopened_opening_must_include_the_taken_card() -> None:
    """ZO-8: an opening without the taken card is not complete; with it, it is."""
    hand = ["Qh", "Kh", "Ah", "Jc", "Jd", "9c", "2s"]
    state = position([hand, ["4h", "4s"]], discard=["Js"], phase="draw")
    state.apply(Take())
    state.apply(meld("Qh", "Kh", "Ah"))
    opening = state.view(0).opening
    assert opening is not None and not opening.complete and not opening.uses_taken
    with pytest.raises(IllegalMove, match="Lay J♠"):
        state.apply(Discard(cards("9c")[0]))
    state.apply(meld("Js", "Jd", "Jc"))
    assert state.view(0).opening.complete  # type: ignore[union-attr]
    with pytest.raises(IllegalMove, match="no longer go back"):
        state.apply(Draw())
    state.apply(Discard(cards("9c")[0]))
    assert state.opened[0]


def test_zo_8_unopened_a_meld_that_leaves_the_taken_card_out_of_every_meld_is_refused() -> None:
    """ZO-8: not opened, holding J♣ Q♣ K♣ and taking A♣: melding J♣ Q♣ K♣ without it would
    leave A♣ in no meld of the opening, so it is refused and nothing changes, as is the set of
    queens; Q♣ K♣ A♣, and the set of jacks that leaves it, are offered."""
    hand = ["2s", "Js", "Qs", "As", "Jh", "6d", "7d", "Qd", "6c", "Jc", "Qc", "Kc"]
    state = position([hand, ["4h", "4s"]], discard=["Ac"], phase="draw")
    state.apply(Take())
    before = state.to_json()
    legal = state.legal_actions()
    assert meld("Jc", "Qc", "Kc") not in legal
    assert meld("Qc", "Kc", "Ac") in legal and meld("Js", "Jh", "Jc") in legal
    assert meld("Qs", "Qd", "Qc") not in legal
    with pytest.raises(IllegalMove, match="Your opening must include A♣, which you took from "
                       r"the discard pile, and after that meld no meld could hold it \(or draw "
                       "to put it back\\)"):
        state.apply(meld("Jc", "Qc", "Kc"))
    assert state.to_json() == before
    state.apply(meld("Js", "Jh", "Jc"))
    assert meld("Qc", "Kc", "Ac") in state.legal_actions()


def test_zo_10_open_51_and_takeback_restores_everything() -> None:
    """ZO-10: with open-51, 48 points are not enough; takeback returns the table and hand
    exactly, lay-offs included."""
    hand = ["5s", "6s", "7s", "Qh", "Qd", "Xb", "9c", "4c"]
    table = [(1, ["Ks", "Kh", "Kd"])]
    state = position([hand, ["4h", "4s"]], options=["open-51"], melds=table)
    before = state.to_json()
    state.apply(meld("5s", "6s", "7s"))
    state.apply(meld("Qh", "Qd", "Xb"))
    opening = state.view(0).opening
    assert opening is not None and (opening.points, opening.needed) == (48, 51)
    assert not opening.complete
    assert all(not isinstance(action, Discard) for action in state.legal_actions())
    state.apply(TakeBack())
    after = state.to_json()
    # The cards laid and taken back were seen by everyone: they are now known to be in hand.
    assert sorted(after.pop("shown")) == sorted(["5s", "6s", "7s", "Qd", "Qh", "Xb"])
    before.pop("shown")
    assert after == before


def test_zo_12_layoffs_after_the_opening_in_the_same_turn() -> None:
    """ZO-12: lay-offs onto anyone's meld are legal once the opening is complete, and they
    are part of what a takeback returns."""
    hand = ["Qh", "Kh", "Ah", "4c", "4d", "4s", "Kc", "8s"]
    table = [(1, ["Ks", "Kd", "Xr"])]
    state = position([hand, ["4h", "9s"]], melds=table)
    assert layoff("Kc", 1) not in state.legal_actions()
    state.apply(meld("Qh", "Kh", "Ah"))
    assert layoff("Kc", 1) not in state.legal_actions()
    state.apply(meld("4s", "4d", "4c"))
    assert layoff("Kc", 1) in state.legal_actions()
    state.apply(layoff("Kc", 1))
    assert state.melds[0].cards == cards("Ks", "Kd", "Kc", "Xr")
    state.apply(TakeBack())
    assert state.melds[0].cards == cards("Ks", "Kd", "Xr")
    assert len(state.melds) == 1 and len(state.hands[0]) == 8


def test_zo_11_joker_meaning_is_named_when_ambiguous() -> None:
    """ZO-11: 5♥ 6♥ JK could be 4♥ or 7♥: the command must name it; the meld keeps it."""
    state = position([["5h", "6h", "Xr", "9c", "2d"], ["4h"]], opened=[True, False])
    view = state.view(0)
    with pytest.raises(AmbiguousMove, match=r"meld jk=4h 5h 6h or meld 5h 6h jk=7h"):
        GAME.parse_command(view, "meld 5h 6h jk")
    action = GAME.parse_command(view, "meld 5h 6h jk=7h")
    assert action == meld("5h", "6h", "Xr", named=("7h",))
    assert GAME.parse_command(view, "meld jk=4h 5h 6h") == meld("Xr", "5h", "6h", named=("4h",))
    with pytest.raises(AmbiguousMove):
        GAME.parse_command(view, "meld jk 5h 6h")
    state.apply(action)
    assert state.melds[0].stands_for() == cards("7h")
    assert state.melds[0].text() == "5♥ 6♥ Jkr(7♥)"


def test_zo_11_jokers_in_long_runs_and_joker_layoffs() -> None:
    """ZO-11: 3♦ JK 5♦ JK 7♦ is a run (jokers apart); a joker laid off goes to a free end,
    never next to another joker, and never makes jokers as many as natural cards."""
    assert [s.named for s in read_meld(cards("3d", "Xr", "5d", "Xb", "7d"))[0]] == [
        cards("4d", "6d")
    ]
    table = [(1, ["3d", "4d", "Xr"]), (1, ["8c", "9c", "10c", "Jc"])]
    state = position([["Xb", "2s", "5s"], ["4h"]], melds=table, opened=[True, True])
    legal = {str(action) for action in state.legal_actions()}
    assert "layoff jk=7c 2" in legal and "layoff jk=qc 2" in legal
    assert not any(text.endswith(" 1") and "jk" in text for text in legal)
    with pytest.raises(AmbiguousMove):
        GAME.parse_command(state.view(0), "layoff jk 2")


def test_zo_13_run_joker_back_only_for_its_own_card() -> None:
    """ZO-13: 5♣ 6♣ JK(7♣): 7♣ takes the joker back; 8♣ and 4♣ extend; 9♣ does not fit."""
    table = [(1, ["5c", "6c", "Xr"])]
    state = position([["7c", "8c", "4c", "9c", "9d"], ["4h"]], melds=table, opened=[True, True])
    legal = state.legal_actions()
    assert layoff("7c", 1) in legal and layoff("4c", 1) in legal and layoff("8c", 1) in legal
    assert layoff("9c", 1) not in legal
    with pytest.raises(IllegalMove, match="does not fit meld 1"):
        state.apply(layoff("9c", 1))
    state.apply(layoff("7c", 1))
    assert cards("Xr")[0] in state.hands[0]
    assert state.melds[0].cards == cards("5c", "6c", "7c")
    state.apply(layoff("8c", 1))
    state.apply(layoff("9c", 1))
    assert state.melds[0].cards == cards("5c", "6c", "7c", "8c", "9c")


def test_zo_13_joker_back_leaves_the_hand_size_and_may_close() -> None:
    """ZO-13, ZO-15: with one card left, a lay-off that takes a joker back is still legal."""
    table = [(1, ["5c", "Xr", "7c"])]
    state = position([["6c", "9d"], ["4h"]], melds=table, opened=[True, True])
    state.apply(layoff("6c", 1))
    assert sorted(state.hands[0]) == sorted(cards("Xr", "9d"))
    state.apply(Discard(cards("9d")[0]))
    assert state.current == 1


def test_zo_14_round_ends_without_a_closer_on_the_fourth_run_out() -> None:
    """ZO-14: the stock turned over three times runs out: everybody scores his hand, nothing
    doubled, and the next round is dealt by the next dealer."""
    state = position(
        [["Xr", "Ac", "10h", "3d", "9s"], ["2c", "Kd"]], stock=["5h"], discard=["4s"],
        turnovers=3, target=500,
    )
    state.apply(Discard(cards("9s")[0]))
    assert state.current == 1 and not state.results
    state.apply(Draw())
    events = state.apply(Discard(cards("5h")[0]))
    kinds = [event.kind for event in events]
    assert "exhausted" in kinds and "round" in kinds and "deal" in kinds
    result = state.results[0]
    assert (result.closer, result.from_hand, result.points) == (None, False, (73, 12))
    assert state.round == 2 and state.dealer == 0 and state.card_count() == 108


def test_zo_14_stock_turned_over_at_most_three_times() -> None:
    """ZO-14: the third turnover still happens; the next run-out ends the round."""
    state = position([["2h", "3s"], ["4h", "5h"]], stock=[], discard=["9c", "Kd"], phase="draw",
                     turnovers=2)
    state.apply(Draw())
    assert state.turnovers == 3 and cards("9c")[0] in state.hands[0]
    assert state.stock == list(cards("Kd"))


def test_zo_15_close_ends_the_round_and_needs_one_card() -> None:
    """ZO-15: the last card is placed face down and the round ends; the closer scores 0."""
    state = position([["7h", "8h", "9h", "2s"], ["Kd", "Xb"]], opened=[True, True], target=0)
    state.apply(meld("7h", "8h", "9h"))
    assert state.legal_actions() == (Close(cards("2s")[0]),)
    with pytest.raises(IllegalMove, match="last card closes"):
        state.apply(Discard(cards("2s")[0]))
    state.apply(Close(cards("2s")[0]))
    assert state.results[0].points == (0, 60)
    assert state.view(1).discard_top is None
    assert state.outcome() is not None and state.outcome().winners == (0,)  # type: ignore[union-attr]


def test_zo_16_close_from_hand_with_the_cut_card() -> None:
    """ZO-16: an unopened player takes the cut card and closes from hand: penalties doubled."""
    hand = ["Qh", "Kh", "Ah", "5c", "5d", "5s", "Jh", "Jd", "2s"]
    state = position(
        [hand, ["Kd", "2c"]], stock=["Jc", "9s", "8s"], cut=True, phase="draw", target=0,
    )
    assert state.cut == cards("Jc")[0]
    assert Cut() in state.legal_actions()
    state.apply(Cut())
    assert state.cut is None and cards("Jc")[0] in state.hands[0]
    assert all(not isinstance(action, Discard) for action in state.legal_actions())
    state.apply(meld("Qh", "Kh", "Ah"))
    state.apply(meld("5s", "5d", "5c"))
    state.apply(meld("Jh", "Jd", "Jc"))
    assert state.legal_actions() == (TakeBack(), Close(cards("2s")[0]))
    state.apply(Close(cards("2s")[0]))
    result = state.results[0]
    assert result.from_hand and result.points == (0, 24)


def test_zo_16_cut_card_goes_back_if_unused() -> None:
    """ZO-16: the cut card may be put back (draw) while nothing is laid; opened players may
    not take it."""
    state = position([["2h", "3s"], ["4h"]], stock=["Jc", "9s", "8s"], cut=True, phase="draw")
    state.apply(Cut())
    state.apply(Draw())
    assert state.cut == cards("Jc")[0] and state.stock[0] == cards("Jc")[0]
    assert cards("8s")[0] in state.hands[0]
    state = position([["2h", "3s"], ["4h"]], stock=["Jc", "9s"], cut=True, phase="draw",
                     opened=[True, False])
    with pytest.raises(IllegalMove, match="has not opened"):
        state.apply(Cut())


def test_zo_17_match_to_the_target_lowest_total_wins() -> None:
    """ZO-17: rounds go on until a total reaches the target; the lowest total wins."""
    state = position(
        [["7h", "8h", "9h", "2s"], ["Kd", "Xb"]], opened=[True, True], target=100,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [50, 0]}],
    )
    state.apply(meld("7h", "8h", "9h"))
    state.apply(Close(cards("2s")[0]))
    assert state.totals() == (50, 60) and state.current is not None and state.round == 2
    outcome_none = state.outcome()
    assert outcome_none is None
    state = position(
        [["7h", "8h", "9h", "2s"], ["Kd", "Xb"]], opened=[True, True], target=100,
        results=[{"round": 1, "closer": 0, "from_hand": False, "points": [0, 45]}],
    )
    state.apply(meld("7h", "8h", "9h"))
    state.apply(Close(cards("2s")[0]))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == {0: 0, 1: 105}
    assert state.legal_actions() == ()


def test_zo_2_card_values() -> None:
    """ZO-2: A K Q J 10 points, 2-10 their number, a joker left in hand 50."""
    assert [HAND_POINTS[card] for card in cards("Ac", "Kd", "Qh", "Js", "10c", "9d", "2h", "Xr")] \
        == [10, 10, 10, 10, 10, 9, 2, 50]
    assert [s.meld(0).points for s in read_meld(cards("Ac", "2c", "3c"))[0]] == [15]


def test_keep_joker_option() -> None:
    """keep-joker: closing with a joker keeps it as the first card of the next hand."""
    state = position(
        [["7h", "8h", "9h", "Xr"], ["Kd", "2c"]], opened=[True, True], target=500,
        options=["keep-joker"],
    )
    state.apply(meld("7h", "8h", "9h"))
    state.apply(Close(cards("Xr")[0]))
    assert state.round == 2 and cards("Xr")[0] in state.hands[0]
    sizes = [len(hand) for hand in state.hands]
    assert sizes[state.leader] == 13 and state.card_count() == 108


def test_refusals_change_nothing() -> None:
    """A refused action leaves the position exactly as it was."""
    state = position([["5h", "6h", "7h", "9c"], ["4h", "4s"]], turn_round=3)
    before = state.to_json()
    for action in (meld("5h", "6h", "7h"), Take(), Cut(), TakeBack(), Close(cards("9c")[0])):
        with pytest.raises(IllegalMove):
            state.apply(action)
        assert state.to_json() == before


def test_zo_10_a_layoff_does_not_undo_a_complete_opening() -> None:
    """ZO-10, ZO-12: a joker laid off onto the opening's own pure run leaves it complete, and
    the opening line still says it has its pure run."""
    hand = ["7s", "8s", "9s", "7h", "7d", "7c", "Xr", "Qh", "Qd", "Qc", "2d"]
    state = position([hand, ["4h", "4s"]])
    state.apply(meld("7s", "8s", "9s"))
    state.apply(meld("7h", "7d", "7c"))
    state.apply(meld("Qh", "Qd", "Qc"))
    state.apply(layoff("Xr", 1, "10s"))
    opening = state.view(0).opening
    assert opening is not None and opening.pure and opening.complete
    assert opening.text() == "Opening: 85 of 42, pure run ✓"
    assert "pure run ✗" not in state.view(0).description
    state.apply(Close(cards("2d")[0]))
    assert state.results[-1].from_hand


@pytest.mark.parametrize(("text", "message"), [
    ("meld 8h 8d jk=8d", "The joker cannot stand for 8♦ in 8♥ 8♦ Jkr: that card is already "
                         "in the set"),
    ("meld 8h 8d jk=8h", "The joker cannot stand for 8♥ in 8♥ 8♦ Jkr: that card is already "
                         "in the set"),
    ("meld 8h 8d jk=9s", "The joker cannot stand for 9♠ in 8♥ 8♦ Jkr: a joker in a set stands "
                         "for a card of the set's rank in a missing suit"),
    ("meld 5h 6h jk=6h", "The joker cannot stand for 6♥ in 5♥ 6♥ Jkr: that card is already "
                         "in the run"),
    ("meld 5h 6h jk=9h", "The joker cannot stand for 9♥ in 5♥ 6♥ Jkr"),
    ("layoff jk=8d 1", "The joker cannot stand for 8♦ in 8♠ 8♦ 8♣: that card is already in "
                       "the set"),
    ("layoff jk=9s 1", "The joker cannot stand for 9♠ in 8♠ 8♦ 8♣: a joker in a set stands for "
                       "a card of the set's rank in a missing suit"),
    ("layoff jk=8d", "The joker cannot stand for 8♦ in any meld on the table"),
    ("layoff jk=6c 2", "The joker cannot stand for 6♣ in 5♣ 6♣ 7♣: that card is already in "
                       "the run"),
    ("layoff jk=6c", "The joker cannot stand for 6♣ in any meld on the table"),
])
def test_zo_11_a_joker_is_never_named_as_a_card_the_meld_holds(text: str, message: str) -> None:
    """ZO-11: a joker stands for a missing card: in a set for a missing suit of its rank, in a
    run for a card the run lacks. Naming it as a card the meld holds is refused with the reason
    (one joker, one "joker"), and nothing changes."""
    table = [(1, ["8s", "8d", "8c"]), (1, ["5c", "6c", "7c"])]
    state = position([["8h", "8d", "5h", "6h", "Xr", "2c"], ["4h"]], melds=table,
                     opened=[True, True])
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_command(state.view(0), text)
    assert str(refused.value) == message
    assert state.to_json() == before


def test_zo_11_a_joker_named_as_a_missing_card_is_still_accepted() -> None:
    """ZO-11: the joker of 8♥ 8♦ JK may be named as a missing suit; on the table the set
    8♠ 8♦ 8♣ takes a joker named 8♥, and a named joker goes onto the one meld it fits."""
    table = [(1, ["8s", "8d", "8c"]), (1, ["5c", "6c", "7c"])]
    state = position([["8h", "8d", "5h", "6h", "Xr", "2c"], ["4h"]], melds=table,
                     opened=[True, True])
    view = state.view(0)
    assert GAME.parse_command(view, "meld 8h 8d jk=8s") == meld("8h", "8d", "Xr")
    assert GAME.parse_command(view, "layoff jk=8h 1") == layoff("Xr", 1)
    assert GAME.parse_command(view, "layoff jk=8h") == layoff("Xr", 1)
    assert GAME.parse_command(view, "layoff jk=8c") == layoff("Xr", 2, "8c")


def test_zo_11_a_refused_joker_name_agrees_in_number() -> None:
    """ZO-11: the engine's refusal of a Meld whose jokers cannot stand for the named cards
    says "joker" for one and "jokers" for two."""
    state = position([["5h", "6h", "7h", "Xr", "Xb", "2c"], ["4h"]], opened=[True, True])
    with pytest.raises(IllegalMove, match=r"^The joker cannot stand for 9♥ in that meld"):
        state.apply(meld("5h", "6h", "Xr", named=("9h",)))
    with pytest.raises(IllegalMove, match=r"^The jokers cannot stand for 2♥ 9♥ in that meld"):
        state.apply(meld("Xr", "5h", "6h", "7h", "Xb", named=("2h", "9h")))
