"""Small modal dialogs: pick one of several moves, confirm, or leave a game (keep or discard it).

Both are translucent (the table stays visible behind them) and name their keys; each has its own
footer, which covers the table's and lists only the keys that act while the dialog is open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, OptionList
from textual.widgets.option_list import Option

from cardgames.core.engine import Action
from cardgames.tui.render import literal, shown
from cardgames.tui.screens.base import AppModal, is_covered
from cardgames.tui.settings import settings_of


@runtime_checkable
class TableBelow(Protocol):
    """The screen under a :class:`ChoiceDialog` whose rules and leave question the dialog
    offers too (the table screen), so ``?`` and ``q`` work while the player chooses."""

    def rules_screen(self) -> Screen[Any]:
        """The rules screen ``?`` opens."""
        ...

    def leave_dialog(self) -> LeaveDialog:
        """The question ``q`` asks."""
        ...

    def leave_answer(self, answer: str | None) -> None:
        """Act on the answer to :meth:`leave_dialog` ("keep", "discard", or None to stay)."""
        ...


class ChoiceDialog(AppModal[Action | None]):
    """Pick one action from a short list (a demand, a joker's meaning); Escape picks nothing.

    Over a table (:class:`TableBelow`), ``?`` shows the rules and ``q`` asks to leave the game,
    as they do at the table; staying (or closing the rules) comes back to the choice. The
    dialog's own footer lists only these keys, so no key of the table seems to be on offer.

    Args:
        title: The question, e.g. "Demand a rank".
        choices: (label, action) pairs in the order shown.
        keys: Letters that pick a choice at once, e.g. ``{"7": demand sevens, "n": no demand}``;
            shown after the labels. A choice's key comes before ``q`` and ``?``.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Later"),
        Binding("question_mark", "rules", "Rules"),
        Binding("q", "leave", "Leave"),
    ]
    covered_actions = frozenset({"cancel"})
    covered_note = "Esc later"

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
        yield Footer()

    def _label(self, label: str, action: Action, ascii: bool) -> str:
        keys = [key for key, bound in self.keys.items() if bound == action]
        return shown(label, ascii) + (f"  ({keys[0]})" if keys else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Return the chosen action."""
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def on_key(self, event: events.Key) -> None:
        """A choice's key picks it at once (not while the too-small notice covers the dialog)."""
        if is_covered(self):
            return
        action = self.keys.get((event.character or "").lower())
        if action is not None:
            event.stop()
            self.dismiss(action)

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)

    def _table(self) -> TableBelow | None:
        """The table right under this dialog, or None (then ``?`` and ``q`` are not offered)."""
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        return below if isinstance(below, TableBelow) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``?`` and ``q`` act (and show in the footer) only over a table, and ``q`` only
        while no choice has it as its key (``q`` for queens picks the queens)."""
        if action in ("rules", "leave") and self._table() is None:
            return False
        if action == "leave" and "q" in self.keys:
            return False
        return super().check_action(action, parameters)

    def action_rules(self) -> None:
        """Show the table's rules over the dialog; closing them comes back here."""
        table = self._table()
        if table is not None:
            self.open(table.rules_screen())

    def action_leave(self) -> None:
        """Ask the table's leave question over the dialog."""
        table = self._table()
        if table is not None:
            self.open(table.leave_dialog(), self._leave_answer)

    def _leave_answer(self, answer: str | None) -> None:
        """Leaving closes this dialog, choosing nothing, and then the table; staying keeps the
        choice open."""
        table = self._table()
        if answer and table is not None:
            self.dismiss(None)
            table.leave_answer(answer)


def question_dialog(question: Text | str, buttons: Sequence[Button],
                    keys: str) -> ComposeResult:
    """A question box: ``question`` (text shown as given, or markup), ``buttons`` in a row,
    the ``keys`` (markup) and that Enter presses the marked button, then the footer."""
    with Vertical(id="dialog"):
        yield Label(question, id="dialog-title")
        with Horizontal(id="dialog-buttons"):
            yield from buttons
        yield Label(f"{keys}\n[b]Enter[/b] the marked button", id="dialog-keys")
    yield Footer()


class LeaveDialog(AppModal[str | None]):
    """Leave (or quit) a game in progress: keep it for later, discard it, or stay.

    The game is saved after every move, so keeping it (``y`` or ``k``, the usual way out) costs
    nothing; ``d`` discards it; ``n``/Escape stays. The focus starts on Stay, so Enter alone never
    leaves a game. The keys typed in the burst that opened the dialog (``q`` then ``d`` typed
    ahead) do not answer it: whoever opens it tells the app's key clock first
    (:attr:`settle_on_open`, :meth:`KeyQuiet.closed`); the first key after a pause counts. Its
    own footer covers the table's, so no key of the table (``d`` Draw) seems to be on offer.

    Args:
        question: What to confirm, e.g. "Leave this game?".
        leave: The verb of the two ways out, e.g. "Leave" or "Quit".

    Returns (on dismiss):
        "keep", "discard", or None to stay.
    """

    AUTO_FOCUS = "#stay"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,k", "answer('keep')", "Keep for later"),
        Binding("d", "answer('discard')", "Discard"),
        Binding("n,escape", "answer('')", "Stay"),
        Binding("left,right", "switch", "Switch", show=False),
    ]
    settle_on_open = True
    covered_actions = frozenset({"answer"})
    """The answer keys act even under the too-small notice, which names them (after the
    question); the buttons (Enter, the arrows) do not."""
    covered_note = "y keep it   d discard it   n stay"

    def __init__(self, question: str, leave: str = "Leave") -> None:
        super().__init__()
        self.question = question
        self.leave = leave
        # Under the too-small notice the question and its keys stay readable and answer: the
        # way out of a game is never hidden (the dialog itself shows nothing of the game).
        self.covered_note = f"{question}\n\n{LeaveDialog.covered_note}"

    def compose(self) -> ComposeResult:
        """The question, the three buttons and the keys."""
        yield from question_dialog(
            literal(self.question),
            (Button("Stay", id="stay", variant="primary"),
             Button(f"{self.leave}, keep it", id="keep", variant="success"),
             Button(f"{self.leave}, discard it", id="discard", variant="error")),
            "[b]y[/b] keep it for later   [b]d[/b] discard it   [b]n[/b]/[b]Esc[/b] stay")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Enter or a click on a button answers with it."""
        event.stop()
        self.action_answer("" if event.button.id == "stay" else str(event.button.id))

    def action_switch(self) -> None:
        """Move the focus to the next button."""
        self.focus_next(Button)

    def action_answer(self, answer: str) -> None:
        """Close with the answer ("" stays); discarding is asked once more first
        (:class:`DiscardDialog`), since nothing brings the game back."""
        if answer == "discard":
            self.open(DiscardDialog(), self._discard_answer)
            return
        self.dismiss(answer or None)

    def _discard_answer(self, discard: bool | None) -> None:
        """Discard for good, or come back to the question with Stay marked."""
        if discard:
            self.dismiss("discard")
        else:
            self.query_one("#stay", Button).focus()


class DiscardDialog(AppModal[bool]):
    """The second question before a game in progress is thrown away for good: ``d`` again (or
    the Discard button) discards it; ``n``, Escape or Enter on the marked "Back" button go back
    to the leave question. Like that question, the keys typed in the burst that opened it do
    not answer it.

    Returns (on dismiss):
        True to discard the game, False to go back.
    """

    AUTO_FOCUS = "#back"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "answer(True)", "Discard for good"),
        Binding("n,escape", "answer(False)", "Back"),
        Binding("left,right", "switch", "Switch", show=False),
    ]
    settle_on_open = True
    covered_actions = frozenset({"answer"})
    covered_note = "Discard this game for good?\n\nd discard it   n back"

    def compose(self) -> ComposeResult:
        """The question, the two buttons and the keys."""
        yield from question_dialog(
            "Discard this game for good? It cannot be continued or replayed.",
            (Button("Back", id="back", variant="primary"),
             Button("Discard it", id="discard", variant="error")),
            "[b]d[/b] discard it   [b]n[/b]/[b]Esc[/b] back")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Enter or a click on a button answers with it."""
        event.stop()
        self.action_answer(event.button.id == "discard")

    def action_switch(self) -> None:
        """Move the focus to the other button."""
        self.focus_next(Button)

    def action_answer(self, discard: bool) -> None:
        """Close with the answer."""
        self.dismiss(discard)


class LeaveTableDialog(LeaveDialog, inherit_bindings=False):
    """Leave a network table whose game goes on at its server: only Leave or Stay, since there
    is nothing here to keep or discard.

    Returns (on dismiss):
        "keep" to leave (the game goes on at the table), or None to stay.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,l", "answer('keep')", "Leave"),
        Binding("n,escape", "answer('')", "Stay"),
        Binding("left,right", "switch", "Switch", show=False),
    ]
    covered_note = "y leave   n stay"

    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.covered_note = f"{question}\n\n{LeaveTableDialog.covered_note}"

    def compose(self) -> ComposeResult:
        """The question, the two buttons and the keys."""
        yield from question_dialog(
            literal(self.question),
            (Button("Stay", id="stay", variant="primary"),
             Button("Leave", id="keep", variant="error")),
            "[b]y[/b] leave   [b]n[/b]/[b]Esc[/b] stay")
