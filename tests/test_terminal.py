"""The app in a real (pseudo-)terminal: signals restore the terminal; no terminal, no app."""

from __future__ import annotations

import io
import os
import select
import signal
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from cardgames.tui.launch import can_show_unicode

ROOT = Path(__file__).resolve().parent.parent
START = [sys.executable, "-c", "from cardgames.cli import main; main()"]
GAME = ["play", "makao", "--players", "2", "--bots", "1", "--seed", "1"]


def _read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    """Everything the terminal shows until ``wanted`` appears (or the time is up)."""
    output = b""
    deadline = time.monotonic() + seconds
    while wanted not in output and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
    return output


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_app_and_restores_the_terminal(signum: int) -> None:
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    process = subprocess.Popen([*START, *GAME], stdin=slave, stdout=slave, stderr=slave,
                               cwd=ROOT, env=env, start_new_session=True)
    try:
        shown = _read_until(master, b"Leave", 30)
        assert b"\x1b[?1049h" in shown, "the app took the alternate screen"
        assert termios.tcgetattr(slave) != before, "the app put the terminal in raw mode"
        process.send_signal(signum)
        status = process.wait(timeout=20)
        rest = _read_until(master, b"\x1b[?1049l", 5)
    finally:
        if process.poll() is None:
            process.kill()
    assert status == 128 + signum
    assert b"\x1b[?1049l" in rest, "the alternate screen is left"
    assert b"\x1b[?25h" in rest, "the cursor is shown again"
    assert termios.tcgetattr(slave) == before, "the terminal mode is restored"
    os.close(master)
    os.close(slave)


@pytest.mark.parametrize("args", [[], GAME])
def test_without_a_terminal_the_app_says_so_and_exits_with_2(args: list[str]) -> None:
    done = subprocess.run([*START, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "need a terminal" in done.stderr


def test_an_ascii_only_output_gets_the_ascii_style() -> None:
    assert not can_show_unicode(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert can_show_unicode(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))


def test_pythonioencoding_ascii_draws_no_escapes_on_a_terminal() -> None:
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONIOENCODING": "ascii"}
    process = subprocess.Popen([*START, *GAME], stdin=slave, stdout=slave, stderr=slave,
                               cwd=ROOT, env=env, start_new_session=True)
    try:
        shown = _read_until(master, b"Leave", 30)
    finally:
        process.terminate()
        process.wait(timeout=20)
        os.close(master)
        os.close(slave)
    assert b"Leave" in shown
    assert b"\\u" not in shown, "no escaped Unicode reaches the terminal"
    assert shown.isascii()


def test_a_signal_ends_the_process_even_when_the_app_cannot_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A terminal that is gone or no longer read can block the app's own ending for ever."""
    from cardgames.tui import app as app_module
    from cardgames.tui.app import CardGamesApp
    from cardgames.tui.settings import AppSettings

    ended = threading.Event()
    statuses: list[int] = []

    def fake_exit(status: int) -> None:
        statuses.append(status)
        ended.set()

    monkeypatch.setattr(app_module, "SIGNAL_GRACE_SECONDS", 0.01)
    monkeypatch.setattr(app_module.os, "_exit", fake_exit)
    app = CardGamesApp(None, AppSettings())
    app.end_by_signal(signal.SIGHUP)
    assert ended.wait(10), "the process was not ended"
    assert statuses == [128 + signal.SIGHUP]
