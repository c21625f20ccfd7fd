"""The seats around the table: each player's name, card count and state, turn marked."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from cardgames.tui.render import CardStyle, backs, literal


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the strip shows it.

    Attributes:
        name: The player's name.
        cards: How many cards the seat holds.
        note: A few words on the seat's state ("out 1st", "sits out 2"), or "".
        short: A shorter note for a narrow box ("120 pts" for "120 pts opened"), or "" to
            keep ``note`` there too.
        current: True if this seat is to act.
        you: True for the viewing seat.
        bot: True for a computer player.
        level: The computer player's level (``hard`` …), shown after "bot"; "" for none.
        out: True once the seat is out of the game (drawn greyed).
        tags: Further words for the box's lower edge after "bot" (e.g. "ready").
        body: What the box holds, for games that show more than the backs (e.g. the face-up
            cards); None draws :func:`seat_line`.
    """

    name: str
    cards: int
    note: str = ""
    short: str = ""
    current: bool = False
    you: bool = False
    bot: bool = False
    level: str = ""
    out: bool = False
    tags: tuple[str, ...] = ()
    body: Text | None = None


def seat_line(seat: SeatInfo, style: CardStyle, width: int) -> Text:
    """A seat's card backs, count and note in ``width`` cells: the count and the note always
    show, the backs (up to five) fill the room that is left. A note that does not fit beside
    the count goes on a second line, in its short form if the whole one is wider than the box
    (so a count is never read as part of a score: "12 0 pts").

    Args:
        seat: The seat.
        style: ASCII and colour choices.
        width: The cells available.
    """
    note = f" {seat.note}" if seat.note else ""
    room = width - len(f" {seat.cards}")
    beside = room - len(note) > 0
    if beside:
        room -= len(note)
    text = backs(seat.cards, style, limit=min(5, room)) if room > 0 else Text(
        str(seat.cards), style="bold")
    if beside or not note:
        text.append(note, style="italic #ffaf5f")
    else:
        below = seat.short if seat.short and len(seat.note) > width else seat.note
        text.append("\n" + below, style="italic #ffaf5f")
    return text


def seat_subtitle(seat: SeatInfo, joiner: str, width: int) -> str:
    """The words on a seat box's lower edge: "bot", the level and the tags, joined; where
    they are wider than ``width`` cells, the level stands alone for "bot" and its level."""
    bot = (("bot", seat.level) if seat.level else ("bot",)) if seat.bot else ()
    words = joiner.join(bot + seat.tags)
    if len(words) > width and seat.level:
        return joiner.join((seat.level, *seat.tags))
    return words


class SeatBox(Static):
    """One seat: a bordered box titled with the name, holding card backs and the count."""

    def __init__(self) -> None:
        super().__init__()
        self.seat: SeatInfo | None = None
        self.card_style = CardStyle()

    def show(self, seat: SeatInfo, style: CardStyle) -> None:
        """Draw ``seat``."""
        arrow = "> " if style.ascii else "▶ "
        you = " (you)" if seat.you and seat.name != "You" else ""
        title = f"{arrow if seat.current else ''}{seat.name}{you}"
        self.border_title = literal(title)
        self.seat = seat
        self.card_style = style
        self._fill()
        self.set_class(seat.current, "-current")
        self.set_class(seat.you, "-you")
        self.set_class(seat.out, "-out")

    def on_resize(self, event: events.Resize) -> None:
        """Refit the backs to the new width."""
        self._fill()

    def _fill(self) -> None:
        if self.seat is None:
            return
        width = self.content_size.width or 16
        joiner = ", " if self.card_style.ascii else " · "
        self.border_subtitle = seat_subtitle(self.seat, joiner, width)
        if self.seat.body is not None:
            self.update(self.seat.body)
        else:
            self.update(seat_line(self.seat, self.card_style, width))


class SeatsStrip(Horizontal):
    """A row of :class:`SeatBox`, one per seat, in seat order, as tall as the tallest box
    (one line of backs, or the lines of :attr:`SeatInfo.body`, plus the border)."""

    DEFAULT_CSS = """
    SeatsStrip { height: auto; }
    SeatsStrip > SeatBox {
        width: 1fr; height: auto; border: $frame #5f5f87; padding: 0 1;
        border-title-color: #d0d0d0; border-subtitle-color: #8a8a8a;
    }
    SeatsStrip > SeatBox.-current { border: $frame #ffd75f; border-title-color: #ffd75f;
        border-title-style: bold; }
    SeatsStrip > SeatBox.-you { background: #1f2a3a; }
    SeatsStrip > SeatBox.-out { color: #8a8a8a; }
    """

    def compose(self) -> ComposeResult:
        """Starts empty; :meth:`show` adds the boxes."""
        return iter(())

    def show(self, seats: tuple[SeatInfo, ...], style: CardStyle) -> None:
        """Draw every seat (seat 0 first), adding boxes the first time.

        Args:
            seats: One entry per seat.
            style: ASCII and colour choices.
        """
        boxes = list(self.query(SeatBox))
        if len(boxes) != len(seats):
            self.remove_children()
            boxes = [SeatBox() for _ in seats]
            self.mount_all(boxes)
        for box, seat in zip(boxes, seats, strict=True):
            box.show(seat, style)

