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


DEFAULT_NAMES = ("You", "Anna", "Bob", "Cyril", "Dana", "Emil")
HUMAN_NAMES = ("Anna", "Bob", "Cyril", "Dana", "Emil", "Fiona")


def default_seats(
    players: int, bots: int, bot: str | Sequence[str] = "default"
) -> tuple[SeatSpec, ...]:
    """Seats for a quick game: the humans first, then ``bots`` computer players.

    Args:
        players: Total seats.
        bots: How many of them are computer players (0 .. players).
        bot: The bot kind (or level) of every computer seat, or one per computer seat in seat
            order.

    Returns:
        With one human, that seat is called "You"; with several, they get names.

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
    spare = tuple(f"Bot {i}" for i in range(1, players + 1))
    if humans == 1:
        seats = [SeatSpec("You")]
        names = DEFAULT_NAMES[1:] + spare
    else:
        seats = [
            SeatSpec(HUMAN_NAMES[i] if i < len(HUMAN_NAMES) else f"Player {i + 1}")
            for i in range(humans)
        ]
        names = tuple(n for n in DEFAULT_NAMES[1:] if n not in HUMAN_NAMES[:humans]) + spare
    seats.extend(SeatSpec(names[i], kinds[i]) for i in range(bots))
    return tuple(seats)
