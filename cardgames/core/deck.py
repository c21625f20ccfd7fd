"""Building decks of cards."""

from __future__ import annotations

from cardgames.core.cards import Card, Rank, Suit

_PLAIN_RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)


def build_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """Return a new, unshuffled list of cards.

    Args:
        decks: How many 52-card decks (1 or more); cards of deck ``i`` carry ``deck=i``.
        jokers: Jokers per deck, alternating red and black (0, 1 or 2).

    Returns:
        ``52 * decks + jokers * decks`` cards, suit by suit, ace high last.

    Raises:
        ValueError: If ``decks`` < 1 or ``jokers`` is not 0-2.
    """
    if decks < 1 or not 0 <= jokers <= 2:
        raise ValueError("decks must be >= 1 and jokers 0-2")
    cards = [
        Card(rank, suit, index) for index in range(decks) for suit in Suit for rank in _PLAIN_RANKS
    ]
    for index in range(decks):
        cards.extend(
            Card(Rank.JOKER, Suit.HEARTS if j % 2 == 0 else Suit.SPADES, index)
            for j in range(jokers)
        )
    return cards
