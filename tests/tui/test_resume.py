"""Autosave and resume through the real app: leave a game keeping it, reopen the app, continue
it from the picker, and the table is as it was."""

from __future__ import annotations

import fcntl
import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import OptionList

from cardgames.session.autosave import Autosave
from cardgames.session.lock import acquire, lock_file, release
from cardgames.session.savefile import record_path, records_dir, saved_games
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.saving import now
from cardgames.tui.screens.dialogs import LeaveDialog
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.picker import PickerScreen, when_played
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import play_one_turn, screen_name, table, table_when_my_turn
from tests.tui.screen_text import screen_text

SIZE = (100, 30)
FAST = AppSettings(bot_delay=0)


async def test_a_game_left_and_kept_continues_from_the_picker_as_it_was() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(3, 2), {}, 11), FAST)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await table_when_my_turn(pilot, app)
            await play_one_turn(pilot, app)
        screen = await table_when_my_turn(pilot, app)
        before = (screen.session.view(), screen.info().log, screen.session.viewer,
                  tuple(screen.session.commands()))
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
    games = saved_games(records_dir()).games
    assert len(games) == 1
    assert games[0].description.startswith("Makao, you and 2 computer players")

    again = CardGamesApp(settings=FAST)
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, PickerScreen))
        picker = again.screen
        assert isinstance(picker, PickerScreen)
        assert len(picker.saved) == 1
        await pilot.press("enter")  # the first entry: Continue
        screen = await table_when_my_turn(pilot, again)
        after = (screen.session.view(), screen.info().log, screen.session.viewer,
                 tuple(screen.session.commands()))
        assert after == before
        assert screen.session.can_undo(0) == (len(before[3]) > 0)


async def test_a_hot_seat_game_resumes_behind_the_pass_screen() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Ben"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 5), FAST, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running)
    again = CardGamesApp(settings=FAST, resume=saved_games(records_dir()).games[0], pass_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, PassScreen))
        assert table(again) is None
        assert "Anna, let go of the keys for a second, then press Enter." in screen_text(again)


async def test_a_damaged_record_is_moved_aside_and_told_once() -> None:
    folder = records_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "cardg', encoding="utf-8")
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1 and "moved, not deleted, to" in messages[0]
    assert (folder / "damaged" / "broken.json").exists()


async def test_three_damaged_records_are_told_in_one_notice_read_whole_at_80_by_24() -> None:
    folder = records_dir()
    folder.mkdir(parents=True)
    names = [f"20261201-10574{n}-makao-3fa9c{n}.json" for n in range(3)]
    for name, text in zip(names, ['{"format": "cardg', "<html>", '{"a": 1,,}'], strict=True):
        (folder / name).write_text(text, encoding="utf-8")
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))

        def notice() -> list[str]:
            """The lines right of the notices' left edge (``▌``)."""
            return [words for line in screen_text(app).splitlines() if "▌" in line
                    if (words := line.rsplit("▌", 1)[1].strip())]

        await wait_until(pilot, lambda: "They were moved, not deleted, to" in notice())
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1 and messages[0].startswith("Could not read 3 saved games:")
        # The whole notice is on screen, each file name whole at the start of a line, the
        # folder last, in full (a folder wider than the notice is broken only at a slash).
        shown = notice()
        assert shown[0] == "Could not read 3 saved games:", shown
        for name, reason in zip(names, ("cut short", "not JSON", "bad JSON"), strict=True):
            line = next(n for n, words in enumerate(shown) if words.startswith(name))
            assert f"({reason})" in " ".join(shown[line:line + 2]), shown
        told = shown.index("They were moved, not deleted, to")
        assert "".join(shown[told + 1:]) == str(records_dir() / "damaged"), shown
        assert "Card games" in screen_text(app), "the picker's title is not covered"
    for name in names:
        assert (folder / "damaged" / name).exists()


def _a_finished_game_of_yours(seed: int) -> None:
    """Play a Makao game to the end (you play the first legal move each turn) and count it."""
    session = Session(GameSetup("makao", default_seats(2, 1), {}, seed))
    saver = Autosave.start(session, now())
    while not session.is_over:
        if session.bot_to_move:
            session.step_bot()
        else:
            session.submit(0, session.legal_actions()[0])
    saver.save(session, now())


async def test_the_statistics_screen_opens_from_the_picker_and_shows_finished_games() -> None:
    _a_finished_game_of_yours(1)
    _a_finished_game_of_yours(2)
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.pause()
        assert "Statistics" in screen_text(app), "the key is in the footer"
        await pilot.press("s")
        await wait_until(pilot, lambda: screen_name(app) == "StatisticsScreen")
        await pilot.pause()
        rows = [line for line in screen_text(app).splitlines() if "You" in line]
        assert len(rows) == 1 and "Makao" in rows[0]
        assert rows[0].split()[:3] == ["You", "Makao", "2"], "played twice"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))


def _a_kept_deal(seed: int) -> None:
    """Keep a new Makao deal of you and 3 computer players for later, before any move."""
    session = Session(GameSetup("makao", default_seats(4, 3), {}, seed))
    Autosave.start(session, now()).save(session, now())


async def test_continue_entries_of_alike_games_read_differently() -> None:
    """Two kept deals of the same game and players, both at 0 moves, are told apart by when
    they were last played and, begun in the same minute, by their deal codes."""
    for seed in (1, 2, 3):
        _a_kept_deal(seed)
    games = saved_games(records_dir()).games
    old = games[-1].path
    os.utime(old, (old.stat().st_mtime - 3 * 86400,) * 2)
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen) and len(picker.saved) == 3
        rows = [str(option.prompt) for option in picker.query_one(OptionList).options[:3]]
        assert len(set(rows)) == 3, rows
        assert sum("today" in row for row in rows) == 2, rows
        assert sum("deal makao-4-" in row for row in rows) == 2, rows
        assert all("Continue: Makao, you and 3 computer players, 0 moves" in row
                   for row in rows), rows
        lines = [line for line in screen_text(app).splitlines() if "last played" in line]
        assert len(lines) == 3 and len(set(lines)) == 3, lines


def test_when_a_saved_game_was_played_is_said_briefly() -> None:
    moment = datetime(2026, 12, 1, 14, 5).astimezone()
    assert when_played(moment.timestamp(), moment) == "today 14:05"
    assert when_played((moment - timedelta(days=1)).timestamp(), moment) == "yesterday 14:05"
    assert when_played((moment - timedelta(days=9)).timestamp(), moment) == "2026-11-22 14:05"


def _held_elsewhere(lock: Path) -> None:
    """Check that ``lock`` is held: another descriptor cannot take it."""
    descriptor = os.open(lock, os.O_RDWR)
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(descriptor)


async def test_continue_holds_the_record_s_lock_while_the_table_is_shown() -> None:
    """Continue takes the record's lock: another window cannot play the game meanwhile, and
    it is let go once the table goes; a game held by another window is refused, unchanged."""

    app = CardGamesApp(GameSetup("makao", default_seats(3, 2), {}, 11), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await play_one_turn(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
    (saved,) = saved_games(records_dir()).games
    lock = lock_file(saved.path)
    again = CardGamesApp(settings=FAST, resume=saved)
    async with again.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, again)
        _held_elsewhere(lock)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(again.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(again.screen, PickerScreen))
        release(acquire(saved.path))
        before = saved.path.read_bytes()
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT)
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            await pilot.press("enter")  # Continue, while another window plays it
            await wait_until(pilot, lambda: any(
                "being played in another window" in str(toast.message)
                for toast in again._notifications))
            assert isinstance(again.screen, PickerScreen)
        finally:
            os.close(descriptor)
        assert saved.path.read_bytes() == before


async def test_a_new_game_holds_its_record_s_lock_from_the_deal_until_its_table_goes() -> None:
    """A new game is locked before its first save: another window's Continue cannot play it
    while it is played here; leaving the table lets the lock go."""

    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 12), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        assert screen.saver is not None
        lock = lock_file(record_path(screen.saver.folder, screen.saver.id))
        _held_elsewhere(lock)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        assert not lock.exists()
