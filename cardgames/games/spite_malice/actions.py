"""The actions of Spite & Malice: frozen values whose ``str`` is the command a player types.

Building piles are numbered 1 to 8 and keep their number while they last (SM-5, SM-7); discard
spots are numbered 1 to 4 (SM-13). A joker is written ``jkr`` or ``jkb`` by its colour, as the
table shows it (``Jkr``/``Jkb``), so the joker picked is the one that moves; ``jk`` typed names
either, as all jokers play alike (SM-6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cardgames.core.cards import Card, Rank
from cardgames.core.engine import WordAction

HAND = "hand"
"""Source: a card from the hand."""
PAY_OFF = "pay"
"""Source: the face-up top card of the own pay-off pile (SM-9)."""
SPOT_SOURCES = ("s1", "s2", "s3", "s4")
"""Sources: the top card of the own discard spot 1 … 4 (SM-9)."""
SOURCES = (HAND, PAY_OFF, *SPOT_SOURCES)
"""Every place a card may be played from, in the order the legal actions list them."""


def card_word(card: Card) -> str:
    """A card as written in commands: its code (``7h``, ``10s``); ``jkr``/``jkb`` for a red or
    black joker."""
    return card.symbol.lower() if card.rank is Rank.JOKER else card.code


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card to a building pile (SM-5 … SM-7, SM-9).

    Attributes:
        card: The card played.
        source: Where it comes from: ``"hand"``, ``"pay"`` (the pay-off top) or ``"s1"`` …
            ``"s4"`` (a discard spot's top).
        pile: The building pile, 1 to 8; for an ace, the free place it opens.
    """

    card: Card
    source: str
    pile: int

    def __str__(self) -> str:
        what = card_word(self.card) if self.source == HAND else self.source
        return f"play {what} {self.pile}"


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn by putting a hand card on one of the own discard spots (SM-13).

    Attributes:
        card: The hand card.
        spot: The discard spot, 1 to 4.
    """

    card: Card
    spot: int

    def __str__(self) -> str:
        return f"discard {card_word(self.card)} {self.spot}"


@dataclass(frozen=True, slots=True)
class Bus:
    """End the turn by putting a hand card at the bottom of the own pay-off pile (SM-13).

    Attributes:
        card: The hand card (never an ace, SM-12).
    """

    card: Card

    def __str__(self) -> str:
        return f"bus {card_word(self.card)}"


@dataclass(frozen=True, slots=True)
class End(WordAction):
    """End the turn with an empty hand when nothing is left to draw (SM-13, decided)."""

    WORD = "end"


@dataclass(frozen=True, slots=True)
class Bottom:
    """Look at the bottom card of the own pay-off pile (SM-4).

    Not a move: it is never among the legal actions and ``apply`` refuses it; the seat's view
    with the bottom card comes from ``SpiteMaliceState.view(seat, bottom=True)``.
    """

    def __str__(self) -> str:
        return "bottom"


Action: TypeAlias = Play | Discard | Bus | End | Bottom
"""Every Spite & Malice action."""
