"""The seeded random-number generator that every State owns.

Engines never touch the global ``random`` module: all shuffles come from the ``Rng`` kept in the
state, so a game is fully given by its seed and its commands.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A seeded RNG that can be cloned and saved as JSON.

    Args:
        seed: Any integer; the same seed gives the same sequence on every machine.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place."""
        self._random.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return items[self._random.randrange(len(items))]

    def randrange(self, stop: int) -> int:
        """Return an integer in ``[0, stop)``."""
        return self._random.randrange(stop)

    def random(self) -> float:
        """Return a float in ``[0.0, 1.0)``."""
        return self._random.random()

    def derive(self, salt: int) -> Rng:
        """Return a new, independent Rng seeded from this one's next value and ``salt``.

        Used to give each bot seat its own stream; advances this RNG by one draw.
        """
        return Rng(self._random.getrandbits(64) ^ (salt * 0x9E3779B97F4A7C15 & (2**64 - 1)))

    def clone(self) -> Rng:
        """Return an independent copy in the same position of the sequence.

        The copy starts from a fixed seed before taking this one's state, so cloning never reads
        the operating system's entropy.
        """
        copy = Rng.__new__(Rng)
        copy._random = random.Random(0)
        copy._random.setstate(self._random.getstate())
        return copy

    def to_json(self) -> list[Any]:
        """The full generator state as a JSON-compatible list."""
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: list[Any]) -> Rng:
        """Rebuild an Rng saved by :meth:`to_json`."""
        rng = cls.__new__(cls)
        rng._random = random.Random(0)
        rng._random.setstate((data[0], tuple(data[1]), data[2]))
        return rng
