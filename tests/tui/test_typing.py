"""Keys typed in a burst into a text field all count, in order (Backspace included)."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import table_when_my_turn

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def burst(app: CardGamesApp, text: str, backspaces: int) -> None:
    """Backspaces then letters, posted at once."""
    for _ in range(backspaces):
        app.post_message(events.Key("backspace", None))
    for char in text:
        app.post_message(events.Key(char, char))


async def test_a_burst_into_a_set_up_name_keeps_every_letter() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        field = app.screen.query_one("#name-1", Input)
        for _ in range(3):
            field.focus()
            await pilot.pause()
            burst(app, "Abcdefghij", 14)
            await wait_until(pilot, lambda: field.value == "Abcdefghij", limit=50)


async def test_a_burst_into_the_command_bar_keeps_every_letter() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await pilot.press("colon")
        bar = screen.query_one("#command", Input)
        burst(app, "draw", 0)
        burst(app, "xdraw", 5)
        await wait_until(pilot, lambda: bar.value == "xdraw", limit=50)


async def test_letters_typed_right_after_tab_go_to_the_next_field() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#name-0", Input).focus()
        await pilot.pause()
        for key in ("tab", "tab"):
            app.post_message(events.Key(key, "\t"))
        burst(app, "Zed", 0)
        field = app.screen.query_one("#name-1", Input)
        await wait_until(pilot, lambda: field.value == "Zed", limit=50)
        assert app.screen.query_one("#name-0", Input).value == "You"
