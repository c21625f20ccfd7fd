"""The protocols every game implements, and the values that leave an engine.

A game is a :class:`Game` object (rules, commands, set-up) that makes :class:`State` objects
(one position, mutable inside). Everything that leaves a State (actions, views, events,
outcomes) is an immutable value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar, NamedTuple, Protocol, TypeAlias

from cardgames.core.cards import Card
from cardgames.core.rng import Rng

PlayerId: TypeAlias = int
"""A seat number, 0 .. players-1, clockwise."""

Action: TypeAlias = Any
"""A game's frozen action value; ``str(action)`` is its command text."""

View: TypeAlias = Any
"""A game's frozen view value: what one seat (or the public) may see."""

OptionValue: TypeAlias = bool | int
"""The value of a house option: on/off, or a number (a target score)."""


@dataclass(frozen=True, slots=True)
class WordAction:
    """The base of an action that is one word and nothing else (``draw``, ``take``, ``pass``):
    a subclass, itself a frozen slotted dataclass, sets :attr:`WORD` and its ``str`` is that
    word. Two such actions are equal when they are of the same class."""

    WORD: ClassVar[str] = ""
    """The command a player types for the action."""

    def __str__(self) -> str:
        return self.WORD


class Event(NamedTuple):
    """Something that happened, described per viewer by the game's ``describe``.

    An immutable named tuple rather than a frozen dataclass: every ``apply`` makes events, and
    a named tuple is several times cheaper to build.

    Attributes:
        kind: A short word naming what happened (``"play"``, ``"draw"``, ``"burn"`` …).
        player: The seat it happened to or that did it, or None for the table.
        cards: The cards involved, if any.
        count: A number that matters to the event (cards drawn, turns skipped …).
        private: If True, ``cards`` may be shown only to ``player``; others see ``count``.
        detail: Extra game-specific words (a demanded rank, a direction …).
    """

    kind: str
    player: PlayerId | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0  # type: ignore[assignment]  # shadows tuple.count, which events never use
    private: bool = False
    detail: str = ""

    def for_viewer(self, viewer: PlayerId | None) -> Event:
        """Return this event as ``viewer`` may see it: private cards are dropped for others."""
        if self.private and viewer != self.player and self.cards:
            return Event(self.kind, self.player, (), self.count, True, self.detail)
        return self


new_event: Callable[[tuple[str, PlayerId | None, tuple[Card, ...], int, bool, str]], Event] = (
    partial(tuple.__new__, Event)
)
"""An :class:`Event` from all six of its fields at once, ``(kind, player, cards, count, private,
detail)``: the same value as ``Event(...)`` without the named tuple's Python-level ``__new__``,
for the engines' hot paths."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        ranking: Every seat, best first (for shedding games, the order of going out; the loser
            last).
        winners: The seats that won.
        scores: Points per seat, for games that score; empty otherwise.
    """

    ranking: tuple[PlayerId, ...]
    winners: tuple[PlayerId, ...]
    scores: Mapping[PlayerId, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house option a player can switch at set-up.

    Attributes:
        name: The option's key, as written on the command line (``queens``).
        summary: One line that says what switching it on does.
        default: The spec's default (False for the options the specs list as "off by default").
            An ``int`` default makes the option a number (a target score), not a switch.
    """

    name: str
    summary: str
    default: OptionValue = False


class State(Protocol):
    """One position of a game. Mutable inside; everything it returns is immutable.

    Attributes:
        rng: The seeded RNG of the position; it makes every shuffle of the game.
    """

    rng: Rng

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def current_player(self) -> PlayerId | None:
        """The seat that must act now, or None once the game is over."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``current_player`` in a deterministic order; empty iff over."""
        ...

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for ``current_player``.

        Raises:
            IllegalMove: If the rules forbid it; the state is then exactly unchanged.
        """
        ...

    def view(self, viewer: PlayerId | None) -> View:
        """What ``viewer`` may see (None = the public view shown on the pass screen)."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def clone(self) -> State:
        """A deep, independent copy, RNG included."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON-compatible data; ``Game.state_from_json`` reverses it."""
        ...

    def card_count(self) -> int:
        """How many cards are in play in all zones (for the conservation check)."""
        ...


class Game(Protocol):
    """A game of the collection: its rules, options, commands and set-up."""

    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def new_game(
        self,
        players: int,
        *,
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
        game_number: int = 0,
    ) -> State:
        """Deal a new game.

        Args:
            players: The number of seats.
            seed: Seeds the deal and every later shuffle.
            options: House options by name (on/off, or a number); missing ones take their defaults.
            game_number: How many games these players have played before in a row (0 for the
                first), for games whose starting seat moves on from game to game.

        Raises:
            ValueError: If ``players`` is out of range or an option is unknown.
        """
        ...

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a State saved by ``State.to_json``.

        Raises:
            BadPosition: If the data is malformed or the position impossible; never hangs.
        """
        ...

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full position consistent with everything the seat of ``view`` sees or has seen,
        every card it has not seen dealt at random from ``rng``.

        Raises:
            NotImplementedError: If the game has no sampler.
        """
        ...

    def parse_command(self, view: View, text: str) -> Action:
        """Read a typed command for the seat whose view is given.

        Raises:
            InvalidCommand: If the text cannot be read (unknown verb, bad card code).
            IllegalMove: If it reads but the rules forbid it (cards not held …).
            AmbiguousMove: If it could mean several legal moves.
        """
        ...

    def format_action(self, view: View, action: Action) -> str:
        """The command text of ``action``; ``parse_command`` reads it back to an equal action."""
        ...

    def describe(self, event: Event, viewer: PlayerId | None, names: Sequence[str]) -> str:
        """One log line for ``event`` as ``viewer`` may see it ("Bob drew 2 cards").

        Returns "" when the event says nothing this viewer may learn (the log then skips it).
        """
        ...

    def check_options(self, options: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
        """Every option's value: the given ones checked, the missing ones at their default.

        Raises:
            ValueError: With a message for the player, if an option is unknown or its value does
                not fit it (a number for a switch, a switch or a negative number for a number).
        """
        ...

    def rules_text(self) -> str:
        """The player-facing rules in Markdown (our own words)."""
        ...
