"""Deal codes: a short text for one deal, so friends on other machines can play the same cards.

A code is ``GAME-PLAYERS[-OPTIONS]-SEED``, e.g. ``makao-4-q-7XK2``:

* GAME is the game's name (``makao``, ``shithead``);
* PLAYERS the number of seats;
* OPTIONS the house options that differ from their defaults, joined by ``.``: an option is
  written by the initials of its words (``queens`` → ``q``, ``makao-call`` → ``mc``; the whole
  name without hyphens if two options share initials), followed by its number for a number
  option (``t150``) or by ``0`` for a switch that is on by default but turned off;
* SEED the seed in Crockford's base 32 (digits and letters without I, L, O, U), with a leading
  ``U`` for a negative seed and ``+N`` after it for a later game of a series (game number N).

Codes read in any case. Every game of the collection gets its codes from its name and options.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cardgames.core.engine import Game, OptionSpec, OptionValue
from cardgames.core.registry import find_game, load_game
from cardgames.session.setup import GameSetup, SeatSpec

_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {char: value for value, char in enumerate(_DIGITS)}
_VALUES.update({"O": 0, "I": 1, "L": 1})
_TOKEN = re.compile(r"([a-z]+)(\d*)")
_SEED = re.compile(r"(u?)([0-9a-z]+)(?:\+(\d+))?")
_EXAMPLE = "makao-4-q-7XK2"


@dataclass(frozen=True, slots=True)
class Deal:
    """What a deal code says.

    Attributes:
        game: The game's name.
        players: The number of seats.
        options: Every house option of the game with its value.
        seed: The seed of the deal.
        game_number: The game's number in a series (0 for the first).
    """

    game: str
    players: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    game_number: int = 0

    def setup(self, seats: tuple[SeatSpec, ...]) -> GameSetup:
        """The set-up that plays this deal with ``seats`` (``len(seats)`` must be ``players``).

        Raises:
            ValueError: If the number of seats differs from the code's.
        """
        if len(seats) != self.players:
            raise ValueError(f"this deal is for {self.players} players, not {len(seats)}")
        return GameSetup(self.game, seats, dict(self.options), self.seed, self.game_number)


def deal_of(setup: GameSetup) -> Deal:
    """The deal of a set-up (options filled in with their defaults).

    Raises:
        ValueError: If the set-up's game or options are unknown.
    """
    game = _game(setup.game)
    options = _filled(game.name, game.options, setup.options)
    return Deal(game.name, len(setup.seats), options, setup.seed, setup.game_number)


def format_deal(deal: Deal) -> str:
    """The code of ``deal``, e.g. ``makao-4-q-7XK2``.

    Raises:
        ValueError: If the game or an option is unknown.
    """
    specs = _game(deal.game).options
    names = _abbreviations(specs)
    tokens = []
    for spec in specs:
        value = deal.options.get(spec.name, spec.default)
        if value == spec.default and type(value) is type(spec.default):
            continue
        if isinstance(spec.default, bool):
            tokens.append(names[spec.name] + ("" if value else "0"))
        else:
            tokens.append(f"{names[spec.name]}{int(value)}")
    seed = ("U" if deal.seed < 0 else "") + _base32(abs(deal.seed))
    if deal.game_number:
        seed += f"+{deal.game_number}"
    parts = [deal.game, str(deal.players), *([".".join(tokens)] if tokens else []), seed]
    return "-".join(parts)


def deal_code(setup: GameSetup) -> str:
    """The code of the deal of ``setup`` (what the table and game-over screen show)."""
    return format_deal(deal_of(setup))


def parse_deal(text: str) -> Deal:
    """Read a deal code (any case).

    Raises:
        ValueError: With a one-line message if the text is not a deal code, or names an
            unknown or unplayable game, a player count out of range or an unknown option.
    """
    code = text.strip().lower()
    parts = code.split("-")
    if len(parts) not in (3, 4) or not all(parts):
        raise ValueError(f"{text.strip()!r} is not a deal code; a deal code looks like {_EXAMPLE}")
    try:
        info = find_game(parts[0])
    except KeyError as error:
        raise ValueError(f"deal code {text.strip()!r}: {error.args[0]}") from None
    if not info.playable:
        raise ValueError(f"deal code {text.strip()!r}: {info.title} cannot be played yet")
    if not parts[1].isdigit() or not info.min_players <= int(parts[1]) <= info.max_players:
        raise ValueError(
            f"deal code {text.strip()!r}: {info.title} takes "
            f"{info.min_players}-{info.max_players} players, not {parts[1]}"
        )
    specs = load_game(info.name).options
    chosen = _options(text.strip(), parts[2], specs) if len(parts) == 4 else {}
    seed, game_number = _seed(text.strip(), parts[-1])
    return Deal(info.name, int(parts[1]), _filled(info.name, specs, chosen), seed, game_number)


def _game(name: str) -> Game:
    try:
        return load_game(name)
    except (KeyError, LookupError) as error:
        raise ValueError(error.args[0]) from None


def _abbreviations(specs: tuple[OptionSpec, ...]) -> dict[str, str]:
    """Each option's short name: its words' initials, or its letters if initials clash."""
    initials = {spec.name: "".join(word[:1] for word in spec.name.split("-")) for spec in specs}
    clashes = {short for short in initials.values() if list(initials.values()).count(short) > 1}
    return {
        name: re.sub("[^a-z]", "", name.lower()) if short in clashes else short.lower()
        for name, short in initials.items()
    }


def _options(
    text: str, part: str, specs: tuple[OptionSpec, ...]
) -> dict[str, OptionValue]:
    by_short = {short: name for name, short in _abbreviations(specs).items()}
    defaults = {spec.name: spec.default for spec in specs}
    chosen: dict[str, OptionValue] = {}
    for token in part.split("."):
        match = _TOKEN.fullmatch(token)
        name = by_short.get(match.group(1)) if match else None
        if match is None or name is None:
            known = ", ".join(by_short) or "none"
            raise ValueError(
                f"deal code {text!r}: {token!r} is no option; the options are: {known}"
            )
        digits = match.group(2)
        if isinstance(defaults[name], bool):
            if digits not in ("", "0"):
                raise ValueError(f"deal code {text!r}: option {token!r} is on or off")
            chosen[name] = digits == ""
        else:
            if not digits:
                raise ValueError(f"deal code {text!r}: option {token!r} needs a number")
            chosen[name] = int(digits)
    return chosen


def _seed(text: str, part: str) -> tuple[int, int]:
    match = _SEED.fullmatch(part)
    if match is None or any(char.upper() not in _VALUES for char in match.group(2)):
        raise ValueError(f"deal code {text!r}: {part!r} is not a seed; it ends like 7XK2")
    value = 0
    for char in match.group(2):
        value = value * 32 + _VALUES[char.upper()]
    if match.group(1):
        value = -value
    return value, int(match.group(3) or 0)


def _base32(value: int) -> str:
    digits = ""
    while True:
        value, digit = divmod(value, 32)
        digits = _DIGITS[digit] + digits
        if not value:
            return digits


def _filled(
    game: str, specs: tuple[OptionSpec, ...], chosen: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    known = {spec.name for spec in specs}
    for name in chosen:
        if name not in known:
            raise ValueError(f"{game} has no option {name!r}")
    return {spec.name: chosen.get(spec.name, spec.default) for spec in specs}
