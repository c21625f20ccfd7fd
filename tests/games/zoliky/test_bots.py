"""The Žolíky bot: legal choices only, and far stronger than random play."""

from __future__ import annotations

from cardgames.bots import RandomBot
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Discard, Draw, Take
from cardgames.games.zoliky.bots import ZolikyBot
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
