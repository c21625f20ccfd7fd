"""Preformatted blocks in the rules keep their columns: a long line wraps under its last column,
not back to the left edge (Trash's Commands at 80 columns)."""

from __future__ import annotations

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.markdown import hanging_lines
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import screen_name, table_when_my_turn
from tests.tui.screen_text import screen_text


def test_a_long_line_wraps_under_its_last_column() -> None:
    line = "take      (t)     take the top card of the discard pile"
    assert hanging_lines(line, 40) == [
        "take      (t)     take the top card of",
        "                  the discard pile",
    ]


def test_a_short_line_or_one_without_columns_keeps_its_own_indent() -> None:
    assert hanging_lines("  draw  (d)  a card", 40) == ["  draw  (d)  a card"]
    assert hanging_lines("  one long sentence without any columns in it", 20) == [
        "  one long sentence", "  without any", "  columns in it"]


def test_a_column_too_far_right_hangs_under_the_line_instead() -> None:
    line = "a very long command name here  short"
    assert hanging_lines(line, 20) == ["a very long command", "name here  short"]


async def test_trash_commands_stay_in_their_column_on_the_rules_screen() -> None:
    app = CardGamesApp(GameSetup("trash", default_seats(2, 1), {}, 7), AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: screen_name(app) == "RulesScreen")
        for _ in range(12):
            if "keep      (k, n, no)" in screen_text(app):
                break
            await pilot.press("pagedown")
        lines = screen_text(app).splitlines()
        row = next(i for i, line in enumerate(lines) if "take      (t)" in line)
        take, wrapped = lines[row], lines[row + 1]
        column = take.index("take the top card")
        assert wrapped[:column].strip() == "", (take, wrapped)
        assert wrapped[column] != " " and "(" not in wrapped, (take, wrapped)
