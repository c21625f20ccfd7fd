"""The statistics as a Rich table, for ``cardgames stats`` and the Statistics screen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from cardgames.bots.levels import level_name
from cardgames.core.registry import find_game
from cardgames.session.stats import PlayerStats


def stats_table(rows: Sequence[PlayerStats], *, ascii: bool = False) -> Table | Text:
    """One row per player name and game: played, won, win %, current and best streak, average
    moves; a sentence when no game has been finished yet. A long name wraps, never cut short.

    Args:
        rows: From ``player_stats``.
        ascii: Plain ASCII borders (``--ascii``).
    """
    if not rows:
        return Text("No finished games yet: the statistics count every game played to the end.")
    from rich import box

    table = Table(box=box.ASCII if ascii else box.ROUNDED, header_style="bold")
    for heading in ("Player", "Game"):
        table.add_column(heading, overflow="fold")
    for heading in ("Played", "Won", "Win %", "Streak", "Best\nstreak", "Avg.\nmoves"):
        table.add_column(heading, justify="right", no_wrap=True)
    for row in rows:
        name = row.name if row.bot is None else f"{row.name} (computer, {level_name(row.bot)})"
        table.add_row(
            Text(name), find_game(row.game).title, str(row.played), str(row.won),
            f"{row.win_percent:.0f}", str(row.current_streak), str(row.best_streak),
            f"{row.average_moves:.1f}",
        )
    return table
