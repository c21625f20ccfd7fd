"""The discard pile as Rich text: its top cards fanned out, each lower one peeking out.

Pure Rich (no Textual), so the pictures can be tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardgames.core.cards import Card
from cardgames.tui.render import BOX_HEIGHT, CardStyle, card_box, empty_box

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

