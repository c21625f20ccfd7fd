"""Rules as Markdown drawn by Rich, with preformatted blocks that keep their columns.

Pure Rich (no Textual), so the rules screen and ``cardgames rules`` draw the same. Rich wraps a
long line of a preformatted block back to the block's left edge, which breaks a block laid out in
columns (a command, its short forms, then what it does): here a long line wraps under the start
of its last column instead, so the description stays in its column. With ``--ascii`` both
draw their lines and bullets with ASCII (:class:`AsciiDrawing`).
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import CodeBlock, Markdown, MarkdownElement
from rich.segment import Segment
from rich.syntax import Syntax

_COLUMN_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
"""Two or more spaces between words: the gap before a column of a preformatted line."""

_PADDING = 1
"""The blank cells on each side of a preformatted block (Rich's own look)."""


def hanging_lines(line: str, width: int) -> list[str]:
    """``line`` cut at spaces into lines of at most ``width`` characters, each after the first
    indented to where the line's last column starts (after its last gap of two or more spaces),
    or to the line's own indent if it has no columns or the last one leaves no room.

    Args:
        line: One line of a preformatted block, e.g. ``"take   (t)   take the top card"``.
        width: The characters a line may take.

    Returns:
        The line itself if it fits; else its pieces, the first unchanged up to its cut.
    """
    if len(line) <= width:
        return [line]
    gaps = list(_COLUMN_GAP.finditer(line))
    column = gaps[-1].end() if gaps else 0
    if not 0 < column <= width // 2:
        column = len(line) - len(line.lstrip(" "))
    head, rest = line[:column], line[column:]
    pieces = textwrap.wrap(rest, max(width - column, 1), break_on_hyphens=False)
    return [head + pieces[0], *(" " * column + piece for piece in pieces[1:])]


class ColumnBlock(CodeBlock):
    """A preformatted block whose long lines wrap under their last column
    (:func:`hanging_lines`), drawn as Rich draws a code block."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The block's lines, wrapped to the width given, in Rich's code-block look."""
        width = options.max_width - 2 * _PADDING
        lines = str(self.text).rstrip().splitlines()
        code = "\n".join(piece for line in lines for piece in hanging_lines(line, width))
        yield Syntax(code, self.lexer_name, theme=self.theme, word_wrap=True, padding=_PADDING)


class RulesMarkdown(Markdown):
    """Rich's Markdown with :class:`ColumnBlock` for indented and fenced blocks."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements, "fence": ColumnBlock, "code_block": ColumnBlock}


def _ascii_line(character: str) -> str:
    name = unicodedata.name(character, "")
    if "HORIZONTAL" in name and "VERTICAL" not in name:
        return "-"
    if "VERTICAL" in name and "HORIZONTAL" not in name:
        return "|"
    return "+"


_ASCII_DRAWING = str.maketrans(
    {chr(code): _ascii_line(chr(code)) for code in range(0x2500, 0x2580)}
    | {"\u2022": "*", "\u258c": "|"}
)
"""Box-drawing characters as ``-``, ``|`` and ``+``; bullets as ``*``, a quote's bar as ``|``."""


class AsciiDrawing:
    """A Rich renderable drawn with ASCII lines and bullets (:data:`_ASCII_DRAWING`) for
    terminals without Unicode and ``--ascii``; its text must already be ASCII
    (``cardgames.tui.render.ascii_rules``).

    Args:
        renderable: What to draw, such as a Rich ``Markdown``.
    """

    def __init__(self, renderable: Markdown) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The renderable's segments, their text translated."""
        for segment in console.render(self.renderable, options):
            text, style, control = segment
            yield Segment(text.translate(_ASCII_DRAWING), style, control)
