"""The Spite & Malice heuristic bot: legal choices, its habits, and its strength against
RandomBot (at least 90% of two-player games, as the issue asks)."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.bots import Bot, RandomBot
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Action, Bus, Discard, Play
from cardgames.games.spite_malice.bots import SpiteMaliceBot
from cardgames.games.spite_malice.engine import SpiteMaliceState
from tests.games.spite_malice.builders import card, position, run_of

BOT = SpiteMaliceBot()


def play_game(seats: Sequence[Bot], seed: int) -> tuple[int, ...]:
    """Play one game between bots; return the winners. Every choice must be legal."""
    state = GAME.new_game(len(seats), seed=seed)
    rngs = [Rng(seed * 31 + seat) for seat in range(len(seats))]
    for _ in range(20_000):
        seat = state.current_player
        if seat is None:
            break
        legal = state.legal_actions()
        action = seats[seat].choose(state.view(seat), legal, rngs[seat])
        assert action in legal
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners


def choose(state: SpiteMaliceState, seat: int = 0) -> Action:
    view = state.view(seat)
    return BOT.choose(view, view.legal, Rng(0))


def test_bot_beats_random_in_nine_games_of_ten() -> None:
    games = 200
    wins = 0
    for seed in range(games):
        bot_seat = seed % 2
        seats: list[Bot] = [RandomBot(), RandomBot()]
        seats[bot_seat] = BOT
        wins += play_game(seats, seed) == (bot_seat,)
    assert wins / games >= 0.9, wins


def test_bots_play_legally_with_three_and_four_seats() -> None:
    for seed in range(6):
        seats: list[Bot] = [BOT, RandomBot(), BOT, RandomBot()][: 3 + seed % 2]
        assert play_game(seats, seed)


def test_bot_plays_its_pay_off_top_first() -> None:
    state = position(hands=["5c 9d", "2d"], pay_off=["Kc 5h", "6c"], piles=[run_of(4, "s")],
                     full=True)
    assert choose(state) == Play(card("5h"), "pay", 1)


def test_bot_builds_a_chain_towards_its_pay_off_top() -> None:
    state = position(hands=["2d 3h 9c", "2s"], pay_off=["Kc 5d", "6c"], spots=[["4s"]],
                     piles=["Ac"], full=True)
    assert choose(state) == Play(card("2d"), "hand", 1)
    state.apply(choose(state))
    assert choose(state) == Play(card("3h"), "hand", 1)
    state.apply(choose(state))
    assert choose(state) == Play(card("4s"), "s1", 1)
    state.apply(choose(state))
    assert choose(state) == Play(card("5d"), "pay", 1)


def test_bot_does_not_feed_the_next_players_pay_off_top() -> None:
    state = position(hands=["5c 9d 10h", "2d"], pay_off=["Kc Qd", "3c 6h"],
                     piles=[run_of(4, "s")], full=True)
    action = choose(state)
    assert not isinstance(action, Play)


def test_bot_stacks_on_the_spot_of_the_rank_and_buses_a_clogging_card() -> None:
    state = position(hands=["9c Kd", "2d"], pay_off=["Kc Qd", "3c 6h"], spots=[["9h", "4s", "7d"]],
                     full=True)
    assert choose(state) == Discard(card("9c"), 1)
    clog = position(hands=["Kd Qh", "2d"], pay_off=["Kc Qd", "3c 6h"], spots=[["9h", "4s", "7d"]],
                    piles=["Ac"], full=True)
    assert isinstance(choose(clog), Bus)
