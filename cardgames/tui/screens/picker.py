"""The game picker: the five games of the collection; those not yet playable are "coming soon".

Lists games from the registry only: no game engine or board is imported here.
"""

from __future__ import annotations

import textwrap
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.core.registry import GAMES, GameInfo
from cardgames.tui.render import shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of

BLURB_WIDTH = 62
"""Cells a blurb line takes, so the list fits 80 columns with every line indented."""


def game_entry(number: int, info: GameInfo, *, ascii: bool = False) -> Text:
    """One picker entry: number, title, player range, and the blurb (or "coming soon") wrapped
    under the title.

    Args:
        number: The key that picks it (1-based).
        info: The game.
        ascii: Plain ASCII only (``--ascii``).
    """
    text = Text()
    text.append(f" {number}  ", style="bold #ffd75f" if info.playable else "#6c6c6c")
    text.append(f"{shown(info.title, ascii):<16}", style="bold" if info.playable else "#8a8a8a")
    text.append(shown(f"{info.min_players}–{info.max_players} players   ", ascii),
                style="#9a9a9a")
    if not info.playable:
        text.append("coming soon", style="italic #af87ff")
    for line in textwrap.wrap(shown(info.blurb, ascii), BLURB_WIDTH):
        text.append("\n     ")
        text.append(line, style="#b8b8b8" if info.playable else "#6c6c6c")
    return text


class PickerScreen(AppScreen[None]):
    """Choose a game: arrows and Enter, or its number; ``q`` quits."""

    AUTO_FOCUS = "#games"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", "Pick", show=False) for n in range(1, 6)),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        """Title, the list of games and the footer."""
        ascii = settings_of(self.app).ascii
        title = Text("Card games", style="bold")
        if not ascii:
            title = Text.assemble(("♠ ♥ ", "bold #ff5f5f"), title, (" ♦ ♣", "bold #ff5f5f"))
        yield Static(title, id="picker-title")
        yield Static(shown("Pick a game: ↑↓ and Enter, or its number.", ascii), id="picker-hint")
        yield OptionList(
            *(
                Option(game_entry(n, info, ascii=ascii), id=info.name,
                       disabled=not info.playable)
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
        """Pick the game with that (0-based) number; the list marks it, so a following Enter
        means the same game (a game coming soon says so again)."""
        self.query_one("#games", OptionList).highlighted = index
        self._open(GAMES[index])

    def _open(self, info: GameInfo) -> None:
        if not info.playable:
            title = shown(info.title, settings_of(self.app).ascii)
            self.notify(f"{title} is coming soon.", severity="warning")
            return
        from cardgames.tui.screens.setup import SetupScreen

        # A "coming soon" note belongs to the picker; it must not follow onto the set-up.
        self.app.clear_notifications()
        self.open(SetupScreen(info))
