"""The base of every game's Board: data flows down as a View, intent flows up as messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.message import Message
from textual.widget import Widget

from cardgames.core.engine import Action, PlayerId, View
from cardgames.tui.render import CardStyle
from cardgames.tui.widgets.hand import HandWidget


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a Board needs besides the View, all from the Session.

    Attributes:
        names: Every seat's name, seat 0 first.
        bots: The seats played by computer players.
        viewer: The seat whose view is shown, or None for the public view (during a hand-over).
        log: The action log from the viewer's side, oldest first.
        style: How to draw cards.
    """

    names: tuple[str, ...]
    bots: frozenset[PlayerId]
    viewer: PlayerId | None
    log: tuple[str, ...]
    style: CardStyle


class Board(Widget):
    """A game's table area. Subclasses draw the View and post :class:`Board.Act` for moves.

    The table screen owns the Session: it calls :meth:`show` after every change and submits the
    actions the Board asks for. A Board never sees a State or another seat's hidden cards.

    Attributes:
        MIN_SIZE: The smallest terminal (columns, lines) the table is drawn in; below it the
            table screen shows a notice instead.
    """

    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)

    class Act(Message):
        """The viewing player wants to play ``action``.

        Attributes:
            action: One of the game's actions (the Session validates it).
        """

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Say(Message):
        """A note for the status line (e.g. "Select cards of one rank"); nothing is played.

        Attributes:
            text: The note, in words a player understands.
        """

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def show(self, view: View, info: TableInfo) -> None:
        """Draw ``view``; called after every change of the game or of the viewer."""
        raise NotImplementedError

    def accepted(self) -> None:
        """A move of the viewing player was played (e.g. forget the card selection)."""

    def focus_zone(self) -> None:
        """Put the keyboard focus on the zone the viewing player acts in now (default: the hand)."""
        for hand in self.query(HandWidget):
            hand.focus()
            return

    def status_hint(self, view: View, info: TableInfo) -> str:
        """A short hint of what the viewing player can do now, for the status line."""
        return ""



