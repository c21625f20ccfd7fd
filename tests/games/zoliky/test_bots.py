"""The Žolíky bot: legal choices only, and far stronger than random play."""

from __future__ import annotations

import pytest

from cardgames.bots import RandomBot
from cardgames.bots.search import SearchBot
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Discard, Draw, Take
from cardgames.games.zoliky.bots import (
    SEARCH_DISCARDS,
    ZolikyBot,
    evaluate,
    hand_penalty,
    round_number,
    search_candidates,
)
from tests.games.zoliky.builders import cards, layoff, meld, position


def test_zoliky_bot_beats_random() -> None:
    """200 seeded two-player single rounds against RandomBot, seats alternating: >= 90% wins
    (a win is the lower penalty of the round)."""
    wins = 0
    games = 200
    for seed in range(games):
        bot_seat = seed % 2
        bots = {bot_seat: ZolikyBot(), 1 - bot_seat: RandomBot()}
        rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
        state = GAME.new_game(2, seed=seed, options={"target": 0})
        while state.current_player is not None:
            seat = state.current_player
            view = state.view(seat)
            action = bots[seat].choose(view, view.legal, rngs[seat])
            assert action in view.legal
            state.apply(action)
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == (bot_seat,)
    assert wins / games >= 0.9


def test_bot_opens_with_a_pure_run_first() -> None:
    """ZO-10: the bot opens as soon as it can, pure run first."""
    state = position([["Qh", "Kh", "Ah", "4c", "4d", "4s", "9c", "2d"], ["5h", "5s"]])
    bot = ZolikyBot()
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == meld("Qh", "Kh", "Ah")
    state.apply(meld("Qh", "Kh", "Ah"))
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == meld("4s", "4d", "4c")


def test_bot_takes_a_joker_back_and_keeps_its_jokers() -> None:
    """ZO-13: the bot lays off the card a joker stands for; it does not lay off its joker."""
    table = [(1, ["5c", "Xr", "7c"]), (1, ["8s", "9s", "10s"])]
    state = position([["6c", "Xb", "2d", "Kh"], ["4h"]], melds=table, opened=[True, True])
    bot = ZolikyBot()
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == layoff("6c", 1)
    state.apply(layoff("6c", 1))
    view = state.view(0)
    choice = bot.choose(view, view.legal, Rng(0))
    assert isinstance(choice, Discard) and not choice.card.is_joker


def test_bot_takes_the_discard_only_when_it_can_use_it() -> None:
    """ZO-8: take the discard when it completes a meld for an opened bot, else draw."""
    hand = ["8d", "8s", "2h", "5c", "Kd"]
    bot = ZolikyBot()
    state = position([hand, ["4h"]], discard=["8c"], phase="draw", opened=[True, False])
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == Take()
    state = position([hand, ["4h"]], discard=["Jc"], phase="draw", opened=[True, False])
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == Draw()
    assert cards("Jc")[0] == state.discard[-1]


def test_evaluate_favours_the_seat_whose_hand_costs_less() -> None:
    """ZO-17: a hand of melds and low cards beats a hand of unmatched high cards; the two
    seats' chances add up to one; a joker outside every meld (ZO-2: 50) is a burden."""
    state = position([["Qh", "Kh", "Ah", "4c", "4d", "4s", "2c"], ["Kd", "Qs", "Jc", "9h", "8s"]])
    assert evaluate(state, 0) > 0.75
    assert evaluate(state, 0) + evaluate(state, 1) == pytest.approx(1.0)
    assert hand_penalty(cards("Qh", "Kh", "Ah", "4c", "4d", "4s", "2c")) == 2
    assert hand_penalty(cards("Xr", "2c", "9d")) > hand_penalty(cards("5c", "2c", "9d"))
    assert hand_penalty(cards("Xr", "8d", "9d", "2c")) == 2, "the joker completes a run"


def test_evaluate_weighs_the_points_of_finished_rounds() -> None:
    """ZO-17: the seat behind on points is less likely to win the match; a hand just dealt
    (nothing played yet) does not count."""
    results = [{"round": 1, "closer": 0, "from_hand": False, "points": [0, 120]}]
    state = position([["Kd", "Qs", "Jc"], ["2c", "3d", "4h"]], results=results, round=2,
                     target=500, turn_round=1)
    assert evaluate(state, 0) > 0.9
    assert evaluate(state, 1) < 0.1


def test_the_search_weighs_only_the_discard_and_the_take() -> None:
    """The hard level searches which card to discard (ZO-7, never a joker, one per face) and
    whether to take the discard (ZO-8); a meld the heuristic lays is not searched."""
    state = position([["Qh", "Kh", "Ah", "4c", "4d", "4s", "9c", "2d"], ["5h", "5s"]])
    view = state.view(0)
    assert search_candidates(view, view.legal, meld("Qh", "Kh", "Ah")) == (meld("Qh", "Kh", "Ah"),)
    state = position([["9c", "9c#1", "2d", "Kd", "Xr", "7s"], ["5h", "5s"]], opened=[True, False])
    view = state.view(0)
    first = ZolikyBot().choose(view, view.legal, Rng(0))
    choices = search_candidates(view, view.legal, first)
    assert choices[0] == first and 1 < len(choices) <= SEARCH_DISCARDS
    assert all(isinstance(action, Discard) and not action.card.is_joker for action in choices)
    assert len({action.card.code for action in choices}) == len(choices)
    state = position([["8d", "8s", "2h", "5c", "Kd"], ["4h"]], discard=["8c"], phase="draw",
                     opened=[True, False])
    view = state.view(0)
    assert search_candidates(view, view.legal, Take()) == (Take(), Draw())


def test_hard_is_the_tuned_search() -> None:
    """The hard level plays each playout to the end of the round (ZO-17)."""
    assert list(GAME.bots()) == ["normal", "easy", "hard", "zoliky", "random"]
    hard = GAME.bots()["hard"]()
    assert isinstance(hard, SearchBot) and hard.candidates is search_candidates
    assert hard.horizon is round_number and hard.judge_finished
