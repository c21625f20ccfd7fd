"""The Makao bot: legal choices only, and clearly stronger than random play."""

from __future__ import annotations

from cardgames.bots import RandomBot
from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import Demand
from cardgames.games.makao.bots import MakaoBot
from tests.games.makao.builders import play, position


def test_makao_bot_beats_random() -> None:
    """300 seeded two-player games against RandomBot, seats alternating: > 60% wins."""
    wins = 0
    games = 300
    for seed in range(games):
        bot_seat = seed % 2
        bots = {bot_seat: MakaoBot(), 1 - bot_seat: RandomBot()}
        rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
        state = GAME.new_game(2, seed=seed, options={"makao-call": seed % 3 == 0})
        while state.current_player is not None:
            seat = state.current_player
            view = state.view(seat)
            action = bots[seat].choose(view, view.legal, rngs[seat])
            assert action in view.legal
            state.apply(action)
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == (bot_seat,)
    assert wins / games > 0.6


def test_bot_goes_out_and_demands_what_it_holds() -> None:
    """The bot plays its last cards at once and demands a rank it holds."""
    bot = MakaoBot()
    state = position([["7s", "7d"], ["8c", "9c"]], ["5s"])
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == play("7s", "7d")
    state = position([["Jc", "8h", "8d", "5s"], ["8c", "9c"]], ["5c"])
    state.apply(play("Jc"))
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == Demand("rank", view.hand[-1].rank)


def test_bot_keeps_battle_cards_unless_attacking() -> None:
    """With a plain choice the bot keeps its 2; against a player on one card it attacks."""
    bot = MakaoBot()
    state = position([["2s", "9s", "Kd"], ["8c", "9c", "10d"]], ["5s"])
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == play("9s")
    state = position([["2s", "9s", "Kd"], ["8c"]], ["5s"])
    view = state.view(0)
    assert bot.choose(view, view.legal, Rng(0)) == play("2s")
