"""The search bot on the real games at a tiny budget: legal, deterministic, blind to the State,
and stronger than random play on fixed seeds."""

from __future__ import annotations

import pytest

from cardgames.bots import RandomBot
from cardgames.bots.search import SearchBot
from cardgames.core.engine import Game, OptionValue, State
from cardgames.core.registry import load_game
from cardgames.core.rng import Rng

GAMES = ("makao", "shithead", "spite_malice", "trash", "zoliky")
OPTIONS: dict[str, dict[str, OptionValue]] = {"zoliky": {"target": 0}}
"""One round of Žolíky, not a match to 500, keeps the games short."""


def _tiny(game: Game) -> SearchBot:
    heuristic = game.bots()["normal"]()
    evaluate = getattr(game, "evaluate", None)
    return SearchBot(game.sample_state, heuristic, evaluate=evaluate, playouts=4, depth=6)


def _play(game: Game, seed: int, search_seat: int, limit: int = 2000) -> tuple[State, list[str]]:
    """One two-player game, the search bot at ``search_seat`` against random play."""
    state = game.new_game(2, seed=seed, options=OPTIONS.get(game.name, {}))
    bots = {search_seat: _tiny(game), 1 - search_seat: RandomBot()}
    rngs = {seat: Rng(seed * 10 + seat) for seat in (0, 1)}
    commands: list[str] = []
    while (seat := state.current_player) is not None and len(commands) < limit:
        view, legal = state.view(seat), state.legal_actions()
        action = bots[seat].choose(view, legal, rngs[seat])
        assert action in legal
        commands.append(game.format_action(view, action))
        state.apply(action)
    return state, commands


@pytest.mark.parametrize("name", GAMES)
def test_search_replays_the_same_game(name: str) -> None:
    game = load_game(name)
    state, commands = _play(game, 0, 0, limit=24)
    assert len(commands) == 24 or state.outcome() is not None
    assert _play(game, 0, 0, limit=24)[1] == commands, "same seed, same choices"


@pytest.mark.parametrize("name", ["makao", "trash"])
def test_search_beats_random_play(name: str) -> None:
    """On the games quick to play out; the tournament measures every game (README, Levels)."""
    game = load_game(name)
    wins = 0
    for seed in range(4):
        state, _ = _play(game, seed, seed % 2)
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == (seed % 2,)
    assert wins >= 3


@pytest.mark.parametrize("name", GAMES)
def test_search_sees_only_the_view(name: str) -> None:
    """A position dealt afresh from seat 0's view looks the same to seat 0, and the search
    chooses the same there as in the real one: it cannot have looked behind the view."""
    game = load_game(name)
    for seed in (0, 1, 3):
        state = game.new_game(2, seed=seed, options=OPTIONS.get(name, {}))
        rng = Rng(seed)
        heuristic = game.bots()["normal"]()
        for _ in range(4 + 3 * seed):
            seat = state.current_player
            assert seat is not None
            state.apply(heuristic.choose(state.view(seat), state.legal_actions(), rng))
        seat = state.current_player
        assert seat is not None, "the game goes on"
        other = game.sample_state(state.view(seat), Rng(99))
        assert other.view(seat) == state.view(seat)
        picks = [
            _tiny(game).choose(s.view(seat), s.legal_actions(), Rng(seed)) for s in (state, other)
        ]
        assert picks[0] == picks[1]
