"""Computer players: the Bot protocol and the random bot shared by every game.

A bot sees only its seat's view and the legal actions, never the State, so it cannot cheat.
"""

from __future__ import annotations

from typing import Protocol

from cardgames.core.engine import Action, View
from cardgames.core.rng import Rng


class Bot(Protocol):
    """Chooses one of the legal actions from what its seat can see."""

    name: str

    def choose(self, view: View, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` (never empty)."""
        ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return a random element of ``legal``."""
        return rng.choice(legal)
