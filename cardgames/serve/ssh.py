"""``cardgames serve-ssh``: the games for anyone who connects with ``ssh`` (asyncssh).

Every connection gets a pseudo-terminal of its own, sized to the visitor's terminal and resized
with it, and its own ``cardgames`` process (:mod:`cardgames.serve.pty_app`): the game picker, or
the command the visitor names (``ssh -t host play makao``; only :data:`VISITOR_COMMANDS`). The
process ends when the connection does, and the connection when the process ends.

Each SSH user name has a data folder of its own (saved games, statistics), so ``ssh anna@host``
finds Anna's unfinished games in the picker and nobody else's. Access is by public key from an
authorized-keys file (read again for every connection, so keys
can be added while the server runs), or open to anyone. The host key is made on the first run
in the data folder and reused after. A connection beyond the maximum, or one idle too long, is
closed with a one-line reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import sys
import warnings
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="DSA is deprecated")
    import asyncssh

from cardgames import PROG
from cardgames.serve.pty_app import END_GRACE_SECONDS, PtyApp
from cardgames.session.savefile import HOME_VARIABLE
from cardgames.tui.settings import AppSettings

HOST_KEY_FILE = "ssh_host_ed25519_key"
"""The host key's file in the data folder."""

VISITOR_COMMANDS = frozenset({"play", "join", "rules"})
"""The ``cardgames`` commands a visitor may name after the host (``ssh -t host play makao``)."""

LOGIN_SECONDS = 30.0
"""Seconds a connection has to log in."""

APP_ENTRY = "from cardgames.cli import main; main()"
"""The Python code that runs ``cardgames`` in a visitor's process."""

VISITORS_FOLDER = "ssh-visitors"
"""The folder of the data folder that holds each SSH user name's own data folder."""

HIDDEN_VARIABLES = frozenset({"COLUMNS", "LINES", "TEXTUAL_DRIVER"})
"""Variables of the server's environment that would mislead a visitor's app about its terminal."""


@dataclass(frozen=True, slots=True)
class SshConfig:
    """How ``cardgames serve-ssh`` serves.

    Attributes:
        home: The data folder, which holds the host key.
        authorized_keys: The authorized-keys file whose keys may log in; None lets anyone in.
        host: The address to listen on.
        port: The TCP port (0: any free port, see :attr:`SshServer.port`).
        max_connections: Connections served at once; one more is refused.
        idle_timeout: Seconds without a key from the visitor after which his connection is
            closed (0: never).
        app_args: Display options given to every visitor's ``cardgames`` (``--ascii`` …).
    """

    home: Path
    authorized_keys: Path | None
    host: str = "127.0.0.1"
    port: int = 2222
    max_connections: int = 10
    idle_timeout: float = 1800.0
    app_args: tuple[str, ...] = ()


def display_args(settings: AppSettings) -> tuple[str, ...]:
    """The ``cardgames`` options that give a visitor's app ``settings``."""
    args: list[str] = []
    if settings.ascii:
        args.append("--ascii")
    if settings.four_colour:
        args.append("--four-colour")
    args += ["--bot-delay", repr(settings.bot_delay)]
    if settings.turn_seconds is not None:
        args += ["--turn-seconds", repr(settings.turn_seconds)]
    if not settings.bell:
        args.append("--no-bell")
    return tuple(args)


def visitor_args(command: str | None) -> tuple[str, ...]:
    """The ``cardgames`` arguments for the command a visitor sent (None or blank: the picker).

    Raises:
        ValueError: If the command cannot be split into words or is not one of
            :data:`VISITOR_COMMANDS`; the message says so in one line.
    """
    if command is None or not command.strip():
        return ()
    try:
        words = shlex.split(command)
    except ValueError:
        raise ValueError(f"cannot read the command {command!r}") from None
    if words[0] not in VISITOR_COMMANDS:
        allowed = ", ".join(sorted(VISITOR_COMMANDS))
        raise ValueError(f"{words[0]!r} is not offered here; ask for one of: {allowed}")
    return tuple(words)


def visitor_home(home: Path, username: str) -> Path:
    """The data folder (saved games, statistics) of the visitors who log in as ``username``:
    ``<home>/ssh-visitors/<username>``, with characters other than letters, digits, ``.``,
    ``_`` and ``-`` replaced by ``_`` (``guest`` for an empty name)."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in username)
    safe = safe[:32].lstrip(".") or "guest"
    return home / VISITORS_FOLDER / safe


def host_key(home: Path) -> asyncssh.SSHKey:
    """The server's host key from ``home``, made (Ed25519, readable by its owner only) and
    saved there on the first run.

    Raises:
        OSError: If the folder or the key cannot be read or written.
        asyncssh.KeyImportError: If the saved key is damaged.
    """
    path = home / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(path)
    home.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{PROG} host key")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
    return key


def check_authorized_keys(path: Path) -> None:
    """Check that the authorized-keys file ``path`` can be read and holds a key.

    Raises:
        ValueError: If the file cannot be read, is damaged or holds no key; the message names
            the file.
    """
    try:
        asyncssh.read_authorized_keys(str(path))
    except OSError as error:
        raise ValueError(
            f"cannot read the authorized keys {str(path)!r}: {error.strerror}"
        ) from None
    except ValueError as error:
        raise ValueError(f"the authorized keys {str(path)!r} are not usable: {error}") from None


def _seconds(seconds: float) -> str:
    """``30 minutes``, ``90 seconds``, ``1 minute``."""
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} second{'s' if seconds != 1 else ''}"


class _Hub:
    """What all connections share: the settings, the live connections, the running tasks."""

    def __init__(self, config: SshConfig) -> None:
        self.config = config
        self.visitors: set[_Visitor] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task that the hub keeps until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class _Visitor(asyncssh.SSHServer):
    """One connection: the limits, the log-in, and at most one game session."""

    def __init__(self, hub: _Hub) -> None:
        self._hub = hub
        self._conn: asyncssh.SSHServerConnection | None = None
        self._full = False
        self._timer: asyncio.TimerHandle | None = None
        self._last_key = 0.0
        self.username = ""
        self.session: _Session | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        config = self._hub.config
        if len(self._hub.visitors) >= config.max_connections:
            self._full = True
            return
        self._hub.visitors.add(self)
        if config.idle_timeout > 0:
            loop = asyncio.get_running_loop()
            self._last_key = loop.time()
            self._timer = loop.call_later(config.idle_timeout, self._check_idle)

    def connection_lost(self, exc: Exception | None) -> None:
        self._hub.visitors.discard(self)
        if self._timer is not None:
            self._timer.cancel()
        if self.session is not None:
            self.session.end()

    def begin_auth(self, username: str) -> bool:
        assert self._conn is not None
        self.username = username
        if self._full:
            limit = self._hub.config.max_connections
            self._conn.disconnect(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"{PROG}: the server is full ({limit} connection{'s' if limit != 1 else ''}); "
                "try again later",
            )
            return True
        keys = self._hub.config.authorized_keys
        if keys is None:
            return False
        try:
            self._conn.set_authorized_keys(str(keys))
        except (OSError, ValueError):
            self._conn.disconnect(
                asyncssh.DISC_BY_APPLICATION,
                f"{PROG}: the server cannot read its authorized keys; tell its keeper",
            )
        return True

    def public_key_auth_supported(self) -> bool:
        return self._hub.config.authorized_keys is not None

    def session_requested(self) -> _Session:
        if self.session is not None:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, f"{PROG}: one game per connection"
            )
        self.session = _Session(self._hub, self)
        return self.session

    def touch(self) -> None:
        """Note a key from the visitor (the idle clock starts again)."""
        self._last_key = asyncio.get_running_loop().time()

    def close(self) -> None:
        """Close the connection (the server is stopping)."""
        if self._conn is not None:
            self._conn.close()

    def _check_idle(self) -> None:
        timeout = self._hub.config.idle_timeout
        loop = asyncio.get_running_loop()
        idle = loop.time() - self._last_key
        if idle < timeout:
            self._timer = loop.call_later(timeout - idle, self._check_idle)
            return
        reason = f"{PROG}: disconnected after {_seconds(timeout)} without a key press"
        if self.session is not None:
            self.session.end(reason)
        elif self._conn is not None:
            self._conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason)


class _Session(asyncssh.SSHServerSession[bytes]):
    """The visitor's session channel, wired to his app process on its pseudo-terminal."""

    def __init__(self, hub: _Hub, visitor: _Visitor) -> None:
        self._hub = hub
        self._visitor = visitor
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._command: str | None = None
        self._app: PtyApp | None = None
        self._reason: str | None = None
        self._ended = False

    @property
    def pid(self) -> int | None:
        """The process id of the visitor's app while it runs, else None."""
        return None if self._app is None or self._ended else self._app.pid

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command
        return True

    def session_started(self) -> None:
        self._hub.spawn(self._run())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._visitor.touch()
        if self._app is not None:
            self._app.write(data)

    def terminal_size_changed(
        self, width: int, height: int, pixwidth: int, pixheight: int
    ) -> None:
        if self._app is not None and width > 0 and height > 0:
            self._app.resize(width, height)

    def eof_received(self) -> bool:
        return True

    def pause_writing(self) -> None:
        if self._app is not None:
            self._app.pause_output()

    def resume_writing(self) -> None:
        if self._app is not None:
            self._app.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self.end()

    def end(self, reason: str | None = None) -> None:
        """End the app (as a hang-up does); ``reason`` is shown to the visitor afterwards."""
        if self._ended:
            return
        self._ended = True
        self._reason = reason
        if self._app is not None:
            self._hub.spawn(self._app.end())

    async def _run(self) -> None:
        chan = self._chan
        assert chan is not None
        try:
            args = visitor_args(self._command)
            if chan.get_terminal_type() is None:
                raise ValueError("the games need a terminal; connect with ssh -t")
        except ValueError as error:
            await self._finish(chan, f"{PROG}: error: {error}", 2)
            return
        columns, rows, _, _ = chan.get_terminal_size()
        env = {key: value for key, value in os.environ.items() if key not in HIDDEN_VARIABLES}
        env["TERM"] = chan.get_terminal_type() or "xterm"
        env[HOME_VARIABLE] = str(visitor_home(self._hub.config.home, self._visitor.username))
        app = PtyApp(chan.write, self._pause_input)
        try:
            await app.start(
                [sys.executable, "-c", APP_ENTRY, *self._hub.config.app_args, *args],
                env,
                columns or 80,
                rows or 24,
            )
        except OSError as error:
            await self._finish(chan, f"{PROG}: error: the game cannot start: {error.strerror}", 1)
            return
        self._app = app
        columns, rows, _, _ = chan.get_terminal_size()
        app.resize(columns or 80, rows or 24)  # in case it changed while the app started
        if self._ended:
            await app.end()
        status = await app.wait()
        self._ended = True
        await self._finish(chan, self._reason, status)

    async def _finish(
        self, chan: asyncssh.SSHServerChannel[bytes], line: str | None, status: int
    ) -> None:
        """Show ``line`` (if any), end the session with ``status``, then close the connection."""
        with contextlib.suppress(OSError, asyncssh.Error, TimeoutError):
            if line is not None:
                chan.write_stderr(f"{line}\r\n".encode())
            chan.exit(status)
            await asyncio.wait_for(chan.wait_closed(), END_GRACE_SECONDS)
        chan.get_extra_info("connection").close()

    def _pause_input(self, paused: bool) -> None:
        if self._chan is None:
            return
        if paused:
            self._chan.pause_reading()
        else:
            self._chan.resume_reading()


class SshServer:
    """A running ``serve-ssh`` server (see :func:`start_ssh_server`)."""

    def __init__(self, acceptor: asyncssh.SSHAcceptor, hub: _Hub, key: asyncssh.SSHKey) -> None:
        self._acceptor = acceptor
        self._hub = hub
        self.fingerprint: str = key.get_fingerprint()
        """The host key's SHA256 fingerprint, for visitors to check."""

    @property
    def port(self) -> int:
        """The TCP port listened on."""
        return int(self._acceptor.get_port())

    def app_pids(self) -> list[int]:
        """The process ids of the visitors' running apps."""
        sessions = [visitor.session for visitor in self._hub.visitors]
        return [pid for session in sessions if session and (pid := session.pid) is not None]

    async def close(self) -> None:
        """Stop listening, close every connection and wait until every app has ended."""
        self._acceptor.close()
        await self._acceptor.wait_closed()
        for visitor in list(self._hub.visitors):
            visitor.close()
        while self._hub.tasks:
            await asyncio.gather(*self._hub.tasks, return_exceptions=True)


async def start_ssh_server(config: SshConfig) -> SshServer:
    """Start serving with ``config`` on the running event loop.

    Raises:
        OSError: If the address cannot be listened on or the host key cannot be kept.
        ValueError: If the authorized-keys file cannot be read or holds no key.
    """
    if config.authorized_keys is not None:
        check_authorized_keys(config.authorized_keys)
    key = host_key(config.home)
    hub = _Hub(config)
    acceptor = await asyncssh.create_server(
        lambda: _Visitor(hub),
        config.host,
        config.port,
        server_host_keys=[key],
        encoding=None,
        login_timeout=LOGIN_SECONDS,
        keepalive_interval=60,
        allow_scp=False,
        agent_forwarding=False,
        x11_forwarding=False,
    )
    return SshServer(acceptor, hub, key)


def describe(config: SshConfig, server: SshServer) -> str:
    """The lines ``serve-ssh`` prints when it starts."""
    access = (
        "open to anyone" if config.authorized_keys is None
        else f"public keys from {config.authorized_keys}"
    )
    idle = "no idle timeout" if config.idle_timeout <= 0 else \
        f"idle timeout {_seconds(config.idle_timeout)}"
    return (
        f"{PROG}: serving over SSH on {config.host}:{server.port} ({access}; at most "
        f"{config.max_connections} connections; {idle})\n"
        f"host key {server.fingerprint}\n"
        f"connect with: ssh -t -p {server.port} {config.host}   (Ctrl+C here stops the server)"
    )


def serve_ssh(config: SshConfig, announce: Callable[[str], None] = print) -> None:
    """Serve with ``config`` until SIGINT or SIGTERM, then end every visitor's app.

    Args:
        config: What to serve and how.
        announce: Called once with the lines to show when the server is listening.

    Raises:
        OSError: If the address cannot be listened on or the host key cannot be kept.
        ValueError: If the authorized-keys file cannot be read or holds no key.
    """

    async def run() -> None:
        server = await start_ssh_server(config)
        announce(describe(config, server))
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        await server.close()

    asyncio.run(run())
