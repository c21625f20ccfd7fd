"""``cardgames host``: a table served from a thread of this process, the host's seat in the app.

The server runs its own event loop in a background thread; the host's app joins it over
127.0.0.1 like any other client, so the host's terminal sees exactly what the others see. A
table that closes with its game unfinished says how to continue it (``cardgames host --resume
FILE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from types import FrameType

from cardgames.net.protocol import JoinCode
from cardgames.net.server import TableServer, table_people
from cardgames.session.record import GameRecord

WILDCARDS = ("", "0.0.0.0", "::")
"""Bind addresses that listen on every interface."""

SIGNALLED = 128
"""Exit statuses from this one up mean that a signal ended the host's app (128 + its number)."""


class HostedTable:
    """A :class:`TableServer` running in a background thread.

    Args:
        server: The table (not started yet).
        bind: The address to listen on.
        port: The port (0: any free one).
        path: A Unix socket to listen on instead of TCP (an absolute path), or None.

    Raises:
        OSError: If the address cannot be listened on (the port is taken, say).
    """

    def __init__(self, server: TableServer, bind: str, port: int,
                 path: str | None = None) -> None:
        self.server = server
        self.bind = bind
        self.path = path
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failure: OSError | None = None
        self.port = 0
        self.thread = threading.Thread(target=self._run, args=(port,), daemon=True)
        self.thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure

    def _run(self, port: int) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            if self.path is not None:
                self.loop.run_until_complete(self.server.start_unix(self.path))
            else:
                self.port = self.loop.run_until_complete(self.server.start(self.bind, port))
        except OSError as error:
            self._failure = error
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.server.close())
        self.loop.close()

    def code(self, host: str | None = None) -> JoinCode:
        """The join code for others: the bind address, or this machine's name for a wildcard."""
        if self.path is not None:
            return self.server.code(self.path, 0)
        if host is None:
            host = socket.gethostname() if self.bind in WILDCARDS else self.bind
        return self.server.code(host, self.port)

    def local_code(self) -> JoinCode:
        """The join code for a client on this machine."""
        if self.path is not None:
            return self.code()
        return self.code("127.0.0.1" if self.bind in ("", "0.0.0.0") else
                         "::1" if self.bind == "::" else self.bind)

    @property
    def over(self) -> bool:
        """True once the game is over (read at once: a flag the table's thread only sets)."""
        return self.server.over.is_set()

    def wait_over(self, timeout: float | None = None) -> bool:
        """Wait until the game is over; True if it is."""
        future = asyncio.run_coroutine_threadsafe(self.server.over.wait(), self.loop)
        try:
            future.result(timeout)
        except TimeoutError:
            return False
        finally:
            future.cancel()
        return True

    def away(self, host: str) -> list[str]:
        """:func:`away_lines` of the table for the host called ``host``, read in the table's own
        thread (where its state changes) at this moment."""

        async def read() -> list[str]:
            return away_lines(self.server, host)

        return asyncio.run_coroutine_threadsafe(read(), self.loop).result(5)

    def stop(self) -> None:
        """Close the table and end the thread."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def announce(table: HostedTable, echo: Callable[[str], None], *, in_app: bool = False) -> None:
    """Print the table and how to join it; for a continued game also its file and, unless the
    host plays ``in_app``, the names its players must join with (:func:`resumed_lines`): the
    app's waiting room shows them while they are true, and the terminal, which shows these lines
    again once the app ends, says then who is away (:func:`left_seat`)."""
    server = table.server
    code = table.code()
    bots = server.bots
    echo(f"{server.game.title} table, {server.players} seats"
         + (f", {bots} computer player{'s' if bots != 1 else ''}" if bots else "") + ".")
    continued = resumed_lines(server)
    for line in continued[:1]:
        echo(line)
    echo(f"Join code: {code}")
    echo(f"Others join with: cardgames join {code} --name NAME")
    if not in_app:
        for line in continued[1:]:
            echo(line)


def resumed_lines(server: TableServer) -> list[str]:
    """For a table that continues a saved game, the two lines the host must see before the
    game goes on: the record's file and its moves, and the names the others join again with
    (the host's own left out); none for a new table. The host who plays sees them in his
    waiting room (the app hides what was printed before it; see :func:`announce`)."""
    resumed = server.resumed
    if resumed is None:
        return []
    moves = len(resumed.history)
    host = (server.local or "").casefold()
    names = [name for name in server.joined if name.casefold() != host]
    return [f"Continuing the game saved in {server.record_file} after {moves} "
            f"move{'' if moves == 1 else 's'}.",
            f"Players to join again, each with his name at the table: {', '.join(names)}. "
            "The game goes on once all are back."]


def away_lines(server: TableServer, host: str) -> list[str]:
    """Who is not at the table now, for the host called ``host`` who has left his seat (he is
    among them, whether or not the table has seen his connection end yet): the names to join
    again with, whether a continued game waits for them to go on, and how many seats of a new
    table nobody has taken; none if everyone is there."""
    key = host.casefold()
    names = [name for seat, name in enumerate(server.joined)
             if seat not in server.seats or name.casefold() == key]
    free = server.players - server.bots - len(server.joined)
    lines = []
    if names:
        waits = server.session is None and server.resumed is not None
        lines.append(f"Players to join again, each with his name at the table: {', '.join(names)}."
                     + (" The game goes on once all are back." if waits else ""))
    if free:
        lines.append(f"Waiting for {free} more to join.")
    return lines


def left_seat(table: HostedTable, host: str, echo: Callable[[str], None]) -> None:
    """What the host's terminal says once the host called ``host`` has left his seat and the
    game goes on: who is away now (:func:`away_lines`), and that the table is served on."""
    for line in table.away(host):
        echo(line)
    echo("The game goes on: serving the table until it ends (Ctrl+C stops).")


def host_name(record: GameRecord, name: str | None) -> str:
    """The name the host plays the continued game of ``record`` with: ``name`` (``--name``),
    spelt as in the record, or else the seat played at the host's terminal before.

    Raises:
        ValueError: If ``name`` is no person seat of the game, or none is given and no seat
            was played at the host's terminal (a table served with ``--headless``); the
            message names the seats.
    """
    people = table_people(record)
    seats = ", ".join(people)
    if name is None:
        if not record.local_seats:
            raise ValueError("nobody played this game at this terminal: give --name with "
                             f"your name at the table ({seats}), or --headless")
        return record.setup.seats[record.local_seats[0]].name
    key = " ".join(name.split()).casefold()
    found = next((person for person in people if person.casefold() == key), None)
    if found is None:
        raise ValueError(f"--name {name} is not a player of this game; its players are {seats}")
    return found


@contextlib.contextmanager
def ended_by_signals() -> Iterator[None]:
    """While serving without the app: SIGTERM and SIGHUP (the host's terminal closed) end the
    command as ``SystemExit(128 + N)``, so the table is closed properly (the game saved, the
    players told) on the way out."""

    def end(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(SIGNALLED + signum)

    before = {signum: signal.signal(signum, end) for signum in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


def goodbye(server: TableServer, echo: Callable[[str], None]) -> None:
    """Say how to continue an unfinished game (its record's file), and whether saving failed;
    a terminal that is gone hears nothing."""
    lines = [server.save_failure] if server.save_failure else []
    path = server.unfinished_record
    if path is not None:
        lines.append(f"The unfinished game is saved in {path}; continue it with: "
                     f"cardgames host --resume {shlex.quote(str(path))}")
    with contextlib.suppress(OSError):
        for line in lines:
            echo(line)
