"""The opaque pass screen shown between two human players at one terminal (hot-seat)."""

from __future__ import annotations

import math
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, Static

from cardgames.tui.quiet import KeyQuiet
from cardgames.tui.render import CardStyle, cards_in_text, literal
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.widgets.log import HangingLines


class PassScreen(AppScreen[bool]):
    """Covers the whole table until the next player has the terminal.

    It is a plain (opaque) Screen, so nothing of the table shows through. Enter counts only after
    a quiet spell (:class:`KeyQuiet`: no key at all for about a second, counted from the later of
    the screen's appearance and the last key), so keys still coming from the previous player, or
    his double press, cannot reveal the next hand; this holds for every pass screen, the first
    of a game (or of a resumed game) too. Dismisses with True on Enter, False when the
    players want to leave the game.

    Args:
        name: The player who must take the terminal.
        recent: Public log lines to show (what happened since), oldest first.
        style: How to draw card names.
        keys: When the last key came (the app's).
        reason: Why the terminal changes hands ("Anna's time ran out."), or "".
    """

    fit_size = (50, 10)
    covered_actions = frozenset({"leave"})
    covered_note = "q leave the game"
    burst_factor = 2.5
    """The keys that follow the Enter which uncovers a hand are dropped until a pause of 2.5
    times the app's settle (0.6 s): a burst slowed down by a busy machine or a slow link
    cannot act on the hand just uncovered."""
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I'm ready"),
        Binding("q", "leave", "Leave game"),
    ]

    def __init__(
        self,
        name: str,
        recent: tuple[str, ...],
        style: CardStyle,
        keys: KeyQuiet,
        reason: str = "",
    ) -> None:
        super().__init__()
        self.player = name
        self.recent = recent
        self.card_style = style
        self.keys = keys
        self.reason = reason
        self.shown_at = math.inf
        """When the screen came on top (monotonic seconds); no key counts before."""

    def on_screen_resume(self) -> None:
        """The screen is on top now: the quiet spell counts from here, not from when it was
        built (at a game's start or resume, building the table can take a while)."""
        self.shown_at = self.keys.clock()

    def compose(self) -> ComposeResult:
        """The message, the key hint and the recent public moves: in a short terminal the
        box is cut from the bottom, so the last moves go first and the hint stays."""
        with Center(), Vertical(id="pass-box"):
            yield Static(
                Text.assemble(
                    ("Pass the terminal to ", "bold"),
                    (self.player, "bold #ffd75f"),
                    (", then press Enter", "bold"),
                ),
                id="pass-title",
            )
            if self.reason:
                yield Static(literal(self.reason), id="pass-reason")
            yield Static(self._wait_line(), id="pass-wait")
            if self.recent:
                yield Static(self._recent(), id="pass-recent")
        yield Footer()

    def _wait_line(self) -> Text:
        """The same line on every pass screen (the first, a resumed game's, after a try too
        early): only a quiet keyboard lets Enter count."""
        return Text.assemble(
            (self.player, "italic #ffd75f"),
            (", let go of the keys for a second, then press Enter.", "italic #9a9a9a"),
        )

    def _recent(self) -> Group:
        """"Last moves:" and the moves under it, indented; a move too long for the box goes
        on under its own text, further in (as in the table's log)."""
        indent = Text("  ")
        return Group(Text("Last moves:", style="#9a9a9a"), HangingLines(
            [(indent, cards_in_text(line, self.card_style)) for line in self.recent]))

    @property
    def armed(self) -> bool:
        """True once the keyboard has been quiet long enough for Enter to count."""
        return self.keys.quiet_since(self.shown_at)

    def action_ready(self) -> None:
        """Go on to the next player's view, unless the keyboard was not quiet long enough."""
        if not self.keys.key_counts(self.shown_at):
            self.query_one("#pass-wait", Static).update(self._wait_line())
            return
        self.dismiss(True)

    def action_leave(self) -> None:
        """Leave the game (the table asks to confirm)."""
        self.dismiss(False)
