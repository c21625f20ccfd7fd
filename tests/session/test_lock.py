"""The lock of a game played from its record: one window at a time, let go at the end, even by
a killed process; a lock file left behind blocks nobody."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgames import cli_commands as cli
from cardgames.core.rng import Rng
from cardgames.session.lock import GameInUse, acquire, held_elsewhere, lock_file, release
from cardgames.session.record import record_of
from cardgames.session.savefile import records_dir, save, saved_games
from cardgames.session.setup import GameSetup, SeatSpec
from tests.session.play import new_session, play

ROOT = Path(__file__).resolve().parents[2]

TRY = ("import sys; from pathlib import Path; from cardgames.session.lock import acquire, "
       "GameInUse\ntry:\n    acquire(Path(sys.argv[1]))\nexcept GameInUse as error:\n"
       "    print(error)\n    sys.exit(3)\nprint('locked')")
"""A process that takes the lock of the record it is given, then ends (letting it go)."""


def _other_process(record: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", TRY, str(record)], capture_output=True,
                          text=True, cwd=ROOT, timeout=30, check=False)


@contextmanager
def _held_elsewhere(record: Path) -> Iterator[None]:
    """The lock held as another window holds it: its own open file, not this process's."""
    descriptor = os.open(lock_file(record), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield
    finally:
        os.close(descriptor)


def test_a_game_held_here_is_refused_to_another_process_until_let_go(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("{}")
    lock = acquire(record)
    try:
        again = acquire(record)
        release(again)
        refused = _other_process(record)
        assert refused.returncode == 3
        assert refused.stdout.strip() == (
            "This game is being played in another window: go on there, or close it first "
            f"({record.name}).")
        descriptor = os.open(lock, os.O_RDWR)
        with pytest.raises(BlockingIOError):
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.close(descriptor)
    finally:
        release(lock)
    assert not lock.exists() and record.read_text() == "{}"
    assert _other_process(record).stdout.strip() == "locked"


def test_a_lock_file_left_by_a_killed_process_blocks_nobody(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from "
         "cardgames.session.lock import acquire; acquire(Path(sys.argv[1])); print('in', "
         "flush=True); time.sleep(60)", str(record)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "in"
        with pytest.raises(GameInUse):
            acquire(record)
    finally:
        holder.kill()
        holder.wait()
    assert lock_file(record).exists(), "left behind by the kill"
    release(acquire(record))


def test_another_window_s_lock_refuses_the_game_in_this_one(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    with _held_elsewhere(record), pytest.raises(GameInUse):
        acquire(record)
    release(acquire(record))


def _unfinished(remote: tuple[int, ...]) -> Path:
    setup = GameSetup("makao", (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default")),
                      seed=3)
    session = new_session(setup)
    play(session, Rng(3), 6)
    record = record_of(session, id="20261201-100000-makao-abcdef",
                       started=datetime(2026, 12, 1, tzinfo=UTC), remote=remote)
    return save(record, records_dir())


@pytest.mark.parametrize(("args", "remote"), [
    (["resume"], ()),
    (["resume", "makao"], ()),
    (["host", "--resume", "FILE", "--headless", "--port", "0"], (0, 1)),
    (["host", "--resume", "--headless", "--port", "0"], (0, 1)),
])
def test_a_game_being_played_in_another_window_is_refused_in_one_line(
    args: list[str], remote: tuple[int, ...],
) -> None:
    record = _unfinished(remote)
    before = record.read_bytes()
    args = [str(record) if arg == "FILE" else arg for arg in args]
    with _held_elsewhere(record):
        result = CliRunner().invoke(cli.cli, args)
    assert result.exit_code == 2
    assert result.stderr == ("cardgames: error: This game is being played in another window: "
                             f"go on there, or close it first ({record.name}).\n")
    assert record.read_bytes() == before and sorted(records_dir().iterdir()) == [
        lock_file(record), record]


def test_held_elsewhere_tells_a_game_played_in_another_window_and_makes_no_lock_file() -> None:
    """The picker marks such a game ("open in another window now"); asking never locks it."""
    from cardgames.tui.screens.picker import continue_notes

    record = _unfinished(())
    assert not held_elsewhere(record) and not lock_file(record).exists()
    [saved] = saved_games(records_dir()).games
    assert "another window" not in continue_notes([saved])[0]
    with _held_elsewhere(record):
        assert held_elsewhere(record)
        assert continue_notes([saved])[0].endswith(", open in another window now")
    assert not held_elsewhere(record), "a lock file left behind blocks nobody"
    mine = acquire(record)
    try:
        assert not held_elsewhere(record), "held by this window, not another"
    finally:
        release(mine)
    assert _other_process(record).stdout.strip() == "locked"
