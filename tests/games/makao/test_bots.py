"""The Makao bot: legal choices only, and clearly stronger than random play."""

from __future__ import annotations

from cardgames.bots import RandomBot
from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import Demand, Play
from cardgames.games.makao.bots import SEARCHED_JOKER_SETS, MakaoBot, search_candidates
from tests.games.makao.builders import cards, play, position


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


def test_bot_keeps_its_joker_when_a_plain_card_answers_a_battle() -> None:
    """MK-8 with ``jokers``: the bot answers 2♥ with 2♣ alone, not with a joker added to it;
    with no plain answer it spends the joker."""
    bot = MakaoBot()
    options = ["jokers"]
    state = position([["2c", "9d", "Xr"], ["8c", "9c"]], ["2h"], options=options, jokers=2,
                     pending_draw=2)
    view = state.view(0)
    assert play("2c", "Xr", named=("2s",)) in view.legal
    assert bot.choose(view, view.legal, Rng(0)) == play("2c")
    state = position([["9d", "Xr"], ["8c", "9c"]], ["2h"], options=options, jokers=2,
                     pending_draw=2)
    view = state.view(0)
    choice = bot.choose(view, view.legal, Rng(0))
    assert isinstance(choice, Play) and choice.cards == cards("Xr")


def test_hard_level_searches_only_the_best_joker_sets() -> None:
    """``jokers``, MK-4: of hundreds of joker sets the search tries a few, and the policy's
    choice; without joker sets it searches every legal action."""
    hand = ["2d", "3h", "4s", "6c", "6h", "7c", "7d", "9c", "10h", "Js", "Kh", "Ac", "Xr", "Xb"]
    state = position([hand, ["8c", "6s", "2s", "9h"]], ["5c"], options=["jokers"], jokers=2)
    view = state.view(0)
    preferred = MakaoBot().choose(view, view.legal, Rng(0))
    searched = search_candidates(view, view.legal, preferred)
    sets = [action for action in view.legal
            if isinstance(action, Play) and len(action.cards) > 1
            and any(card.is_joker for card in action.cards)]
    assert len(sets) > 100
    assert preferred in searched
    assert len([action for action in searched if action in sets]) <= SEARCHED_JOKER_SETS + 1
    assert set(view.legal) - set(sets) <= set(searched)
    plain = position([["7s", "7d", "9d"], ["8c", "9c"]], ["5s"]).view(0)
    assert search_candidates(plain, plain.legal, plain.legal[0]) is plain.legal
    hard = GAME.bots()["hard"]()
    assert hard.choose(view, view.legal, Rng(1)) in view.legal


def test_the_bot_says_makao_only_before_the_play_that_leaves_one_card() -> None:
    """``makao-call``: every "makao" the bot says is followed by its play (or its demand)
    that leaves it one card, never by a draw, a pass or a play of fewer cards; and it is never
    fined for not saying it."""
    from cardgames.games.makao.actions import CallMakao

    calls = 0
    for seed in range(120):
        state = GAME.new_game(3, seed=seed, options={"makao-call": True})
        bot, rng = MakaoBot(), Rng(seed)
        said: int | None = None
        while state.current_player is not None:
            seat = state.current_player
            view = state.view(seat)
            action = bot.choose(view, view.legal, rng)
            events = state.apply(action)
            assert not any(event.kind == "penalty" for event in events), (seed, action)
            if isinstance(action, CallMakao):
                said, calls = seat, calls + 1
                continue
            if said == seat:
                assert isinstance(action, Play | Demand), (seed, action)
                assert len(state.hands[seat]) <= 1, (seed, action)
                said = None
    assert calls > 50


def test_the_bot_and_the_hint_never_name_a_joker_as_a_card_of_the_same_set() -> None:
    """``jokers`` with MK-1 (one deck: one 7♥) and MK-4: on 5♥, 7♥ and a joker go out
    together, the joker standing for another seven, never for the 7♥ laid with it. The hint
    is the first computer player's choice, so it suggests the same."""
    state = position([["7h", "Xr"], ["8c", "9c", "10d"]], ["5h"], options=["jokers"], jokers=2)
    view = state.view(0)
    assert play("Xr", "7h", named=("7h",)) in view.legal
    hint = next(iter(GAME.bots().values()))()
    for bot in (MakaoBot(), hint):
        choice = bot.choose(view, view.legal, Rng(0))
        assert isinstance(choice, Play) and sorted(choice.cards) == sorted(cards("7h", "Xr"))
        assert [named.code for named in choice.named] != ["7h"], str(choice)
