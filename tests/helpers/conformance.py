"""Generic random-play conformance checks, run for every game.

After every move: cards are conserved, a refused illegal move leaves the JSON position identical,
the game ends within a bound, and replaying seed + commands reproduces the final position.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from cardgames.core.engine import Action, Game, OptionValue, State
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng


def play_random_game(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    *,
    max_moves: int = 5000,
    illegal: Callable[[State], Iterable[Action]] | None = None,
    check_every: int = 1,
    policy: Callable[[State, tuple[Action, ...], Rng], Action] | None = None,
) -> tuple[State, list[Action]]:
    """Play one seeded random game to the end, checking the invariants after every move.

    Args:
        game: The game under test.
        players: Seats.
        seed: Seeds both the deal and the random choices.
        options: House options.
        max_moves: The bound within which the game must end.
        illegal: Gives actions the current player may not make now; each must be refused with
            IllegalMove and leave the position unchanged.
        check_every: Check refusals and JSON round trips every n-th move (1 = every move).
        policy: Chooses each move from the state, its legal actions and the seeded RNG
            (default: uniformly among the legal actions). It may return an action the engine
            accepts outside the legal list, such as a turn clock's time-out move.

    Returns:
        The final state and the actions played.
    """
    state = game.new_game(players, seed=seed, options=options)
    total = state.card_count()
    chooser = Rng(seed * 7919 + 1)
    actions: list[Action] = []
    for move in range(max_moves):
        legal = state.legal_actions()
        if not legal:
            assert state.outcome() is not None, "no legal action but the game is not over"
            assert state.current_player is None
            break
        assert state.current_player is not None
        if move % check_every == 0:
            if illegal is not None:
                before = state.to_json()
                for bad in illegal(state):
                    assert bad not in legal
                    with pytest.raises(IllegalMove):
                        state.apply(bad)
                    assert state.to_json() == before, f"refused {bad!r} changed the state"
            rebuilt = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert rebuilt.to_json() == state.to_json()
        action = chooser.choice(legal) if policy is None else policy(state, legal, chooser)
        state.apply(action)
        actions.append(action)
        assert state.card_count() == total, f"cards not conserved after {action!r}"
    else:
        pytest.fail(f"seed {seed}: no end within {max_moves} moves")
    outcome = state.outcome()
    assert outcome is not None
    assert sorted(outcome.ranking) == list(range(players))
    return state, actions


def replay(
    game: Game, players: int, seed: int, options: Mapping[str, OptionValue] | None,
    actions: list[Action],
) -> dict[str, Any]:
    """Replay ``actions`` from a new deal and return the final JSON position."""
    state = game.new_game(players, seed=seed, options=options)
    for action in actions:
        state.apply(action)
    return state.to_json()
