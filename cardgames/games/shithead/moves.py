"""What the Shithead rules allow: which card beats which, where a player plays from, and why
an action is refused.

Pure functions over a :class:`Turn`; the engine uses them to check every action, the notation to
explain a refusal from the player's own view, so both use the same words.

Rules: SH-3 (swaps), SH-5/SH-6 (what beats what), SH-8 (picking up, ``voluntary-pickup``), SH-9
(extra moves), SH-14 (face-up cards), SH-15 (blind play), SH-17 (the time-out move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardgames.core.cards import Card, Rank
from cardgames.games.shithead.actions import (
    Action,
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Swap,
    Timeout,
)

SWAP = "swap"
"""Phase: hand cards are swapped with face-up cards (SH-3)."""
PLAY = "play"
"""Phase: the current player plays, picks up or plays blind (SH-5 … SH-8, SH-14, SH-15)."""
BONUS = "bonus"
"""Phase: the current player takes or declines his extra moves (SH-9)."""
OVER = "over"
"""Phase: the game has ended (SH-16)."""

HAND = "hand"
"""Source: the player plays from his hand."""
FACE_UP = "face-up"
"""Source: hand and stock are empty, the player plays his face-up cards (SH-14)."""
FACE_DOWN = "face-down"
"""Source: the face-up cards are gone too, the player plays blind (SH-15)."""

VOLUNTARY_PICKUP = "voluntary-pickup"
"""House option: picking up is allowed even when a play exists (SH-8)."""
PLAY_TO_LAST = "play-to-last"
"""House option: play on until one player is left, who loses (SH-16)."""
OPTION_NAMES = (VOLUNTARY_PICKUP, PLAY_TO_LAST)
"""The house options of Shithead."""

HAND_SIZE = 3
"""Cards a player refills his hand to (SH-7)."""
ROW = 3
"""Face-up and face-down positions per seat (SH-2)."""
FOUR = 4
"""Equal ranks in a row that clear the pile (SH-11)."""

POSITIONS = tuple(range(1, ROW + 1))
"""The face-up and face-down positions as written in commands."""
ANYWHERE = (Rank.TWO, Rank.TEN)
"""Ranks that may go on any card (SH-6)."""


def beats(card: Card, top: Card | None) -> bool:
    """Whether ``card`` may go on ``top`` in a normal play (SH-5, SH-6).

    Args:
        card: The card to play.
        top: The top card of the discard pile, None when the pile is empty.

    Returns:
        True on an empty pile, for a 2 or a 10, and for a rank equal to or higher than the top.
    """
    return top is None or card.rank in ANYWHERE or card.rank >= top.rank


class Turn(NamedTuple):
    """What the rules need to judge an action of the current player.

    Built by the engine from its state and by the notation from the current player's view, so
    both refuse a move with the same words.

    Attributes:
        phase: ``"swap"``, ``"play"``, ``"bonus"`` or ``"over"``.
        hand: The current player's hand.
        face_up: His three face-up positions, None where taken.
        face_down: His three face-down positions, truthy where a card lies (the cards
            themselves or, from a view, booleans).
        top: The top card of the discard pile, None when it is empty.
        voluntary_pickup: Whether the house option ``voluntary-pickup`` is on.
    """

    phase: str
    hand: Sequence[Card]
    face_up: Sequence[Card | None]
    face_down: Sequence[object]
    top: Card | None
    voluntary_pickup: bool


def play_source(hand: Sequence[Card], face_up: Sequence[Card | None]) -> str:
    """Where a player plays from (SH-14, SH-15): ``"hand"``, ``"face-up"`` or ``"face-down"``.

    The hand is empty only when the stock is empty too (every play is followed by a refill), so
    the hand and the face-up cards are enough to decide.
    """
    if hand:
        return HAND
    for card in face_up:
        if card is not None:
            return FACE_UP
    return FACE_DOWN


def can_play(turn: Turn) -> bool:
    """Whether the current player has a legal play (a blind play always counts, SH-15)."""
    source = play_source(turn.hand, turn.face_up)
    if source == FACE_DOWN:
        return True
    zone = turn.hand if source == HAND else turn.face_up
    top = turn.top
    return any(card is not None and beats(card, top) for card in zone)


def refusal(action: Action, turn: Turn) -> str | None:
    """Why the rules forbid ``action`` now, in a player's words, or None if it is legal.

    Args:
        action: Any Shithead action (``Timeout`` included).
        turn: The position as the current player sees it.

    Returns:
        The message for IllegalMove, or None.
    """
    phase = turn.phase
    if phase == OVER:
        return "The game is over"
    if isinstance(action, Timeout):
        return "No turn clock runs during the swap phase" if phase == SWAP else None
    if phase == SWAP:
        if isinstance(action, Swap):
            return _swap_refusal(action, turn)
        if isinstance(action, Ready):
            return None
        return "Swap cards or say ready first; play starts when everyone is ready"
    if isinstance(action, Swap):
        return "Swaps are over once everyone is ready"
    if isinstance(action, Ready):
        return "Everyone is ready already; the game is on"
    if phase == BONUS:
        if isinstance(action, Bonus):
            return _bonus_refusal(action, turn)
        if isinstance(action, Decline):
            return None
        return "Extra move: lay hand cards (e.g. bonus 5h 3s) or decline"
    if isinstance(action, Play):
        return _play_refusal(action, turn)
    if isinstance(action, PickUp):
        return _pickup_refusal(turn)
    if isinstance(action, Blind):
        return _blind_refusal(action, turn)
    if isinstance(action, Bonus):
        return "You have no extra move; each 2 you play from your hand gives one"
    if isinstance(action, Decline):
        return "There is no extra move to decline"
    return f"{action!r} is not a Shithead move"


def _swap_refusal(action: Swap, turn: Turn) -> str | None:
    """SH-3."""
    if action.position not in POSITIONS:
        return "Face-up positions are 1, 2 and 3"
    if action.card not in turn.hand:
        return f"You don't hold {action.card}"
    return None


def _duplicate(cards: tuple[Card, ...]) -> Card | None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def _bonus_refusal(action: Bonus, turn: Turn) -> str | None:
    """SH-9: any hand cards, any ranks, no equal-or-higher rule."""
    if not action.cards:
        return "Name the cards for the extra move, or decline"
    twice = _duplicate(action.cards)
    if twice is not None:
        return f"{twice} is named twice"
    for card in action.cards:
        if card not in turn.hand:
            return f"You don't hold {card}; extra moves come from your hand"
    return None


def _play_refusal(action: Play, turn: Turn) -> str | None:
    """SH-5, SH-6, SH-14."""
    cards = action.cards
    if not cards:
        return "Name the cards to play"
    source = play_source(turn.hand, turn.face_up)
    if source == FACE_DOWN:
        return "Your hand and face-up cards are gone: turn a face-down card with blind 1-3"
    twice = _duplicate(cards) if len(cards) > 1 else None
    if twice is not None:
        return f"{twice} is named twice"
    for card in cards:
        if source == HAND and card not in turn.hand:
            if card in turn.face_up:
                return "Play from your hand first; face-up cards come when hand and stock are empty"
            return f"You don't hold {card}"
        if source == FACE_UP and card not in turn.face_up:
            return f"Play from your face-up cards now; {card} is not one of them"
    first = cards[0]
    for card in cards[1:]:
        if card.rank is not first.rank:
            return f"Cards played together must be of one rank: {first} and {card} differ"
    if not beats(first, turn.top):
        return f"{first} is lower than {turn.top}"
    return None


def _pickup_refusal(turn: Turn) -> str | None:
    """SH-8 and the option ``voluntary-pickup``."""
    if turn.top is None:
        return "The pile is empty; there is nothing to pick up"
    if turn.voluntary_pickup or not can_play(turn):
        return None
    if play_source(turn.hand, turn.face_up) == FACE_DOWN:
        return "Turn a face-down card with blind 1-3; you may not pick up"
    return "You can play, so you may not pick up"


def _blind_refusal(action: Blind, turn: Turn) -> str | None:
    """SH-15."""
    source = play_source(turn.hand, turn.face_up)
    if source == HAND:
        return "You still have cards in hand; blind play comes last"
    if source == FACE_UP:
        return "Play your face-up cards first; blind play comes last"
    if action.position not in POSITIONS:
        return "Face-down positions are 1, 2 and 3"
    if not turn.face_down[action.position - 1]:
        return f"There is no face-down card at position {action.position}"
    return None
