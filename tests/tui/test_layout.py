"""Layout and loading: six players fit at 80×24, small terminals do not crash, the picker stays
light, and the screenshot writer produces every screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until, write_screenshots
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.seats import SeatBox
from tests.tui.drive import human_to_move, table

PICKER_ONLY = """
import asyncio, sys
from cardgames.tui.app import make_app

async def main():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "up")
        await pilot.pause()
    loaded = sorted(m for m in sys.modules
                    if m.startswith(("cardgames.games", "cardgames.tui.boards.")))
    print(loaded)

asyncio.run(main())
"""


def test_picker_imports_no_game_engine_or_board() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PICKER_ONLY], capture_output=True, text=True, check=True,
        cwd=Path(__file__).parents[2],
    )
    assert result.stdout.strip() == "[]"


async def test_six_players_fit_at_80x24_and_small_terminals_do_not_crash() -> None:
    setup = GameSetup("makao", default_seats(6, 5), {}, 4)
    app = CardGamesApp(setup, AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = table(app)
        assert isinstance(screen, TableScreen)
        boxes = list(screen.query(SeatBox))
        assert len(boxes) == 6
        assert all(box.region.width >= 12 and box.region.bottom <= 24 for box in boxes)
        hand = screen.query_one("#hand")
        assert hand.region.height >= 2 and hand.region.bottom <= 23
        await pilot.resize_terminal(40, 10)
        await pilot.pause()
        await pilot.press("right", "space", "question_mark")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert human_to_move(app)


def test_write_screenshots_saves_every_main_screen(tmp_path: Path) -> None:
    paths = write_screenshots(tmp_path / "shots")
    names = sorted(path.name for path in paths)
    assert names == sorted(["picker.svg", "setup.svg", "makao-table.svg", "rules.svg",
                            "pass-screen.svg", "game-over.svg", "shithead-swap.svg",
                            "shithead-table.svg", "spite-malice-table.svg", "trash-table.svg",
                            "zoliky-table.svg",
                            "network-anna.svg", "network-bob.svg"])
    for path in paths:
        assert path.read_text().startswith("<svg")
    cover = (tmp_path / "shots" / "pass-screen.svg").read_text().replace("&#160;", " ")
    assert "Pass the terminal to" in cover and "Bob" in cover
