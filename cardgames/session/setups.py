"""The set-up each game was last started with, remembered across runs for its set-up screen.

Kept in ``<data folder>/setups.json`` as ``{"version": 1, "games": {GAME: {"seats": [...],
"options": {...}}}}``: per game, the seats (names and computer players) and the house options
of the last game started, not its seed. Written atomically; a file that cannot be read is never
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
        message: The one-line message about a damaged file moved aside, or None.
    """

    setups: Mapping[str, GameSetup] = field(default_factory=dict)
    message: str | None = None


def recall(path: Path) -> Remembered:
    """The remembered set-ups in ``path``; none if it is missing or may not be read.

    A damaged file (not JSON, of another shape or a newer version) is moved aside and the
    answer's ``message`` says where; the set-ups then start from their defaults.
    """
    try:
        return Remembered(_read(path))
    except OSError:
        return Remembered()
    except ValueError as error:
        reason = str(error)
    try:
        return Remembered(message=_set_aside(path, reason))
    except OSError:
        return Remembered(message=f"The remembered set-ups {path} could not be used ({reason}).")


def remember(setup: GameSetup, path: Path) -> str | None:
    """Store the seats and house options of ``setup`` as its game's remembered set-up in
    ``path`` (written atomically), keeping the other games'.

    Returns:
        The message about a damaged file moved aside first, or None.

    Raises:
        OSError: If the file may not be read or written, or a damaged one not moved aside.
    """
    message = None
    try:
        games = _read(path)
    except FileNotFoundError:
        games = {}
    except ValueError as error:
        games, message = {}, _set_aside(path, str(error))
    games = {**games, setup.game: setup}
    text = json.dumps({"version": VERSION, "games": {
        name: _to_json(remembered) for name, remembered in sorted(games.items())
    }}, ensure_ascii=False, indent=1)
    write_atomic(path, text + "\n")
    return message


def _to_json(setup: GameSetup) -> dict[str, Any]:
    return {
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in setup.seats],
        "options": dict(setup.options),
    }


def _read(path: Path) -> dict[str, GameSetup]:
    """The set-ups in ``path``.

    Raises:
        OSError: If it is missing or may not be read.
        ValueError: With the reason, if it is damaged.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise ValueError("it is not a table of set-ups")
    if data.get("version") != VERSION:
        raise ValueError(f"it is of version {data.get('version')!r}, not {VERSION}")
    return {game: _setup(game, raw) for game, raw in data["games"].items()}


def _setup(game: str, raw: object) -> GameSetup:
    if not isinstance(raw, dict):
        raise RecordError(f"the set-up of {game} is not a table")
    return GameSetup(game, seats_from_json(raw.get("seats")), options_from_json(raw.get("options")))


def _set_aside(path: Path, reason: str) -> str:
    """Move the damaged ``path`` aside; the message for the player saying where it went.

    Raises:
        OSError: If it cannot be moved.
    """
    target = move_into_damaged(path)
    return (f"The remembered set-ups {path.name} could not be used ({reason}); "
            f"it was moved to {target}; the set-ups start from their defaults.")
