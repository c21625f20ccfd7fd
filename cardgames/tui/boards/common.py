"""Helpers every game's Board draws with: whose turn it is, what an empty hand says, places."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardgames.tui.widgets.board import TableInfo

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def ordinal(place: int) -> str:
    """``1st``, ``2nd`` … for a 0-based ``place``."""
    return _ORDINALS[place] if place < len(_ORDINALS) else f"{place + 1}th"


def out_note(view: Any, seat: int) -> str:
    """``"out 1st"`` for a seat in ``view.finished`` (the order of going out), else ``""``."""
    finished = getattr(view, "finished", ())
    return f"out {ordinal(finished.index(seat))}" if seat in finished else ""


def turn_heading(view: Any, info: TableInfo) -> Text:
    """The first line beside the pile: ``Your turn`` (gold; also for the seat called "You" seen
    with every hand open), ``Anna's turn``, or, with
    ``view.current_player`` None, ``The game is over.`` (``The table has closed.`` at a network
    table gone before the end); ends in a newline except when over."""
    current = view.current_player
    text = Text()
    if info.gone:
        text.append("The table has closed.", style="bold")
    elif current is None:
        text.append("The game is over.", style="bold")
    elif current == view.viewer or info.names[current] == "You":
        text.append("Your turn\n", style="bold #ffd75f")
    else:
        text.append(f"{info.names[current]}'s turn\n", style="bold #d0d0d0")
    return text


def empty_hand_text(view: Any, info: TableInfo, default: str = "No cards.") -> str:
    """What an empty hand box says.

    Args:
        view: The View shown (``viewer``, ``current_player``, optionally ``finished``).
        info: Names and bots.
        default: The game's words for a viewer who is still playing without hand cards.

    Returns:
        For the public view who is awaited at the terminal (or that only computers play); for a
        viewer who is out "You are out: no cards left."; else ``default``.
    """
    if view.viewer is None:
        current = view.current_player
        if current is not None and current not in info.bots:
            return f"Waiting for {info.names[current]} to take the terminal."
        return "Computer players only: watching."
    if view.viewer in getattr(view, "finished", ()):
        return "You are out: no cards left."
    return default
