"""The statistics table (``cardgames stats`` and the Statistics screen) at terminal widths."""

from __future__ import annotations

import pytest
from rich.console import Console

from cardgames.session.stats import PlayerStats
from cardgames.tui.stats_table import stats_table

LONG_NAME = "Maximilian Alexander von Humboldt-Strasse"


@pytest.mark.parametrize("width", [68, 80])
def test_a_long_name_wraps_in_full_and_every_column_shows(width: int) -> None:
    rows = [
        PlayerStats(LONG_NAME, None, "spite_malice", 12, 5, 41.7, 2, 3, 88.5),
        PlayerStats("Cyril", "normal", "zoliky", 1200, 500, 41.7, 0, 3, 588.5),
    ]
    console = Console(width=width, record=True, color_system=None)
    console.print(stats_table(rows))
    text = console.export_text()
    cells = "".join(
        "".join(line.split("│")[1:2]).strip() for line in text.splitlines() if "│" in line
    )
    assert "…" not in text
    assert LONG_NAME.replace(" ", "") in cells.replace(" ", "")
    assert "588.5" in text and "1200" in text


def test_a_name_of_the_longest_length_the_set_up_allows_fits_on_one_line_at_80_columns() -> None:
    rows = [
        PlayerStats("Maximilián A", None, "trash", 1, 1, 100.0, 1, 1, 88.5),
        PlayerStats("Anna", "normal", "zoliky", 1200, 500, 41.7, 2, 13, 588.5),
    ]
    console = Console(width=80, record=True, color_system=None)
    console.print(stats_table(rows))
    text = console.export_text()
    assert "Maximilián A" in text
    assert "588.5" in text and "Best" in text
