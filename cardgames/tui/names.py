"""Players' names in the room a table gives them: shortened together, so that the names of one
table never read alike, and measured in display cells (an emoji or a CJK letter takes two)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size


def short_names(names: Sequence[str], width: int | Sequence[int], *,
                ascii: bool = False) -> list[str]:
    """The names of one table, each in at most its width in cells, told apart.

    A name that fits stays whole. A longer one is cut at its end with an ellipsis
    ("Bartholo…"), unless the part kept also begins another name of the table ("Player 1" …
    "Player 6", "WWWWWWWWWW33" and "WWWWWWWWWW44"): then it keeps its beginning and its end
    around the ellipsis ("Pla…r 1", "WWW…33"), split where no other name has both.

    Args:
        names: Every name of the table, as they are drawn (in ASCII mode already spelled so).
        width: The cells each name may take: one width for all, or one per name.
        ascii: Plain ASCII only: the ellipsis is "~".

    Returns:
        The names in the order given, each at most its width in cells.
    """
    widths = [width] * len(names) if isinstance(width, int) else list(width)
    return [short_name(name, room, names, ascii=ascii)
            for name, room in zip(names, widths, strict=True)]


def short_name(name: str, width: int, table: Sequence[str], *, ascii: bool = False) -> str:
    """``name`` in at most ``width`` cells, not to be taken for another name of ``table``
    (see :func:`short_names`, which shortens every name of a table this way)."""
    if cell_len(name) <= width:
        return name
    if width < 1:
        return ""
    mark = "~" if ascii else "…"
    room = width - 1
    others = [other for other in table if other != name]
    head = _head(name, room)
    if room < 2 or not any(other.startswith(head) for other in others):
        return head + mark
    for tail_cells in _tail_sizes(room):
        head, tail = _head(name, room - tail_cells), _tail(name, tail_cells)
        if head and tail and not any(
                other.startswith(head) and other.endswith(tail) for other in others):
            return f"{head}{mark}{tail}"
    return f"{_head(name, room - room // 2)}{mark}{_tail(name, room // 2)}"


def _head(name: str, cells: int) -> str:
    """The beginning of ``name`` in at most ``cells`` cells, no blank at its end."""
    return set_cell_size(name, max(cells, 0)).rstrip()


def _tail(name: str, cells: int) -> str:
    """The end of ``name`` in at most ``cells`` cells, no blank at its start."""
    return set_cell_size(name[::-1], max(cells, 0))[::-1].lstrip()


def _tail_sizes(room: int) -> list[int]:
    """The cells to keep of a name's end, in the order to try them: half the ``room`` first
    ("Pla…r 1"), then more of the end, then less."""
    half = room // 2
    return [*range(half, room), *range(half - 1, 0, -1)]


def name_cell(name: str, width: int) -> str:
    """``name`` padded with blanks (or cut) to exactly ``width`` cells, for a column."""
    return set_cell_size(name, width)
