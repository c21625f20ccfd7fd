"""Helpers for the Trash UI tests: prepared matches and key-driven turns."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot

import cardgames.games.trash as trash_package
from cardgames.games.trash import GAME
from cardgames.games.trash.actions import Place, Take
from cardgames.games.trash.engine import TrashState, TrashView
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.table import TableScreen


def deal(monkeypatch: pytest.MonkeyPatch, state: TrashState) -> None:
    """Make every new Trash match (and every replay for undo) start from ``state``."""

    def new_game(*args: Any) -> TrashState:
        return state.clone()

    monkeypatch.setattr(trash_package, "GAME", replace(GAME, deal=new_game))


def my_turn(app: CardGamesApp) -> bool:
    """True when the table is on top and its viewer must act."""
    screen = app.screen
    return isinstance(screen, TableScreen) and bool(screen.session.legal_actions())


def table(app: CardGamesApp) -> TableScreen:
    """The table screen, on top or under a summary, pass screen or dialog."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table under {type(app.screen).__name__}")


def turn_keys(view: TrashView) -> list[str]:
    """The keys of a sensible move from the viewer's view: take the discard top when it can be
    taken, else draw; a jack goes on the first face-down position by its digit; replace."""
    if view.phase == "jack":
        position = next(a.position for a in view.legal if isinstance(a, Place))
        return [str(position % 10)]
    if view.phase == "replace":
        return ["y"]
    return ["t"] if any(isinstance(a, Take) for a in view.legal) else ["d"]


async def play_turn(pilot: Pilot[None], app: CardGamesApp) -> str:
    """Make one move for the viewer with keys only; returns the keys pressed."""
    keys = turn_keys(table(app).session.view())
    await pilot.press(*keys)
    await pilot.pause()
    return " ".join(keys)
