"""The viewing seat's own cards on the table: face-up cards over face-down cards, positions 1-3."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from cardgames.core.cards import Card
from cardgames.tui.render import BACK, CHIP_WIDTH, CardStyle, card_chip, chip_state

RowMode = Literal["view", "swap", "face-up", "face-down"]
"""What the row is for now: only looking, choosing a face-up card to swap, playing face-up cards,
or turning a face-down card."""

_CURSOR_BACK = "#ffd75f"


class TableRow(Widget, can_focus=True):
    """Face-up cards (with the position numbers above) over the face-down cards.

    Arrows move between the positions that hold a card in the active row, Space selects face-up
    cards (several of one rank to play them together; one to swap), Enter plays them or turns the
    face-down card under the cursor. Face-up cards that cannot be played now are dimmed.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("space", "select", "Select"),
        Binding("enter", "choose('play')", "Play"),
        Binding("enter", "choose('turn')", "Turn over"),
        # While the row is only looked at, Enter and Space say why (not in the footer).
        Binding("enter,space", "explain", "Say why no card can be played", show=False),
    ]

    class Chosen(Message):
        """The player chose these positions (1-based): the selection in order, or the cursor.

        Attributes:
            positions: Never empty.
        """

        def __init__(self, positions: tuple[int, ...]) -> None:
            super().__init__()
            self.positions = positions

    class SelectionChanged(Message):
        """The player selected or unselected a table card."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.face_up: tuple[Card | None, ...] = ()
        self.face_down: tuple[bool, ...] = ()
        self.mode: RowMode = "view"
        self.playable: frozenset[Card] = frozenset()
        self.selection: list[int] = []
        self.cursor = 0
        self.empty_text = ""
        self.style = CardStyle()

    def set_row(
        self,
        face_up: tuple[Card | None, ...],
        face_down: tuple[bool, ...],
        *,
        mode: RowMode,
        playable: frozenset[Card],
        style: CardStyle,
        empty_text: str = "",
    ) -> None:
        """Show the seat's positions; keeps the selection of cards still lying face up.

        Args:
            face_up: Per position the face-up card, or None where it is gone.
            face_down: Per position, True where a face-down card lies.
            mode: What Enter and Space do now (see :data:`RowMode`).
            playable: The face-up cards that may be played now (others are dimmed in play).
            style: ASCII and colour choices.
            empty_text: What to show when no positions are given (a hidden seat).
        """
        keep = mode in ("swap", "face-up") and len(face_up) == len(self.face_up)
        self.selection = [i for i in self.selection
                          if keep and face_up[i] is not None and face_up[i] == self.face_up[i]]
        self.face_up = face_up
        self.face_down = face_down
        self.mode = mode
        self.playable = playable
        self.style = style
        self.empty_text = empty_text
        occupied = self._occupied()
        if occupied and self.cursor not in occupied:
            self.cursor = min(occupied, key=lambda i: abs(i - self.cursor))
        self.refresh(layout=True)
        self.refresh_bindings()

    def _occupied(self) -> list[int]:
        """The positions (0-based) the cursor may rest on."""
        if self.mode == "face-down":
            return [i for i, lying in enumerate(self.face_down) if lying]
        if self.mode in ("swap", "face-up"):
            return [i for i, card in enumerate(self.face_up) if card is not None]
        return list(range(len(self.face_up)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Position numbers, face-up cards, face-down cards."""
        return 3 if self.face_up else 1

    def render(self) -> Text:
        """The three lines of the row."""
        if not self.face_up:
            return Text(self.empty_text, style="italic #9a9a9a")
        markers, ups, downs = Text(), Text(), Text()
        for index, card in enumerate(self.face_up):
            if index in self.selection and self.mode == "swap":
                mark = f"{index + 1}{'*' if self.style.ascii else '▼'}"
                markers.append(f"{mark:^4} ", style="bold #9fd3ff")
            elif index in self.selection:
                markers.append(f"{self.selection.index(index) + 1:^4} ", style="bold #9fd3ff")
            else:
                markers.append(f"{index + 1:^4} ", style="#6c6c6c")
            ups.append_text(self._up(index, card))
            downs.append_text(self._down(index))
        return Text("\n").join((markers, ups, downs))

    def _cursor_on(self, index: int, row: RowMode) -> bool:
        on_row = "face-down" if self.mode == "face-down" else "face-up"
        return self.has_focus and index == self.cursor and row == on_row

    def _up(self, index: int, card: Card | None) -> Text:
        if card is None:
            return Text(f"{'.' if self.style.ascii else '·':^4} ", style="#6c6c6c")
        state = chip_state(cursor=self._cursor_on(index, "face-up"),
                           selected=index in self.selection,
                           dim=self.mode == "face-up" and card not in self.playable)
        return card_chip(card, self.style, state)

    def _down(self, index: int) -> Text:
        if not self.face_down[index]:
            return Text(" " * CHIP_WIDTH)
        fill = "####" if self.style.ascii else "░░░░"
        back = _CURSOR_BACK if self._cursor_on(index, "face-down") else BACK
        ink = "#1c1c1c" if back == _CURSOR_BACK else "#7fa6e0"
        text = Text(fill, style=f"{ink} on {back}")
        text.append(" ")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Select and Enter only when the row is in play; Enter says what it does."""
        if action == "select":
            return self.mode in ("swap", "face-up")
        if action == "choose":
            wanted = "face-up" if parameters == ("play",) else "face-down"
            return self.mode == wanted and bool(self._occupied())
        if action == "explain":
            return self.mode == "view" and bool(self.face_up)
        return True

    def action_move(self, step: int) -> None:
        """Move the cursor to the next position with a card, wrapping around."""
        occupied = self._occupied()
        if not occupied:
            return
        if self.cursor in occupied:
            self.cursor = occupied[(occupied.index(self.cursor) + step) % len(occupied)]
        else:
            self.cursor = occupied[0]
        self.refresh()

    def action_jump(self, index: int) -> None:
        """Put the cursor on the first (0) or last (-1) position with a card."""
        occupied = self._occupied()
        if occupied:
            self.cursor = occupied[index]
            self.refresh()

    def action_select(self) -> None:
        """Select the face-up card under the cursor, or unselect it; swapping keeps one."""
        if self.cursor in self.selection:
            self.selection.remove(self.cursor)
        elif self.cursor in self._occupied():
            if self.mode == "swap":
                self.selection.clear()
            self.selection.append(self.cursor)
        self.refresh()
        self.post_message(self.SelectionChanged())

    def action_choose(self, kind: str) -> None:
        """Ask to play the selection (or the cursor's card), or to turn the face-down card."""
        if kind == "play" and self.selection:
            chosen = tuple(i + 1 for i in self.selection)
        else:
            chosen = (self.cursor + 1,)
        self.post_message(self.Chosen(chosen))

    def action_explain(self) -> None:
        """Enter or Space while the row is only looked at: ask for the position under the
        cursor anyway (:class:`Chosen`), so that the board says why the table cards cannot be
        played now (another player's turn, the hand first); nothing is played."""
        self.post_message(self.Chosen((self.cursor + 1,)))

    def chosen_position(self) -> int:
        """The position (1-based) a swap would use: the selected one, else the cursor's."""
        return (self.selection[0] if self.selection else self.cursor) + 1

    def point_at(self, positions: tuple[int, ...], *, select: bool) -> None:
        """Put the cursor on the first of ``positions`` (0-based) and, with ``select``, select
        exactly those, in order (e.g. to show a hint)."""
        if not positions:
            return
        self.cursor = positions[0]
        self.selection = list(positions) if select else []
        self.refresh()

    def clear_selection(self) -> None:
        """Forget the selection (after a move was played)."""
        self.selection.clear()
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor to a position; a click on the cursor's position chooses it."""
        offset = event.get_content_offset(self)
        if offset is None or not self.face_up or offset.x % CHIP_WIDTH == CHIP_WIDTH - 1:
            return
        index = offset.x // CHIP_WIDTH
        if index not in self._occupied():
            return
        self.focus()
        event.stop()
        if index != self.cursor:
            self.cursor = index
            self.refresh()
        elif self.mode == "face-up":
            self.action_choose("play")
        elif self.mode == "face-down":
            self.action_choose("turn")

    def on_focus(self) -> None:
        """Draw the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh()
