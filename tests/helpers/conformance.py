"""Generic random-play conformance checks, run for every game.

After every move: cards are conserved, a refused illegal move leaves the JSON position identical,
the game ends within a bound, and replaying seed + commands reproduces the final position.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
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
            position = state.to_json()
            if illegal is not None:
                check_refusals(game, state, position, legal, list(illegal(state)))
            check_round_trip(game, position, legal)
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


def check_refusals(
    game: Game,
    state: State,
    position: dict[str, Any],
    legal: Sequence[Action],
    bad: Sequence[Action],
) -> None:
    """Each of ``bad`` is not legal and is refused with IllegalMove, and the JSON position of
    ``state`` is still ``position`` after them all (a change is traced to the refusal that
    made it, on a copy loaded from ``position``)."""
    for action in bad:
        assert action not in legal
        try:
            state.apply(action)
        except IllegalMove:
            continue
        pytest.fail(f"{action!r} was not refused")
    if bad and state.to_json() != position:
        copy = game.state_from_json(json.loads(json.dumps(position)))
        for action in bad:
            with suppress(IllegalMove):
                copy.apply(action)
            assert copy.to_json() == position, f"refused {action!r} changed the state"
        pytest.fail(f"refusing {list(bad)!r} changed the state")


def check_round_trip(
    game: Game, position: dict[str, Any], legal: Sequence[Action] | None = None
) -> None:
    """The JSON position survives text and loads back into a state giving the same JSON and,
    when ``legal`` is given, the same legal actions in the same order: what an engine keeps up
    to date move by move (summaries, tables of legal moves) matches a fresh reading."""
    rebuilt = game.state_from_json(json.loads(json.dumps(position)))
    assert rebuilt.to_json() == position
    if legal is not None:
        assert list(rebuilt.legal_actions()) == list(legal)


def replay(
    game: Game, players: int, seed: int, options: Mapping[str, OptionValue] | None,
    actions: list[Action],
) -> dict[str, Any]:
    """Replay ``actions`` from a new deal and return the final JSON position."""
    state = game.new_game(players, seed=seed, options=options)
    for action in actions:
        state.apply(action)
    return state.to_json()
