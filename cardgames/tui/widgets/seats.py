"""The seats around the table: each player's name, card count and state, turn marked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from cardgames.tui.names import short_names
from cardgames.tui.render import CardStyle, backs, literal
from cardgames.tui.widgets.zone import TITLE_FRAME

DEFAULT_BOX_WIDTH = 20
"""The width a seat box is drawn for before the strip has one (it is drawn anew once it has)."""


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
        aside: Words for the title after the name, in brackets (a computer player's level
            where the lower edge is full), left out where the name would be cut for them.
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
    aside: str = ""
    body: Text | None = None


def seat_line(seat: SeatInfo, style: CardStyle, width: int, *, below: bool = False) -> Text:
    """A seat's card backs, count and note in ``width`` cells: the count and the note always
    show, the backs (up to five) fill the room that is left. A note that does not fit beside
    the count, or any note with ``below``, goes on a second line, in its short form if the
    whole one is wider than the box (so a count is never read as part of a score: "12 0 pts").

    Args:
        seat: The seat.
        style: ASCII and colour choices.
        width: The cells available.
        below: Put the note on the second line even where it would fit beside the count (a
            strip does for every seat once one seat's note goes there, see
            :func:`notes_below`).

    Returns:
        One line, or two with the note below.
    """
    note = f" {seat.note}" if seat.note else ""
    room = width - cell_len(f" {seat.cards}")
    beside = not below and room - cell_len(note) > 0
    if beside:
        room -= cell_len(note)
    text = backs(seat.cards, style, limit=min(5, room)) if room > 0 else Text(
        str(seat.cards), style="bold")
    if beside or not note:
        text.append(note, style="italic #ffaf5f")
    else:
        below_note = seat.short if seat.short and cell_len(seat.note) > width else seat.note
        text.append("\n" + below_note, style="italic #ffaf5f")
    return text


def notes_below(seats: Sequence[SeatInfo], style: CardStyle, width: int) -> bool:
    """True where the seats' notes go on a line of their own in boxes of ``width`` cells:
    where one seat's backs (up to five), count and note do not fit on one line, so that boxes
    of one width show the same kind of content (never one back for twelve cards beside a
    score in one box and five backs over it in the next)."""
    return any(seat.note and backs(seat.cards, style, limit=5).cell_len + 1
               + cell_len(seat.note) > width for seat in seats if seat.body is None)


def seat_subtitle(seat: SeatInfo, joiner: str, width: int) -> str:
    """The words on a seat box's lower edge: "bot", the level and the tags, joined; where
    they are wider than ``width`` cells, the level stands alone for "bot" and its level."""
    bot = (("bot", seat.level) if seat.level else ("bot",)) if seat.bot else ()
    words = joiner.join(bot + seat.tags)
    if cell_len(words) > width and seat.level:
        return joiner.join((seat.level, *seat.tags))
    return words


def seat_titles(seats: Sequence[SeatInfo], style: CardStyle, width: int) -> list[str]:
    """The titles of the seats' boxes, each box ``width`` cells wide: "▶ " for the seat to act,
    the name, then the aside and "(you)" for the viewer's seat where they fit beside the whole
    name. The names are shortened together (:func:`~cardgames.tui.names.short_names`), so no
    two read alike.

    Args:
        seats: Every seat of the strip, in order.
        style: ASCII and colour choices.
        width: Each box's width in cells, its frame included.

    Returns:
        One title per seat, each at most ``width`` - :data:`TITLE_FRAME` cells.
    """
    room = width - TITLE_FRAME
    arrow = "> " if style.ascii else "▶ "
    arrows = [arrow if seat.current else "" for seat in seats]
    names = short_names([seat.name for seat in seats],
                        [room - cell_len(mark) for mark in arrows], ascii=style.ascii)
    titles = []
    for seat, mark, name in zip(seats, arrows, names, strict=True):
        title = mark + name
        aside = f" ({seat.aside})" if seat.aside else ""
        you = " (you)" if seat.you and seat.name != "You" else ""
        for extra in (aside, you):
            if extra and name == seat.name and cell_len(title + extra) <= room:
                title += extra
        titles.append(title)
    return titles


class SeatBox(Static):
    """One seat: a bordered box titled with the name, holding card backs and the count."""

    def show(self, seat: SeatInfo, *, title: str, subtitle: str, body: Text) -> None:
        """Draw ``seat``: ``title`` and ``subtitle`` on the frame, ``body`` inside, the frame
        marked for the seat to act, the viewer's seat and a seat that is out."""
        self.border_title = literal(title)
        self.border_subtitle = subtitle
        self.update(body)
        self.set_class(seat.current, "-current")
        self.set_class(seat.you, "-you")
        self.set_class(seat.out, "-out")


class SeatsStrip(Horizontal):
    """A row of :class:`SeatBox`, one per seat, in seat order, as tall as the tallest box
    (one line of backs, or the lines of :attr:`SeatInfo.body`, plus the border).

    Every box is drawn for the width of the narrowest, so that boxes of one width show the
    same kind of content: the names shortened together, the notes all beside the counts or
    all below them."""

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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats: tuple[SeatInfo, ...] = ()
        self.boxes: list[SeatBox] = []
        self.card_style = CardStyle()

    def compose(self) -> ComposeResult:
        """Starts empty; :meth:`show` adds the boxes."""
        return iter(())

    def show(self, seats: tuple[SeatInfo, ...], style: CardStyle) -> None:
        """Draw every seat (seat 0 first), adding boxes the first time.

        Args:
            seats: One entry per seat.
            style: ASCII and colour choices.
        """
        self.seats = seats
        self.card_style = style
        if len(self.boxes) != len(seats):
            self.remove_children()
            self.boxes = [SeatBox() for _ in seats]
            self.mount_all(self.boxes)
            # New boxes have their frame's width once they are styled, after the mount.
            self.call_after_refresh(self._fill)
        self._fill()

    def on_resize(self, event: events.Resize) -> None:
        """Refit the names and the backs to the new width."""
        self._fill()

    def _fill(self) -> None:
        boxes = self.boxes
        if not boxes:
            return
        width = self.content_size.width // len(boxes) or DEFAULT_BOX_WIDTH
        content = max(width - boxes[0].styles.gutter.width, 1)
        style = self.card_style
        joiner = ", " if style.ascii else " · "
        below = notes_below(self.seats, style, content)
        titles = seat_titles(self.seats, style, width)
        for box, seat, title in zip(boxes, self.seats, titles, strict=True):
            body = seat.body if seat.body is not None else seat_line(seat, style, content,
                                                                     below=below)
            box.show(seat, title=title, body=body,
                     subtitle=seat_subtitle(seat, joiner, width - TITLE_FRAME))
