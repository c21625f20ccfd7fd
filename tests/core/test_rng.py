"""The seeded Rng: a clone gives the same sequence as its original, whoever draws first."""

from __future__ import annotations

import random

import pytest

from cardgames.core.rng import Rng


def draws(rng: Rng) -> list[float]:
    items = list(range(10))
    rng.shuffle(items)
    return [*items, rng.randrange(1000), rng.choice("abcdef"), rng.random()]  # type: ignore[list-item]


def test_clones_draw_the_original_sequence_in_any_order() -> None:
    expected = draws(Rng(7))
    original = Rng(7)
    first, second = original.clone(), original.clone()
    third = first.clone()
    assert draws(second) == expected
    assert draws(original) == expected
    assert first.to_json() == Rng(7).to_json()
    assert draws(first) == expected
    assert draws(third) == expected
    assert draws(original) != expected


def test_a_clone_taken_after_draws_goes_on_from_there() -> None:
    rng = Rng(3)
    draws(rng)
    copy = rng.clone()
    rest = draws(rng)
    assert draws(copy) == rest
    assert Rng.from_json(rng.to_json()).random() == copy.random()


def test_draws_are_those_of_the_standard_generator() -> None:
    """Saved games and pinned digests rely on the sequence of ``random.Random``."""

    for seed in range(20):
        ours, standard = Rng(seed), random.Random(seed)
        for size in (1, 2, 5, 52, 108):
            mine, theirs = list(range(size)), list(range(size))
            ours.shuffle(mine)
            standard.shuffle(theirs)
            assert mine == theirs
            assert ours.randrange(size) == standard.randrange(size)
            assert ours.choice(mine) == standard.choice(theirs)
    with pytest.raises(ValueError):
        Rng(1).randrange(0)
    with pytest.raises(ValueError):
        Rng(1).choice([])


def test_shuffle_is_that_of_the_standard_generator_to_the_last_draw() -> None:
    """The same permutation for every length, and the generator left in the same state, as
    ``random.Random.shuffle`` (pinned digests and saved games rely on both): a shuffle that
    drew once too often or too few would put every later one out of step."""
    for seed in range(16):
        ours, standard = Rng(seed), random.Random(seed)
        sizes = (*range(121), 1023, 1024, 1025, 1100) if seed < 2 else range(0, 121, 3)
        for size in sizes:
            mine, theirs = list(range(size)), list(range(size))
            ours.shuffle(mine)
            standard.shuffle(theirs)
            assert mine == theirs, (seed, size)
        version, internal, gauss = standard.getstate()
        assert ours.to_json() == [version, list(internal), gauss]
