"""The History screen: the finished games, most recent first, one line each; Enter replays one."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.session.history import PastGame, history, past_record
from cardgames.session.record import RecordError
from cardgames.session.savefile import records_dir
from cardgames.session.stats import StatsError, stats_path
from cardgames.tui.render import CardStyle, cut, shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of

LINE_WIDTH = 71
"""Cells an entry has in the list at 80 columns, its scrollbar shown."""

PLAYERS_WIDTH = 12
"""Cells the player list keeps at least ("You, Anna, …") before the deal code makes room."""

GAP = "  "
"""Between the parts of an entry."""


def history_entry(game: PastGame, width: int = LINE_WIDTH, *, ascii: bool = False) -> Text:
    """One line of the History list, at most ``width`` cells: game, players, result, moves,
    date and deal code. Where they are wider, the players are cut to the names that fit and
    "…"; the deal code, if that would leave the players less than :data:`PLAYERS_WIDTH` cells,
    goes; the result is cut last. The game, moves and date always show.

    Args:
        game: A finished game.
        width: Cells the line may take.
        ascii: Plain ASCII only (``--ascii``).
    """
    winners = " and ".join(game.winners)
    won = f"{winners} {'won' if len(game.winners) == 1 else 'tied'}" if winners else "no winner"
    when = game.finished.astimezone().strftime("%Y-%m-%d %H:%M")
    names = [shown(seat.name, ascii) for seat in game.seats]
    title, result, deal = shown(game.title, ascii), shown(won, ascii), shown(game.deal, ascii)
    ellipsis = shown("…", ascii)

    def others(result: str, deal: str) -> int:
        """Cells of everything but the players."""
        parts = (title, result, f"{game.moves} moves", when, *((deal,) if deal else ()))
        return sum(cell_len(part) for part in parts) + len(GAP) * len(parts)

    room = width - others(result, deal)
    if room < min(PLAYERS_WIDTH, cell_len(", ".join(names))):
        deal = ""
        room = width - others(result, deal)
    if room < len(ellipsis):
        result = cut(result, cell_len(result) - (len(ellipsis) - room), ascii=ascii)
        room = width - others(result, deal)
    text = Text(title, style="bold")
    text.append(GAP + fit_names(names, room, ascii=ascii))
    text.append(GAP + result)
    text.append(f"{GAP}{game.moves} moves{GAP}{when}")
    if deal:
        text.append(GAP + deal, style="#9a9a9a")
    text.truncate(width)
    return text


def fit_names(names: list[str], width: int, *, ascii: bool = False) -> str:
    """The names, comma-separated, in at most ``width`` cells: as many whole names as fit, then
    an ellipsis; where not even one name and the ellipsis fit, the list cut with one (so a
    cut list always ends in it)."""
    ellipsis = shown("…", ascii)
    for count in range(len(names), 0, -1):
        line = ", ".join(names[:count]) + ("" if count == len(names) else f", {ellipsis}")
        if cell_len(line) <= width:
            return line
    return cut(", ".join(names), width, ascii=ascii)


class GameList(OptionList):
    """The list of finished games; its footer names Enter, which opens a game's replay."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Replay")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is offered only while there is a game to replay."""
        if action == "select" and not self.option_count:
            return False
        return super().check_action(action, parameters)


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
        yield GameList(*(Option(history_entry(game, self.entry_width, ascii=ascii),
                                  id=f"game-{number}")
                           for number, game in enumerate(self.games)), id="history")
        yield Footer()

    entry_width: int = LINE_WIDTH
    """Cells an entry takes in the list as wide as it is now."""

    def on_mount(self) -> None:
        """Cover the screen if the terminal is too small; fit the entries to the list."""
        super().on_mount()
        self.call_after_refresh(self._fit_entries)

    def on_resize(self, event: events.Resize) -> None:
        """Cover or uncover the screen, and fit the entries to the list's new width."""
        super().on_resize(event)
        self.call_after_refresh(self._fit_entries)

    def _fit_entries(self) -> None:
        """Make every entry one line of the list as wide as it is now (its scrollbar and the
        option's padding taken off), then bring the highlighted one into view."""
        games = self.query_one("#history", OptionList)
        width = games.scrollable_content_region.width - 2
        if width > 0 and width != self.entry_width:
            self.entry_width = width
            ascii = settings_of(self.app).ascii
            for index, game in enumerate(self.games):
                games.replace_option_prompt_at_index(index, history_entry(game, width, ascii=ascii))
        games.scroll_to_highlight()

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
