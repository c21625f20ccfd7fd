"""The actions of Shithead: frozen values whose ``str`` is the command a player types.

Positions (``Swap.position``, ``Blind.position``) are 1-based in the fields as in the text: the
left card of a seat's row is position 1, the right one position 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cardgames.core.cards import Card
from cardgames.core.engine import WordAction


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange a hand card with the own face-up card at ``position`` (SH-3, swap phase only).

    Attributes:
        card: The hand card that goes face up.
        position: The face-up position, 1 to 3.
    """

    card: Card
    position: int

    def __str__(self) -> str:
        return f"swap {self.card.code} {self.position}"


@dataclass(frozen=True, slots=True)
class Ready(WordAction):
    """Declare the swaps done (SH-3); play starts when every seat is ready."""

    WORD = "ready"


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card or several of one rank (SH-5, SH-6, SH-14).

    The cards come from the hand, or from the face-up cards once hand and stock are empty; the
    engine knows which. They are placed in the order given, the last one on top.

    Attributes:
        cards: The cards, all of one rank.
    """

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"play {_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """An extra move earned with a 2 (SH-9): any hand cards, any ranks, placed in this order.

    Attributes:
        cards: The hand cards, first placed first.
    """

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"bonus {_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Decline(WordAction):
    """Decline the remaining extra moves (SH-9); the refill follows."""

    WORD = "decline"


@dataclass(frozen=True, slots=True)
class PickUp(WordAction):
    """Pick up the whole discard pile into the hand (SH-8, SH-14)."""

    WORD = "pickup"


@dataclass(frozen=True, slots=True)
class Blind:
    """Turn the own face-down card at ``position`` and play it if it goes (SH-15).

    Attributes:
        position: The face-down position, 1 to 3.
    """

    position: int

    def __str__(self) -> str:
        return f"blind {self.position}"


@dataclass(frozen=True, slots=True)
class Timeout(WordAction):
    """What the turn clock submits when the time is up (SH-17); never among the legal actions."""

    WORD = "timeout"


Action: TypeAlias = Swap | Ready | Play | Bonus | Decline | PickUp | Blind | Timeout
"""Every Shithead action."""
