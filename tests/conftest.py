"""Fixtures for every test: the data folder (records, statistics) is a temporary one."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.session.savefile import HOME_VARIABLE


@pytest.fixture(autouse=True)
def cardgames_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Point ``$CARDGAMES_HOME`` at a fresh temporary folder, so no test writes into the real
    data folder (the app saves every game it plays)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home
