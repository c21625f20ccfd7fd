"""Keys typed in a burst into a text field all count, in order (Backspace included)."""

from __future__ import annotations

from dataclasses import replace

from textual import events
from textual.widgets import Input

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.dialogs import LeaveDialog
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import play_one_turn, table_when_my_turn

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


async def test_a_move_typed_on_the_computers_turn_waits_in_the_bar_for_yours() -> None:
    """``:`` opens the bar on a computer player's turn too, so the letters typed go to the bar
    (the ``q`` of ``play qh`` never opens the leave question); Enter then says whose turn it
    is and keeps the text; once the turn has come, the bar completes from its moves and Enter
    plays the command."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        screen.settings = replace(screen.settings, bot_delay=60)
        session = screen.session
        while session.current_player == 0:
            await play_one_turn(pilot, app)
        bot = session.names[1]
        moves = len(session.history)
        bar = screen.query_one("#command", Input)
        await pilot.press("colon", *"play qh")
        await pilot.pause()
        assert not isinstance(app.screen, LeaveDialog)
        assert bar.display and bar.value == "play qh"
        await pilot.press(*["backspace"] * 7, *"draw", "enter")
        await pilot.pause()
        assert f"It is {bot}'s turn, not yours." in str(screen.query_one("#status").render())
        assert bar.display and bar.value == "draw" and len(session.history) == moves
        screen._bot_step()
        await wait_until(pilot, lambda: session.current_player == 0)
        assert bar.display and bar.value == "draw" and "draw" in bar.completions
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.history) == moves + 2)
        assert not bar.display
        assert str(session.history[-1][1]) == "draw"


async def test_shift_tab_out_of_the_command_bar_closes_it() -> None:
    """Shift+Tab moves the focus out of the open bar: the bar closes as with Escape, so the
    table's keys (``?``) act again."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        bar = screen.query_one("#command", Input)
        await pilot.press("colon", *"abc", "shift+tab")
        await pilot.pause()
        assert not bar.display and app.focused is not bar
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: app.screen is not screen)


async def test_tab_completes_a_command_typed_with_two_spaces() -> None:
    """``play  `` (two spaces) then Tab completes as ``play `` does: runs of spaces count as
    one."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        bar = screen.query_one("#command", Input)
        await pilot.press("colon", *"play", "space", "space", "tab")
        await pilot.pause()
        assert bar.value.startswith("play ") and bar.value in screen.session.completions()
