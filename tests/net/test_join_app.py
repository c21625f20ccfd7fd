"""The join app against a table served in the test: the same table screen, moves by keys."""

from __future__ import annotations

import asyncio

from cardgames.net.app import JoinApp
from cardgames.session.setup import NAME_LIMIT, GameSetup, SeatSpec
from cardgames.tui.navigation import StartGame
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.net.tables import Player, last_message, open_table
from tests.tui.drive import human_to_move, play_one_turn, screen_name
from tests.tui.screen_text import screen_text

SEATS = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "normal"))


async def test_the_join_app_plays_a_move_with_keys_and_shows_who_is_connected() -> None:
    server, code = await open_table("makao", 7, players=3, bots=1)
    try:
        app = JoinApp(code, "Anna", AppSettings(bot_delay=0))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "Waiting for 1 more" in app.room.text)
            bob = Player(code, "Bob", 2)
            bob_plays = asyncio.create_task(bob.run())
            await wait_until(pilot, lambda: human_to_move(app))
            table = app.screen
            assert isinstance(table, TableScreen) and screen_name(app) == "TableScreen"
            session = server.session
            assert session is not None and session.names[:2] == ("Anna", "Bob")
            assert table.session.here == (0,), "the one seat played at this terminal"
            topbar = str(table.query_one("#topbar").render())
            assert "2 of 2 connected" in topbar and "deal" not in topbar
            before = len(session.history)
            await play_one_turn(pilot, app)
            await wait_until(pilot, lambda: len(session.history) > before)
            assert session.history[before][0] == 0
            await wait_until(pilot, lambda: table.session.view() == session.view_for(0)
                             or human_to_move(app))
            bob.close()
            await wait_until(pilot, lambda: "1 of 2 connected" in str(
                table.query_one("#topbar").render()))
            bob_plays.cancel()
    finally:
        await server.close()


async def test_a_key_on_another_s_turn_says_whose_turn_it_is_not_yours() -> None:
    """The table speaks to the person in front of it: "not yours", never his own name."""
    server, code = await open_table("makao", 7, players=2, bots=0)
    try:
        bob = Player(code, "[b]Bob[/b]", 2, plays=False)
        await bob.join()
        app = JoinApp(code, "[red]Boss", AppSettings(bot_delay=0))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            assert isinstance(table, TableScreen) and table.session.current_player == 0
            await pilot.press("d")
            await pilot.pause()
            status = str(table.query_one("#status").render())
            assert "It is [b]Bob[/b]'s turn, not yours." in status, status
            assert "Boss" not in status
    finally:
        await server.close()


async def test_the_bot_speed_key_is_not_offered_where_the_server_paces_the_bots() -> None:
    """The computer players of a network table move at the server's pace: the client's footer
    has no b Bot speed, and b changes no setting of this terminal."""
    server, code = await open_table("makao", 7, players=2, bots=1)
    try:
        settings = AppSettings(bot_delay=0.6)
        app = JoinApp(code, "Anna", settings)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: human_to_move(app))
            table = app.screen
            assert isinstance(table, TableScreen)
            shown = {active.binding.description for active in table.active_bindings.values()
                     if active.binding.show}
            assert "Leave" in shown and "Bot speed" not in shown, shown
            await pilot.press("b")
            await pilot.pause()
            assert table.settings.bot_delay == 0.6 and "Computer players" not in str(
                table.query_one("#status").render())
    finally:
        await server.close()


async def test_play_again_at_a_network_table_deals_no_local_game() -> None:
    """A network table plays one game: "Play again" only says so, and no local game (with a
    pass screen between its people) is dealt on this terminal."""
    server, code = await open_table("makao", 7, players=3, bots=1)
    try:
        app = JoinApp(code, "Anna", AppSettings(bot_delay=0))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "Waiting for 1 more" in app.room.text)
            stack = list(app.screen_stack)
            app.post_message(StartGame(app.screen, GameSetup("makao", SEATS, {}, 8), 0))
            for _ in range(5):
                await pilot.pause()
            assert list(app.screen_stack) == stack
            assert any("A network table plays one game" in str(toast.message)
                       for toast in app._notifications)
    finally:
        await server.close()


async def test_names_at_a_table_have_the_set_up_s_limit_and_show_whole_at_80_columns() -> None:
    """One limit for a name everywhere (the set-up screen's): the table refuses a longer one
    with the limit, and names of the limit's length show whole on the board at 80 columns."""
    names = ("Maximilianus", "Bartholomeus", "Christophers")
    assert all(len(name) == NAME_LIMIT for name in names)
    server, code = await open_table("makao", 7, players=3, bots=0)
    try:
        long = Player(code, names[1] + "s")
        await long.join()
        assert await last_message(long) == (
            "error", {"message": f"A name has 1 to {NAME_LIMIT} printable characters."})
        app = JoinApp(code, names[0], AppSettings(bot_delay=0))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "Waiting for 2 more" in app.room.text)
            others = [Player(code, name, seed) for seed, name in enumerate(names[1:])]
            playing = [asyncio.create_task(player.run()) for player in others]
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            text = screen_text(app)
            for name in names:
                assert name in text, (name, text)
            for task in playing:
                task.cancel()
    finally:
        await server.close()
