"""Makao rules not covered by the acceptance scenarios, the house options and refusals."""

from __future__ import annotations

from itertools import permutations

import pytest

from cardgames.core.cards import Rank, Suit
from cardgames.core.errors import IllegalMove
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import CallMakao, Demand, Draw, Pass, Play, Take, Wait
from cardgames.games.makao.moves import ActiveDemand, Situation, check_play
from tests.games.makao.builders import cards, finish_turn, play, plays_of, position


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (4, 1), (5, 2), (6, 2)])
def test_mk_1_mk_2_deal(players: int, decks: int) -> None:
    """MK-1, MK-2: one deck for 2-4, two for 5-6; five cards each; seat 0 starts."""
    state = GAME.new_game(players, seed=7)
    assert state.card_count() == 52 * decks
    assert [len(hand) for hand in state.hands] == [5] * players
    assert len(state.discard) == 1
    assert state.current_player == 0
    assert GAME.new_game(players, seed=7, game_number=1).current_player == 1
    assert GAME.new_game(players, seed=7, game_number=players).current_player == 0


def test_mk_1_bad_set_up() -> None:
    """MK-1: player count and options are checked."""
    for players in (1, 7):
        with pytest.raises(ValueError, match="takes 2-6 players"):
            GAME.new_game(players, seed=0)
    with pytest.raises(ValueError, match="has no option 'wild'"):
        GAME.new_game(2, seed=0, options={"wild": True})


def test_mk_3_drawing_is_always_possible() -> None:
    """MK-3: with a playable card the player may still draw."""
    state = position([["7s", "9d"], ["8c", "6c"]], ["5s"])
    assert state.legal_actions() == (play("7s"), Draw())


def test_mk_5_unplayable_drawn_card_ends_the_turn() -> None:
    """MK-5: a drawn card that cannot be played ends the turn; a playable one may be played."""
    state = position([["9d", "8c"], ["6c", "7c"]], ["5s"], stock=["Kd", "Jh"])
    events = state.apply(Draw())
    assert (state.current_player, state.phase) == (1, "play")
    assert [event.kind for event in events] == ["draw"]
    state = position([["9d", "8c"], ["6c", "7c"]], ["5s"], stock=["Kd", "5d"])
    state.apply(Draw())
    assert state.legal_actions() == (play("5d"), Pass())
    with pytest.raises(IllegalMove, match="only the card you drew"):
        state.apply(play("8c"))
    state.apply(Pass())
    assert state.current_player == 1


def test_mk_6_short_stock_is_forgiven() -> None:
    """MK-6: with no cards to draw, the rest of a take is forgiven."""
    state = position([["9d", "8c"], ["6c", "7c"]], ["2s"], stock=["4h"], current=1,
                     pending_draw=2)
    state.apply(Take())
    assert sorted(state.hands[1]) == sorted(cards("6c", "7c", "4h"))
    assert (state.pending_draw, state.current_player) == (0, 0)


@pytest.mark.parametrize(
    ("top", "answers", "refused"),
    [
        ("3s", ["3h", "2s", "Ks"], ["2h", "Kh", "Kd", "4s"]),
        ("2h", ["2c", "3h", "Kh"], ["3c", "Ks", "Kc"]),
        ("Kh", ["Ks", "2h", "3h"], ["2s", "3d", "Kd"]),
        ("Ks", ["Kh", "2s", "3s"], ["2h", "Kc"]),
    ],
)
def test_mk_8_battle_answers(top: str, answers: list[str], refused: list[str]) -> None:
    """MK-8: the legal answers to each battle card; K♦ and K♣ answer nothing."""
    state = position([["9d", "8c"], [*answers, *refused]], [top], current=1, pending_draw=5)
    assert plays_of(state.legal_actions()) >= {f"play {code}" for code in answers}
    for code in refused:
        assert f"play {code}" not in plays_of(state.legal_actions())
        with pytest.raises(IllegalMove, match="does not answer"):
            state.clone().apply(play(code))
    assert Draw() not in state.legal_actions()
    with pytest.raises(IllegalMove, match="You must take 5 cards or answer with a battle card"):
        state.apply(Draw())


def test_mk_8_no_play_after_taking() -> None:
    """MK-8: taking ends the turn even with a playable card in hand."""
    state = position([["9d", "8c"], ["Kd", "6c"]], ["2d"], current=1, pending_draw=2,
                     stock=["5d", "6d", "7d"])
    state.apply(Take())
    assert state.current_player == 0


def test_mk_9_king_of_spades_with_two_players() -> None:
    """MK-9: with two players, K♠ hits the other player."""
    state = position([["Ks", "9d"], ["6c", "7c"]], ["5s"])
    state.apply(play("Ks"))
    assert (state.current_player, state.pending_draw) == (1, 5)


def test_mk_4_mk_9_mixed_kings_end_with_a_battle_king() -> None:
    """MK-4, MK-9: kings of all suits go together, but a battle king must be the top card."""
    state = position([["Ks", "Kd", "Kh", "9d"], ["6c", "7c"], ["8c", "5c"]], ["Kc"])
    assert plays_of(state.legal_actions()) == {
        "play Kd", "play Kh", "play Ks",
        "play Kd Kh", "play Kd Ks", "play Kh Ks", "play Ks Kh",
        "play Kd Kh Ks", "play Kd Ks Kh", "play Kh Kd Ks", "play Ks Kd Kh",
    }
    for order in (("Ks", "Kd"), ("Kh", "Ks", "Kd")):
        with pytest.raises(IllegalMove) as refused:
            state.clone().apply(play(*order))
        assert str(refused.value) == "Put a battle king last: the top card decides the battle"


def test_mk_4_mk_9_plain_king_then_king_of_spades_sends_five_back() -> None:
    """MK-4, MK-7, MK-9: K♦ matches, K♠ on top starts a battle of 5 against the previous seat."""
    state = position([["Ks", "Kd", "9d"], ["6c", "7c"], ["8c", "5c"]], ["7d"])
    with pytest.raises(IllegalMove) as refused:
        state.clone().apply(play("Ks", "Kd"))
    assert str(refused.value) == (
        "K♠ does not match 7♦; the first card must match, so play K♦ first and a battle king last"
    )
    events = state.apply(play("Kd", "Ks"))
    assert (state.current_player, state.pending_draw) == (2, 5)
    assert state.view(None).top == cards("Ks")[0]
    assert events[0].detail == "to=2 draw=5"


def test_mk_7_mixed_kings_add_up_over_the_battle_kings() -> None:
    """MK-7, MK-9: K♦ K♠ K♥ makes 10 (K♦ counts nothing); K♥ on top sends it on."""
    state = position([["Ks", "Kd", "Kh", "9d"], ["6c", "7c"], ["8c", "5c"]], ["7d"])
    state.apply(play("Kd", "Ks", "Kh"))
    assert (state.current_player, state.pending_draw) == (1, 10)


def test_mk_8_mk_9_mixed_kings_under_a_battle() -> None:
    """MK-8, MK-9: under a battle the first card must answer; a plain king may only follow."""
    hand = ["Ks", "Kd", "Kh", "9d"]
    state = position([["6c", "7c"], hand, ["8c", "5c"]], ["2s"], current=1, pending_draw=2)
    assert plays_of(state.legal_actions()) == {
        "play Ks", "play Ks Kh", "play Ks Kd Kh",
    }
    with pytest.raises(IllegalMove) as refused:
        state.clone().apply(play("Kd", "Ks", "Kh"))
    assert str(refused.value) == (
        "K♦ does not answer 2♠; you must take 2 cards or answer with a 2, a 3♠ or K♠; "
        "the first card must match, so play K♠ first and a battle king last"
    )
    state.apply(play("Ks", "Kd", "Kh"))
    assert (state.current_player, state.pending_draw) == (2, 12)


def test_mk_8_mk_9_lone_battle_king_cannot_take_a_plain_king_along() -> None:
    """MK-8, MK-9: with one battle king that alone answers, no order of K♠ and K♦ is legal."""
    state = position([["6c", "7c"], ["Ks", "Kd"], ["8c", "5c"]], ["2s"], current=1,
                     pending_draw=2)
    assert plays_of(state.legal_actions()) == {"play Ks"}
    with pytest.raises(IllegalMove) as refused:
        state.clone().apply(play("Ks", "Kd"))
    assert str(refused.value) == (
        "Put a battle king last: the top card decides the battle; "
        "only K♠ may start here, so play K♠ without the plain kings"
    )
    with pytest.raises(IllegalMove) as refused:
        state.clone().apply(play("Kd", "Ks"))
    assert str(refused.value).endswith(
        "only K♠ may start here and a battle king must be last, "
        "so play K♠ without the plain kings"
    )


def test_mk_4_mk_9_mixed_kings_from_two_decks() -> None:
    """MK-4, MK-9: K♠ K♦ K♠ (two decks) is legal and adds 10; the notation reads it back."""
    hands = [["Ks", "Ks#1", "Kd", "9d"], ["6c"], ["7c"], ["8c"], ["5c"]]
    state = position(hands, ["Kc"], decks=2)
    legal = plays_of(state.legal_actions())
    assert {"play Ks Kd Ks", "play Kd Ks Ks", "play Ks Ks Kd"} & legal == {
        "play Ks Kd Ks", "play Kd Ks Ks",
    }
    action = GAME.parse_command(state.view(0), "play Ks Kd Ks")
    assert action == play("Ks", "Kd", "Ks#1")
    state.apply(action)
    assert (state.current_player, state.pending_draw) == (4, 10)


def test_mk_10_stop_passed_on() -> None:
    """MK-10: a 4 of any suit passes the stop on with one more lost turn; draw is refused."""
    state = position([["9d", "8c"], ["4s", "6c"], ["7c", "Qd"]], ["4h"], current=1,
                     pending_skips=1)
    assert state.legal_actions() == (play("4s"), Wait())
    with pytest.raises(IllegalMove, match="is not a 4"):
        state.clone().apply(play("6c"))
    state.apply(play("4s"))
    assert (state.current_player, state.pending_skips) == (2, 2)


def test_mk_11_demandable_ranks() -> None:
    """MK-11: a jack demands 5-10 or nothing; other ranks are refused."""
    state = position([["Jc", "9s"], ["6c", "7c"]], ["5c"])
    state.apply(play("Jc"))
    assert [str(action) for action in state.legal_actions()] == [
        "demand 5", "demand 6", "demand 7", "demand 8", "demand 9", "demand 10", "demand none",
    ]
    for bad in (Demand("rank", Rank.QUEEN), Demand("suit", Suit.HEARTS), Draw()):
        with pytest.raises(IllegalMove):
            state.apply(bad)
    state.apply(Demand())
    assert state.demand is None
    assert state.current_player == 1


def test_mk_13_demand_ends_when_it_would_reach_a_player_out() -> None:
    """MK-13, MK-15: A goes out on a jack; the demand ends as the turn passes A's seat."""
    state = position([["Jc"], ["7h", "8d", "9d"], ["7s", "8c", "9c"]], ["5c"])
    state.apply(play("Jc"))
    assert state.finished == [0]
    state.apply(Demand("rank", Rank.SEVEN))
    state.apply(play("7h"))
    assert state.demand is not None
    state.apply(play("7s"))
    assert state.current_player == 1
    assert state.demand is None


def test_mk_13_demand_card_keeps_its_effect() -> None:
    """MK-13: 2♥ under a ♥ demand is a battle card; the battle overrides the demand."""
    demand = {"kind": "suit", "value": "h", "by": 2}
    state = position([["2h", "9d"], ["2c", "9h"], ["7c", "Qd"]], ["9c"], demand=demand)
    state.apply(play("2h"))
    assert (state.current_player, state.pending_draw) == (1, 2)
    assert plays_of(state.legal_actions()) == {"play 2c"}


def test_mk_16_five_players_end_at_third_out() -> None:
    """MK-16: with five players the game ends when the third goes out; the rest by cards."""
    hands = [[], [], ["5h"], ["6c", "7c", "8c"], ["9d", "10d"]]
    state = position(hands, ["5s"], decks=2, current=2, finished=[1, 0])
    state.apply(play("5h"))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (1, 0, 2, 4, 3)


def test_any_order_of_several_cards_is_accepted() -> None:
    """MK-4: apply accepts any valid order, not only the listed one; the last is the top."""
    hand = ["7h", "7s", "7d", "9c"]
    for order in permutations(["7h", "7s", "7d"]):
        state = position([hand, ["8c", "6c"]], ["5s"])
        if order[0] != "7s":
            with pytest.raises(IllegalMove, match="play 7♠ first"):
                state.apply(play(*order))
            continue
        state.apply(play(*order))
        assert state.view(None).top == cards(order[-1])[0]
    listed = plays_of(position([hand, ["8c"]], ["5s"]).legal_actions())
    assert listed == {"play 7s", "play 7s 7d", "play 7s 7h", "play 7s 7d 7h", "play 7s 7h 7d"}


def test_two_decks_use_the_lowest_deck_first() -> None:
    """Identical faces of a double deck: one listed play per face sequence, deck 0 first."""
    state = position([["7h", "7h#1", "9c"], ["8c"], ["6c"], ["5c"], ["4c"]], ["5h"], decks=2)
    legal = [action for action in state.legal_actions() if isinstance(action, Play)]
    assert legal == [play("7h"), play("7h", "7h#1")]
    assert GAME.parse_command(state.view(0), "play 7h 7h") == play("7h", "7h#1")


def test_refusals_change_nothing() -> None:
    """Every refused action leaves the position exactly as it was."""
    state = position([["7h", "9d"], ["8c", "6c"]], ["5s"])
    before = state.to_json()
    bad = [play("8c"), play("9d"), play("7h", "9d"), Take(), Wait(), Pass(), Demand(),
           CallMakao(), Play(())]
    for action in bad:
        with pytest.raises(IllegalMove):
            state.apply(action)
        assert state.to_json() == before


def test_queens_option() -> None:
    """``queens``: Q on anything and anything on Q, but a queen answers no battle."""
    options = ["queens"]
    state = position([["Qh", "9d"], ["8c", "6c"]], ["5s"], options=options)
    assert plays_of(state.legal_actions()) == {"play Qh"}
    state.apply(play("Qh"))
    assert plays_of(state.legal_actions()) == {"play 8c", "play 6c"}
    battle = position([["Qh", "9d"], ["8c"]], ["2s"], options=options, pending_draw=2)
    assert plays_of(battle.legal_actions()) == set()
    plain = position([["Qh", "9d"], ["8c"]], ["5s"])
    assert plays_of(plain.legal_actions()) == set()


def test_makao_call_option() -> None:
    """``makao-call``: offered before the play that leaves one card; 5 cards if not said."""
    options = ["makao-call"]
    state = position([["7s", "9d"], ["8c", "6c"]], ["5s"], options=options)
    assert state.legal_actions() == (play("7s"), CallMakao(), Draw())
    silent = state.clone()
    events = silent.apply(play("7s"))
    assert len(silent.hands[0]) == 1 + 5
    assert "penalty" in [event.kind for event in events]
    state.apply(CallMakao())
    assert CallMakao() not in state.legal_actions()
    state.apply(play("7s"))
    assert len(state.hands[0]) == 1
    plain = position([["7s", "9d"], ["8c", "6c"]], ["5s"])
    with pytest.raises(IllegalMove, match="makao-call option is off"):
        plain.apply(CallMakao())


def test_makao_call_after_a_jack() -> None:
    """``makao-call``: after a jack that leaves one card, makao may be said before demanding."""
    state = position([["Jc", "9d"], ["8c", "6c"]], ["5c"], options=["makao-call"])
    state.apply(play("Jc"))
    assert CallMakao() in state.legal_actions()
    state.apply(CallMakao())
    state.apply(Demand())
    assert len(state.hands[0]) == 1


def test_jokers_option() -> None:
    """``jokers``: a joker counts as the card it is named as, alone or first in a set."""
    options = ["jokers"]
    state = position([["Xr", "7d", "9c"], ["8c", "6c"]], ["5h"], options=options, jokers=2)
    legal = state.legal_actions()
    assert play("Xr", named=("7h",)) in legal
    assert play("Xr", named=("Qh",)) in legal
    assert play("Xr", named=("Qs",)) not in legal
    assert len(legal) == 4 + 12 + 2 + 1
    assert play("7d") not in legal
    assert play("Xr", "7d", named=("7h",)) in legal
    assert play("Xr", "9c", named=("9h",)) in legal
    with pytest.raises(IllegalMove, match="Xr=7c does not match"):
        state.clone().apply(play("Xr", named=("7c",)))
    with pytest.raises(IllegalMove, match="Say what each joker stands for"):
        state.clone().apply(play("Xr"))
    with pytest.raises(IllegalMove, match="Xr=7c does not match 5♥"):
        state.clone().apply(play("Xr", "7d", named=("7c",)))
    state.apply(play("Xr", named=("2h",)))
    view = state.view(1)
    assert view.top == cards("Xr")[0]
    assert (view.top_as, view.pending_draw) == (cards("2h")[0], 2)
    assert plays_of(view.legal) == set()


def test_joker_stands_for_the_demanded_rank() -> None:
    """``jokers`` with MK-11: under a demand for 7s a joker named as a 7 is accepted."""
    demand = {"kind": "rank", "value": "7", "by": 1}
    state = position([["Xb", "9c"], ["8c", "6c"]], ["5h"], options=["jokers"], demand=demand,
                     jokers=2)
    names = {str(action) for action in state.legal_actions() if isinstance(action, Play)}
    assert names == {"play Xb=7c", "play Xb=7d", "play Xb=7h", "play Xb=7s",
                     "play Xb=Jc", "play Xb=Jd", "play Xb=Jh", "play Xb=Js"}


def test_check_play_messages() -> None:
    """Refusal messages name the rule in a player's words."""
    situation = Situation(cards("9c")[0], 0, 0, ActiveDemand("rank", Rank.EIGHT, 1), False)
    hand = cards("7h", "8d")
    assert check_play(hand, play("7h"), situation, None) == (
        "7♥ does not meet the demand: under the demand for eights you must play an 8 or a jack"
    )
    assert check_play(hand, play("5h"), situation, None) == "You don't hold 5♥"
    assert check_play(hand, play("8d"), situation, None) is None


def test_describe_lines() -> None:
    """Log lines from each side: private draws show cards only to the drawer."""
    names = ["Anna", "Bob", "Cyril"]
    state = position([["2h", "2s", "9d"], ["8c", "6c"], ["5c", "Js"]], ["5h"],
                     stock=["Kc", "Qc", "4d", "3c"])
    (played,) = state.apply(play("2h", "2s"))
    assert GAME.describe(played, 2, names) == "Anna played 2♥ 2♠ — Bob must take 4 or answer"
    assert GAME.describe(played, 1, names) == "Anna played 2♥ 2♠ — you must take 4 or answer"
    (taken,) = state.apply(Take())
    assert GAME.describe(taken, 0, names) == "Bob took 4 cards"
    assert GAME.describe(taken, 1, names) == "You took 3♣ 4♦ Q♣ K♣"
    state.apply(play("Js"))
    (demanded,) = state.apply(Demand("rank", Rank.SEVEN))
    assert GAME.describe(demanded, 0, names) == "Cyril demands sevens"
    finish = finish_turn(state)
    assert GAME.describe(finish[-1], None, names).startswith("Anna drew 1 card")
