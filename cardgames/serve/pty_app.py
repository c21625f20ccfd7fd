"""One app process on a pseudo-terminal of its own: the part of ``cardgames serve-ssh`` that runs
each visitor's ``cardgames``.

The process is the session leader of its own session with the pseudo-terminal as its controlling
terminal, so a change of size reaches it as SIGWINCH, as on any terminal; the end of the
connection is a SIGHUP. Output is passed on as it comes and paused while the visitor's side is slow;
input is buffered up to a cap and paused beyond it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence

END_GRACE_SECONDS = 3.0
"""Seconds an app has to end after SIGHUP (then SIGTERM, then as long again before SIGKILL)."""

INPUT_CAP = 64 * 1024
"""Bytes of keys waiting for the app beyond which the visitor's input is paused."""

READ_SIZE = 64 * 1024
"""Bytes read from the pseudo-terminal at a time."""


def set_size(fd: int, columns: int, rows: int) -> None:
    """Set the size of the terminal ``fd`` (either end of a pseudo-terminal) in character cells.

    The kernel sends SIGWINCH to the terminal's foreground process group when the size changes.
    """
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def get_size(fd: int) -> tuple[int, int]:
    """The size of the terminal ``fd`` as ``(columns, rows)``."""
    rows, columns, _, _ = struct.unpack(
        "HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
    )
    return columns, rows


def _drop(data: bytes) -> None:
    """Output for nobody: the visitor has gone."""


def _take_terminal() -> None:
    """In the new process, after ``setsid``: make standard input the controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyApp:
    """A command running on a new pseudo-terminal, wired to callbacks.

    Args:
        output: Called with each chunk the app writes to its terminal.
        pause_input: Called with True when too many keys wait for the app, False when they
            have gone through.
    """

    def __init__(
        self, output: Callable[[bytes], None], pause_input: Callable[[bool], None]
    ) -> None:
        self._output = output
        self._pause_input = pause_input
        self._master: int | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._pending = bytearray()
        self._reading = False
        self._input_paused = False
        self._output_done = asyncio.Event()

    @property
    def pid(self) -> int | None:
        """The app's process id (None before it starts)."""
        return None if self._process is None else self._process.pid

    @property
    def size(self) -> tuple[int, int]:
        """The terminal's size as ``(columns, rows)``.

        Raises:
            OSError: If the app has not started or its terminal is closed.
        """
        if self._master is None:
            raise OSError("the app has no terminal")
        return get_size(self._master)

    async def start(
        self, argv: Sequence[str], env: Mapping[str, str], columns: int, rows: int
    ) -> None:
        """Start ``argv`` with environment ``env`` on a terminal of ``columns`` × ``rows``.

        Raises:
            OSError: If the pseudo-terminal or the process cannot be made.
        """
        master, slave = os.openpty()
        try:
            set_size(slave, columns, rows)
            self._process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        self.resume_output()

    def resize(self, columns: int, rows: int) -> None:
        """Give the terminal a new size; the app hears of it by SIGWINCH."""
        if self._master is not None:
            set_size(self._master, columns, rows)

    def write(self, data: bytes) -> None:
        """Pass keys to the app; more than :data:`INPUT_CAP` waiting pauses the input."""
        if self._master is None:
            return
        self._pending += data
        self._flush()

    def pause_output(self) -> None:
        """Stop reading the app's output (the visitor's side is behind)."""
        if self._master is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self._master)
            self._reading = False

    def resume_output(self) -> None:
        """Read the app's output again."""
        if self._master is not None and not self._reading and not self._output_done.is_set():
            asyncio.get_running_loop().add_reader(self._master, self._read)
            self._reading = True

    async def wait(self) -> int:
        """Wait until the app has ended and all its output is passed on; its exit status
        (128 + the signal's number if a signal ended it)."""
        assert self._process is not None
        status = await self._process.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._output_done.wait(), END_GRACE_SECONDS)
        self._close()
        return 128 - status if status < 0 else status

    async def end(self) -> None:
        """End the app as a hang-up does and wait until it is gone.

        SIGHUP first, then SIGTERM, then SIGKILL, each after :data:`END_GRACE_SECONDS`. The
        terminal stays open (its output read and dropped) until the app has gone, because an
        app that cannot write its last frames to a closed terminal may never finish leaving.
        """
        process = self._process
        self._output = _drop
        self.resume_output()
        if process is not None:
            for signum in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
                if process.returncode is not None:
                    break
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signum)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), END_GRACE_SECONDS)
        self._close()

    def _read(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self._output(data)
            return
        self.pause_output()
        self._output_done.set()

    def _flush(self) -> None:
        if self._master is None:
            return
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self._master, self._pending) if self._pending else 0
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            written = 0
        del self._pending[:written]
        loop.remove_writer(self._master)
        if self._pending:
            loop.add_writer(self._master, self._flush)
        paused = len(self._pending) > INPUT_CAP
        if paused != self._input_paused:
            self._input_paused = paused
            self._pause_input(paused)

    def _close(self) -> None:
        master, self._master = self._master, None
        if master is None:
            return
        loop = asyncio.get_running_loop()
        loop.remove_reader(master)
        loop.remove_writer(master)
        self._reading = False
        self._output_done.set()
        os.close(master)
