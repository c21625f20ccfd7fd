"""Titled boxes around the zones a player acts in (the hand, table cards); gold while focused."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from cardgames.core.engine import PlayerId
from cardgames.session.session import possessive
from cardgames.tui.widgets.hand import HandWidget


class ZoneBox(Vertical):
    """A bordered box with a bold title; its border turns gold while the focus is inside.

    Put one focusable zone widget in it (a hand, a row of table cards) and set
    ``border_title``. Its height follows the content; a Board's CSS may set width and height.
    """

    DEFAULT_CSS = """
    ZoneBox { height: auto; border: $frame #5f87af; border-title-color: #d0d0d0;
        border-title-style: bold; padding: 0 1; }
    ZoneBox:focus-within { border: $frame #ffd75f; }
    """


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
    return f"{whose[:1].upper()}{whose[1:]} hand ({count})"


class HandBox(ZoneBox):
    """The viewer's hand (a :class:`HandWidget` with id ``hand``) in a :class:`ZoneBox`, at most
    eight lines tall (three rows of cards)."""

    DEFAULT_CSS = """
    HandBox { max-height: 8; }
    HandBox > HandWidget { height: auto; }
    """

    def compose(self) -> ComposeResult:
        """The hand."""
        yield HandWidget(id="hand")

    def show_title(self, names: tuple[str, ...], viewer: PlayerId | None, count: int) -> None:
        """Title the box with :func:`hand_title`."""
        self.border_title = hand_title(names, viewer, count)
