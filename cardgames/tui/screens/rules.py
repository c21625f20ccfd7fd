"""The rules of the game being played, as Markdown."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from cardgames.tui.markdown import AsciiDrawing, RulesMarkdown
from cardgames.tui.render import ascii_rules, literal
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of


class RulesScreen(AppScreen[None]):
    """Shows a game's ``rules_text()`` (at a table, followed by its keys: End goes there);
    Escape, ``q`` or ``?`` goes back.

    The Markdown is drawn by Rich in one widget, which opens several times faster than one
    widget per block; a long line of a preformatted block wraps under its last column
    (:class:`RulesMarkdown`). In ASCII mode the text is transliterated (:func:`ascii_rules`) and
    the bullets and table lines are ASCII (:class:`AsciiDrawing`).

    Args:
        title: The game's title.
        markdown: The rules in Markdown.
    """

    repeats_only = True
    fit_size = (60, 12)
    covered_actions = frozenset({"close"})
    covered_note = "Esc back"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Back"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
        # Before the scrolling body's own Home and End, so the footer can name End's use: the
        # list of keys closes the rules.
        Binding("home", "jump(0)", "Top", show=False, priority=True),
        Binding("end", "jump(1)", "Keys", priority=True),
    ]

    def __init__(self, title: str, markdown: str) -> None:
        super().__init__()
        self.game_title = title
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        """A title line, the scrolling rules and the footer."""
        yield Static(literal(f" Rules of {self.game_title} "), id="rules-title")
        with VerticalScroll(id="rules-body"):
            if settings_of(self.app).ascii:
                yield Static(AsciiDrawing(RulesMarkdown(ascii_rules(self.markdown))))
            else:
                yield Static(RulesMarkdown(self.markdown))
        yield Footer()

    def action_scroll(self, lines: int) -> None:
        """Scroll the rules by ``lines``."""
        body = self.query_one("#rules-body", VerticalScroll)
        body.scroll_relative(y=lines, animate=False)

    def action_jump(self, end: int) -> None:
        """Home (``0``): the top of the rules; End (``1``): their end, the list of keys."""
        body = self.query_one("#rules-body", VerticalScroll)
        if end:
            body.scroll_end(animate=False)
        else:
            body.scroll_home(animate=False)

    def action_close(self) -> None:
        """Back to where the rules were opened."""
        self.dismiss()
