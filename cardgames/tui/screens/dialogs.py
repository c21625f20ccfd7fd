"""Small modal dialogs: pick one of several moves, or confirm leaving a game.

Both are translucent (the table stays visible behind them) and name their keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option

from cardgames.core.engine import Action
from cardgames.tui.render import literal, shown
from cardgames.tui.screens.base import AppModal
from cardgames.tui.settings import settings_of


class ChoiceDialog(AppModal[Action | None]):
    """Pick one action from a short list (a demand, a joker's meaning); Escape picks nothing.

    Args:
        title: The question, e.g. "Demand a rank".
        choices: (label, action) pairs in the order shown.
        keys: Letters that pick a choice at once, e.g. ``{"7": demand sevens, "n": no demand}``;
            shown after the labels.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Later")]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[str, Action]],
        keys: Mapping[str, Action] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.keys = {key.lower(): action for key, action in (keys or {}).items()}

    def compose(self) -> ComposeResult:
        """The question, the list and the keys."""
        ascii = settings_of(self.app).ascii
        with Vertical(id="dialog"):
            yield Label(literal(shown(self.title_text, ascii)), id="dialog-title")
            yield OptionList(
                *(Option(self._label(label, action, ascii), id=str(i))
                  for i, (label, action) in enumerate(self.choices)),
                id="choices",
            )
            hint = "↑↓ Enter, or type the key" if self.keys else "↑↓ Enter"
            yield Label(shown(f"{hint}; Esc: later", ascii), id="dialog-keys")

    def _label(self, label: str, action: Action, ascii: bool) -> str:
        keys = [key for key, bound in self.keys.items() if bound == action]
        return shown(label, ascii) + (f"  ({keys[0]})" if keys else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Return the chosen action."""
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def on_key(self, event: events.Key) -> None:
        """A choice's key picks it at once."""
        action = self.keys.get((event.character or "").lower())
        if action is not None:
            event.stop()
            self.dismiss(action)

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


class ConfirmDialog(AppModal[bool]):
    """A yes/no question with two buttons; the safe answer has the focus.

    ``y`` answers yes and ``n``/Escape no; Enter presses the focused button, so Enter alone never
    leaves a game. Tab or the arrows move between the buttons.

    Args:
        question: What to confirm, e.g. "Leave this game?".
        yes: The label of the yes button, e.g. "Leave".
        no: The label of the no button (focused first), e.g. "Stay".
    """

    AUTO_FOCUS = "#no"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("left,right", "switch", "Switch", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        """The question, the buttons and the keys."""
        with Vertical(id="dialog"):
            yield Label(literal(self.question), id="dialog-title")
            with Horizontal(id="dialog-buttons"):
                yield Button(self.no, id="no", variant="primary")
                yield Button(self.yes, id="yes", variant="error")
            yield Label(f"[b]y[/b] {self.yes.lower()}   [b]n[/b]/[b]Esc[/b] {self.no.lower()}   "
                        "[b]Enter[/b] the marked button", id="dialog-keys")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Enter or a click on a button answers with it."""
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_switch(self) -> None:
        """Move the focus to the other button."""
        self.focus_next(Button)

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)
