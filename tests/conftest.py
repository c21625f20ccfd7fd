"""Fixtures shared by every test folder."""

from __future__ import annotations

import pytest

from cardgames.core import registry

COMING_SOON = registry.GameInfo("skat", "Skat", (), "A game not built yet.", 3, 3, "")
"""A registry entry that is listed but cannot be played (every real game is playable now)."""


@pytest.fixture
def coming_soon(monkeypatch: pytest.MonkeyPatch) -> str:
    """Adds a listed, not yet playable game to the registry; returns its name."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, COMING_SOON))
    return COMING_SOON.name
