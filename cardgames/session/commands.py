"""What a front end gets back from the Session (an accepted move or a rejection with a reason),
and the one history entry that is no move: the redeal left by an undo."""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.core.engine import Action, Event, PlayerId


@dataclass(frozen=True, slots=True)
class Accepted:
    """The move was played.

    Attributes:
        player: The seat that moved.
        action: The action played.
        command: Its command text.
        events: What happened, in order (describe them per viewer with ``Session.describe``).
    """

    player: PlayerId
    action: Action
    command: str
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Rejected:
    """The move was refused and nothing changed.

    Attributes:
        message: Why, in words a player understands.
    """

    message: str


Result = Accepted | Rejected

REDEAL = "#deal"
"""The first word of a redeal line in a game's commands (``#deal 12345``)."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """After an undo, every card the seat could not see was dealt afresh from ``seed``.

    It stands in the history (with the seat whose view was kept) and in the commands of a game,
    as ``#deal 12345``, so a replay deals the same cards again.

    Attributes:
        seed: Seeds the game's ``sample_state``.
    """

    seed: int

    def __str__(self) -> str:
        return f"{REDEAL} {self.seed}"


def parse_redeal(text: str) -> Redeal | None:
    """The Redeal of a ``#deal 12345`` line, or None if ``text`` is no redeal line.

    Raises:
        ValueError: If the line starts with ``#deal`` but has no whole number after it.
    """
    words = text.split()
    if not words or words[0] != REDEAL:
        return None
    if len(words) != 2 or not words[1].isdigit():
        raise ValueError(f"{text!r} is not a redeal line; write {REDEAL} and a whole number")
    return Redeal(int(words[1]))
