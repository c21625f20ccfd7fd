"""Game records on disk: atomic writes, the records folder, the unfinished-games list.

Records live in ``<data folder>/records/<id>.json``; the data folder is the user data folder
from platformdirs, or ``$CARDGAMES_HOME`` when set. A record that cannot be read is never
deleted: it is moved into ``records/damaged/`` and a one-line message says where.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cardgames.core.registry import find_game
from cardgames.session.record import (
    GameRecord,
    RecordError,
    describe_record,
    record_from_json,
    record_to_json,
    session_of,
)
from cardgames.session.session import Session

HOME_VARIABLE = "CARDGAMES_HOME"
"""The environment variable that overrides the data folder."""

DAMAGED = "damaged"
"""The subfolder of the records folder that damaged records are moved into."""

STALE_SECONDS = 3600
"""Age after which a temporary file left by a crash during a write is removed."""


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder for records and statistics: ``$CARDGAMES_HOME`` or the user data folder.

    Args:
        environ: The environment to read (default ``os.environ``).
    """
    env = os.environ if environ is None else environ
    home = env.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cardgames", appauthor=False))


def records_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder that holds the game records (``<data folder>/records``); not created here."""
    return data_dir(environ) / "records"


def new_game_id(game: str, started: datetime) -> str:
    """A new unique game id such as ``20261201-105741-makao-3fa9c2`` (sorts by start time)."""
    return f"{started:%Y%m%d-%H%M%S}-{game}-{secrets.token_hex(3)}"


def is_game_id(text: str, game: str) -> bool:
    """True if ``text`` is an id :func:`new_game_id` could have given a game of ``game`` (its
    name): a real date and time, the name, six lower-case hex digits; nothing else, so it is
    safe as a file name.

    Args:
        text: The id to check (from a peer, say).
        game: The game's name (``makao``).
    """
    pattern = rf"(\d{{8}}-\d{{6}})-{re.escape(game)}-[0-9a-f]{{6}}"
    match = re.fullmatch(pattern, text, flags=re.ASCII)
    if match is None:
        return False
    try:
        datetime.strptime(match.group(1), "%Y%m%d-%H%M%S")
    except ValueError:
        return False
    return True


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader (or a crash) sees the old or the new file,
    never a part: a temporary file in the same folder, flushed and synced, then renamed.

    Raises:
        OSError: If the folder cannot be written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save(record: GameRecord, folder: Path) -> Path:
    """Write ``record`` atomically as ``<folder>/<id>.json`` (the autosave after each command).

    Returns:
        The file written.

    Raises:
        OSError: If the folder cannot be written.
    """
    path = record_path(folder, record.id)
    write_record(record, path)
    return path


def write_record(record: GameRecord, path: Path) -> None:
    """Write ``record`` atomically as the file ``path`` (see :func:`write_atomic`).

    Raises:
        OSError: If the folder cannot be written.
    """
    text = json.dumps(record_to_json(record), ensure_ascii=False, separators=(",", ":"))
    write_atomic(path, text)


def read(path: Path) -> GameRecord:
    """Read one record file (its shape only; :func:`open_game` also replays it).

    Raises:
        RecordError: If the file cannot be read, is not JSON or not a valid record.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError("there is no such file") from None
    except IsADirectoryError:
        raise RecordError("it is a folder, not a game record") from None
    except PermissionError:
        raise RecordError("it may not be read (permission denied)") from None
    except UnicodeDecodeError:
        raise RecordError("it is not a game record (not text)") from None
    except OSError as error:
        raise RecordError(f"it cannot be read ({type(error).__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(_json_fault(text, error)) from None
    return record_from_json(data)


def _json_fault(text: str, error: json.JSONDecodeError) -> str:
    """Why ``text`` is not a record, in words: empty, not JSON at all (a record starts with
    ``{``), JSON cut short (the error is at its very end, or a string never ends), or JSON
    damaged at a place (its line and column)."""
    body = text.strip()
    if not body:
        return "it is empty, not a game record"
    if body[0] not in "{[":
        return "it is not a game record (not JSON)"
    if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
        return "it is cut short: its JSON ends early"
    return f"it is damaged: not valid JSON at line {error.lineno}, column {error.colno}"


def move_aside(path: Path, reason: str) -> str:
    """Move a record that cannot be used into the ``damaged`` subfolder, keeping it.

    Args:
        path: The record file.
        reason: Why it cannot be used (a clause, e.g. from RecordError).

    Returns:
        The one-line message for the player, saying where the file went.
    """
    target = move_into_damaged(path)
    return f"The saved game {path.name} could not be used ({reason}); it was moved to {target}."


def move_into_damaged(path: Path) -> Path:
    """Move ``path`` into the ``damaged`` subfolder beside it, keeping it (never over a file
    already there: a number is added to its name).

    Returns:
        Where it went.

    Raises:
        OSError: If it cannot be moved.
    """
    target_dir = path.parent / DAMAGED
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / path.name
    number = 1
    while target.exists():
        target = target_dir / f"{path.stem}.{number}{path.suffix}"
        number += 1
    os.replace(path, target)
    return target


SHORT_REASONS = (
    ("it is cut short", "cut short"),
    ("it is empty", "empty"),
    ("it is not a game record (not JSON)", "not JSON"),
    ("it is damaged: not valid JSON", "bad JSON"),
    ("it is not a game record (not text)", "not text"),
    ("it was written by a newer cardgames", "newer version"),
    ("it is a game of", "unknown game"),
    ("it may not be read", "no permission"),
)
"""The few words that stand for a reason (by how the reason starts) in the one notice about
every damaged record (:func:`damaged_notice`)."""


def short_reason(reason: str) -> str:
    """A reason why a record cannot be used (a :class:`RecordError` message) in a word or two,
    such as "cut short" or "not JSON"; any other reason is "not a game record"."""
    for start, short in SHORT_REASONS:
        if reason.startswith(start):
            return short
    return "not a game record"


@dataclass(frozen=True, slots=True)
class Damaged:
    """A record that could not be used and was moved aside.

    Attributes:
        name: Its file name in the records folder.
        reason: Why it could not be used (a clause, from RecordError).
        moved_to: The file it is now, in the ``damaged`` subfolder.
    """

    name: str
    reason: str
    moved_to: Path

    @property
    def message(self) -> str:
        """The one-line message about this record alone, saying where it went."""
        return (f"The saved game {self.name} could not be used ({self.reason}); "
                f"it was moved to {self.moved_to}.")


NOTICE_NAMES = 4
"""At most this many file names are listed in :func:`damaged_notice`; the rest are counted."""


def damaged_notice(damaged: Sequence[Damaged], home: Path | None = None) -> str:
    """One short notice about every record moved aside, a line each, so that it reads whole in
    a notice on a small terminal: what happened, the file names (at most :data:`NOTICE_NAMES`,
    then "and 3 more"), then where they went, each folder in full on its own line::

        Could not read 2 saved games:
        a.json (cut short)
        b.json (not JSON)
        They were moved, not deleted, to
        ~/.local/share/cardgames/records/damaged

    Args:
        damaged: The records moved aside (not empty).
        home: The folder written as ``~`` (default: the user's home folder).

    Returns:
        The notice, its lines joined by newlines.
    """
    lines = ["Could not read a saved game:" if len(damaged) == 1
             else f"Could not read {len(damaged)} saved games:"]
    for item in damaged[:NOTICE_NAMES]:
        renamed = "" if item.moved_to.name == item.name else f", now {item.moved_to.name}"
        lines.append(f"{item.name} ({short_reason(item.reason)}{renamed})")
    rest = len(damaged) - NOTICE_NAMES
    if rest > 0:
        lines.append(f"and {rest} more")
    lines.append(f"{'It was' if len(damaged) == 1 else 'They were'} moved, not deleted, to")
    lines.extend(_tilde(folder, home)
                 for folder in sorted({item.moved_to.parent for item in damaged}))
    return "\n".join(lines)


def _tilde(folder: Path, home: Path | None) -> str:
    """``folder`` with the home folder written as ``~`` (shorter, and still exact)."""
    try:
        home = Path.home() if home is None else home
        return str(Path("~") / folder.relative_to(home))
    except (ValueError, RuntimeError):
        return str(folder)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One record in a list of saved games.

    Attributes:
        path: Its file.
        record: The record.
        description: One line such as "Makao, you and 3 computer players, 41 moves".
        saved: When the file was last written (seconds since the epoch).
    """

    path: Path
    record: GameRecord
    description: str
    saved: float


@dataclass(frozen=True, slots=True)
class Listing:
    """What :func:`saved_games` found.

    Attributes:
        games: The usable records, most recently saved first.
        damaged: The records that could not be used and were moved aside.
    """

    games: tuple[SavedGame, ...]
    damaged: tuple[Damaged, ...] = ()

    @property
    def messages(self) -> tuple[str, ...]:
        """One line per damaged record moved aside, saying where it went."""
        return tuple(item.message for item in self.damaged)


def saved_games(folder: Path, *, finished: bool = False, network: bool = False) -> Listing:
    """The unfinished (or, with ``finished``, the finished) games in ``folder``, newest first.

    An unfinished game of a network table is listed only with ``network`` (and then only those):
    continued at one terminal it would show the hands of the people who played it at others, so
    only ``cardgames host --resume`` continues it. Damaged, truncated, wrong-typed, unknown-game
    and newer-version records are moved aside (see :func:`move_aside`) and reported in
    ``messages``; the listing goes on with the rest. A missing folder lists nothing.
    """
    games: list[SavedGame] = []
    damaged: list[Damaged] = []
    try:
        paths = sorted(folder.glob("*.json"))
        _clear_stale_temporaries(folder)
    except OSError:
        paths = []
    for path in paths:
        try:
            saved = path.stat().st_mtime
            record = read(path)
        except FileNotFoundError:
            continue
        except RecordError as error:
            damaged.append(Damaged(path.name, str(error), move_into_damaged(path)))
            continue
        if record.is_finished == finished and (finished or bool(record.remote) == network):
            games.append(SavedGame(path, record, describe_record(record), saved))
    games.sort(key=lambda game: (game.saved, game.record.started), reverse=True)
    return Listing(tuple(games), tuple(damaged))


def _clear_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files of writes cut short long ago (the record itself is whole)."""
    import time

    limit = time.time() - STALE_SECONDS
    for temporary in folder.glob(".*.tmp"):
        try:
            if temporary.stat().st_mtime < limit:
                temporary.unlink()
        except FileNotFoundError:
            continue


def latest_unfinished(
    folder: Path, game: str | None = None, *, network: bool = False
) -> tuple[SavedGame | None, Listing]:
    """The most recently saved unfinished game (of ``game``, a name or alias, if given); with
    ``network``, of a network table (see :func:`saved_games`).

    Returns:
        That game or None, and the whole listing (for its messages).

    Raises:
        KeyError: If ``game`` names no game of the collection.
    """
    name = None if game is None else find_game(game).name
    listing = saved_games(folder, network=network)
    for saved in listing.games:
        if name is None or saved.record.setup.game == name:
            return saved, listing
    return None, listing


def saved_game(path: Path, folder: Path) -> SavedGame:
    """The record file ``path`` as a saved game, to be continued.

    A file in ``folder`` (the records folder) that is no readable record is moved aside, as a
    listing moves it; a file elsewhere, or one that is not there, is left as it is.

    Args:
        path: The record file.
        folder: The records folder.

    Raises:
        RecordError: With the one-line message saying why it cannot be read (and, for a file
            moved aside, where it went).
    """
    try:
        record = read(path)
    except RecordError as error:
        if path.is_file() and path.resolve().parent == folder.resolve():
            raise RecordError(move_aside(path, str(error))) from None
        raise RecordError(f"The file {path} could not be used ({error}).") from None
    return SavedGame(path, record, describe_record(record), path.stat().st_mtime)


def open_game(saved: SavedGame, **kwargs: object) -> Session:
    """Resume a listed game: replay its record into a Session (see ``record.session_of``).

    A record whose commands do not replay is moved aside too.

    Raises:
        RecordError: With the one-line message saying why and where the file went.
    """
    try:
        return session_of(saved.record, **kwargs)
    except RecordError as error:
        raise RecordError(move_aside(saved.path, str(error))) from None


def record_path(folder: Path, game_id: str) -> Path:
    """The file of the record of game ``game_id`` in ``folder``."""
    return folder / f"{game_id}.json"


def delete(path: Path) -> None:
    """Remove a record the player chose not to keep (when leaving a game)."""
    path.unlink(missing_ok=True)
