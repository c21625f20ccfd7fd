"""The action log: what happened, newest at the bottom, from the viewing seat's side."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from cardgames.tui.render import CardStyle, cards_in_text


class HangingLines:
    """Lines that wrap with a hanging indent: the part of a line that goes on under it starts
    ``hang`` cells further in than the line's text, so where each line starts stays plain.

    A Rich renderable, wrapped afresh for the width it is drawn in (a Static's, as the terminal
    is resized). The texts are Rich ``Text``, never read as markup, so a player called
    ``[red]Bob`` shows as typed.

    Args:
        lines: Each line's lead (its number, an indent, or empty Text) and its text.
        hang: Cells a continuation starts further in than the text of its first line.
    """

    def __init__(self, lines: Sequence[tuple[Text, Text]], hang: int = 2) -> None:
        self.lines = tuple(lines)
        self.hang = hang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows = [row for lead, text in self.lines
                for row in hanging(console, lead, text, options.max_width, self.hang)]
        yield Text("\n", no_wrap=True, overflow="crop").join(rows)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((lead.cell_len + text.cell_len for lead, text in self.lines), default=0)
        deepest = max((lead.cell_len for lead, _ in self.lines), default=0) + self.hang
        return Measurement(min(widest, deepest + 1), widest).clamp(max_width=options.max_width)


def hanging(console: Console, lead: Text, text: Text, width: int, hang: int) -> list[Text]:
    """``lead`` and ``text`` in rows of at most ``width`` cells: the first row starts with
    ``lead``, the others with as many spaces as it is wide, and ``hang`` more.

    Args:
        console: Measures the characters.
        lead: What the first row starts with (a number, an indent).
        text: The line, wrapped at spaces (a word wider than a row is folded).
        width: Cells a row may take.
        hang: Cells a continuation starts further in than ``text`` does on the first row.
    """
    first, *others = text.split("\n", allow_blank=True)
    pieces = first.wrap(console, max(1, width - lead.cell_len), justify="default",
                        overflow="fold")
    rows = [lead + pieces[0]]
    rest = first[len(pieces[0].plain):]
    indent = Text(" " * (lead.cell_len + hang))
    for part in (rest, *others) if rest.plain else others:
        for piece in part.wrap(console, max(1, width - indent.cell_len), justify="default",
                               overflow="fold"):
            # A row that starts after a folded word would start with the space after it.
            rows.append(indent + piece[len(piece.plain) - len(piece.plain.lstrip(" ")):])
    return rows


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
        """Show ``lines`` (oldest first; the last three bright), each wrapped with a hanging
        indent; nothing happens when they did not change.

        Args:
            lines: Log lines, card names written as ``7♥``.
            style: ASCII and colour choices.
        """
        if lines == self._lines:
            return
        self._lines = lines
        entries = []
        for number, line in enumerate(lines):
            entry = cards_in_text(line, style)
            if number < len(lines) - 3:
                entry.stylize_before("#9a9a9a")
            entries.append((Text(), entry))
        self._body.update(HangingLines(entries))

    def on_mount(self) -> None:
        """Stay at the newest line as lines are added (no smooth scrolling); title the border."""
        self.border_title = "Log"
        self.anchor()
