"""The stock and the discard pile as Rich text: boxes side by side, a pile's top cards fanned out.

Pure Rich (no Textual), so the pictures can be tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardgames.core.cards import Card
from cardgames.tui.render import BOX_HEIGHT, CardStyle, back_box, card_box, empty_box

FAN_STEP = 4
"""Cells of each card under the top one that the fan shows."""


def pile_fan(pile: Sequence[Card], style: CardStyle, *, shown: int = 4) -> list[Text]:
    """The top ``shown`` cards of a pile, each lower one peeking out to the left of the next.

    Args:
        pile: The discard pile, bottom first.
        style: ASCII and colour choices.
        shown: How many of the top cards to draw.

    Returns:
        :data:`BOX_HEIGHT` lines; an empty outline when the pile is empty.
    """
    if not pile:
        return empty_box(style)
    top = list(pile[-shown:])
    lines = [Text() for _ in range(BOX_HEIGHT)]
    for card in top[:-1]:
        for line, part in zip(lines, card_box(card, style), strict=True):
            line.append_text(part[:FAN_STEP])
    for line, part in zip(lines, card_box(top[-1], style), strict=True):
        line.append_text(part)
    return lines



def stock_box(stock_size: int, style: CardStyle) -> list[Text]:
    """The stock as a card back labelled with its size, or an empty outline.

    Args:
        stock_size: Cards left in the stock.
        style: ASCII and colour choices.

    Returns:
        :data:`BOX_HEIGHT` lines.
    """
    return back_box(style, str(stock_size)) if stock_size else empty_box(style)


def side_by_side(columns: Sequence[Sequence[Text]], *, gap: int = 3) -> Text:
    """Card pictures (e.g. :func:`stock_box` and :func:`pile_fan`) next to each other.

    Args:
        columns: Pictures of equal height, left to right.
        gap: Spaces between two pictures.

    Returns:
        The lines joined, each ending in a newline, so a caption can follow.
    """
    text = Text()
    for parts in zip(*columns, strict=True):
        for number, part in enumerate(parts):
            if number:
                text.append(" " * gap)
            text.append_text(part)
        text.append("\n")
    return text
