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
from cardgames.session.record import GameRecord, record_of
from cardgames.session.savefile import (
    SavedGame,
    delete,
    new_game_id,
    open_game,
    record_path,
    records_dir,
    save,
)
from cardgames.session.session import Session
from cardgames.session.stats import record_game, stats_path


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
    """

    folder: Path
    stats: Path | None
    id: str
    started: datetime
    earlier_seconds: float
    sitting: datetime
    counted: bool = False
    remote: tuple[PlayerId, ...] = ()

    @classmethod
    def start(
        cls,
        session: Session,
        now: datetime,
        *,
        folder: Path | None = None,
        stats: Path | None = None,
        keep_stats: bool = True,
    ) -> Autosave:
        """Begin saving a new game (nothing is written until the first :meth:`save`).

        Args:
            session: The new game.
            now: The time of the deal.
            folder: The records folder (default: ``records_dir()``).
            stats: The statistics file (default: ``stats_path()``).
            keep_stats: False to keep the game out of the statistics.
        """
        return cls(
            folder=records_dir() if folder is None else folder,
            stats=None if not keep_stats else stats_path() if stats is None else stats,
            id=new_game_id(session.setup.game, now),
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
        """Continue a saved game: its Session (replayed) and its saver.

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
        path = save(record, self.folder)
        if record.is_finished and self.stats is not None and not self.counted:
            record_game(self.stats, record)
            self.counted = True
        return path

    def discard(self) -> None:
        """Remove the record: the player left the game and chose not to keep it."""
        delete(record_path(self.folder, self.id))
