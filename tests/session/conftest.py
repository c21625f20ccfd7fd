"""Fixtures for the Session tests: a registry with the tiny Race game, and a settable clock."""

from __future__ import annotations

import pytest

from cardgames.core import registry
from tests.session.fake_game import RACE_INFO


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the Race test game known to the registry for one test."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, RACE_INFO))


class FakeClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    """A clock at 1000 s that moves with ``advance``."""
    return FakeClock()
