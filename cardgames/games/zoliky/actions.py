"""The actions of Žolíky: frozen values whose ``str`` is the command a player would type.

Rules: ZO-6/ZO-7 (draw and discard), ZO-8 (take the discard), ZO-10/ZO-11 (melds), ZO-12/ZO-13
(lay-offs), ZO-15 (close), ZO-16 (the cut card). A joker is written ``jk``; in a run it says
what it stands for (``jk=7h``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cardgames.core.cards import Card, Rank
from cardgames.core.engine import WordAction


def card_word(card: Card) -> str:
    """A card as a command word: ``7h``, ``10s``, ``jk`` for any joker."""
    return "jk" if card.rank is Rank.JOKER else card.code.lower()


@dataclass(frozen=True, slots=True)
class Draw(WordAction):
    """Draw the top card of the stock (ZO-7); after taking the discard or the cut card and
    laying nothing, put that card back first (ZO-8, ZO-16)."""

    WORD = "draw"


@dataclass(frozen=True, slots=True)
class Take(WordAction):
    """Take the top card of the discard pile; it must go onto the table this turn (ZO-8)."""

    WORD = "take"


@dataclass(frozen=True, slots=True)
class Cut(WordAction):
    """Take the face-up cut card from under the stock, to close from hand this turn (ZO-16)."""

    WORD = "cut"


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay a run or a set from the hand (ZO-10, ZO-11).

    Attributes:
        cards: The hand cards in table order: a run from low to high, a set in suit order
            (♠ ♥ ♦ ♣) with its joker last.
        named: What each joker of a run stands for, in order; () for a set.
    """

    cards: tuple[Card, ...]
    named: tuple[Card, ...] = ()

    def __str__(self) -> str:
        names = iter(self.named)
        words = []
        for card in self.cards:
            if card.rank is Rank.JOKER:
                named = next(names, None)
                words.append("jk" if named is None else f"jk={named.code.lower()}")
            else:
                words.append(card.code.lower())
        return "meld " + " ".join(words)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay one hand card off onto a meld on the table (ZO-12, ZO-13).

    Attributes:
        card: The hand card.
        meld: The meld's index on the table (0-based; the command shows it 1-based).
        named: For a joker laid off onto a run, the card it stands for; else None.
    """

    card: Card
    meld: int
    named: Card | None = None

    def __str__(self) -> str:
        word = card_word(self.card)
        if self.named is not None:
            word += f"={self.named.code.lower()}"
        return f"layoff {word} {self.meld + 1}"


@dataclass(frozen=True, slots=True)
class TakeBack(WordAction):
    """Take this turn's unfinished opening back into the hand (ZO-10)."""

    WORD = "takeback"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card face up; the turn ends (ZO-7)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {card_word(self.card)}"


@dataclass(frozen=True, slots=True)
class Close:
    """Place the last card face down on the discard pile: the round ends (ZO-15)."""

    card: Card

    def __str__(self) -> str:
        return f"close {card_word(self.card)}"


Action: TypeAlias = Draw | Take | Cut | Meld | LayOff | TakeBack | Discard | Close
"""Every Žolíky action."""
