"""Cards, suits and ranks, with their command codes (``7h``, ``10s``, ``Xr``) and symbols.

A card carries the index of the deck it came from, so the two 7♥ of a double deck are distinct
objects that still print alike.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import NamedTuple

from cardgames.core.errors import InvalidCommand, quoted


class Suit(StrEnum):
    """The four suits; the value is the one-letter code used in commands."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``♥``."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in _RED

    @property
    def noun(self) -> str:
        """The plural English name, e.g. ``hearts``."""
        return self.name.lower()


_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}


class Rank(IntEnum):
    """Card ranks; the value orders them with the ace high (14). ``JOKER`` is 15."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def code(self) -> str:
        """The rank as written in commands: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``, ``X``."""
        return _RANK_CODES[self]

    @property
    def noun(self) -> str:
        """The plural English name in words, e.g. ``sevens``, ``jacks``.

        Words, not ``7s``, so a rank is never read as a card code (``7s`` is 7♠).
        """
        return _RANK_NOUNS[self]


_RANK_CODES = {rank: str(rank.value) for rank in Rank if rank.value <= 10}
_RANK_CODES.update(
    {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "X"}
)
_JOKER = Rank.JOKER
"""``Rank.JOKER`` once looked up: a lookup on an enum class is slow, and cards test it often."""
_CODE_RANKS = {code: rank for rank, code in _RANK_CODES.items()}
_CODE_RANKS["T"] = Rank.TEN
_RANK_NOUNS = {
    Rank.TWO: "twos",
    Rank.THREE: "threes",
    Rank.FOUR: "fours",
    Rank.FIVE: "fives",
    Rank.SIX: "sixes",
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
    Rank.JOKER: "jokers",
}


class Card(NamedTuple):
    """One playing card.

    Attributes:
        rank: The rank; ``Rank.JOKER`` for a joker.
        suit: The suit; for a joker it gives the colour (hearts = red joker, spades = black joker).
        deck: Index of the deck the card came from (0 for a single deck).
    """

    rank: Rank
    suit: Suit
    deck: int = 0

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is _JOKER

    @property
    def code(self) -> str:
        """The command code: ``7h``, ``10s``, ``Qd``; jokers are ``Xr`` and ``Xb``."""
        if self.rank is _JOKER:
            return "Xr" if self.suit in _RED else "Xb"
        return f"{_RANK_CODES[self.rank]}{self.suit.value}"

    @property
    def symbol(self) -> str:
        """The display form with a suit symbol: ``7♥``; jokers are ``Jkr`` / ``Jkb``."""
        if self.rank is _JOKER:
            return "Jkr" if self.suit in _RED else "Jkb"
        return f"{_RANK_CODES[self.rank]}{_SUIT_SYMBOLS[self.suit]}"

    def same_face(self, other: Card) -> bool:
        """True if both cards show the same rank and suit, whatever deck they came from."""
        return self.rank is other.rank and self.suit is other.suit

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Card({self.code}{'' if self.deck == 0 else f'#{self.deck}'})"


def parse_card(text: str) -> Card:
    """Read a card code such as ``7h``, ``10s``, ``Ts``, ``qd``, ``7♥``, ``Xr`` or ``Xb`` (a
    joker also as shown, ``Jkr`` or ``Jkb``).

    Args:
        text: The code, case-insensitive, without spaces.

    Returns:
        The card, from deck 0.

    Raises:
        InvalidCommand: If the text names no card.
    """
    raw = text.strip()
    code = raw.upper()
    if code in ("XR", "XB", "JKR", "JKB"):
        return Card(Rank.JOKER, Suit.HEARTS if code in ("XR", "JKR") else Suit.SPADES)
    if len(code) < 2:
        raise InvalidCommand(f"{quoted(raw)} is not a card; write cards like 7h, 10s or Qd")
    rank_code, suit_code = code[:-1], raw[-1]
    suit = _SYMBOL_SUITS.get(suit_code)
    if suit is None:
        try:
            suit = Suit(suit_code.lower())
        except ValueError:
            raise InvalidCommand(
                f"{quoted(raw)} is not a card: the suit must be s, h, d or c (♠ ♥ ♦ ♣)"
            ) from None
    rank = _CODE_RANKS.get(rank_code)
    if rank is None or rank is Rank.JOKER:
        raise InvalidCommand(
            f"{quoted(raw)} is not a card: the rank must be A, 2-10, J, Q or K (T is also 10)"
        )
    return Card(rank, suit)


def parse_rank(text: str) -> Rank:
    """Read a rank code such as ``7``, ``10``, ``T``, ``j``.

    Raises:
        InvalidCommand: If the text names no rank.
    """
    rank = _CODE_RANKS.get(text.strip().upper())
    if rank is None or rank is Rank.JOKER:
        raise InvalidCommand(f"{quoted(text)} is not a rank; use A, 2-10, J, Q or K")
    return rank


def parse_suit(text: str) -> Suit:
    """Read a suit code (``s h d c``), symbol (``♠``) or name (``hearts``).

    Raises:
        InvalidCommand: If the text names no suit.
    """
    raw = text.strip().lower()
    if raw in _SYMBOL_SUITS:
        return _SYMBOL_SUITS[raw]
    for suit in Suit:
        if raw in (suit.value, suit.noun, suit.noun[:-1]):
            return suit
    raise InvalidCommand(f"{quoted(text)} is not a suit; use s, h, d or c")


def cards_text(cards: tuple[Card, ...] | list[Card], *, symbols: bool = True) -> str:
    """Join cards for a message: ``7♥ 7♠`` (or ``7h 7s`` with ``symbols=False``)."""
    return " ".join(card.symbol if symbols else card.code for card in cards)


def card_to_json(card: Card) -> str:
    """A card as saved positions write it: its code, with ``#n`` for deck n > 0 (``7h#1``).

    Args:
        card: Any card.

    Returns:
        The text :func:`card_from_json` reads back to the same card.
    """
    text = _JSON_CODES.get(card)
    if text is None:
        text = card.code if card.deck == 0 else f"{card.code}#{card.deck}"
    return text


def card_from_json(text: str) -> Card:
    """Read a card written by :func:`card_to_json` (``7h``, ``7h#1``, ``Xr``, ``Xb#1``).

    Raises:
        InvalidCommand: If the text is not a card code, or its deck number is not a number.
    """
    card = _JSON_CARDS.get(text)
    if card is None:
        code, mark, deck = text.partition("#")
        card = parse_card(code)
        if mark:
            if not (deck.isascii() and deck.isdigit()):
                raise InvalidCommand(f"{quoted(text)} is not a card: the deck after # is a number")
            card = card._replace(deck=int(deck))
    return card


_JSON_CODES: dict[Card, str] = {
    card: card.code if card.deck == 0 else f"{card.code}#{card.deck}"
    for card in (Card(rank, suit, deck) for deck in range(3) for suit in Suit for rank in Rank)
    if card.rank is not Rank.JOKER or card.suit in (Suit.HEARTS, Suit.SPADES)
}
_JSON_CARDS: dict[str, Card] = {text: card for card, text in _JSON_CODES.items()}
