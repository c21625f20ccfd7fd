"""Ctrl+Q and Leave ask first while a game is in progress: keep it for later, or discard it."""

from __future__ import annotations

import pytest
from textual import events

from cardgames.session.savefile import records_dir, saved_games
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.dialogs import DiscardDialog, LeaveDialog
from cardgames.tui.screens.game_over import GameOverScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import deal_near_the_end, table, table_when_my_turn
from tests.tui.screen_text import screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


async def test_ctrl_q_during_a_game_asks_and_keeps_the_game_for_later() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        assert isinstance(app.screen, LeaveDialog)
        assert "lost" not in app.screen.question
        assert "keep it" in app.screen.question
        await pilot.press("ctrl+q")
        assert app.is_running, "a second Ctrl+Q does not answer the question"
        await pilot.press("n")
        await wait_until(pilot, lambda: table(app) is not None)
        assert app.is_running
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running)
    assert len(saved_games(records_dir()).games) == 1, "kept for later"


async def test_leave_offers_to_keep_or_discard_the_game() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        assert isinstance(app.screen, LeaveDialog)
        assert "lost" not in app.screen.question
        await pilot.press("enter")
        await wait_until(pilot, lambda: table(app) is not None and app.screen is table(app))
        app.writer.flush()
        assert saved_games(records_dir()).games == (), "a deal nobody moved in is not listed"
        current = table(app)
        assert current is not None
        await pilot.press("d")
        await wait_until(pilot, lambda: len(current.session.history) > 0)
        app.writer.flush()
        assert len(saved_games(records_dir()).games) == 1, "saved while it is played"
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        leave = app.screen
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog))
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is leave)
        assert app.focused is not None and app.focused.id == "stay", "back, Stay marked"
        app.writer.flush()
        assert len(saved_games(records_dir()).games) == 1, "nothing discarded yet"
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is leave)
        assert len(saved_games(records_dir()).games) == 1, "Enter goes back: Back is marked"
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog))
        await pilot.press("d")
        await wait_until(pilot, lambda: table(app) is None)
    assert saved_games(records_dir()).games == (), "discarded"


async def test_ctrl_q_can_discard_the_game() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog))
        await pilot.press("d")
        await wait_until(pilot, lambda: not app.is_running)
    assert saved_games(records_dir()).games == ()


async def test_q_then_d_typed_as_a_later_burst_does_not_discard_the_game() -> None:
    """``q`` and ``d`` are move keys too: typed by mistake, one after the other, they only
    bring up the second question; the keys of its own burst do not answer it."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await pilot.press("d")
        await wait_until(pilot, lambda: len(screen.session.history) > 0)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        for key in "ddd":
            app.post_message(events.Key(key, key))
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog))
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, DiscardDialog)
        assert "Discard this game for good?" in screen_text(app)
        app.writer.flush()
        assert len(saved_games(records_dir()).games) == 1, "kept"


async def test_ctrl_q_quits_at_once_on_the_picker_and_after_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal_near_the_end(monkeypatch)
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not app.is_running)
    over = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 7), FAST)
    async with over.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(over.screen, GameOverScreen), limit=5000)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not over.is_running)


async def test_ctrl_c_says_in_plain_words_that_ctrl_q_quits() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("ctrl+c")
        await wait_until(pilot, lambda: bool(app._notifications))
        messages = [note.message for note in app._notifications]
        assert messages == ["Press Ctrl+Q to quit the app"], "no markup tags in the toast"
        assert app.is_running


async def test_arrows_move_the_mark_between_the_result_box_buttons_and_enter_presses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal_near_the_end(monkeypatch)
    app = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 7), FAST, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), limit=5000)
        assert app.focused is not None and app.focused.id == "again", "Play again is marked"
        await pilot.press("right")
        assert app.focused is not None and app.focused.id == "back"
        await pilot.press("left", "right", "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "PickerScreen")
