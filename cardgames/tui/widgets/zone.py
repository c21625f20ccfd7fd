"""Titled boxes around the zones a player acts in (the hand, table cards); gold while focused."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from cardgames.core.cards import Card
from cardgames.core.engine import PlayerId
from cardgames.session.session import possessive
from cardgames.tui.names import name_cell
from cardgames.tui.render import CardStyle, card_text, literal
from cardgames.tui.widgets.hand import HandWidget

TITLE_FRAME = 6
"""Cells of a box's width its border title and subtitle never take: the two corners, the edge
beside each and a blank either side of the words."""


class ZoneBox(Vertical):
    """A bordered box with a bold title; its border turns gold while the focus is inside.

    Put one focusable zone widget in it (a hand, a row of table cards) and set
    ``border_title``, or give :meth:`fit_title` the title in several lengths. Its height
    follows the content; a Board's CSS may set width and height.
    """

    DEFAULT_CSS = """
    ZoneBox { height: auto; border: $frame #5f87af; border-title-color: #d0d0d0;
        border-title-style: bold; padding: 0 1; }
    ZoneBox:focus-within { border: $frame #ffd75f; }
    """

    titles: tuple[str, ...] = ()
    """The title in the lengths :meth:`fit_title` was given, wordiest first."""

    def fit_title(self, titles: Sequence[str]) -> None:
        """Title the box with the first of ``titles`` (the wordiest first) that fits its top
        edge, or the last where none does; chosen again whenever the box's width changes.
        Shown literally."""
        self.titles = tuple(titles)
        self._show_title()

    def on_resize(self, event: events.Resize) -> None:
        """Choose the title that fits the new width."""
        self._show_title()

    def _show_title(self) -> None:
        if not self.titles:
            return
        room = self.size.width - TITLE_FRAME
        fitting = (title for title in self.titles if cell_len(title) <= room)
        self.border_title = literal(next(fitting, self.titles[-1]))


OPEN_TITLE = "Every hand, open (the game is over)"
"""The title of the box that shows every seat's cards once the game is over."""


def hand_title(names: tuple[str, ...], viewer: PlayerId | None, count: int) -> str:
    """The title of the viewer's hand box.

    Args:
        names: Every seat's name.
        viewer: The viewing seat, None for the public view.
        count: Cards in the viewer's hand.

    Returns:
        ``"Your hand (7)"``, ``"Anna's hand (7)"``, or ``"Hands are hidden"`` for the public view.
    """
    if viewer is None:
        return "Hands are hidden"
    whose = possessive(names[viewer])
    if whose == "your":
        whose = "Your"
    return f"{whose} hand ({count})"


def open_hands_text(names: Sequence[str], hands: Sequence[Sequence[Card]],
                    style: CardStyle, face_down: Sequence[int] | None = None) -> Text:
    """Every seat's remaining cards, sorted, one line per seat: ``Anna   7♥ K♠``,
    ``Anna   7♥  face down 3♣ 9♦`` or ``Anna   no cards``.

    Args:
        names: Every seat's name.
        hands: Per seat the cards to show (a View's ``open_hands``).
        style: ASCII and colour choices.
        face_down: Per seat how many of its cards, the last ones, lay face down on the table
            (Shithead): they follow the words "face down"; None when no cards lay so.
    """
    width = max(map(cell_len, names), default=0) + 2
    text = Text()
    for seat, (name, cards) in enumerate(zip(names, hands, strict=True)):
        if seat:
            text.append("\n")
        text.append(name_cell(name, width), style="bold #d0d0d0")
        if not cards:
            text.append("no cards", style="italic #87d787")
        down = face_down[seat] if face_down is not None else 0
        held = len(cards) - down
        _append_cards(text, cards[:held], style)
        if down:
            text.append("  face down " if held else "face down ", style="italic #9a9a9a")
            _append_cards(text, cards[held:], style)
    return text


def _append_cards(text: Text, cards: Sequence[Card], style: CardStyle) -> None:
    for number, card in enumerate(sorted(cards)):
        if number:
            text.append(" ")
        text.append_text(card_text(card, style))


class HandBox(ZoneBox):
    """The viewer's hand (a :class:`HandWidget` with id ``hand``) in a :class:`ZoneBox`, at most
    eight lines tall (three rows of cards). Once the game is over it can show every seat's
    cards instead (:meth:`show_open`)."""

    DEFAULT_CSS = """
    HandBox { max-height: 8; }
    HandBox > HandWidget { height: auto; }
    HandBox > #open-hands { height: auto; display: none; }
    """

    def compose(self) -> ComposeResult:
        """The hand, and the open hands (hidden while the game runs)."""
        yield HandWidget(id="hand")
        yield Static(id="open-hands")

    def show_open(self, names: Sequence[str], hands: Sequence[Sequence[Card]] | None,
                  style: CardStyle, face_down: Sequence[int] | None = None) -> None:
        """Show every seat's cards in place of the hand (``hands`` from a finished game's
        ``open_hands``, ``face_down`` as for :func:`open_hands_text`), or, with None, the hand
        again."""
        hand = self.query_one(HandWidget)
        board = self.query_one("#open-hands", Static)
        hand.display = hands is None
        board.display = hands is not None
        if hands is not None:
            self.border_title = OPEN_TITLE
            board.update(open_hands_text(names, hands, style, face_down))

    def show_title(self, names: tuple[str, ...], viewer: PlayerId | None, count: int) -> None:
        """Title the box with :func:`hand_title`."""
        self.border_title = literal(hand_title(names, viewer, count))
