"""Ctrl+Q and Leave ask first while a game is in progress, and say that the game will be lost."""

from __future__ import annotations

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.dialogs import ConfirmDialog
from cardgames.tui.screens.game_over import GameOverScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import table, table_when_my_turn

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


async def test_ctrl_q_during_a_game_asks_and_says_the_game_will_be_lost() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert isinstance(app.screen, ConfirmDialog)
        assert "will be lost" in app.screen.question
        await pilot.press("ctrl+q")
        assert app.is_running, "a second Ctrl+Q does not answer the question"
        await pilot.press("n")
        await wait_until(pilot, lambda: table(app) is not None)
        assert app.is_running
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running)


async def test_leave_says_the_game_will_be_lost() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert isinstance(app.screen, ConfirmDialog)
        assert "will be lost" in app.screen.question


async def test_ctrl_q_quits_at_once_on_the_picker_and_after_the_game() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not app.is_running)
    over = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 7), FAST)
    async with over.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(over.screen, GameOverScreen), limit=5000)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not over.is_running)
