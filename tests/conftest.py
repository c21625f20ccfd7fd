"""Fixtures shared by every test folder: a temporary data folder (records, statistics) for
every test, and a game that is listed but not playable yet."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.core import registry
from cardgames.session.savefile import HOME_VARIABLE

COMING_SOON = registry.GameInfo("skat", "Skat", (), "A game not built yet.", 3, 3, "")
"""A registry entry that is listed but cannot be played (every real game is playable now)."""


@pytest.fixture
def coming_soon(monkeypatch: pytest.MonkeyPatch) -> str:
    """Adds a listed, not yet playable game to the registry; returns its name."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, COMING_SOON))
    return COMING_SOON.name


@pytest.fixture(autouse=True)
def cardgames_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Point ``$CARDGAMES_HOME`` at a fresh temporary folder, so no test writes into the real
    data folder (the app saves every game it plays)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home
