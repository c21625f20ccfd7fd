"""The actions of Makao: frozen values whose ``str`` is the command a player would type.

Rules: MK-3 (play or draw), MK-4 (play), MK-5 (draw, then play the drawn card or pass),
MK-8 (take a pending draw), MK-10 (wait out a stop), MK-11/MK-12 (demands) and the
``makao-call`` house option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.engine import WordAction


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card, or several cards of one rank (MK-4).

    Attributes:
        cards: The hand cards in the order played; the first must match, the last is the new top.
        named: With the ``jokers`` option, what each joker in ``cards`` stands for, in order.
    """

    cards: tuple[Card, ...]
    named: tuple[Card, ...] = ()

    def __str__(self) -> str:
        names = iter(self.named)
        parts = []
        for card in self.cards:
            if card.is_joker:
                named = next(names, None)
                parts.append(f"{card.code}={named.code if named else '?'}")
            else:
                parts.append(card.code)
        return "play " + " ".join(parts)


@dataclass(frozen=True, slots=True)
class Draw(WordAction):
    """Draw the top card of the stock (MK-5)."""

    WORD = "draw"


@dataclass(frozen=True, slots=True)
class Take(WordAction):
    """Take the whole pending draw from the stock; the turn ends (MK-8)."""

    WORD = "take"


@dataclass(frozen=True, slots=True)
class Wait(WordAction):
    """Accept a stop: lose this turn and the following ones, one per 4 played (MK-10)."""

    WORD = "wait"


@dataclass(frozen=True, slots=True)
class Pass(WordAction):
    """Keep the card just drawn and end the turn (MK-5)."""

    WORD = "pass"


@dataclass(frozen=True, slots=True)
class Demand:
    """The step right after playing jacks or aces: demand a rank or a suit, or nothing.

    Attributes:
        kind: ``"rank"`` after jacks (MK-11), ``"suit"`` after aces (MK-12), None for no demand.
        value: The demanded rank (5-10) or suit, or None.
    """

    kind: Literal["rank", "suit"] | None = None
    value: Rank | Suit | None = None

    def __str__(self) -> str:
        if isinstance(self.value, Rank):
            return f"demand {self.value.code}"
        if isinstance(self.value, Suit):
            return f"demand {self.value.value}"
        return "demand none"


@dataclass(frozen=True, slots=True)
class CallMakao(WordAction):
    """Say "makao" in the turn whose play leaves one card (``makao-call`` option)."""

    WORD = "makao"


Action: TypeAlias = Play | Draw | Take | Wait | Pass | Demand | CallMakao
"""Every Makao action."""
