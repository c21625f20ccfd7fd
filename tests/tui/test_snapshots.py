"""SVG snapshots of the main screens at 80×24 (regenerate with ``--snapshot-update``)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp, make_app
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import human_to_move, screen_name

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def test_picker_snapshot(snap_compare: Any) -> None:
    assert snap_compare(make_app(settings=FAST), terminal_size=SIZE)


def test_setup_snapshot(snap_compare: Any) -> None:
    app = make_app(settings=FAST)

    async def open_setup(pilot: Pilot[None]) -> None:
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(app) == "SetupScreen")

    assert snap_compare(app, terminal_size=SIZE, run_before=open_setup)


def test_makao_table_snapshot(snap_compare: Any) -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(4, 3), {}, 3), FAST)

    async def reach_my_turn(pilot: Pilot[None]) -> None:
        for _ in range(2):
            await wait_until(pilot, lambda: human_to_move(app))
            await pilot.press("d")
            await pilot.pause()
            if human_to_move(app):
                await pilot.press("p")
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("right", "space")

    assert snap_compare(app, terminal_size=SIZE, run_before=reach_my_turn)


def test_pass_screen_snapshot(snap_compare: Any) -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 7), FAST)

    async def reach_cover(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=reach_cover)
