"""What a front end gets back from the Session: an accepted move or a rejection with a reason."""

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
