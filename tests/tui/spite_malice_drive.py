"""Helpers for the Spite & Malice UI tests: prepared deals and key-driven moves."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot

import cardgames.games.spite_malice as spite_malice_package
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.engine import SpiteMaliceState
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.spite_malice import OwnCards
from cardgames.tui.screens.table import TableScreen


def deal(monkeypatch: pytest.MonkeyPatch, state: SpiteMaliceState) -> None:
    """Make every new Spite & Malice game (and every replay for undo) start from ``state``."""

    def new_game(*args: Any) -> SpiteMaliceState:
        return state.clone()

    monkeypatch.setattr(spite_malice_package, "GAME", replace(GAME, deal=new_game))


def table(app: CardGamesApp) -> TableScreen:
    """The table screen, on top or under a pass screen, dialog or the rules."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table under {type(app.screen).__name__}")


def my_turn(app: CardGamesApp) -> bool:
    """True when the table is on top and its viewer must act."""
    screen = app.screen
    return isinstance(screen, TableScreen) and bool(screen.session.legal_actions())


def own(app: CardGamesApp) -> OwnCards:
    """The viewer's own cards on the table."""
    return table(app).query_one(OwnCards)


async def play_first(pilot: Pilot[None], app: CardGamesApp) -> str:
    """One move by keys: Enter on the card the cursor rests on (the first that can move), and
    Enter again on its first destination if there are several. Returns the keys."""
    await pilot.press("enter")
    await pilot.pause()
    keys = "enter"
    if my_turn(app) and own(app).picking:
        await pilot.press("enter")
        await pilot.pause()
        keys += " enter"
    return keys
