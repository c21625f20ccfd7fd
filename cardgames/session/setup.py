"""What a game is started from: the game, the seats, the house options and the seed.

Kept free of Textual so the command line can validate a set-up without importing the UI.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from cardgames.bots.levels import level_name
from cardgames.core.engine import OptionValue
from cardgames.core.registry import find_game, load_game


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat at the table.

    Attributes:
        name: The player's name as shown at the table.
        bot: The computer player of this seat (a key of the game's ``bots()``: a level ``easy``,
            ``normal`` or ``hard``, or one of the game's own bots such as ``random``), "default"
            for the default level, or None for a human.
    """

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        """True for a seat played by a person."""
        return self.bot is None

    @property
    def level(self) -> str | None:
        """The computer player's level as shown at the table ("default" is ``normal``), or None
        for a human."""
        if self.bot is None:
            return None
        return level_name(self.bot)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything needed to deal a game and to replay it.

    Attributes:
        game: The game's name (``makao``).
        seats: One entry per seat, seat 0 first.
        options: House options switched on or off; missing ones take the spec's default.
        seed: The seed of the deal and of every reshuffle.
        game_number: Games these players played before in a row ("play again" adds one), for
            games whose starting seat moves on (MK-2).
    """

    game: str
    seats: tuple[SeatSpec, ...]
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    game_number: int = 0

    def next_game(self) -> GameSetup:
        """The set-up of the next game with the same players: a new seed, the next game number."""
        return replace(self, seed=self.seed + 1, game_number=self.game_number + 1)

    def check(self) -> None:
        """Validate the set-up against the game's limits.

        Raises:
            ValueError: With a one-line message, if the game is unknown or not playable, the
                number of seats is out of range, or an option is unknown.
        """
        try:
            info = find_game(self.game)
        except KeyError as error:
            raise ValueError(error.args[0]) from None
        if not info.playable:
            raise ValueError(f"{info.title} is coming soon and cannot be played yet")
        count = len(self.seats)
        if not info.min_players <= count <= info.max_players:
            raise ValueError(
                f"{info.title} takes {info.min_players}-{info.max_players} players, not {count}"
            )
        if self.options:
            load_game(info.name).check_options(self.options)


NAME_LIMIT = 12
"""Characters a player's name may have, at one terminal or at a network table: the boards have
room for no more (a seat's box, or a line of the players' box, beside its level, at 80 columns)."""

MIN_TURN_SECONDS = 5
"""The shortest turn clock a game can be started with, in seconds (0 switches the clock off):
less leaves no time to read the table before the turn is played for the player."""

MAX_TURN_SECONDS = 3600
"""The longest turn clock a game can be started with, in seconds."""


def turn_clock_problem(seconds: float) -> str | None:
    """Why ``seconds`` cannot be a game's turn clock, in words for the player, or None if it can
    (0, off, or :data:`MIN_TURN_SECONDS` to :data:`MAX_TURN_SECONDS`).

    Args:
        seconds: The turn clock asked for (on the set-up screen or with ``--turn-seconds``).
    """
    if seconds == 0 or MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        return None
    return (f"The turn clock must be 0 (off) or at least {MIN_TURN_SECONDS} seconds "
            f"(at most {MAX_TURN_SECONDS}), not {seconds:g}")


DEFAULT_NAMES = ("You", "Anna", "Bob", "Cyril", "Dana", "Emil")
"""The seats' names when one person plays: the person in seat 1, then computer players."""

MAX_SEATS = 6
"""The most seats any game has: as many stand-in names of each kind are kept for computers."""

SPARE_NAMES = (*DEFAULT_NAMES[1:], "Fiona",
               *(f"Bot {seat}" for seat in range(1, MAX_SEATS + 1)),
               *(f"Computer {seat}" for seat in range(1, MAX_SEATS + 1)))
"""The names a computer player may take, in order, when its own would clash with a person's:
more than any table needs, whatever names its people have."""


def confusable(name: str, other: str) -> bool:
    """Whether two names could be taken for each other at a table: ignoring case and outer
    spaces, they are the same, one starts the other ("Ann" and "Anna") or they start with the
    same three letters ("Cyrus" and "Cyril"). An empty name is confusable with none.
    """
    first, second = name.strip().casefold(), other.strip().casefold()
    if not first or not second:
        return False
    return first.startswith(second) or second.startswith(first) or first[:3] == second[:3]


def computer_names(count: int, people: Sequence[str]) -> list[str]:
    """``count`` names for the computer players at a table of ``people`` (the persons' names):
    Anna, Bob, Cyril, ... in order, leaving out every name confusable with a person's.

    Args:
        count: How many computer players (at most :data:`MAX_SEATS`).
        people: The persons' names.

    Returns:
        ``count`` distinct names, none confusable with any of ``people``.
    """
    spare = [name for name in SPARE_NAMES
             if not any(confusable(name, person) for person in people)]
    return spare[:count]


def seat_names(humans: Sequence[bool], people: Sequence[str] = ()) -> list[str]:
    """Default names for seats that are human (True) or computer (False), all distinct.

    A name belongs to its seat, so switching one seat never renames another one's computer
    player: a computer player is called after its seat (Anna in seat 2, Bob in seat 3, ...). A
    person alone at the terminal is "You"; at a hot-seat table the people are "Player 1",
    "Player 2", ... by seat, which the pass screen tells apart and which no one would type as
    their own name (a person's name such as Anna would clash with the name someone types). A
    computer player whose name is confusable with a name typed for a person (Anna beside an
    Ann, see :func:`confusable`) takes the first spare name no other seat has that is not.

    Args:
        humans: Per seat, whether a person plays it.
        people: The names typed for the persons' seats.

    Returns:
        One name per seat, in seat order.
    """
    alone = sum(humans) == 1
    computers = ("Fiona", *DEFAULT_NAMES[1:])
    names = [
        ("You" if alone else f"Player {seat + 1}") if human
        else computers[seat] if seat < len(computers) else f"Bot {seat + 1}"
        for seat, human in enumerate(humans)
    ]
    clashing = [seat for seat, human in enumerate(humans)
                if not human and any(confusable(names[seat], person) for person in people)]
    taken = {name.casefold() for seat, name in enumerate(names) if seat not in clashing}
    spare = (name for name in computer_names(len(SPARE_NAMES), people)
             if name.casefold() not in taken)
    for seat in clashing:
        names[seat] = next(spare)
    return names


def default_seats(
    players: int, bots: int, bot: str | Sequence[str] = "default"
) -> tuple[SeatSpec, ...]:
    """Seats for a quick game: the humans first, then ``bots`` computer players, named as the
    set-up screen names them (:func:`seat_names`).

    Args:
        players: Total seats.
        bots: How many of them are computer players (0 .. players).
        bot: The bot kind (or level) of every computer seat, or one per computer seat in seat
            order.

    Returns:
        With one human, that seat is called "You"; with several, "Player 1", "Player 2", ...

    Raises:
        ValueError: If ``bots`` is out of range, or ``bot`` is a list of another length.
    """
    if not 0 <= bots <= players:
        raise ValueError(f"--bots must be between 0 and {players}")
    kinds = (bot,) * bots if isinstance(bot, str) else tuple(bot)
    if len(kinds) != bots:
        raise ValueError(f"give one level for all {bots} computer players or one for each, "
                         f"not {len(kinds)}")
    humans = players - bots
    names = seat_names([seat < humans for seat in range(players)])
    return tuple(
        SeatSpec(name) if seat < humans else SeatSpec(name, kinds[seat - humans])
        for seat, name in enumerate(names)
    )
