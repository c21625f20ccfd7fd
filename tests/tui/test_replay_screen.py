"""The replay screen: opened from the game-over screen, steps with the arrows, changes eyes."""

from __future__ import annotations

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.replay import OPEN, ReplayScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import screen_name
from tests.tui.screen_text import screen_text

SIZE = (100, 30)
FAST = AppSettings(bot_delay=0)


async def test_replay_from_the_game_over_screen_steps_through_the_game() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 31), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen", limit=5000)
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        moves = len(screen.replay)
        assert screen.step == moves and screen.viewer == OPEN
        await pilot.press("left", "left")
        assert screen.step == moves - 2
        await pilot.pause()
        assert f"move {moves - 2} of {moves}" in screen_text(app)
        last = screen.replay.moves[moves - 3]
        assert f"Move {last.number}: " in screen_text(app)
        await pilot.press("home")
        assert screen.step == 0
        await pilot.press("right")
        assert screen.step == 1
        await pilot.press("end", "right")
        assert screen.step == moves
        await pilot.press("v")
        await pilot.pause()
        assert screen.viewer == 0 and "eyes" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
