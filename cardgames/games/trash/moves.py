"""What the Trash rules allow, shared by the engine and the notation: phases, where a card belongs,
and why an action is refused.

The refusal is worked out from the current player's view, so the engine and a typed command
explain a refused move in the same words. Rules: TR-4 (draw or take), TR-5 (placing, replacing a
jack), TR-6 (jacks), TR-7 (what cannot be placed), TR-8 (reshuffle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.core.cards import Card, Rank
from cardgames.games.trash.actions import Action, Draw, Keep, Place, Replace, Take

if TYPE_CHECKING:
    from cardgames.games.trash.engine import TrashView

TURN = "turn"
"""Phase: the current player draws from the stock or takes the discard top (TR-4)."""
JACK = "jack"
"""Phase: a jack is in hand and goes on a face-down position of the player's choice (TR-6)."""
SWAP = "replace"
"""Phase: the pip card in hand may replace the face-up jack on its position (TR-5)."""
OVER = "over"
"""Phase: the match has ended (TR-11)."""

FULL_LAYOUT = 10
"""Positions of a layout in a seat's first hand (TR-2)."""
ROW = 5
"""Positions per row: 1-5 over 6-10 (TR-2)."""

NO_POSITION = "no position"
"""Discard reason: a queen or a king (TR-7)."""
BEYOND = "beyond"
"""Discard reason: a rank above the layout size (TR-7, TR-10)."""
FACE_UP = "face up"
"""Discard reason: the rank's position already shows that rank (TR-7)."""
KEPT = "kept"
"""Discard reason: the player kept the jack on the rank's position (TR-5)."""
WON = "won"
"""Discard reason: the last card turned up, when the hand is won (TR-9)."""

WILD = 11
"""The ``SLOT`` of a jack: wild, it may go on any face-down position (TR-6)."""
SLOT = [0] * 16
"""``SLOT[card.rank]``: the position a card belongs to (1-10), 0 for queens and kings, WILD for a
jack (TR-5 … TR-7)."""
for _rank in Rank:
    SLOT[_rank] = 1 if _rank is Rank.ACE else (int(_rank) if _rank <= Rank.TEN else 0)
SLOT[Rank.JACK] = WILD


def position_of(card: Card) -> int:
    """The layout position a card belongs to (TR-5): 1 for an ace, 2-10 for pip cards, 0 for
    queens and kings (TR-7) and 11 for a jack, which is wild (TR-6)."""
    return SLOT[card[0]]


def decks_for(players: int) -> int:
    """TR-1: one 52-card deck for 2 players, two for 3-4, three for 5-6."""
    return 1 if players <= 2 else 2 if players <= 4 else 3


def layout_rows(size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """TR-2: the positions of a layout of ``size`` in its two rows, 1-5 over 6-10.

    A smaller layout keeps the same places: 1-5 over 6-``size``, or just 1-``size`` on top.
    """
    return tuple(range(1, min(size, ROW) + 1)), tuple(range(ROW + 1, size + 1))


def why_unplaceable(card: Card, layout: tuple[Card | None, ...]) -> str:
    """Why ``card`` cannot be placed in ``layout`` (per position the face-up card or None), in
    words for a player (TR-7); "" if it can be placed."""
    slot = SLOT[card[0]]
    if slot == WILD:
        return "" if None in layout else "no position is face down"
    if slot == 0:
        return f"{card.rank.noun} have no position"
    if slot > len(layout):
        return f"your layout has no position {slot}"
    up = layout[slot - 1]
    if up is None or up[0] is Rank.JACK:
        return ""
    return f"your position {slot} already shows {up}"


def refusal(view: TrashView, action: Action) -> str:
    """Why ``action`` is not legal for the current player, in words for a player.

    Args:
        view: The current player's view.
        action: An action not among ``view.legal``.
    """
    seat = view.current_player
    if seat is None:
        return "The match is over"
    layout = view.layouts[seat]
    size = len(layout)
    card = view.in_hand
    if isinstance(action, Draw | Take):
        if view.phase == JACK:
            return f"Put {card} on a face-down position first"
        if view.phase == SWAP:
            return f"Say replace or keep for {card} first"
        if isinstance(action, Draw):
            return "The stock is empty and the discard pile cannot refill it"
        top = view.discard_top
        if top is None:
            return "The discard pile is empty; draw from the stock"
        return f"You cannot take {top}: {why_unplaceable(top, layout)}; draw from the stock"
    if isinstance(action, Place):
        if view.phase != JACK:
            return "You have no jack to place"
        position = action.position
        if not 1 <= position <= size:
            return f"Your layout has positions 1-{size}; there is no position {position}"
        return (
            f"Position {position} is face up ({layout[position - 1]}); "
            "a jack goes only on a face-down position"
        )
    if isinstance(action, Replace | Keep) and view.phase == JACK:
        return f"Put {card} on a face-down position first"
    if isinstance(action, Replace | Keep) and view.phase != SWAP:
        return "There is no face-up jack to replace now"
    return "That move is not possible now"
