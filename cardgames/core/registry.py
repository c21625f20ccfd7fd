"""The games of the collection, found by name, title or alias; each is imported only when asked
for."""

from __future__ import annotations

import importlib
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from cardgames.core.errors import quoted

if TYPE_CHECKING:
    from cardgames.core.engine import Game


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the picker needs to list a game without importing it.

    Attributes:
        name: The key used on the command line (``makao``).
        title: The display name (``Makao``).
        aliases: Other names accepted for it (in any case, with or without accents).
        blurb: One line about the game.
        min_players: Fewest seats.
        max_players: Most seats.
        module: The package that holds its Game object ``GAME``, or "" while it is not playable.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    blurb: str
    min_players: int
    max_players: int
    module: str

    @property
    def playable(self) -> bool:
        """True when the game can be played already."""
        return bool(self.module)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "makao", "Makao", ("macao",),
        "Polish shedding game: battle cards, stops and demands.", 2, 6,
        "cardgames.games.makao",
    ),
    GameInfo(
        "shithead", "Shithead", ("vandtia", "skitgubbe"),
        "Swedish rules: swap, clear with 10s and fours, blind play, turn clock.", 2, 4,
        "cardgames.games.shithead",
    ),
    GameInfo(
        "spite_malice", "Spite & Malice", ("spite", "spite-and-malice", "cat-and-mouse"),
        "Czech house rules: race to empty your pay-off pile.", 2, 4,
        "cardgames.games.spite_malice",
    ),
    GameInfo(
        "zoliky", "Žolíky", ("zolik", "rummy"),
        "Czech rummy with jokers: meld, lay off, take jokers back, close.", 2, 6,
        "cardgames.games.zoliky",
    ),
    GameInfo(
        "trash", "Trash", ("garbage",),
        "Fill your layout from ace to ten before anyone else.", 2, 6,
        "cardgames.games.trash",
    ),
)


def _game_key(name: str) -> str:
    """``name`` as games are looked up by: without case, accents and outer spaces, and with a
    hyphen or a space as an underscore (``Žolíky``, ``zolíky`` and ``zoliky`` are alike, and
    ``Spite-Malice`` is ``spite_malice``)."""
    spelled = unicodedata.normalize("NFKD", name.strip().casefold())
    unaccented = "".join(char for char in spelled if not unicodedata.combining(char))
    return unaccented.replace(" ", "_").replace("-", "_")


def find_game(name: str) -> GameInfo:
    """Return the game whose name, title or alias is ``name`` (compared by :func:`_game_key`:
    ``zolíky``, ``Žolíky``, ``ZOLIKY`` and ``zoliky`` are all Žolíky). Every command that
    takes a game's name finds it here.

    Args:
        name: What the player typed.

    Returns:
        The game's entry.

    Raises:
        KeyError: With a message listing the known games, if none matches.
    """
    key = _game_key(name)
    for info in GAMES:
        if key in map(_game_key, (info.name, info.title, *info.aliases)):
            return info
    known = ", ".join(info.name for info in GAMES)
    raise KeyError(f"unknown game {quoted(name)}; the games are: {known}")


def load_game(name: str) -> Game:
    """Import and return the Game object of a playable game.

    Raises:
        KeyError: If the game is unknown.
        LookupError: If the game is not playable yet.
    """
    info = find_game(name)
    if not info.playable:
        raise LookupError(f"{info.title} is coming soon and cannot be played yet")
    module = importlib.import_module(info.module)
    return cast("Game", module.GAME)
