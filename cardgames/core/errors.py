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
