"""A clone shares its RNG until either position draws, and the two never disturb each other."""

from __future__ import annotations

import pytest

from cardgames.core.registry import load_game


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
def test_a_clone_and_its_original_draw_the_same_independent_sequences(game: str) -> None:
    state = load_game(game).new_game(2, seed=5)
    copy = state.clone()
    twin = copy.clone()
    first = [state.rng.randrange(1000) for _ in range(20)]
    assert state.rng is not copy.rng
    assert [copy.rng.randrange(1000) for _ in range(20)] == first
    assert [twin.rng.randrange(1000) for _ in range(20)] == first
    assert state.to_json()["rng"] == copy.to_json()["rng"] == twin.to_json()["rng"]


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
def test_play_after_a_clone_is_the_same_in_both_positions(game: str) -> None:
    state = load_game(game).new_game(3, seed=9)
    copy = state.clone()
    for position in (state, copy):
        for _ in range(400):
            legal = position.legal_actions()
            if not legal:
                break
            position.apply(legal[len(legal) // 2])
    assert state.to_json() == copy.to_json()
