"""Small modal dialogs: pick one of several moves, or confirm leaving a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from cardgames.core.engine import Action


class ChoiceDialog(ModalScreen[Action | None]):
    """Pick one action from a short list (a demand, a joker's meaning); Escape picks nothing.

    Args:
        title: The question, e.g. "Demand a rank".
        choices: (label, action) pairs in the order shown.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Later")]

    def __init__(self, title: str, choices: Sequence[tuple[str, Action]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        """The question and the list."""
        with Vertical(id="dialog"):
            yield Label(self.title_text, id="dialog-title")
            yield OptionList(
                *(Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)),
                id="choices",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Return the chosen action."""
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question; ``y``/Enter answers yes, ``n``/Escape no.

    Args:
        question: What to confirm, e.g. "Leave this game?".
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and the keys."""
        with Vertical(id="dialog"):
            yield Label(self.question, id="dialog-title")
            yield Label("[b]y[/b] yes    [b]n[/b] no", id="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)
