"""The Statistics screen: the finished games per player name and game, as ``cardgames stats``."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from cardgames.session.stats import StatsError, player_stats, stats_path
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of
from cardgames.tui.stats_table import stats_table


class StatisticsScreen(AppScreen[None]):
    """Played, won, win %, streaks and average moves per player and game; Esc goes back."""

    repeats_only = True
    fit_size = (72, 16)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", "Back")]
    covered_actions = frozenset({"back"})
    covered_note = "Esc back"

    def compose(self) -> ComposeResult:
        """The title, the table and the footer."""
        table: Table | Text
        try:
            table = stats_table(player_stats(stats_path()), ascii=settings_of(self.app).ascii)
        except StatsError as error:
            table = Text(f"The statistics cannot be read: {error}")
        yield Static("Statistics", id="picker-title")
        with VerticalScroll(id="stats"):
            yield Static(table, id="stats-table")
        yield Footer()

    def action_back(self) -> None:
        """Back to the game picker."""
        self.dismiss()
