"""The statistics table (``cardgames stats`` and the Statistics screen) at terminal widths: every
row one line, the figures never cut."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from rich.console import Console

from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.stats import PlayerStats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.picker import PickerScreen
from cardgames.tui.screens.statistics import StatisticsScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.stats_table import stats_table
from tests.session.play import save_finished
from tests.tui.screen_text import screen_text

LONG_NAME = "Maximilian Alexander von Humboldt-Strasse"
LONGEST = "Maximilián A"
"""A name as long as the set-up allows."""


def _printed(rows: list[PlayerStats], width: int, *, ascii: bool = False) -> list[str]:
    """The table's lines under its heading rule, printed ``width`` columns wide."""
    console = Console(width=width, record=True, color_system=None)
    console.print(stats_table(rows, ascii=ascii))
    lines = console.export_text().splitlines()
    assert all(len(line) <= width for line in lines)
    rule = next(n for n, line in enumerate(lines) if set(line.strip()) <= {"─", "-"})
    assert lines[0].split() == ["Player", "Game", *(["Computer"] if rule and any(
        row.bot for row in rows) else []), "Played", "Won", "Win", "%", "Streak", "Best", "Moves"]
    return lines[rule + 1:]


def test_the_longest_set_up_name_the_longest_title_and_a_level_fit_one_line_at_80() -> None:
    rows = [
        PlayerStats(LONGEST, None, "spite_malice", 1200, 500, 41.7, 2, 13, 588.5),
        PlayerStats("You", None, "makao", 6, 3, 50.0, 3, 3, 3462.5),
        PlayerStats("Anna", "default", "spite_malice", 6, 3, 50.0, 0, 3, 234.7),
        PlayerStats(LONGEST, "random", "zoliky", 2, 1, 50.0, 0, 1, 782.0),
    ]
    lines = _printed(rows, 80)
    assert lines == [
        "Maximilián A  Spite & Malice              1200  500     42       2    13   588.5",
        "You           Makao                          6    3     50       3     3  3462.5",
        "Anna          Spite & Malice  normal         6    3     50       0     3   234.7",
        "Maximilián A  Žolíky          random         2    1     50       0     1   782.0",
    ]
    assert _printed(rows[:2], 72) == [
        "Maximilián A  Spite & Malice    1200  500     42       2    13   588.5",
        "You           Makao                6    3     50       3     3  3462.5",
    ], "people only (the Statistics screen) at the smallest width"


@pytest.mark.parametrize("width", [72, 80])
def test_a_longer_name_is_cut_with_an_ellipsis_and_every_figure_shows(width: int) -> None:
    rows = [
        PlayerStats(LONG_NAME, None, "spite_malice", 12, 5, 41.7, 2, 3, 88.5),
        PlayerStats("Cyril", "normal", "zoliky", 1200, 500, 41.7, 0, 3, 588.5),
    ]
    first, second = _printed(rows, width)
    assert first.startswith(LONG_NAME[:4]) and "…" in first
    assert first.split()[-6:] == ["12", "5", "42", "2", "3", "88.5"]
    assert second.startswith("Cyril") and "normal" in second
    assert second.split()[-6:] == ["1200", "500", "42", "0", "3", "588.5"]


def test_ascii_cuts_with_three_dots_and_spells_the_titles() -> None:
    rows = [PlayerStats(LONG_NAME, None, "zoliky", 1, 1, 100.0, 1, 1, 88.5)]
    (line,) = _printed(rows, 64, ascii=True)
    assert line.isascii() and "..." in line and "Zoliky" in line


async def test_the_statistics_screen_shows_one_line_a_row_at_80x24() -> None:
    start = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    for number in range(3):
        seats = (SeatSpec(LONGEST), SeatSpec("Anna", "random"))
        save_finished(GameSetup("spite_malice", seats, {}, number), start + timedelta(hours=number))
    app = CardGamesApp(None, AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await pilot.pause()
        rows = [line.split() for line in screen_text(app).splitlines() if LONGEST in line]
        assert len(rows) == 1 and rows[0][:6] == [*LONGEST.split(), "Spite", "&", "Malice", "3"]
