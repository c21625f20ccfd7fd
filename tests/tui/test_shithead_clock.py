"""The turn clock of Shithead (SH-17) through the app, with an injected clock: no real waiting.

The table's one-second timer calls ``TableScreen.tick``; the tests call it themselves after moving
the fake clock, so the real timer firing in between changes nothing.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from cardgames.core.cards import parse_card
from cardgames.games.shithead.actions import Timeout
from cardgames.games.shithead.moves import SWAP
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import deal, find_table, human_to_move
from tests.tui.shithead_drive import FakeClock, position

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def _topbar(app: CardGamesApp) -> str:
    return str(find_table(app).query_one("#topbar", Static).render())


async def test_sh17_time_out_with_a_pile_picks_it_up_and_the_countdown_redraws_on_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["5c 9d Ad", "3h 4h 6h"],
        face_up=[["Jd", "Qd", "Kd"], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "4d", "5d"], ["3s", "4s", "5s"]],
        pile="7c 8c",
    ))
    clock = FakeClock()
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1), FAST, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        session = screen.session
        assert session.clock_running and "⏱ 0:45" in _topbar(app)
        topbar = screen.query_one("#topbar", Static)
        updates: list[object] = []
        real_update = topbar.update

        def counting_update(content: object = "") -> None:
            updates.append(content)
            real_update(content)  # type: ignore[arg-type]

        monkeypatch.setattr(topbar, "update", counting_update)
        clock.now += 0.4
        screen.tick()
        screen.tick()
        assert updates == [], "no redraw while the shown second stays the same"
        clock.now += 43.7
        screen.tick()
        screen.tick()
        assert len(updates) == 1 and "⏱ 0:01" in _topbar(app)
        assert session.history == []
        clock.now += 1
        screen.tick()
        await pilot.pause()
        assert session.history[0] == (0, Timeout())
        assert {parse_card("7c"), parse_card("8c")} <= set(session.view_for(0).hand)
        log = session.log_lines(0)
        assert "You ran out of time" in log and "You picked up the pile (2 cards)" in log


async def test_no_clock_during_the_swap_phase_then_a_full_turn_once_play_starts() -> None:
    clock = FakeClock()
    app = CardGamesApp(GameSetup("shithead", default_seats(3, 2), {}, 7), FAST, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        session = screen.session
        assert session.view().phase == SWAP
        assert not session.clock_running and session.time_left() is None
        assert "⏱" not in _topbar(app)
        clock.now += 600
        screen.tick()
        assert session.history == [] and session.view().phase == SWAP
        await pilot.press("r")
        await wait_until(pilot, lambda: human_to_move(app) and session.view().phase != SWAP)
        assert session.clock_running and session.time_left() == 45
        assert "⏱ 0:45" in _topbar(app)


async def test_no_clock_under_the_pass_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, position(
        hands=["5c 9d Ad", "3h 4h 6h"],
        face_up=[["Jd", "Qd", "Kd"], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "4d", "5d"], ["3s", "4s", "5s"]],
        pile="7c",
    ))
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("shithead", seats, {}, 1), FAST, clock=clock, pass_delay=0.5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        screen = find_table(app)
        session = screen.session
        assert not session.clock_running and session.time_left() is None
        clock.now += 600
        screen.tick()
        assert session.history == [], "a player who has not taken the terminal cannot time out"
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        assert session.clock_running and session.time_left() == 45
        assert "⏱ 0:45" in _topbar(app)


def _eight_second_game(clock: FakeClock) -> CardGamesApp:
    """Shithead against one computer player with an 8-second clock, timed by ``clock``."""
    return CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1),
                        AppSettings(bot_delay=0, turn_seconds=8), clock=clock)


async def _clock_running(pilot: Pilot[None], app: CardGamesApp) -> TableScreen:
    """Swap nothing (``r``: ready) and wait until the person's clock runs; the table."""
    await wait_until(pilot, lambda: human_to_move(app))
    await pilot.press("r")
    await wait_until(pilot, lambda: human_to_move(app) and find_table(app).session.clock_running)
    return find_table(app)


@pytest.mark.parametrize("cover", ["question_mark", "q", "ctrl+q", "too small"])
async def test_sh17_the_clock_holds_under_every_screen_that_covers_the_table(cover: str) -> None:
    """The rules, the leave and quit questions, and the too-small notice hold the clock."""
    clock = FakeClock()
    app = _eight_second_game(clock)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _clock_running(pilot, app)
        session = screen.session
        moves = len(session.history)
        if cover == "too small":
            await pilot.resize_terminal(60, 15)
            await wait_until(pilot, lambda: screen.too_small)
        else:
            await pilot.press(cover)
            await wait_until(pilot, lambda: app.screen is not screen)
        clock.now += 10
        screen.tick()
        await pilot.pause()
        assert len(session.history) == moves, "no time-out while the table is covered"
        if cover == "too small":
            await pilot.resize_terminal(*SIZE)
            await wait_until(pilot, lambda: not screen.too_small)
        else:
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is screen)
        assert session.time_left() == 8
        screen.tick()
        assert len(session.history) == moves
        clock.now += 3
        assert session.time_left() == 5, "and it runs again once the table shows"


async def test_after_a_time_out_only_a_key_after_a_quiet_spell_uncovers_the_next_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.tui.screen_text import screen_text

    deal(monkeypatch, position(
        hands=["5c 9d Ad", "3h 4h 6h"],
        face_up=[["Jd", "Qd", "Kd"], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "4d", "5d"], ["3s", "4s", "5s"]],
        pile="7c",
    ))
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("shithead", seats, {}, 1), AppSettings(bot_delay=0,
                       turn_seconds=30), clock=clock, pass_delay=1.0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        clock.now += 2
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        await pilot.press("right")
        clock.now += 30
        screen.tick()
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert app.screen.player == "Bob"
        await wait_until(pilot, lambda: "Anna's time ran out." in screen_text(app))
        for _ in range(3):
            # Anna is still pressing keys: none of them counts, however late.
            clock.now += 0.6
            await pilot.press("enter")
            assert isinstance(app.screen, PassScreen)
        clock.now += 1.1
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        assert screen.session.viewer == 1


async def test_a_signal_writes_the_time_left_so_the_continued_turn_is_not_fresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SIGHUP (a dropped SSH session) must not buy a fresh 45 s turn: the record keeps the time
    left, and the game continued from it runs the clock from there (SH-17)."""
    from cardgames.session.savefile import records_dir, saved_games
    from cardgames.tui import app as app_module

    monkeypatch.setattr(app_module, "SIGNAL_GRACE_SECONDS", 0.01)
    monkeypatch.setattr(app_module.os, "_exit", lambda status: None)
    clock = FakeClock()
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 7), FAST, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        while not session.clock_running:
            await pilot.press("r")
            await wait_until(pilot, lambda: human_to_move(app))
        assert session.commands()
        clock.now += 30
        app.end_by_signal(1)
        await wait_until(pilot, lambda: not app.is_running)
    [saved] = saved_games(records_dir()).games
    assert saved.record.time_left == pytest.approx(15)
