"""Mutation fuzzing of ``state_from_json``: positions from real play, damaged at random.

Each mutated position must either load into a valid position or be refused with
``BadPosition``; any other exception, or a position that breaks the invariants, fails.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from cardgames.core.engine import Game, State
from cardgames.core.errors import BadPosition
from cardgames.core.rng import Rng

JUNK: tuple[Any, ...] = (
    None, -1, 0, 1, 2, 3, 7, 100_000_000, -100_000_000, True, False, 2.5, "", "x", "7h", "Xr",
    "7h#1", "10s", "play", "over", [], [-1, -1], [0], {}, {"kind": "rank"},
)
"""Values a mutation may put anywhere."""

Path = list[str | int]


def base_positions(game: Game, count: int, seed: int) -> list[dict[str, Any]]:
    """Positions reached in seeded random play (all player counts, some finished games)."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        players = game.min_players + rng.randrange(game.max_players - game.min_players + 1)
        options = {spec.name: rng.random() < 0.5 for spec in game.options
                   if isinstance(spec.default, bool)}
        state = game.new_game(players, seed=rng.randrange(10**6), options=options)
        stop = rng.randrange(400)
        for _ in range(stop):
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
        found.append(json.loads(json.dumps(state.to_json())))
    return found


def _paths(node: Any, path: Path, out: list[Path]) -> None:
    out.append(path)
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "rng":
                _paths(value, [*path, key], out)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _paths(value, [*path, index], out)


def _at(root: Any, path: Path) -> Any:
    for step in path:
        root = root[step]
    return root


def mutate(data: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """``data`` with one to three random changes: junk values, removed or duplicated entries,
    two values swapped (cards moved between zones), a card code replaced by another."""
    data = copy.deepcopy(data)
    for _ in range(1 + rng.randrange(3)):
        paths: list[Path] = []
        _paths(data, [], paths)
        path = rng.choice(paths[1:])
        parent, key = _at(data, path[:-1]), path[-1]
        kind = rng.randrange(6)
        if kind == 0:
            parent[key] = rng.choice(JUNK)
        elif kind == 1:
            del parent[key]
        elif kind == 2 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[key]))
        elif kind == 3:
            other = rng.choice(paths[1:])
            if path[: len(other)] != other and other[: len(path)] != path:
                other_parent, other_key = _at(data, other[:-1]), other[-1]
                parent[key], other_parent[other_key] = other_parent[other_key], parent[key]
        elif kind == 4:
            strings = [p for p in paths[1:] if isinstance(_at(data, p), str)]
            if strings:
                parent[key] = _at(data, rng.choice(strings))
        elif kind == 5 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += rng.choice((-2, -1, 1, 2))
    return data


def check_loaded(game: Game, state: State, rng: Rng, cards: int) -> None:
    """A loaded position is valid: it holds ``cards`` cards, round-trips, every seat's view
    works, it has legal moves exactly while not over, and a few random moves keep its cards."""
    assert game.min_players <= state.players <= game.max_players
    assert state.card_count() == cards
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    for viewer in (None, *range(state.players)):
        state.view(viewer)
    for _ in range(3):
        current = state.current_player
        legal = state.legal_actions()
        assert bool(legal) == (current is not None)
        assert (state.outcome() is None) == (current is not None)
        if current is None:
            break
        assert 0 <= current < state.players
        state.apply(rng.choice(legal))
        assert state.card_count() == cards


def fuzz(
    game: Game,
    *,
    positions: int,
    seed: int,
    cards_once: Callable[[dict[str, Any]], None],
) -> tuple[int, int]:
    """Feed ``positions`` mutated positions to ``game.state_from_json``.

    Args:
        game: The game.
        positions: How many mutated positions to try.
        seed: Seeds the base positions and the mutations.
        cards_once: Checks that a loaded position's JSON holds every card exactly once.

    Returns:
        How many loaded and how many were refused.
    """
    rng = Rng(seed)
    bases = base_positions(game, 40, seed)
    counts = {id(base): game.state_from_json(base).card_count() for base in bases}
    loaded = refused = 0
    for _ in range(positions):
        base = rng.choice(bases)
        data = mutate(base, rng)
        try:
            state = game.state_from_json(data)
        except BadPosition as error:
            assert str(error) and "\n" not in str(error)
            refused += 1
            continue
        cards_once(state.to_json())
        check_loaded(game, state, rng, counts[id(base)])
        loaded += 1
    return loaded, refused
