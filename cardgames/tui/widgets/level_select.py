"""A one-line choice among a few words (a computer player's level), for the keyboard first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class LevelSelect(Widget, can_focus=True):
    """Shows ``level < hard >``; ← → (or Space, Enter, a click) step through ``choices``.

    Args:
        choices: The words to choose from, in order (at least one).
        value: The word chosen at first (one of ``choices``).
        id: The widget's id.
        classes: CSS classes.
    """

    DEFAULT_CSS = """
    LevelSelect { width: 18; height: 1; padding: 0 1; }
    LevelSelect.-disabled { color: #5a5a5a; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,enter", "step(1)", "Next level", show=False),
        Binding("left", "step(-1)", "Previous level", show=False),
    ]

    value: reactive[str] = reactive("")

    class Changed(Message):
        """The choice changed."""

        def __init__(self, select: LevelSelect, value: str) -> None:
            super().__init__()
            self.select = select
            self.value = value

    def __init__(
        self, choices: Sequence[str], value: str, *, id: str | None = None, classes: str = ""
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.choices = tuple(choices)
        self.set_reactive(LevelSelect.value, value if value in self.choices else self.choices[0])

    def render(self) -> Text:
        """``level < hard >``, the arrows only while focused."""
        quiet = "" if self.has_focus else "#9a9a9a"
        text = Text("level ", style=quiet)
        arrows = self.has_focus and len(self.choices) > 1
        text.append("< " if arrows else "  ", style=quiet)
        text.append(self.value, style="bold")
        text.append(" >" if arrows else "", style=quiet)
        return text

    def action_step(self, step: int) -> None:
        """Choose the next (``step`` 1) or previous (-1) word, round the end."""
        index = self.choices.index(self.value)
        self.value = self.choices[(index + step) % len(self.choices)]

    def watch_value(self, value: str) -> None:
        self.post_message(self.Changed(self, value))

    def on_click(self, event: events.Click) -> None:
        """A click steps to the next word."""
        self.action_step(1)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
