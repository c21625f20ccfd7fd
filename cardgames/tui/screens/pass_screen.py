"""The opaque pass screen shown between two human players at one terminal (hot-seat)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, Static

from cardgames.tui.render import CardStyle, cards_in_text
from cardgames.tui.screens.base import AppScreen


class PassScreen(AppScreen[bool]):
    """Covers the whole table until the next player has the terminal.

    It is a plain (opaque) Screen, so nothing of the table shows through. Enter is ignored for the
    first ``delay`` seconds, so a double press by the previous player cannot reveal the next hand.
    Dismisses with True on Enter, False when the players want to leave the game.

    Args:
        name: The player who must take the terminal.
        recent: Public log lines to show (what happened since), oldest first.
        style: How to draw card names.
        clock: Monotonic seconds (injected by tests).
        delay: Seconds before Enter is accepted.
    """

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
        clock: Callable[[], float],
        delay: float,
    ) -> None:
        super().__init__()
        self.player = name
        self.recent = recent
        self.card_style = style
        self.clock = clock
        self.delay = delay
        self.shown_at = clock()

    def compose(self) -> ComposeResult:
        """The message, the recent public moves and the key hint."""
        with Center(), Vertical(id="pass-box"):
            yield Static(
                Text.assemble(
                    ("Pass the terminal to ", "bold"),
                    (self.player, "bold #ffd75f"),
                    (", then press Enter", "bold"),
                ),
                id="pass-title",
            )
            yield Static(self._recent(), id="pass-recent")
            yield Static("", id="pass-wait")
        yield Footer()

    def _recent(self) -> Text:
        text = Text("Last moves:\n", style="#9a9a9a") if self.recent else Text()
        for line in self.recent:
            text.append("  ")
            text.append_text(cards_in_text(line, self.card_style))
            text.append("\n")
        return text

    def action_ready(self) -> None:
        """Go on to the next player's view, unless Enter came too soon after the screen opened."""
        if self.clock() - self.shown_at < self.delay:
            self.query_one("#pass-wait", Static).update(
                Text(f"{self.player}, press Enter again once you hold the terminal.",
                     style="italic #9a9a9a")
            )
            return
        self.dismiss(True)

    def action_leave(self) -> None:
        """Leave the game (the table asks to confirm)."""
        self.dismiss(False)
