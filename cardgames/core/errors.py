"""The errors a front end may show to a player.

Every message is a sentence a player understands. Raising one of these never changes a State.
"""

from __future__ import annotations


class CardGameError(Exception):
    """Base of every error a player's input may cause."""


class InvalidCommand(CardGameError):
    """The text cannot be read as a command of this game (unknown word, bad card code)."""


class IllegalMove(CardGameError):
    """The command is well formed but the rules forbid it now."""


class AmbiguousMove(InvalidCommand):
    """The text could mean more than one legal move; the message lists them."""


class BadPosition(CardGameError):
    """A position read from JSON is malformed or impossible (a card twice, a seat out of range,
    a negative count); the message names the problem. Raised by every ``state_from_json``."""


QUOTE_LIMIT = 30
"""Characters of a player's input a message quotes back; the rest is cut to ``…``."""


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A player's input, quoted for a refusal: ``'9z'``; cut after ``limit`` characters.

    Every message that echoes input uses this, so a pasted 24,000-character command gives a
    one-line refusal, not a screenful.

    Args:
        text: What the player typed (or a word of it).
        limit: The most characters kept.

    Returns:
        The text in quotes (as ``repr`` writes it), ending in ``…`` if it was cut.
    """
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit] + "…")
