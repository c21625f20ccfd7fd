"""The action log: what happened, newest at the bottom, from the viewing seat's side."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from cardgames.tui.render import CardStyle, cards_in_text


class LogPanel(VerticalScroll, can_focus=False):
    """A scrolling list of log lines with coloured card names; keeps the newest in view.

    It is anchored to the bottom, so new lines show at once, without a scrolling animation. It
    draws its own border titled "Log".
    """

    DEFAULT_CSS = """
    LogPanel { scrollbar-size-vertical: 1; border: $frame #444466; border-title-color: #9a9a9a;
        padding: 0 1; }
    LogPanel > Static { width: 100%; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: tuple[str, ...] = ()
        self._body = Static("", id=None)

    def compose(self) -> ComposeResult:
        """The one Static that holds the lines."""
        yield self._body

    def set_lines(self, lines: tuple[str, ...], style: CardStyle) -> None:
        """Show ``lines`` (oldest first; the last three bright); nothing happens when they did
        not change.

        Args:
            lines: Log lines, card names written as ``7♥``.
            style: ASCII and colour choices.
        """
        if lines == self._lines:
            return
        self._lines = lines
        text = Text()
        for number, line in enumerate(lines):
            if number:
                text.append("\n")
            entry = cards_in_text(line, style)
            if number < len(lines) - 3:
                entry.stylize_before("#9a9a9a")
            text.append_text(entry)
        self._body.update(text)

    def on_mount(self) -> None:
        """Stay at the newest line as lines are added (no smooth scrolling); title the border."""
        self.border_title = "Log"
        self.anchor()
