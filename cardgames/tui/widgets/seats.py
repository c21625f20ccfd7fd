"""The seats around the table: each player's name, card count and state, turn marked."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from cardgames.tui.render import CardStyle, backs


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the strip shows it.

    Attributes:
        name: The player's name.
        cards: How many cards the seat holds.
        note: A few words on the seat's state ("out 1st", "sits out 2"), or "".
        current: True if this seat is to act.
        you: True for the viewing seat.
        bot: True for a computer player.
    """

    name: str
    cards: int
    note: str = ""
    current: bool = False
    you: bool = False
    bot: bool = False


class SeatBox(Static):
    """One seat: a bordered box titled with the name, holding card backs and the count."""

    def show(self, seat: SeatInfo, style: CardStyle) -> None:
        """Draw ``seat``."""
        arrow = "> " if style.ascii else "▶ "
        you = " (you)" if seat.you and seat.name != "You" else ""
        title = f"{arrow if seat.current else ''}{seat.name}{you}"
        self.border_title = title
        self.border_subtitle = "bot" if seat.bot else ""
        text = backs(seat.cards, style, limit=5)
        if seat.note:
            text.append(f" {seat.note}", style="italic #ffaf5f")
        self.update(text)
        self.set_class(seat.current, "-current")
        self.set_class(seat.you, "-you")
        self.set_class(seat.note.startswith("out"), "-out")


class SeatsStrip(Horizontal):
    """A row of :class:`SeatBox`, one per seat, in seat order."""

    DEFAULT_CSS = """
    SeatsStrip { height: 3; }
    SeatsStrip > SeatBox {
        width: 1fr; height: 3; border: round #5f5f87; padding: 0 1;
        border-title-color: #d0d0d0; border-subtitle-color: #8a8a8a;
    }
    SeatsStrip > SeatBox.-current { border: round #ffd75f; border-title-color: #ffd75f;
        border-title-style: bold; }
    SeatsStrip > SeatBox.-you { background: #1f2a3a; }
    SeatsStrip > SeatBox.-out { color: #8a8a8a; }
    """

    def compose(self) -> ComposeResult:
        """Starts empty; :meth:`show` adds the boxes."""
        return iter(())

    def show(self, seats: tuple[SeatInfo, ...], style: CardStyle) -> None:
        """Draw every seat, adding boxes the first time."""
        boxes = list(self.query(SeatBox))
        if len(boxes) != len(seats):
            self.remove_children()
            boxes = [SeatBox() for _ in seats]
            self.mount_all(boxes)
        for box, seat in zip(boxes, seats, strict=True):
            box.show(seat, style)

