"""The lock of a game being played from its record, so two windows never play (and save) one
record at once.

An advisory ``flock`` on a lock file beside the record (``.<record name>.lock``), held while the
game is played. The system lets it go when the process ends, even by a crash or a kill, so a lock
file left behind blocks nobody. A process may take the lock of a record it holds already (the
command line holds it for the whole run, the app again while the table is shown); it is let go
when every holder has released it. Where there is no ``fcntl`` (Windows) nothing is locked.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None  # type: ignore[assignment]

_HELD: dict[Path, tuple[int, int]] = {}
"""The lock files this process holds: lock file → (its descriptor, how many hold it)."""


class GameInUse(Exception):
    """Another process plays the game of this record; the message is one line for the player."""


def lock_file(record: Path) -> Path:
    """The lock file of the game played from ``record`` (beside the file it really is)."""
    real = record.resolve()
    return real.parent / f".{real.name}.lock"


def acquire(record: Path) -> Path:
    """Take the lock of the game played from ``record`` (once more, if this process holds it).

    Args:
        record: The record file the game is played from.

    Returns:
        The lock file (to give to :func:`release`).

    Raises:
        GameInUse: If another process holds it; nothing is changed.
        OSError: If the lock file cannot be made (a folder that cannot be written).
    """
    path = lock_file(record)
    held = _HELD.get(path)
    if held is not None:
        _HELD[path] = (held[0], held[1] + 1)
        return path
    if fcntl is not None:
        _HELD[path] = (_lock(path, record), 1)
    return path


def acquire_new(record: Path) -> Path | None:
    """Take the lock of a new game before its first save to ``record``, so no other window
    continues it while it is played here (its folder is made if need be).

    Returns:
        The lock file (to give to :func:`release`), or None if it cannot be made (a folder that
        cannot be written: the first save says so) or, by an unlikely clash of ids, is held.
    """
    try:
        record.parent.mkdir(parents=True, exist_ok=True)
        return acquire(record)
    except (GameInUse, OSError):
        return None


def held_elsewhere(record: Path) -> bool:
    """Whether another process plays the game of ``record`` now (holds its lock); never
    makes a lock file. False where there is no ``fcntl``, or when the lock file cannot be read.

    Args:
        record: The record file of a saved game.
    """
    path = lock_file(record)
    if fcntl is None or path in _HELD or not path.exists():
        return False
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(descriptor)
    return False


def _lock(path: Path, record: Path) -> int:
    """Open and lock ``path``; its descriptor. A lock file removed by its holder between our
    open and our lock is no lock: it is opened afresh.

    Raises:
        GameInUse: If another process holds it.
    """
    while True:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise GameInUse(
                "This game is being played in another window: go on there, or close it first "
                f"({record.name}).") from None
        except BaseException:
            os.close(descriptor)
            raise
        try:
            if os.stat(path).st_ino == os.fstat(descriptor).st_ino:
                return descriptor
        except FileNotFoundError:
            pass
        os.close(descriptor)


def release(path: Path) -> None:
    """Let go of the lock file ``path`` (from :func:`acquire`) once for this process; the last
    release removes it and unlocks it. A lock this process does not hold is left alone."""
    held = _HELD.pop(path, None)
    if held is None:
        return
    descriptor, holders = held
    if holders > 1:
        _HELD[path] = (descriptor, holders - 1)
        return
    with contextlib.suppress(OSError):
        path.unlink()
    os.close(descriptor)
