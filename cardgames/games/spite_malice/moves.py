"""What the Spite & Malice rules allow, and why an action is refused.

Pure functions over a :class:`Turn`; the engine uses them to check every action and the notation
to explain a refusal from the player's own view, so both use the same words.

Rules: SM-5 … SM-7 (building piles), SM-9 (where cards are played from), SM-12 (aces), SM-13
(discard spots, the bus, ``end``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardgames.core.cards import Card, Rank
from cardgames.core.errors import quoted
from cardgames.games.spite_malice.actions import (
    HAND,
    PAY_OFF,
    SPOT_SOURCES,
    Action,
    Bottom,
    Bus,
    Discard,
    End,
    Play,
)

HAND_SIZE = 5
"""Cards a hand is filled to (SM-2, SM-8, SM-10)."""
PAY_OFF_SIZE = 10
"""Cards dealt to each pay-off pile (SM-2)."""
SPOTS = 4
"""Discard spots per player (SM-2)."""
PLACES = 8
"""Places for building piles: there are eight aces (SM-5)."""
KING = 13
"""The value of a king: a pile that reaches it is complete (SM-7)."""
STALL_TURNS = 50
"""Turns in a row without a building play that end the game (SM-15)."""

VALUES: dict[Rank, int] = {rank: int(rank) for rank in Rank if rank <= Rank.KING}
"""The place of each rank in a building pile: A = 1 … K = 13; a joker is 0 (SM-5, SM-6)."""
VALUES[Rank.ACE] = 1
VALUES[Rank.JOKER] = 0

RANK_WORDS = ("joker", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""A building value as a player writes it (index = value)."""


def value(card: Card) -> int:
    """The card's place in a building pile: A = 1 … K = 13, a joker 0 (SM-5)."""
    return VALUES[card.rank]


def a_rank(number: int) -> str:
    """``a 7``, ``an 8``, ``an A``, ``a K`` — the rank of building value ``number``."""
    word = RANK_WORDS[number]
    return f"{'an' if word in ('8', 'A') else 'a'} {word}"


def spot_of(source: str) -> int:
    """The discard spot (1-4) of a source ``"s1"`` … ``"s4"``, 0 for another source."""
    return SPOT_SOURCES.index(source) + 1 if source in SPOT_SOURCES else 0


def rank_name(card: Card) -> str:
    """The plural name of a card's rank for a discard spot: ``sevens``, ``jokers``."""
    return card.rank.noun


class Turn(NamedTuple):
    """What the rules need to judge an action of the current player.

    Built by the engine from its state and by the notation from the player's own view.

    Attributes:
        hand: His hand.
        pay_off_top: The face-up top of his pay-off pile, None when it is empty.
        spots: His four discard spots, each bottom first.
        piles: The eight places for building piles, each bottom first (empty = free).
        can_draw: Whether the stock or the cleared heap holds a card.
    """

    hand: Sequence[Card]
    pay_off_top: Card | None
    spots: Sequence[Sequence[Card]]
    piles: Sequence[Sequence[Card]]
    can_draw: bool


def free_place(piles: Sequence[Sequence[Card]]) -> int:
    """The lowest free place for a new building pile (1-8), 0 if all are taken (SM-5)."""
    for number, pile in enumerate(piles, 1):
        if not pile:
            return number
    return 0


def pile_refusal(card: Card, number: int, piles: Sequence[Sequence[Card]]) -> str | None:
    """Why ``card`` may not go on building pile ``number`` (SM-5 … SM-7), or None if it may.

    An ace opens the lowest free place; a joker goes on any pile and stands for the rank it
    needs; any other card must be the rank the pile needs.
    """
    if not 1 <= number <= PLACES:
        return f"There is no building pile {number}; the piles are 1 to {PLACES}"
    pile = piles[number - 1]
    worth = VALUES[card.rank]
    if worth == 1:
        free = free_place(piles)
        if number == free:
            return None
        if pile:
            return f"An ace opens a new building pile; it cannot go on pile {number}"
        return f"An ace opens the next free place, pile {free}"
    if not pile:
        if worth == 0:
            return "A joker cannot open a building pile"
        return f"{card} cannot open a building pile: only an ace can"
    needs = len(pile) + 1
    if worth == 0 or worth == needs:
        return None
    top = pile[-1]
    stands = f" (the joker there is the {RANK_WORDS[len(pile)]})" if top.rank is Rank.JOKER else ""
    return f"{card} cannot go on pile {number}: it needs {a_rank(needs)}{stands}"


def spot_refusal(card: Card, number: int, spots: Sequence[Sequence[Card]]) -> str | None:
    """Why ``card`` may not go on discard spot ``number`` (SM-13), or None if it may.

    A spot holds one rank (jokers count as a rank); a rank may not lie on two spots.
    """
    if not 1 <= number <= SPOTS:
        return f"There is no discard spot {number}; the spots are 1 to {SPOTS}"
    rank = card.rank
    spot = spots[number - 1]
    if spot:
        if spot[-1].rank is rank:
            return None
        if rank is Rank.JOKER:
            return f"A joker goes only on an empty spot; spot {number} holds {rank_name(spot[-1])}"
        return f"{card} cannot go on spot {number}: it holds {rank_name(spot[-1])}"
    for other, cards in enumerate(spots, 1):
        if cards and cards[-1].rank is rank:
            return f"{card} cannot go on spot {number}: your {rank.noun} are on spot {other}"
    return None


def spots_for(card: Card, spots: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """The discard spots that may take ``card`` (SM-13): its rank's spot, else every empty one."""
    rank = card.rank
    for number, cards in enumerate(spots, 1):
        if cards and cards[-1].rank is rank:
            return (number,)
    return tuple(number for number, cards in enumerate(spots, 1) if not cards)


def piles_for(card: Card, piles: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """The building piles ``card`` may go on (SM-5, SM-6): for an ace the free place."""
    worth = VALUES[card.rank]
    if worth == 1:
        free = free_place(piles)
        return (free,) if free else ()
    return tuple(
        number
        for number, pile in enumerate(piles, 1)
        if pile and (worth == 0 or worth == len(pile) + 1)
    )


def _held(card: Card, hand: Sequence[Card]) -> str | None:
    if card in hand:
        return None
    if card.rank is Rank.JOKER:
        return "You hold no joker"
    return f"You do not hold {card}"


def _ace_held(hand: Sequence[Card]) -> str | None:
    for card in hand:
        if card.rank is Rank.ACE:
            return f"You hold {card}: play it before you end your turn"
    return None


def play_source_refusal(action: Play, turn: Turn) -> str | None:
    """Why the card of ``action`` is not at its source (SM-9), or None."""
    card, source = action.card, action.source
    if source == HAND:
        return _held(card, turn.hand)
    if source == PAY_OFF:
        top = turn.pay_off_top
        if top is None:
            return "Your pay-off pile is empty"
        return None if top == card else f"The top of your pay-off pile is {top}, not {card}"
    number = spot_of(source)
    if not number:
        return f"{quoted(source)} is no place to play from; use a hand card, pay or s1 to s4"
    spot = turn.spots[number - 1]
    if not spot:
        return f"Your discard spot {number} is empty"
    top = spot[-1]
    return None if top == card else f"The top of your discard spot {number} is {top}, not {card}"


def refusal(action: Action, turn: Turn) -> str | None:
    """Why the current player may not take ``action`` now, or None if he may.

    Args:
        action: Any Spite & Malice action.
        turn: The current player's situation.

    Returns:
        A sentence a player understands, e.g. "You hold A♦: play it before you end your turn".
    """
    if isinstance(action, Play):
        return play_source_refusal(action, turn) or pile_refusal(
            action.card, action.pile, turn.piles
        )
    if isinstance(action, Discard):
        return (
            _held(action.card, turn.hand)
            or _ace_held(turn.hand)
            or spot_refusal(action.card, action.spot, turn.spots)
        )
    if isinstance(action, Bus):
        card = action.card
        if card.rank is Rank.ACE and card in turn.hand:
            return "An ace never goes under the bus: play it to a new building pile"
        return _held(card, turn.hand) or _ace_held(turn.hand)
    if isinstance(action, End):
        if turn.hand:
            return "You still hold cards: end your turn with a discard or the bus"
        if turn.can_draw:
            return "Fill your hand first"
        return None
    if isinstance(action, Bottom):
        return "Looking at your bottom card is not a move: press v at the table to see it"
    return f"{action!r} is not a Spite & Malice action"
