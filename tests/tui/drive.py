"""Helpers that drive the real app with keys, choosing moves from what the screen's view allows."""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot

import cardgames.games.makao as makao_package
from cardgames.core.engine import State
from cardgames.games.makao import GAME as MAKAO
from cardgames.games.makao.actions import Draw, Pass, Play, Take, Wait
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.widgets.hand import HandWidget
from tests.games.makao.builders import position as makao_position


def arrows(cursor: int, target: int) -> list[str]:
    """The Left or Right presses that move a hand cursor from ``cursor`` to ``target``."""
    return ["right"] * (target - cursor) if target >= cursor else ["left"] * (cursor - target)


def table(app: CardGamesApp) -> TableScreen | None:
    """The table screen if it is on top, else None."""
    screen = app.screen
    return screen if isinstance(screen, TableScreen) else None


def find_table(app: CardGamesApp) -> TableScreen:
    """The table screen, on top or under a pass screen, summary, dialog or the rules."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table under {type(app.screen).__name__}")


def deal(monkeypatch: pytest.MonkeyPatch, state: State) -> None:
    """Make every new game of ``state``'s game (and every replay for undo) start from
    ``state``."""
    package = importlib.import_module(type(state).__module__.rpartition(".")[0])

    def new_game(*args: Any) -> State:
        return state.clone()

    monkeypatch.setattr(package, "GAME", replace(package.GAME, deal=new_game))


def human_to_move(app: CardGamesApp) -> bool:
    """True when the table is on top and its viewer must act."""
    screen = table(app)
    return screen is not None and bool(screen.session.legal_actions())


async def table_when_my_turn(pilot: Pilot[None], app: CardGamesApp) -> TableScreen:
    """Let the app run until a human must act at the table, and return the table screen."""
    await wait_until(pilot, lambda: human_to_move(app))
    screen = table(app)
    assert screen is not None
    return screen


def passing(app: CardGamesApp) -> bool:
    """True while the player who just moved still sees the table before passing it on."""
    screen = table(app)
    return screen is not None and screen.session.passing is not None


async def pass_on(pilot: Pilot[None], app: CardGamesApp, clock: object = None) -> None:
    """Wait until the player who just moved is asked to pass on, then press Enter (after moving
    a fake ``clock``, which has a ``now``, past the quiet spell)."""
    await wait_until(pilot, lambda: passing(app))
    if clock is not None:
        clock.now += 1  # type: ignore[attr-defined]
    await pilot.press("enter")


def screen_name(app: CardGamesApp) -> str:
    """The class name of the top screen."""
    return type(app.screen).__name__


async def play_one_turn(pilot: Pilot[None], app: CardGamesApp) -> str:
    """Make one move for the human to act with keys only; returns the keys pressed.

    A playable card: arrows to it, then Enter. Otherwise ``t`` / ``w`` / ``d`` / ``p``, in that
    order of preference. The demand dialog (which opens by itself) is answered with Enter.
    """
    screen = table(app)
    assert screen is not None
    view = screen.session.view()
    legal = view.legal
    plays = [a for a in legal if isinstance(a, Play)]
    keys: list[str]
    if plays:
        hand = screen.query_one(HandWidget)
        target = view.hand.index(plays[0].cards[0])
        keys = [*arrows(hand.cursor, target), "enter"]
    else:
        verbs = ((Take, "t"), (Wait, "w"), (Draw, "d"), (Pass, "p"))
        keys = [next(key for kind, key in verbs if any(isinstance(a, kind) for a in legal))]
    await pilot.press(*keys)
    await pilot.pause()
    if screen_name(app) == "ChoiceDialog":
        await pilot.press("enter")
        await pilot.pause()
        keys.append("enter")
    return " ".join(keys)


def deal_near_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every new two-player Makao game start one move from its end: the first seat holds
    only 7♥ on 7♣ and goes out with it (a game-over screen without playing a whole game)."""
    near_end = makao_position([["7h"], ["2c", "3d", "5s", "9d", "Kh"]], ["7c"], current=0)
    monkeypatch.setattr(makao_package, "GAME", replace(MAKAO, deal=lambda *a: near_end.clone()))
