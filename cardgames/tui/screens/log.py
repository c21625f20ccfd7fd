"""The whole game's log on its own screen, scrolled by keyboard (PageUp/PageDown, arrows)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from cardgames.tui.render import CardStyle, cards_in_text
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.widgets.log import HangingLines


def numbered_log(lines: Sequence[str], style: CardStyle) -> HangingLines | Text:
    """Every log line, numbered from 1, card names coloured; a line too long for the screen
    goes on under its own text, not under the numbers.

    Args:
        lines: The log, oldest first, from the viewer's side.
        style: ASCII and colour choices.
    """
    if not lines:
        return Text("Nothing has happened yet.", style="italic #9a9a9a")
    width = len(str(len(lines)))
    return HangingLines([(Text(f"{number:>{width}} ", style="#6c6c6c"), cards_in_text(line, style))
                         for number, line in enumerate(lines, start=1)], hang=0)


class LogScreen(AppScreen[None]):
    """The full log of the game, newest at the bottom (shown first); Escape, ``l`` or ``q``
    goes back.

    Args:
        title: The game's title.
        lines: Every log line from the viewer's side, oldest first.
        style: ASCII and colour choices.
    """

    repeats_only = True
    fit_size = (60, 12)
    covered_actions = frozenset({"close"})
    covered_note = "Esc back"
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,l", "close", "Back"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "page(-1)", "Page up"),
        Binding("pagedown,space", "page(1)", "Page down"),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(1)", "Last", show=False),
    ]

    def __init__(self, title: str, lines: Sequence[str], style: CardStyle) -> None:
        super().__init__()
        self.game_title = title
        self.lines = tuple(lines)
        self.card_style = style

    def compose(self) -> ComposeResult:
        """A title line, the scrolling log and the footer."""
        yield Static(f" Log of this {self.game_title} game ({len(self.lines)} lines) ",
                     id="log-title")
        with VerticalScroll(id="log-body", can_focus=False):
            yield Static(numbered_log(self.lines, self.card_style))
        yield Footer()

    def on_mount(self) -> None:
        """Start at the newest line."""
        self.call_after_refresh(self.action_jump, 1)

    def _body(self) -> VerticalScroll:
        return self.query_one("#log-body", VerticalScroll)

    def action_scroll(self, lines: int) -> None:
        """Scroll by ``lines``."""
        self._body().scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        """Scroll by ``pages`` screens (one line of overlap)."""
        body = self._body()
        body.scroll_relative(y=pages * max(1, body.size.height - 1), animate=False)

    def action_jump(self, end: int) -> None:
        """Go to the first line (0) or the newest (1)."""
        body = self._body()
        if end:
            body.scroll_end(animate=False)
        else:
            body.scroll_home(animate=False)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss()
