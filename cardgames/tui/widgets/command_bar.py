"""The ``:`` command bar: type a move (``play 7h 7s``), Tab completes it from the legal moves."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.suggester import SuggestFromList

from cardgames.tui.widgets.text_input import TextInput

LIMIT = 120
"""The most characters the bar takes (more than any legal command, which it always fits)."""


class CommandBar(TextInput):
    """A one-line Input for typed commands.

    The grey suggestion is the first legal command that starts with what was typed; Tab accepts
    it, and each further Tab shows the next matching command. Escape closes the bar. The
    text is bounded (:data:`LIMIT`, or the longest legal command), so a refused command stays
    editable without growing; ``:`` in the open bar starts a fresh command (no command has a
    colon, so one typed after a refusal means a new command, not a colon). Text
    typed or pasted past the bound is refused, and :attr:`cut` remembers it, so that the table
    says the command is too long rather than judge the piece that fitted.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "Complete"),
        Binding("escape", "close", "Close"),
        Binding("enter", "submit", "Play"),
        Binding("colon", "stay_open", "Command", show=False),
    ]

    class Closed(Message):
        """The player pressed Escape in the bar."""

    def __init__(self, *, placeholder: str = "", id: str | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id, select_on_focus=False)
        self.completions: tuple[str, ...] = ()
        self._matches: list[str] = []
        self._shown = -1
        self.cut = False
        """True while the text is what was left after typing or pasting past
        ``max_length`` (until an edit is taken, or the bar opens again)."""

    async def _on_key(self, event: events.Key) -> None:
        """A key that reaches the bar once it has closed (typed right after Escape, and sent
        here before the Escape was handled) goes back to the table, in its turn."""
        if not self.display:
            event.prevent_default()
            event.stop()
            again = events.Key(event.key, event.character)
            again.time = event.time
            self.app.post_message(again)
            return
        await super()._on_key(event)

    @property
    def too_long(self) -> str:
        """What the table says when the command was cut (:attr:`cut`)."""
        return f"The command is too long (at most {self.max_length} characters)."

    def restricted(self) -> None:
        """Text past ``max_length`` was refused (the bar has no other restriction)."""
        self.cut = True
        super().restricted()

    def replace(self, text: str, start: int, end: int) -> None:
        """Edit the text; an edit that is taken (a deletion, say) ends :attr:`cut`."""
        before = self.value
        super().replace(text, start, end)
        if self.value != before:
            self.cut = False

    def open(self, completions: tuple[str, ...]) -> None:
        """Show the bar empty, completing from ``completions``, and focus it at once.

        The focus is set now, not after the screen's next refresh, so that keys typed right after
        ``:`` go to the bar rather than to the table.
        """
        self.offer(completions)
        self.value = ""
        self.cut = False
        self.display = True
        self.screen.set_focus(self)

    def offer(self, completions: tuple[str, ...]) -> None:
        """Complete from ``completions`` from now on (the turn came while the bar was open);
        the text typed so far stays."""
        self.completions = completions
        self.max_length = max((LIMIT, *(len(command) for command in completions)))
        self.suggester = SuggestFromList(completions, case_sensitive=False)
        self._matches = []
        self._shown = -1

    def action_complete(self) -> None:
        """Accept the suggestion; on a repeated Tab, show the next matching command."""
        if self._matches and self.value == self._matches[self._shown]:
            self._shown = (self._shown + 1) % len(self._matches)
        else:
            typed = _spaced(self.value.lower())
            self._matches = [c for c in self.completions if c.lower().startswith(typed)]
            self._shown = 0
        if self._matches:
            self.value = self._matches[self._shown]
            self.cursor_position = len(self.value)
            self.cut = False

    def action_stay_open(self) -> None:
        """``:`` while the bar is open: a fresh command (the text typed so far goes)."""
        self.value = ""
        self.cut = False

    def _on_blur(self, event: events.Blur) -> None:
        """The focus went to another widget of the table (Shift+Tab, a click) while the bar was
        open: the bar closes as with Escape, so its keys never stay switched off with nobody
        typing. (While the terminal is too small the focus goes nowhere: the bar stays.)"""
        super()._on_blur(event)
        focused = self.screen.focused
        if self.display and focused is not None and focused is not self:
            self.display = False
            self.post_message(self.Closed())

    def action_close(self) -> None:
        """Hide and unfocus the bar at once, so that a key right after Escape reaches the
        table's bindings, and tell the table, which gives the focus back to the board."""
        self.display = False
        self.screen.set_focus(None)
        self.post_message(self.Closed())


def _spaced(text: str) -> str:
    """``text`` with each run of spaces as one space (``play  4s`` completes as ``play 4s``);
    a space at the end stays, as it ends a word."""
    words = " ".join(text.split())
    return f"{words} " if text.endswith(" ") and words else words
