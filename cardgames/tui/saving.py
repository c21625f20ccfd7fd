"""Autosave for the app: the record is built on the UI thread (cheap) and written by one
background thread, in order, so the ~12 ms of fsync a save costs never holds up a key.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime

from cardgames.session.autosave import Autosave
from cardgames.session.record import GameRecord
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup
from cardgames.session.setups import remember, setups_path


def now() -> datetime:
    """The current time, timezone-aware (UTC), for records."""
    return datetime.now(UTC)


class Writer:
    """Writes the games' records and the remembered set-ups in the order asked, off the UI
    thread.

    Args:
        report: Called (on the writing thread) with a one-line message when a write fails or a
            damaged file was moved aside.
    """

    def __init__(self, report: Callable[[str], None]) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardgames-save")
        self._report = report

    def save(self, saver: Autosave, session: Session) -> Future[None]:
        """Queue the record of ``session`` as it is now (and count it once it is over)."""
        record = saver.record(session, now())
        return self._pool.submit(self._write, saver, record)

    def discard(self, saver: Autosave) -> Future[None]:
        """Queue the removal of the game's record (after the writes already queued)."""
        return self._pool.submit(saver.discard)

    def _write(self, saver: Autosave, record: GameRecord) -> None:
        try:
            saver.write(record)
        except Exception as error:
            self._report(f"The game could not be saved: {error}")

    def remember(self, setup: GameSetup, turn_seconds: float | None = None) -> Future[None]:
        """Queue storing the seats, house options and turn clock (seconds, 0 = off; None
        keeps the one stored) of ``setup``, a game just started, for its game's set-up screen
        to start from next time (in this run and the next ones)."""
        return self._pool.submit(self._remember, setup, turn_seconds)

    def _remember(self, setup: GameSetup, turn_seconds: float | None) -> None:
        try:
            message = remember(setup, setups_path(), turn_seconds)
        except OSError as error:
            message = f"The set-up could not be remembered: {error}"
        if message:
            self._report(message)

    def flush(self) -> None:
        """Wait until the writes queued so far are done."""
        self._pool.submit(lambda: None).result()

    def close(self) -> None:
        """Finish the queued writes (at exit)."""
        self._pool.shutdown(wait=True)
