"""Requests a screen sends up to the app, so that no screen imports the app.

A screen posts a request (it bubbles from the screen to the app); the app honours it only while
that screen is on top and not closed, so a late key cannot start a second game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.screen import Screen

if TYPE_CHECKING:
    from cardgames.session.savefile import SavedGame
    from cardgames.session.setup import GameSetup
    from cardgames.tui.settings import AppSettings


class StartGame(Message):
    """Deal ``setup`` and show its table in place of the screen that asks.

    Attributes:
        screen: The screen that asks (set-up or game over); the table replaces it.
        setup: The game to deal.
        turn_seconds: The turn clock in seconds (0 = off), or None for the app's setting.
    """

    def __init__(
        self, screen: Screen[Any], setup: GameSetup, turn_seconds: float | None = None
    ) -> None:
        super().__init__()
        self.screen = screen
        self.setup = setup
        self.turn_seconds = turn_seconds


class KeepSettings(Message):
    """Use ``settings`` for the games that follow (e.g. a bot speed chosen at the table).

    Attributes:
        settings: The new display and pacing choices.
    """

    def __init__(self, settings: AppSettings) -> None:
        super().__init__()
        self.settings = settings


class ResumeGame(Message):
    """Continue ``saved`` over the screen that asks (the picker).

    Attributes:
        screen: The screen that asks; the request counts only while it is on top.
        saved: The unfinished game to continue.
    """

    def __init__(self, screen: Screen[Any], saved: SavedGame) -> None:
        super().__init__()
        self.screen = screen
        self.saved = saved
