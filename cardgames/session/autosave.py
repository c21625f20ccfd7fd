"""Autosave for a front end: one object per game in play that writes its record after every
accepted command and counts the game in the statistics once it is over.

The caller passes the time (``now``, timezone-aware), so the front end owns the clock:

    saver = Autosave.start(session, now)          # a new game
    saver, session = Autosave.resume(saved, now)  # a game from ``saved_games``
    saver.save(session, now)                      # after every accepted command
    saver.discard()                               # leaving without keeping it
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from cardgames.core.engine import PlayerId
from cardgames.session.record import GameRecord, RecordError, record_of
from cardgames.session.savefile import (
    SavedGame,
    delete,
    is_game_id,
    new_game_id,
    open_game,
    read,
    record_path,
    records_dir,
    write_record,
)
from cardgames.session.session import Session
from cardgames.session.stats import StatsError, holds_other, record_game, stats_path


@dataclass(slots=True)
class Autosave:
    """Where and how one game is saved.

    Attributes:
        folder: The records folder.
        stats: The statistics file, or None to keep no statistics (tests, replays).
        id: The game's unique id.
        started: When the game was dealt.
        earlier_seconds: Seconds played in earlier sittings.
        sitting: When this sitting began.
        counted: True once the finished game is in the statistics.
        remote: The seats played from other terminals (a network table's game).
        file: The record file when it is not ``<folder>/<id>.json``: a game continued from a
            record renamed by its player goes on in that file (see :attr:`path`).
    """

    folder: Path
    stats: Path | None
    id: str
    started: datetime
    earlier_seconds: float
    sitting: datetime
    counted: bool = False
    remote: tuple[PlayerId, ...] = ()
    file: Path | None = None

    @property
    def path(self) -> Path:
        """The file the record is written to."""
        return record_path(self.folder, self.id) if self.file is None else self.file

    @classmethod
    def start(
        cls,
        session: Session,
        now: datetime,
        *,
        folder: Path | None = None,
        stats: Path | None = None,
        keep_stats: bool = True,
        game_id: str | None = None,
    ) -> Autosave:
        """Begin saving a new game (nothing is written until the first :meth:`save`).

        Args:
            session: The new game.
            now: The time of the deal.
            folder: The records folder (default: ``records_dir()``).
            stats: The statistics file (default: ``stats_path()``).
            keep_stats: False to keep the game out of the statistics.
            game_id: The id another terminal keeps this same game under (a network table's
                host), so that a data folder shared with it holds one record of the game and
                counts it once. Never trusted: it is taken only if it is an id of this game
                (``savefile.is_game_id``) that neither a record file in ``folder`` nor the
                statistics hold for another game (see :func:`id_free_for`); else the game gets
                a fresh id.
        """
        folder = records_dir() if folder is None else folder
        stats = None if not keep_stats else stats_path() if stats is None else stats
        fresh = new_game_id(session.setup.game, now)
        if game_id is not None and id_free_for(record_of(session, id=game_id, started=now),
                                               folder, stats):
            fresh = game_id
        return cls(
            folder=folder,
            stats=stats,
            id=fresh,
            started=now,
            earlier_seconds=0.0,
            sitting=now,
        )

    @classmethod
    def resume(
        cls,
        saved: SavedGame,
        now: datetime,
        *,
        stats: Path | None = None,
        keep_stats: bool = True,
        **session_options: Any,
    ) -> tuple[Autosave, Session]:
        """Continue a saved game: its Session (replayed) and its saver, which goes on writing
        into the file the game was read from (whatever its name).

        Args:
            saved: A game from ``saved_games`` or ``latest_unfinished``.
            now: The time this sitting begins.
            stats: The statistics file (default: ``stats_path()``).
            keep_stats: False to keep the game out of the statistics.
            **session_options: Passed to :class:`Session` (``clock``, ``turn_seconds``); a
                ``turn_seconds`` of None (or none given) keeps the clock the game was played
                with.

        Raises:
            RecordError: If the record does not replay; it has been moved aside and the
                message says where.
        """
        record = saved.record
        if session_options.get("turn_seconds") is None and record.turn_seconds is not None:
            session_options["turn_seconds"] = record.turn_seconds
        session = open_game(saved, **session_options)
        saver = cls(
            folder=saved.path.parent,
            stats=None if not keep_stats else stats_path() if stats is None else stats,
            id=record.id,
            started=record.started,
            earlier_seconds=record.seconds,
            sitting=now,
            file=saved.path,
        )
        return saver, session

    def record(self, session: Session, now: datetime) -> GameRecord:
        """The record of ``session`` at ``now`` (finished at ``now`` once it is over)."""
        seconds = self.earlier_seconds + max(0.0, (now - self.sitting).total_seconds())
        return record_of(
            session,
            id=self.id,
            started=self.started,
            finished=now if session.is_over else None,
            seconds=round(seconds, 3),
            remote=self.remote,
        )

    def save(self, session: Session, now: datetime) -> Path:
        """Write the record atomically; once the game is over, also count it (once).

        Call it after every accepted command (bots' included) and after an undo.

        Returns:
            The record file.

        Raises:
            OSError: If the records folder cannot be written.
            StatsError: If the statistics file cannot be used (the record is written first).
        """
        return self.write(self.record(session, now))

    def write(self, record: GameRecord) -> Path:
        """Write ``record`` (from :meth:`record`) atomically; once the game is over, also count
        it (once). :meth:`save` is ``write(record(session, now))``; a front end may build the
        record on one thread and write it on another.

        Returns:
            The record file.

        Raises:
            OSError: If the records folder cannot be written.
            StatsError: If the statistics file cannot be used (the record is written first).
        """
        path = self.path
        write_record(record, path)
        if record.is_finished and self.stats is not None and not self.counted:
            record_game(self.stats, record)
            self.counted = True
        return path

    def discard(self) -> None:
        """Remove the record: the player left the game and chose not to keep it."""
        delete(self.path)


def id_free_for(record: GameRecord, folder: Path, stats: Path | None) -> bool:
    """True if the game of ``record`` may be kept under its id (an id from a peer) without
    taking another game's place.

    That is: the id is one of this game (``savefile.is_game_id``); the record file of that id
    in ``folder``, if there is one, is readable and of this same game (the same set-up, its
    commands those of ``record`` or the first of them: the host's record written a move before
    this one); and the statistics do not count the id for another game.

    Args:
        record: The game to keep, under the id proposed.
        folder: The records folder.
        stats: The statistics file (None: none kept).
    """
    if not is_game_id(record.id, record.setup.game):
        return False
    path = record_path(folder, record.id)
    if path.exists() or path.is_symlink():
        try:
            kept = read(path)
        except RecordError:
            return False
        if (kept.setup != record.setup
                or record.commands[:len(kept.commands)] != kept.commands):
            return False
    try:
        return stats is None or not holds_other(stats, record)
    except StatsError:
        return False
