"""The set-up each game was last started with, remembered across runs for its set-up screen.

Kept in ``<data folder>/setups.json`` as ``{"version": 1, "games": {GAME: {"seats": [...],
"options": {...}, "turn_seconds": N}}}``: per game, the seats (names and computer players), the
house options and the turn clock (seconds, 0 for off; only for games started with one) of the
last game started, not its seed. Written atomically; a file that cannot be read is never
deleted: it is moved into ``damaged/`` beside it, a one-line message says where, and every
set-up starts from its defaults.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgames.session.record import RecordError, options_from_json, seats_from_json
from cardgames.session.savefile import data_dir, move_into_damaged, write_atomic
from cardgames.session.setup import GameSetup

FILE_NAME = "setups.json"
"""The remembered set-ups' file name inside the data folder."""

VERSION = 1
"""The version of the file this program writes and reads."""


def setups_path(environ: Mapping[str, str] | None = None) -> Path:
    """The remembered set-ups' file: ``<data folder>/setups.json`` (``$CARDGAMES_HOME``
    overrides the data folder)."""
    return data_dir(environ) / FILE_NAME


@dataclass(frozen=True, slots=True)
class Remembered:
    """What :func:`recall` found.

    Attributes:
        setups: The last set-up started of each game, by the game's name (seed 0).
        clocks: The turn clock the last game started had, in seconds (0 = off), by the game's
            name; only games started with a clock chosen.
        message: The one-line message about a damaged file moved aside, or None.
    """

    setups: Mapping[str, GameSetup] = field(default_factory=dict)
    clocks: Mapping[str, float] = field(default_factory=dict)
    message: str | None = None


def recall(path: Path) -> Remembered:
    """The remembered set-ups in ``path``; none if it is missing or may not be read.

    A damaged file (not JSON, of another shape or a newer version) is moved aside and the
    answer's ``message`` says where; the set-ups then start from their defaults.
    """
    try:
        setups, clocks = _read(path)
    except OSError:
        return Remembered()
    except ValueError as error:
        reason = str(error)
    else:
        return Remembered(setups, clocks)
    try:
        return Remembered(message=_set_aside(path, reason))
    except OSError:
        return Remembered(message=f"The remembered set-ups {path} could not be used ({reason}).")


def remember(setup: GameSetup, path: Path, turn_seconds: float | None = None) -> str | None:
    """Store the seats and house options of ``setup`` as its game's remembered set-up in
    ``path`` (written atomically), keeping the other games'.

    Args:
        setup: The game just started.
        path: The file of remembered set-ups.
        turn_seconds: The turn clock it was started with (seconds, 0 = off); None keeps the
            clock remembered before for its game, if any.

    Returns:
        The message about a damaged file moved aside first, or None.

    Raises:
        OSError: If the file may not be read or written, or a damaged one not moved aside.
    """
    message = None
    games: dict[str, GameSetup] = {}
    clocks: dict[str, float] = {}
    try:
        games, clocks = _read(path)
    except FileNotFoundError:
        pass
    except ValueError as error:
        message = _set_aside(path, str(error))
    games[setup.game] = setup
    if turn_seconds is not None:
        clocks[setup.game] = turn_seconds
    text = json.dumps({"version": VERSION, "games": {
        name: _to_json(remembered, clocks.get(name)) for name, remembered in sorted(games.items())
    }}, ensure_ascii=False, indent=1)
    write_atomic(path, text + "\n")
    return message


def _to_json(setup: GameSetup, turn_seconds: float | None) -> dict[str, Any]:
    kept: dict[str, Any] = {
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in setup.seats],
        "options": dict(setup.options),
    }
    if turn_seconds is not None:
        kept["turn_seconds"] = turn_seconds
    return kept


def _read(path: Path) -> tuple[dict[str, GameSetup], dict[str, float]]:
    """The set-ups in ``path`` and the turn clocks kept with them, by game.

    Raises:
        OSError: If it is missing or may not be read.
        ValueError: With the reason, if it is damaged.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise ValueError("it is not a table of set-ups")
    if data.get("version") != VERSION:
        raise ValueError(f"it is of version {data.get('version')!r}, not {VERSION}")
    games = data["games"]
    return ({game: _setup(game, raw) for game, raw in games.items()},
            {game: _clock(game, raw["turn_seconds"]) for game, raw in games.items()
             if "turn_seconds" in raw})


def _setup(game: str, raw: object) -> GameSetup:
    if not isinstance(raw, dict):
        raise RecordError(f"the set-up of {game} is not a table")
    return GameSetup(game, seats_from_json(raw.get("seats")), options_from_json(raw.get("options")))


def _clock(game: str, raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw <= 3600:
        raise RecordError(f"the turn clock of {game} is not a number of seconds")
    return float(raw)


def _set_aside(path: Path, reason: str) -> str:
    """Move the damaged ``path`` aside; the message for the player saying where it went.

    Raises:
        OSError: If it cannot be moved.
    """
    target = move_into_damaged(path)
    return (f"The remembered set-ups {path.name} could not be used ({reason}); "
            f"it was moved to {target}; the set-ups start from their defaults.")
