"""Statistics of finished games, in an SQLite file in the data folder (``stats.sqlite3``).

One row per finished game, with one row per seat, written in one transaction keyed by the game's
unique id: a game is counted exactly once, even if it is recorded twice or the process is killed
during the write. An id already counted for another game (an id a network table's host chose, say)
never takes that game's place: the new game is counted under a fresh id. The schema carries its
version in ``PRAGMA user_version``; opening an older file migrates it step by step, and a newer one
is refused rather than damaged.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from cardgames.bots.levels import level_name
from cardgames.session.record import GameRecord
from cardgames.session.savefile import data_dir, new_game_id

FILE_NAME = "stats.sqlite3"
"""The statistics file's name inside the data folder."""

_V1 = """
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    game_number INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    started TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    score INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_name ON seats(name);
"""


def _create_v1(connection: sqlite3.Connection) -> None:
    for statement in filter(str.strip, _V1.split(";")):
        connection.execute(statement)


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_create_v1,)
"""``MIGRATIONS[n]`` brings a file from schema version n to n + 1."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this program writes."""


def stats_path(environ: Mapping[str, str] | None = None) -> Path:
    """The statistics file: ``<data folder>/stats.sqlite3`` (``$CARDGAMES_HOME`` overrides)."""
    return data_dir(environ) / FILE_NAME


class StatsError(Exception):
    """The statistics file cannot be used (written by a newer cardgames, or not a database)."""


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating or migrating as needed) the statistics file at ``path``.

    Raises:
        StatsError: If the file is of a newer schema version or not an SQLite database.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, isolation_level=None, timeout=10)
    try:
        with _transaction(connection):
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StatsError(
                    f"the statistics in {path} were written by a newer cardgames "
                    f"(schema {version}; this one knows up to {SCHEMA_VERSION})"
                )
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](connection)
            if version != SCHEMA_VERSION:
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except sqlite3.DatabaseError as error:
        connection.close()
        raise StatsError(f"the statistics file {path} cannot be read ({error})") from None
    except BaseException:
        connection.close()
        raise
    return connection


def record_game(path: Path, record: GameRecord) -> bool:
    """Count a finished game in the statistics, once.

    A game whose id is counted already for another game (see :func:`holds_other`) is counted
    under a fresh id, so neither game is lost.

    Args:
        path: The statistics file.
        record: A finished game (its ``id`` makes it unique).

    Returns:
        True if it was counted now, False if it had been counted before.

    Raises:
        ValueError: If the game is not finished.
        StatsError: If the file cannot be used.
    """
    result = record.result
    if result is None or record.finished is None:
        raise ValueError("only a finished game goes into the statistics")
    setup = record.setup
    connection = connect(path)
    try:
        with _transaction(connection):
            game_id = record.id
            row = (setup.game, _options_text(record), setup.seed, setup.game_number,
                   record.moves, record.seconds, record.started.isoformat(),
                   record.finished.isoformat())
            while not _insert_game(connection, (game_id, *row)):
                if not _other_game(connection, record, game_id):
                    return False
                game_id = new_game_id(setup.game, record.started)
            place = {seat: index + 1 for index, seat in enumerate(result.ranking)}
            connection.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id, seat, spec.name, spec.bot, place.get(seat, len(setup.seats)),
                        int(seat in result.winners), result.scores.get(seat),
                    )
                    for seat, spec in enumerate(setup.seats)
                ],
            )
        return True
    finally:
        connection.close()


def holds_other(path: Path, record: GameRecord) -> bool:
    """True if the statistics count ``record.id`` for another game than ``record``'s.

    Args:
        path: The statistics file (a missing file holds nothing).
        record: A game, finished or not.

    Raises:
        StatsError: If the file cannot be used.
    """
    if not path.exists():
        return False
    connection = connect(path)
    try:
        return _other_game(connection, record, record.id)
    finally:
        connection.close()


def _options_text(record: GameRecord) -> str:
    """The house options of ``record`` as the ``games`` table keeps them."""
    return json.dumps(dict(record.setup.options), sort_keys=True)


def _insert_game(connection: sqlite3.Connection, row: tuple[object, ...]) -> bool:
    """Add ``row`` (the id first) to the ``games`` table; False if its id is counted already."""
    cursor = connection.execute("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                row)
    return cursor.rowcount == 1


def _other_game(connection: sqlite3.Connection, record: GameRecord, game_id: str) -> bool:
    """True if ``game_id`` is counted for a game other than ``record``'s: another game, house
    options, seed, number of moves or seat names (False if it is not counted at all)."""
    row = connection.execute(
        "SELECT id, game, options, seed, moves FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return False
    names = [name for (name,) in connection.execute(
        "SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]
    setup = record.setup
    return (tuple(row) != (game_id, setup.game, _options_text(record), setup.seed, record.moves)
            or names != [seat.name for seat in setup.seats])


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures in one game.

    Attributes:
        name: The player's name.
        bot: The computer player's level (``easy``, ``normal``, ``hard``) or the game's own bot
            (``random``), None for a person; a player's figures are kept per level.
        game: The game's name (``makao``).
        played: Games finished.
        won: Games won.
        win_percent: ``100 * won / played``.
        current_streak: Wins in a row up to the latest game (0 if it was lost).
        best_streak: The longest run of wins in a row.
        average_moves: Moves per game (all seats' moves: the length of the game).
    """

    name: str
    bot: str | None
    game: str
    played: int
    won: int
    win_percent: float
    current_streak: int
    best_streak: int
    average_moves: float


def player_stats(
    path: Path, game: str | None = None, *, people_only: bool = True
) -> list[PlayerStats]:
    """The figures per player name and game, people first by name, then by game.

    Args:
        path: The statistics file (a missing file gives an empty list).
        game: Only this game's name, if given.
        people_only: Leave out the computer players.

    Raises:
        StatsError: If the file cannot be used.
    """
    if not path.exists():
        return []
    connection = connect(path)
    try:
        rows = connection.execute(
            "SELECT seats.name, seats.bot, games.game, seats.won, games.moves FROM seats "
            "JOIN games ON games.id = seats.game_id "
            "WHERE (? IS NULL OR games.game = ?) AND (? = 0 OR seats.bot IS NULL) "
            "ORDER BY games.finished, games.started, games.id",
            (game, game, int(people_only)),
        ).fetchall()
    finally:
        connection.close()
    runs: dict[tuple[str, str | None, str], list[tuple[bool, int]]] = {}
    for name, bot, game_name, won, moves in rows:
        kind = None if bot is None else level_name(bot)
        runs.setdefault((name, kind, game_name), []).append((bool(won), moves))
    figures = [_figures(key, games) for key, games in runs.items()]
    figures.sort(key=lambda row: (row.bot is not None, row.name, row.bot or "", row.game))
    return figures


def _figures(key: tuple[str, str | None, str], games: list[tuple[bool, int]]) -> PlayerStats:
    name, bot, game = key
    streak = best = 0
    for won, _ in games:
        streak = streak + 1 if won else 0
        best = max(best, streak)
    won_count = sum(won for won, _ in games)
    return PlayerStats(
        name=name,
        bot=bot,
        game=game,
        played=len(games),
        won=won_count,
        win_percent=100 * won_count / len(games),
        current_streak=streak,
        best_streak=best,
        average_moves=sum(moves for _, moves in games) / len(games),
    )
