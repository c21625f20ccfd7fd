"""The game picker: the five games of the collection; those not yet playable are "coming soon".

Lists games from the registry only: no game engine or board is imported here.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.core.registry import GAMES, GameInfo


def game_entry(number: int, info: GameInfo) -> Text:
    """One picker line: number, title, player range and blurb (or "coming soon")."""
    text = Text()
    text.append(f" {number}  ", style="bold #ffd75f" if info.playable else "#6c6c6c")
    text.append(f"{info.title:<16}", style="bold" if info.playable else "#8a8a8a")
    text.append(f"{info.min_players}–{info.max_players} players   ", style="#9a9a9a")
    if info.playable:
        text.append("\n     ")
        text.append(info.blurb, style="#b8b8b8")
    else:
        text.append("coming soon", style="italic #af87ff")
        text.append("\n     ")
        text.append(info.blurb, style="#6c6c6c")
    return text


class PickerScreen(Screen[None]):
    """Choose a game: arrows and Enter, or its number; ``q`` quits."""

    AUTO_FOCUS = "#games"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", "Pick", show=False) for n in range(1, 6)),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        """Title, the list of games and the footer."""
        yield Static(
            Text.assemble(
                ("♠ ♥ ", "bold #ff5f5f"), ("Card games", "bold"), (" ♦ ♣", "bold #ff5f5f")
            ),
            id="picker-title",
        )
        yield Static("Pick a game: ↑↓ and Enter, or its number.", id="picker-hint")
        yield OptionList(
            *(
                Option(game_entry(n, info), id=info.name, disabled=not info.playable)
                for n, info in enumerate(GAMES, start=1)
            ),
            id="games",
        )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the set-up of the chosen game."""
        event.stop()
        self._open(GAMES[event.option_index])

    def action_pick(self, index: int) -> None:
        """Pick the game with that (0-based) number."""
        self._open(GAMES[index])

    def _open(self, info: GameInfo) -> None:
        if not info.playable:
            self.notify(f"{info.title} is coming soon.", severity="warning")
            return
        from cardgames.tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(info))
