"""A State's RNG that a clone shares until either side draws from it (copy on first use).

Copying a Mersenne Twister state costs more than copying the rest of a card position, and most
clones (a search bot's playouts) never shuffle. A state class declares ``rng = LazyRng()`` and
the slots ``_rng`` and ``_rng_shared``; :func:`share_rng` in its ``clone`` hands the same
generator to both positions and marks it shared in both, and whichever side next reads
``state.rng`` takes a copy of its own first. A shared generator is never drawn from, so each
position still owns an independent RNG in the same place of the sequence.

So read ``state.rng`` each time it is used: a generator kept from before a ``clone`` may be
the one the copy still shares.
"""

from __future__ import annotations

from typing import Protocol, overload

from cardgames.core.rng import Rng


class _Holder(Protocol):
    _rng: Rng
    _rng_shared: bool


class LazyRng:
    """Descriptor for ``state.rng``: reading it gives the state's own generator."""

    @overload
    def __get__(self, state: None, owner: type | None = None) -> LazyRng: ...

    @overload
    def __get__(self, state: _Holder, owner: type | None = None) -> Rng: ...

    def __get__(self, state: _Holder | None, owner: type | None = None) -> Rng | LazyRng:
        if state is None:
            return self
        rng = state._rng
        if state._rng_shared:
            rng = state._rng = rng.clone()
            state._rng_shared = False
        return rng

    def __set__(self, state: _Holder, rng: Rng) -> None:
        state._rng = rng
        state._rng_shared = False


def share_rng(source: _Holder, copy: _Holder) -> None:
    """Give ``copy`` the generator of ``source``, to be copied by whichever draws first."""
    copy._rng = source._rng
    copy._rng_shared = True
    source._rng_shared = True
