"""Fixtures for the app's tests: Pilot presses keys milliseconds apart, as a burst would arrive,
so the drop of a closing screen's burst is off unless a test asks for it (``settle=``)."""

from __future__ import annotations

import pytest

from cardgames.tui.app import CardGamesApp


@pytest.fixture(autouse=True)
def no_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys after a screen closes count at once in the tests that do not pass ``settle``."""
    monkeypatch.setattr(CardGamesApp, "SETTLE", 0.0)
