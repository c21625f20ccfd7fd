"""Fixtures for the bot tests: the tiny Race game known to the registry."""

from __future__ import annotations

import pytest

from cardgames.core import registry
from tests.session.fake_game import RACE_INFO


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the Race test game known to the registry for one test."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, RACE_INFO))
