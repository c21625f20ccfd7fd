"""Adversarial Makao positions: effects combined, players out, reshuffles at the worst moment."""

from __future__ import annotations

import pytest

from cardgames.core.cards import Rank, Suit
from cardgames.core.errors import IllegalMove
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import CallMakao, Demand, Draw, Pass, Take, Wait
from cardgames.games.makao.moves import ActiveDemand
from tests.games.makao.builders import cards, finish_turn, play, plays_of, position

NAMES = ["Anna", "Bob", "Cyril", "Dora", "Ed"]


def test_mk_9_king_of_spades_of_the_second_deck_sends_back() -> None:
    """MK-9: a K♠ from the second deck sends the battle to the previous player too."""
    hands = [["6c", "7d"], ["Ks#1", "9d"], ["7c", "8h"], ["8c", "8d"], ["9c", "9h"]]
    state = position(hands, ["5s"], decks=2, current=1)
    state.apply(play("Ks#1"))
    assert (state.current_player, state.pending_draw) == (0, 5)


def test_mk_9_joker_named_king_of_spades_sends_back() -> None:
    """MK-9 with ``jokers``: a joker named K♠ counts as K♠, so the 5 go back."""
    state = position([["6c", "7d"], ["Xr", "9d"], ["7c", "8h"]], ["5s"], current=1,
                     options=["jokers"], jokers=2)
    state.apply(play("Xr", named=("Ks",)))
    assert (state.current_player, state.pending_draw) == (0, 5)


def test_mk_15_going_out_on_a_king_of_spades_skips_players_out() -> None:
    """MK-9, MK-15: A's last card is K♠; D is out, so the 5 go back to C."""
    state = position([["Ks"], ["5d", "8c"], ["6c", "7c"], []], ["9s"], finished=[3])
    events = state.apply(play("Ks"))
    assert state.finished == [3, 0]
    assert (state.current_player, state.pending_draw) == (2, 5)
    assert GAME.describe(events[0], None, NAMES) == "Anna played K♠ — Cyril must take 5 or answer"


def test_mk_11_mk_15_going_out_on_jacks_the_log_says_out_after_the_demand() -> None:
    """MK-11, MK-15: A's last cards are jacks: she is out at once, and her demand, said with
    the play, is logged before "out"."""
    state = position([["Jd", "Js"], ["5d", "8c"], ["6c", "7c"]], ["9d"])
    played = state.apply(play("Jd", "Js"))
    assert state.finished == [0] and [event.kind for event in played] == ["play"]
    demanded = state.apply(Demand("rank", Rank.EIGHT))
    assert [event.kind for event in demanded][:2] == ["demand", "out"]
    assert GAME.describe(demanded[1], None, NAMES) == "Anna is out (1st)"
    state = position([["Jd", "Js"], ["5d", "8c"], ["6c", "7c"]], ["9d"])
    state.apply(play("Jd", "Js"))
    assert [event.kind for event in state.apply(Demand(None, None))][:2] == ["demand", "out"]


def test_mk_15_going_out_on_a_stop_skips_players_out() -> None:
    """MK-10, MK-15: B goes out on 4♦ while C is out: D faces the stop, and A is not touched."""
    state = position([["9h", "9c"], ["4d"], [], ["7c", "8h"]], ["6d"], current=1, finished=[2])
    state.apply(play("4d"))
    assert (state.current_player, state.pending_skips) == (3, 1)
    assert state.legal_actions() == (Wait(),)
    state.apply(Wait())
    assert state.current_player == 0
    assert state.skip_turns == [0, 0, 0, 0]


def test_mk_10_lost_turns_skip_players_out() -> None:
    """MK-10, MK-15: B waits out two 4s while C is out: the turns go D, A, D, A, then B."""
    state = position([["4d", "4c", "9s", "9h"], ["7h", "8h"], [], ["10c", "Jd", "Kd"]], ["8d"],
                     finished=[2], stock=["5c", "6c", "7c", "8c", "10h"])
    state.apply(play("4d", "4c"))
    state.apply(Wait())
    order = []
    for _ in range(5):
        assert state.current_player is not None
        order.append(state.current_player)
        state.apply(Draw())
        if state.phase == "drawn":
            state.apply(Pass())
    assert order == [3, 0, 3, 0, 1]


def test_mk_13_battle_inside_a_demand() -> None:
    """MK-13: a 2♥ under a ♥ demand is a battle; C answers or takes, D is still bound, A is free."""
    demand = {"kind": "suit", "value": "h", "by": 0}
    hands = [["6s", "8c"], ["2h", "5s"], ["7h", "2c", "Kc"], ["6h", "6c", "Ah"]]
    state = position(hands, ["9h"], current=1, demand=demand)
    state.apply(play("2h"))
    assert state.legal_actions() == (play("2c"), Take())
    with pytest.raises(IllegalMove, match="7♥ does not answer 2♥"):
        state.apply(play("7h"))
    state.apply(Take())
    assert state.demand == ActiveDemand("suit", Suit.HEARTS, 0)
    assert state.current_player == 3
    assert plays_of(state.legal_actions()) == {"play 6h", "play 6h 6c", "play Ah"}
    state.apply(play("6h"))
    assert state.current_player == 0
    assert state.demand is None
    assert plays_of(state.legal_actions()) == {"play 6s"}


def test_mk_13_king_of_spades_back_to_the_maker_ends_the_demand() -> None:
    """MK-9, MK-13: B's K♠ under A's ♠ demand sends 5 back to A, whose demand then ends."""
    demand = {"kind": "suit", "value": "s", "by": 0}
    state = position([["9c", "8c"], ["Ks", "5d"], ["6c", "7c"]], ["9s"], current=1,
                     demand=demand)
    events = state.apply(play("Ks"))
    assert (state.current_player, state.pending_draw, state.demand) == (0, 5, None)
    assert "demand-end" in [event.kind for event in events]


def test_mk_6_one_draw_turns_the_pile() -> None:
    """MK-6: an empty stock is refilled from the discard pile under its top for a single draw."""
    state = position([["9c", "8c"], ["6c", "7c"]], ["2h", "3h", "5d"], stock=[])
    events = state.apply(Draw())
    assert [event.kind for event in events] == ["reshuffle", "draw"]
    assert events[0].count == 2
    assert len(state.hands[0]) == 3
    assert state.discard == list(cards("5d"))
    assert len(state.stock) == 1
    assert state.current_player == 1


def test_mk_6_nothing_left_to_draw() -> None:
    """MK-6: with no stock and only the top card, a draw gets nothing and the turn ends."""
    state = position([["9c", "8c"], ["6c", "7c"]], ["5d"], stock=[])
    (drawn,) = state.apply(Draw())
    assert state.hands[0] == list(cards("8c", "9c"))
    assert state.current_player == 1
    assert GAME.describe(drawn, 1, NAMES) == "Anna could not draw: the stock is empty"


def test_mk_5_only_the_drawn_card_not_its_pair() -> None:
    """MK-5: after drawing 7♥ the player may play it alone, not together with his 7♠."""
    state = position([["7s", "9c"], ["6c", "8c"]], ["7d"], stock=["7h"])
    state.apply(Draw())
    assert state.legal_actions() == (play("7h"), Pass())
    with pytest.raises(IllegalMove, match="only the card you drew"):
        state.apply(play("7h", "7s"))


def test_makao_penalty_turns_the_pile() -> None:
    """``makao-call`` with MK-6: the 5-card penalty reshuffles the discard pile when needed."""
    state = position([["7s", "9d"], ["8c", "6c"]], ["5h", "6h", "7h", "5s"], stock=["Kc", "Qc"],
                     options=["makao-call"])
    total = state.card_count()
    events = state.apply(play("7s"))
    assert [event.kind for event in events] == ["play", "reshuffle", "penalty"]
    assert len(state.hands[0]) == 1 + 5
    assert state.discard == list(cards("7s"))
    assert state.card_count() == total
    assert GAME.describe(events[-1], 1, NAMES) == "Anna took 5 cards for not saying makao"


def test_makao_penalty_after_a_demand() -> None:
    """``makao-call``: a jack that leaves one card, then a demand without saying makao: 5 cards."""
    state = position([["Jc", "9d"], ["8c", "6c"]], ["5c"], options=["makao-call"])
    state.apply(play("Jc"))
    events = state.apply(Demand("rank", Rank.SIX))
    assert len(state.hands[0]) == 1 + 5
    assert [event.kind for event in events] == ["demand", "penalty"]
    assert state.demand == ActiveDemand("rank", Rank.SIX, 0)


def test_mk_16_game_ends_on_a_battle_card() -> None:
    """MK-15, MK-16: the third player out with six players ends the game; the 2 goes nowhere."""
    hands = [[], ["2h"], [], ["6c", "7c", "8c"], ["9d", "10d"], ["Kd"]]
    state = position(hands, ["5h"], decks=2, current=1, finished=[0, 2])
    events = state.apply(play("2h"))
    assert [event.kind for event in events] == ["play", "out", "over"]
    assert (state.current_player, state.pending_draw) == (None, 0)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (0, 2, 1, 5, 4, 3)


def test_refusal_sentences() -> None:
    """Refusals read as sentences: plural turns, when makao may be said."""
    stop = position([["9d", "8c"], ["6c", "7c"]], ["4h"], current=1, pending_skips=1)
    with pytest.raises(IllegalMove, match=r"^You must wait 1 turn or answer the stop with a 4$"):
        stop.apply(Draw())
    two = position([["9d", "8c"], ["6c", "7c"]], ["4h"], current=1, pending_skips=2)
    with pytest.raises(IllegalMove, match="wait 2 turns or"):
        two.apply(Take())
    early = position([["7s", "9d", "Kd"], ["8c", "6c"]], ["5s"], options=["makao-call"])
    with pytest.raises(IllegalMove, match="only before a play that leaves you one card"):
        early.apply(CallMakao())


def test_mk_10_battle_passes_a_player_sitting_out() -> None:
    """MK-10: B waits out two 4s; A's 2 passes over B, using up his lost turn, and C must answer."""
    hands = [["4d", "4c", "2c", "9s"], ["7h", "8h"], ["10c", "Jd", "5h"]]
    state = position(hands, ["8d"], stock=["5s", "6s", "7s", "Kd", "Qh"])
    state.apply(play("4d", "4c"))
    state.apply(Wait())
    assert state.skip_turns == [0, 1, 0]
    finish_turn(state)
    events = state.apply(play("2c"))
    assert [(event.kind, event.player) for event in events] == [("play", 0), ("skip", 1)]
    assert (state.current_player, state.pending_draw) == (2, 2)
    assert state.skip_turns == [0, 0, 0]
    assert GAME.describe(events[0], None, NAMES) == "Anna played 2♣ — Cyril must take 2 or answer"
    assert GAME.describe(events[1], None, NAMES) == "Bob sits out a turn"
    state.apply(Take())
    assert state.current_player == 0
    finish_turn(state)
    assert state.current_player == 1


def test_mk_9_mk_10_king_of_spades_passes_a_player_sitting_out() -> None:
    """MK-9, MK-10: C's K♠ goes back past B, who sits out that turn, to A; then B plays."""
    hands = [["6c", "7d"], ["8c", "9d"], ["Ks", "5d"]]
    state = position(hands, ["9s"], current=2, skip_turns=[0, 1, 0])
    events = state.apply(play("Ks"))
    assert ("skip", 1) in [(event.kind, event.player) for event in events]
    assert (state.current_player, state.pending_draw) == (0, 5)
    assert state.skip_turns == [0, 0, 0]
    state.apply(Take())
    assert state.current_player == 1


def test_mk_10_mk_15_stop_passes_players_out_and_sitting_out() -> None:
    """MK-10, MK-15: B is out and C sits out two turns: A's 4 goes to D, and C loses one turn."""
    hands = [["4h", "9s"], [], ["6c", "7c"], ["8c", "9d"]]
    state = position(hands, ["5h"], finished=[1], skip_turns=[0, 0, 2, 0])
    state.apply(play("4h"))
    assert (state.current_player, state.pending_skips) == (3, 1)
    assert state.skip_turns == [0, 0, 1, 0]
    assert state.legal_actions() == (Wait(),)


def test_mk_10_two_players_battle_goes_to_the_player_sitting_out() -> None:
    """MK-10: with two players a battle never comes back to its player: B, who sits out, must
    answer or take, and that does not use up his lost turn."""
    state = position([["4c", "4d", "2d", "9d", "8s"], ["7h", "8h"]], ["8c"], stock=["5c", "6c"])
    state.apply(play("4c", "4d"))
    state.apply(Wait())
    assert (state.current_player, state.skip_turns) == (0, [0, 1])
    events = state.apply(play("2d"))
    assert "skip" not in [event.kind for event in events]
    assert (state.current_player, state.pending_draw, state.skip_turns) == (1, 2, [0, 1])
    state.apply(Take())
    assert state.current_player == 0
    events = state.apply(play("9d"))
    assert ("skip", 1) in [(event.kind, event.player) for event in events]
    assert (state.current_player, state.skip_turns) == (0, [0, 0])


@pytest.mark.parametrize(
    ("card", "top", "target", "draw"), [("2h", "5h", 1, 2), ("Ks", "5s", 2, 5)]
)
def test_mk_9_mk_10_everyone_else_sits_out(card: str, top: str, target: int, draw: int) -> None:
    """MK-9, MK-10: B and C both sit out: A's 2 goes to B, A's K♠ back to C; no turn is lost."""
    state = position([[card, "9d"], ["6c", "7c"], ["8c", "9c"]], [top], skip_turns=[0, 1, 1])
    events = state.apply(play(card))
    assert "skip" not in [event.kind for event in events]
    assert (state.current_player, state.pending_draw) == (target, draw)
    assert state.skip_turns == [0, 1, 1]


def test_mk_10_mk_13_passing_a_maker_who_sits_out_ends_his_demand() -> None:
    """MK-10, MK-13: B demanded ♥ and sits out; A's 2♥ passes B, which ends the demand, to C."""
    demand = {"kind": "suit", "value": "h", "by": 1}
    state = position([["2h", "9d"], ["6c", "7c"], ["8c", "9c"]], ["5h"], demand=demand,
                     skip_turns=[0, 1, 0])
    events = state.apply(play("2h"))
    assert [(event.kind, event.player) for event in events] == [
        ("play", 0), ("demand-end", 1), ("skip", 1),
    ]
    assert (state.current_player, state.pending_draw, state.demand) == (2, 2, None)


def test_mk_11_jack_with_no_demand_keeps_the_old_one() -> None:
    """MK-11, MK-13: a jack followed by "demand none" makes no new demand, so A's demand of
    sevens still binds C, and ends when the turn comes back to A."""
    demand = {"kind": "rank", "value": "7", "by": 0}
    state = position([["9c", "8c"], ["Jd", "5s"], ["Qd", "7h", "6c"]], ["7c"], current=1,
                     demand=demand)
    state.apply(play("Jd"))
    state.apply(Demand())
    assert state.demand is not None and (state.demand.text, state.demand.by) == ("sevens", 0)
    assert plays_of(state.legal_actions()) == {"play 7h"}
    with pytest.raises(IllegalMove, match="sevens"):
        state.clone().apply(play("Qd"))
    state.apply(play("7h"))
    assert state.current_player == 0 and state.demand is None


@pytest.mark.parametrize("card", ["Jc", "Ac"])
def test_mk_11_mk_12_demand_none_without_a_demand_leaves_none(card: str) -> None:
    """MK-11, MK-12: "demand none" with no demand in force leaves the game without one."""
    state = position([[card, "9d"], ["6c", "7c"], ["8d", "5h"]], ["5c"])
    state.apply(play(card))
    state.apply(Demand())
    assert state.demand is None


@pytest.mark.parametrize("card", ["Jc", "Ac"])
def test_mk_11_mk_12_demand_none_is_logged(card: str) -> None:
    """MK-11, MK-12: a jack or ace with "demand none" gives a log line on every side."""
    state = position([[card, "9d"], ["6c", "7c"], ["8d", "5h"]], ["5c"])
    state.apply(play(card))
    events = state.apply(Demand())
    assert [(event.kind, event.player, event.detail) for event in events] == [
        ("demand", 0, "none"),
    ]
    assert GAME.describe(events[0], 0, NAMES) == "You demand nothing"
    assert GAME.describe(events[0], 1, NAMES) == "Anna demands nothing"
    assert GAME.describe(events[0], None, NAMES) == "Anna demands nothing"


def test_mk_10_mk_12_a_stop_outranks_a_demand() -> None:
    """MK-10, MK-12, MK-14 (decided): a 4♥ that meets A's ♥ demand is a stop; C answers it with a
    4 or waits, the demanded suit does not answer it, and the demand still binds D."""
    demand = {"kind": "suit", "value": "h", "by": 0}
    hands = [["6s", "8c"], ["4h", "5s"], ["7h", "4c", "Kc"], ["6h", "6c", "Ah"]]
    state = position(hands, ["9h"], current=1, demand=demand)
    state.apply(play("4h"))
    assert state.legal_actions() == (play("4c"), Wait())
    with pytest.raises(IllegalMove, match="7♥ is not a 4"):
        state.apply(play("7h"))
    state.apply(Wait())
    assert state.demand == ActiveDemand("suit", Suit.HEARTS, 0)
    assert state.current_player == 3
    assert plays_of(state.legal_actions()) == {"play 6h", "play 6h 6c", "play Ah"}


def test_mk_10_queens_answer_no_stop() -> None:
    """MK-10 with ``queens`` (decided): a queen does not answer a stop, on a 4 or under one."""
    state = position([["9d", "8c"], ["Qh", "4c", "Qs"]], ["4h"], current=1, pending_skips=1,
                     options=["queens"])
    assert state.legal_actions() == (play("4c"), Wait())
    with pytest.raises(IllegalMove, match="Q♥ is not a 4"):
        state.apply(play("Qh"))


@pytest.mark.parametrize(
    ("demand", "top", "allowed"),
    [
        ({"kind": "suit", "value": "h", "by": 0}, "9h", {"play Qh", "play Qh Qs", "play 7h"}),
        ({"kind": "suit", "value": "h", "by": 0}, "Qd", {"play Qh", "play Qh Qs", "play 7h"}),
        ({"kind": "rank", "value": "7", "by": 0}, "Qd", {"play 7h"}),
    ],
)
def test_mk_11_mk_12_queens_count_as_their_own_rank_and_suit_under_a_demand(
    demand: dict[str, object], top: str, allowed: set[str]
) -> None:
    """MK-11, MK-12, MK-14 with ``queens`` (decided): under a demand a queen counts only as its
    own rank and suit (Q♥ meets a ♥ demand, Q♠ does not), and a queen on top opens nothing."""
    hands = [["6s", "8c"], ["Qh", "Qs", "7h", "9c"], ["6c", "7c"]]
    state = position(hands, [top], current=1, demand=demand, options=["queens"])
    assert plays_of(state.legal_actions()) == allowed
    with pytest.raises(IllegalMove, match="does not meet the demand"):
        state.apply(play("Qs"))
    with pytest.raises(IllegalMove, match="does not meet the demand"):
        state.apply(play("9c"))


def test_mk_10_mk_13_plain_play_past_a_maker_who_sits_out_ends_his_demand() -> None:
    """MK-10, MK-13 (decided): B demanded ♥ and sits out; A's 7♥ passes B, which ends the demand,
    and C plays freely."""
    demand = {"kind": "suit", "value": "h", "by": 1}
    state = position([["7h", "9d"], ["6c", "7c"], ["8c", "9s"]], ["5h"], demand=demand,
                     skip_turns=[0, 1, 0])
    events = state.apply(play("7h"))
    assert [(event.kind, event.player) for event in events] == [
        ("play", 0), ("demand-end", 1), ("skip", 1),
    ]
    assert (state.current_player, state.demand, state.skip_turns) == (2, None, [0, 0, 0])


@pytest.mark.parametrize("demand", [None, {"kind": "rank", "value": "9", "by": 2}])
def test_mk_6_drawing_nothing_stays_a_choice_and_passes_the_turn(
    demand: dict[str, object] | None,
) -> None:
    """MK-6 (decided): with the stock and the pile under the top empty, ``draw`` is still offered
    beside the plays, takes nothing and passes the turn; a demand stays in force."""
    state = position([["5c", "9c", "Jh"], ["6c", "7c"], ["8c", "8h"]], ["5d"], stock=[],
                     demand=demand)
    assert Draw() in state.legal_actions()
    assert plays_of(state.legal_actions())
    events = state.apply(Draw())
    assert [(event.kind, event.count) for event in events] == [("draw", 0)]
    assert state.hands[0] == list(cards("5c", "9c", "Jh"))
    assert state.current_player == 1
    assert state.demand == (None if demand is None else ActiveDemand("rank", Rank.NINE, 2))
