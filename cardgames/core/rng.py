"""The seeded random-number generator that every State owns.

Engines never touch the global ``random`` module: all shuffles come from the ``Rng`` kept in the
state, so a game is fully given by its seed and its commands.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_STEPS_TOP = 1023
"""The longest sequence the table of shuffle steps covers, less one."""
_STEPS = tuple((i, (i + 1).bit_length()) for i in range(_STEPS_TOP, 0, -1))
"""The steps of a shuffle, last position first: ``(i, bits)``, ``bits`` the bit length of
``i + 1`` (the draws for position ``i``). A sequence of ``n`` items takes the last ``n - 1``."""


class Rng:
    """A seeded RNG that can be cloned and saved as JSON.

    Cloning is cheap: a clone shares the generator with its original until either of them draws,
    and the first one to draw takes a private copy of the shared state first, so every copy
    still gives exactly the sequence it would have given on its own. One Rng should not be
    cloned and drawn from by two threads at once (as with any mutable object).

    Args:
        seed: Any integer; the same seed gives the same sequence on every machine.
    """

    __slots__ = ("_random", "_shared")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._shared: list[int] | None = None
        """While the generator is shared with clones: a box with the number of its holders."""

    def _own(self) -> random.Random:
        """The generator, made private first if clones still share it."""
        shared = self._shared
        if shared is not None:
            self._shared = None
            if shared[0] > 1:
                shared[0] -= 1
                private = random.Random(0)
                private.setstate(self._random.getstate())
                self._random = private
        return self._random

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place.

        The same swaps, from the same draws, as ``random.Random.shuffle``: position ``i``, from
        the last down to 1, swaps with ``j``, drawn with the bits of ``i + 1`` and drawn again
        while it exceeds ``i``. The bit counts come from :data:`_STEPS` rather than being worked
        out per card (an addition and a method call saved on each).
        """
        getrandbits = (self._random if self._shared is None else self._own()).getrandbits
        top = len(items) - 1
        for i in range(top, _STEPS_TOP, -1):
            bits = (i + 1).bit_length()
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]
        for i, bits in _STEPS[_STEPS_TOP - top if top < _STEPS_TOP else 0 :]:
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence (the draws of ``random.Random.choice``).

        Raises:
            ValueError: If ``items`` is empty.
        """
        bound = len(items)
        if not bound:
            raise ValueError("cannot choose from an empty sequence")
        getrandbits = (self._random if self._shared is None else self._own()).getrandbits
        bits = bound.bit_length()
        index = getrandbits(bits)
        while index >= bound:
            index = getrandbits(bits)
        return items[index]

    def randrange(self, stop: int) -> int:
        """Return an integer in ``[0, stop)`` (the draws of ``random.Random.randrange``).

        Raises:
            ValueError: If ``stop`` is not positive.
        """
        generator = self._random if self._shared is None else self._own()
        if stop <= 0:
            return generator.randrange(stop)
        getrandbits = generator.getrandbits
        bits = stop.bit_length()
        value = getrandbits(bits)
        while value >= stop:
            value = getrandbits(bits)
        return value

    def random(self) -> float:
        """Return a float in ``[0.0, 1.0)``."""
        return (self._random if self._shared is None else self._own()).random()

    def derive(self, salt: int) -> Rng:
        """Return a new, independent Rng seeded from this one's next value and ``salt``.

        Used to give each bot seat its own stream; advances this RNG by one draw.
        """
        generator = self._random if self._shared is None else self._own()
        return Rng(generator.getrandbits(64) ^ (salt * 0x9E3779B97F4A7C15 & (2**64 - 1)))

    def clone(self) -> Rng:
        """Return an independent copy in the same position of the sequence.

        The copy shares the generator until one of the two draws (see the class); taking the
        private copy starts from a fixed seed before taking the shared state, so cloning never
        reads the operating system's entropy.
        """
        shared = self._shared
        if shared is None:
            shared = self._shared = [1]
        shared[0] += 1
        copy = Rng.__new__(Rng)
        copy._random = self._random
        copy._shared = shared
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
        rng._shared = None
        return rng
