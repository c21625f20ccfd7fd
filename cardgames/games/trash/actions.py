"""The actions of Trash: frozen values whose ``str`` is the command a player types.

Only the real choices of a turn are actions (TR-4 … TR-7): where the card comes from (``draw``,
``take``), where a jack goes (``place 7``) and whether a pip card replaces a face-up jack
(``replace`` / ``keep``). Every other placement of the chain is made by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cardgames.core.engine import WordAction


@dataclass(frozen=True, slots=True)
class Draw(WordAction):
    """Take the top card of the stock (TR-4); the stock is rebuilt first if it is empty (TR-8)."""

    WORD = "draw"


@dataclass(frozen=True, slots=True)
class Take(WordAction):
    """Take the top card of the discard pile, allowed only when it can be placed (TR-4)."""

    WORD = "take"


@dataclass(frozen=True, slots=True)
class Place:
    """Put the jack in hand on the own face-down position ``position`` (TR-6).

    Attributes:
        position: The position, 1 (ace) to the layout size.
    """

    position: int

    def __str__(self) -> str:
        return f"place {self.position}"


@dataclass(frozen=True, slots=True)
class Replace(WordAction):
    """Put the pip card in hand on its position, which shows a jack; the jack is taken (TR-5)."""

    WORD = "replace"


@dataclass(frozen=True, slots=True)
class Keep(WordAction):
    """Leave the face-up jack where it is: the pip card in hand is discarded (TR-5, TR-7)."""

    WORD = "keep"


Action: TypeAlias = Draw | Take | Place | Replace | Keep
"""Every Trash action."""

DRAW = Draw()
"""The one Draw action."""
TAKE = Take()
"""The one Take action."""
REPLACE = Replace()
"""The one Replace action."""
KEEP = Keep()
"""The one Keep action."""
PLACES = tuple(Place(position) for position in range(1, 11))
"""``PLACES[p - 1]`` is ``Place(p)``, for positions 1 to 10."""
