"""The statistics as a Rich table, for ``cardgames stats`` and the Statistics screen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.box import Box
from rich.table import Table
from rich.text import Text

from cardgames.bots.levels import level_name
from cardgames.core.registry import find_game
from cardgames.session.stats import PlayerStats
from cardgames.tui.render import OneLine, shown

HEAD_RULE = Box("    \n    \n ── \n    \n    \n    \n    \n    \n")
"""No frame and no lines between the columns, a rule under the headings: the room goes to the
names."""

ASCII_HEAD_RULE = Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
""":data:`HEAD_RULE` in plain ASCII (``--ascii``)."""


def stats_table(rows: Sequence[PlayerStats], *, game: str | None = None,
                ascii: bool = False) -> Table | Text:
    """One row per player name and game: played, won, win %, current and best streak, average
    moves; a sentence when no game (of ``game``) has been finished yet.

    Every row is one line: at 80 columns there is room for a name of the set-up's longest
    (12 characters), the longest game title and a computer player's level; a longer name or
    title, or a narrower terminal, cuts the name and then the title with an ellipsis. The
    figures are never cut.

    Args:
        rows: From ``player_stats``.
        game: The game the rows were read for (its name), or None for every game: the
            sentence then names it by its title ("No finished Shithead games yet").
        ascii: Plain ASCII only (``--ascii``).
    """
    if not rows:
        title = "" if game is None else shown(f"{find_game(game).title} ", ascii)
        return Text(f"No finished {title}games yet: the statistics count every game played to "
                    "the end.")
    # The columns are two cells apart. Rich narrows the columns that may wrap first, the widest
    # first: the name and the game, which never wrap (OneLine) but are cut with an ellipsis.
    table = Table(box=ASCII_HEAD_RULE if ascii else HEAD_RULE, header_style="bold",
                  padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    table.add_column("Player")
    table.add_column("Game")
    computers = any(row.bot is not None for row in rows)
    if computers:
        table.add_column("Computer", no_wrap=True)
    # "Best" is the best streak, "Moves" the average number of moves a game.
    for heading in ("Played", "Won", "Win %", "Streak", "Best", "Moves"):
        table.add_column(heading, justify="right", no_wrap=True)
    for row in rows:
        level = () if not computers else ("" if row.bot is None else level_name(row.bot),)
        table.add_row(
            OneLine(row.name, ascii=ascii), OneLine(find_game(row.game).title, ascii=ascii), *level,
            str(row.played), str(row.won), f"{row.win_percent:.0f}", str(row.current_streak),
            str(row.best_streak), f"{row.average_moves:.1f}",
        )
    return table
