"""The History screen: the finished games, most recent first, one line each; Enter replays one."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.session.history import PastGame, history, past_record
from cardgames.session.record import RecordError
from cardgames.session.savefile import records_dir
from cardgames.session.stats import StatsError, stats_path
from cardgames.tui.render import CardStyle, shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of


class HistoryScreen(AppScreen[None]):
    """Game, players, result, moves, date and deal code of every finished game (the latest
    :data:`~cardgames.session.history.LIMIT`); Enter opens its replay, Esc goes back."""

    repeats_only = True
    fit_size = (72, 16)
    AUTO_FOCUS = "#history"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", "Back")]
    covered_actions = frozenset({"back"})
    covered_note = "Esc back"

    games: tuple[PastGame, ...] = ()
    """The games listed, most recent first."""

    def compose(self) -> ComposeResult:
        """The title, the list (or why there is none) and the footer."""
        ascii = settings_of(self.app).ascii
        flush = getattr(self.app, "writer", None)
        if flush is not None:
            flush.flush()
        note = ""
        try:
            self.games = tuple(history(stats_path()))
        except StatsError as error:
            note = f"The history cannot be read: {error}"
        yield Static("History", id="picker-title")
        hint = "Finished games, most recent first: ↑↓ and Enter replays one."
        yield Static(shown(note or (hint if self.games else "No finished games yet."), ascii),
                     id="picker-hint")
        yield OptionList(*(Option(Text(shown(game.line(), ascii)), id=f"game-{number}")
                           for number, game in enumerate(self.games)), id="history")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the replay of the chosen game."""
        event.stop()
        from cardgames.session.replay import Replay
        from cardgames.tui.screens.replay import ReplayScreen

        try:
            replay = Replay(past_record(records_dir(), self.games[event.option_index]))
        except RecordError as error:
            self.notify(f"This game cannot be replayed: {error}", severity="warning")
            return
        settings = settings_of(self.app)
        style = CardStyle(ascii=settings.ascii, four_colour=settings.four_colour)
        self.open(ReplayScreen(replay, style))

    def action_back(self) -> None:
        """Back to the game picker."""
        self.dismiss()
