"""Text that comes from a player (names, typed commands) is shown exactly as typed."""

from __future__ import annotations

import pytest

from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.app import CardGamesApp
from cardgames.tui.render import literal
from cardgames.tui.screens.game_over import GameOverScreen
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import deal_near_the_end, human_to_move
from tests.tui.screen_text import screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
NAMES = ("a[/b]", "[AFK] Tom", "[red]Bob")


def test_literal_keeps_brackets() -> None:
    assert literal("[red]Bob").plain == "[red]Bob"
    assert literal("a[/b]").plain == "a[/b]"


async def _hot_seat_names_show_literally(game: str, names: tuple[str, ...]) -> None:
    seats = tuple(SeatSpec(name) for name in names)
    app = CardGamesApp(GameSetup(game, seats, {}, 3), FAST, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        cover = app.screen
        assert isinstance(cover, PassScreen)
        assert cover.player in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        text = screen_text(app)
        for name in names:
            assert name in text, (name, text)
        await pilot.press("colon", *"play [red]x", "enter")
        await pilot.pause()
        assert "[red]x" in screen_text(app)


async def test_makao_names_with_brackets_show_literally_in_hot_seat() -> None:
    await _hot_seat_names_show_literally("makao", NAMES)


async def test_shithead_names_with_brackets_show_literally_in_hot_seat() -> None:
    await _hot_seat_names_show_literally("shithead", NAMES[::2])


async def test_spite_malice_hand_panel_names_its_owner_literally() -> None:
    await _hot_seat_names_show_literally("spite_malice", ("[bold]Eve[/]", "[red"))
    seats = (SeatSpec("[bold]Eve[/]"), SeatSpec("[red"))
    app = CardGamesApp(GameSetup("spite_malice", seats, {}, 3), FAST, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        assert "[bold]Eve[/]'s cards" in screen_text(app)


async def test_game_over_and_toasts_show_names_literally(monkeypatch: pytest.MonkeyPatch) -> None:
    deal_near_the_end(monkeypatch)
    seats = (SeatSpec("[red]Bob", "default"), SeatSpec("a[/b]", "default"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 4), FAST)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), limit=5000)
        await wait_until(pilot, lambda: "wins" in screen_text(app))
        text = screen_text(app)
        assert "[red]Bob" in text and "a[/b]" in text
        app.notify("[AFK] Tom left", timeout=600)
        await wait_until(pilot, lambda: "[AFK] Tom left" in screen_text(app))
        assert "[AFK] Tom left" in screen_text(app)
