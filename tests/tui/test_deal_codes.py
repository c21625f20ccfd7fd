"""Deal codes in the app: shown on the table and the game-over screen, typed in the set-up."""

from __future__ import annotations

import pytest

from cardgames.session.dealcode import deal_code
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.game_over import GameOverScreen
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import deal_near_the_end, table, table_when_my_turn
from tests.tui.screen_text import screen_text

SIZE = (100, 30)
FAST = AppSettings(bot_delay=0)


async def test_the_table_and_the_game_over_screen_show_the_deal_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal_near_the_end(monkeypatch)
    setup = GameSetup("makao", default_seats(2, 2), {}, 31)
    app = CardGamesApp(setup, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), limit=5000)
        await pilot.pause()
        assert f"Deal {deal_code(setup)}" in screen_text(app)
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 31), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.pause()
        assert f"deal {deal_code(setup)}" in screen_text(app)


async def test_a_deal_code_in_the_set_up_starts_that_deal() -> None:
    wanted = GameSetup("makao", default_seats(3, 2), {"queens": True}, 98765)
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#deal").value = "shithead-3-5"  # type: ignore[attr-defined]
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "for Shithead, not Makao" in screen_text(app)
        screen.query_one("#deal").value = "garbage"  # type: ignore[attr-defined]
        screen.action_start()
        await pilot.pause()
        assert "is not a deal code" in screen_text(app)
        screen.action_players(-1)  # four seats to three
        screen.query_one("#deal").value = deal_code(wanted)  # type: ignore[attr-defined]
        screen.action_start()
        await wait_until(pilot, lambda: table(app) is not None)
        started = table(app)
        assert started is not None
        assert deal_code(started.session.setup) == deal_code(wanted)
        assert started.session.setup.seed == 98765
