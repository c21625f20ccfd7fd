"""The table server: one Session, its seats bound to connections, over asyncio streams.

A table has a random id and a random secret (the join code carries both). People join with a
name and the secret; the human seats are taken in the order of joining, and once they are all
taken the game is dealt with the computer players seated after them. From then on a name that
joins again gets its seat back (if its connection is gone). A connection acts only for the seat
bound to it: a command is played with ``Session.submit_text`` for that seat, checked like any
other; a seat number from the client is never read. A connection that names another table is
told there is no such table here, and the table's id goes on no message to a connection before
it has named that id: a wrong join code shows nobody the right one.

After every change each connected seat gets its own view, its new log lines and who is
connected; nothing of another seat's hidden cards, since views and log lines hide them. Bots
and the turn clock run here; while the seat to act has no connection his clock is paused and
the others are told so. No pass screen: every seat has its own terminal.

Given a records folder, the table saves its game as a local table does, atomically after every
move (the seats played from other terminals marked ``remote`` in the record, so their hands are
never shown while the game is unfinished): a host that is killed loses nothing. Closing the
table tells every connection so (``closed``) before it ends.

A table can also continue such a game (:meth:`TableServer.resume`): rebuilt from its record, it
waits until every person seat is taken again, by the name it has in the record, and goes on
saving into the same record.

Bad input never stops the table: a line that is no message, too long, of an unknown kind, or
too many messages a second, get an ``error`` and the connection is closed; a client that stops
reading is cut off once its write buffer passes a bound. The game goes on for the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import socket
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cardgames.core.engine import OptionValue, PlayerId
from cardgames.core.registry import load_game
from cardgames.net.codec import ViewCodec, view_type
from cardgames.net.protocol import (
    CLIENT_KINDS,
    MAX_CLIENT_LINE,
    SAVED_NAME_LIMIT,
    Channel,
    JoinCode,
    Message,
    ProtocolError,
    new_secret,
    new_table_id,
)
from cardgames.session.autosave import Autosave
from cardgames.session.commands import Rejected
from cardgames.session.lock import acquire_new, release
from cardgames.session.record import GameRecord
from cardgames.session.savefile import SavedGame, record_path
from cardgames.session.session import Session
from cardgames.session.setup import NAME_LIMIT, GameSetup, SeatSpec, computer_names

MAX_COMMAND = 200
"""The most characters of a command (the longest real ones have a few dozen)."""

FIRST_LOG = 200
"""Log lines a seat gets when it (re)joins; after that only the new ones."""


def joinable(name: str, limit: int = NAME_LIMIT) -> bool:
    """True if a player may join a table as ``name``: 1 to ``limit`` printable characters
    (:data:`NAME_LIMIT` at a new table), single spaces between words and none around them."""
    return 0 < len(name) <= limit and name.isprintable() and name == " ".join(name.split())


def table_people(record: GameRecord) -> tuple[str, ...]:
    """The names of the people of the network table whose game ``record`` holds, seat by seat:
    the names they join again with to continue it.

    Raises:
        ValueError: If the game cannot go on at a table: it is over, it was played at one
            terminal (``cardgames resume`` continues it), or its seats are not those of a table
            (the people first, each with a name that can join, no two names alike). The message
            is a clause saying which.
    """
    if record.is_finished:
        raise ValueError("its game is over (cardgames replay shows it)")
    if not record.remote:
        raise ValueError("it is a game played at one terminal, not at a network table; "
                         "cardgames resume continues it")
    seats = record.setup.seats
    people = tuple(seat.name for seat in seats if seat.is_human)
    if (
        any(seat.is_human for seat in seats[len(people):])
        or not all(joinable(name, SAVED_NAME_LIMIT) for name in people)
        or len({name.casefold() for name in people}) < len(people)
    ):
        raise ValueError("its seats are not those of a network table (the people first, each "
                         f"with a name of 1 to {SAVED_NAME_LIMIT} printable characters, no two "
                         "alike)")
    return people


@dataclass(frozen=True, slots=True)
class Limits:
    """What one connection may cost the table.

    Attributes:
        connections: Connections open at once; more are refused.
        rate: Messages a second a connection may send on average.
        burst: Messages it may send at once before the rate counts.
        buffer: Bytes waiting to be sent to a connection before it counts as not reading.
        socket_buffer: The send buffer of each connection's socket, in bytes, so what a client
            that stops reading can hold up is bounded in the system too.
        join_seconds: Seconds a new connection has to join.
    """

    connections: int = 64
    rate: float = 20.0
    burst: float = 40.0
    buffer: int = 1 << 20
    socket_buffer: int = 64 * 1024
    join_seconds: float = 10.0


@dataclass(eq=False)
class _Client:
    """One connection: its channel, its seat once joined, its message budget."""

    channel: Channel
    tokens: float
    stamp: float
    seat: PlayerId | None = None
    events_sent: int | None = None
    closed: bool = False


class TableServer:
    """A network table for one game.

    Args:
        game: The game's name.
        players: Seats at the table.
        bots: How many of them computer players play (seated after the people).
        seed: The seed of the deal.
        options: House options.
        turn_seconds: The turn clock (0 off; None: the game's default).
        bot_delay: Seconds before each computer player's move, so people can follow.
        clock: Monotonic seconds, for the turn clock and the message budget.
        limits: What a connection may cost.
        table_id: The table id (default: a random one).
        secret: The table's secret (default: a random one, from ``secrets``).
        records: The folder to save the game's record in after every move (None: not saved).
        stats: The statistics file to count the finished game in (None: not counted).
        local: The name of the person playing at the host's own terminal: the one seat not
            marked remote in the record (None: every person plays from elsewhere).

    Raises:
        ValueError: If the set-up is invalid (game, player count, bots, options).
    """

    def __init__(
        self,
        game: str,
        *,
        players: int,
        bots: int,
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
        turn_seconds: float | None = None,
        bot_delay: float = 0.6,
        clock: Callable[[], float] = time.monotonic,
        limits: Limits | None = None,
        table_id: str | None = None,
        secret: str | None = None,
        records: Path | None = None,
        stats: Path | None = None,
        local: str | None = None,
    ) -> None:
        if not 0 <= bots < players:
            raise ValueError(f"--bots must be between 0 and {players - 1}: someone must join")
        placeholder = tuple(SeatSpec(f"Seat {i + 1}") for i in range(players))
        GameSetup(game, placeholder, dict(options or {}), seed).check()
        self.game = load_game(game)
        self.players = players
        self.bots = bots
        self.seed = seed
        self.options = dict(options or {})
        self.turn_seconds = turn_seconds
        self.bot_delay = bot_delay
        self.clock = clock
        self.limits = limits or Limits()
        self.table_id = table_id or new_table_id()
        self.secret = secret or new_secret()
        self.codec = ViewCodec(view_type(self.game))
        self.joined: list[str] = []
        self.session: Session | None = None
        self._resumed: Session | None = None
        self.seats: dict[PlayerId, _Client] = {}
        self.clients: set[_Client] = set()
        self.over = asyncio.Event()
        self._wake = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._driver: asyncio.Task[None] | None = None
        self.records = records
        self.stats = stats
        self.local = local
        self.saver: Autosave | None = None
        self.lock: Path | None = None
        """The lock of the new game's record (``session.lock``), let go when the table closes."""
        self.save_failure = ""
        self._saved = -1
        self._closing = False
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardgames-table")

    @classmethod
    def resume(
        cls,
        saved: SavedGame,
        *,
        local: str | None = None,
        stats: Path | None = None,
        **settings: Any,
    ) -> TableServer:
        """A table that continues the unfinished game of a network table from its record.

        The game is rebuilt by replaying the record (the engine is deterministic, so it is the
        very position, computer players and their levels included). Its people join again with
        the names they have in the record (:func:`table_people`), at a new secret; once every
        one of them is connected the game goes on, a running turn clock from the time its turn
        had left (``GameRecord.time_left``). The table goes on saving into the record's file.

        Args:
            saved: The record (from ``savefile.saved_game`` or ``latest_unfinished``).
            local: The name of the person playing at the host's own terminal (None: every
                person plays from elsewhere).
            stats: The statistics file to count the finished game in (None: not counted).
            **settings: Passed to :class:`TableServer`: ``turn_seconds`` (None keeps the clock
                the game was played with), ``bot_delay``, ``clock``, ``limits``, ``table_id``,
                ``secret``.

        Raises:
            RecordError: If the record does not replay; it has been moved aside and the message
                says where.
            ValueError: If the game cannot go on at a table (see :func:`table_people`).
        """
        people = table_people(saved.record)
        setup = saved.record.setup
        server = cls(setup.game, players=len(setup.seats), bots=len(setup.seats) - len(people),
                     seed=setup.seed, options=setup.options, records=saved.path.parent,
                     stats=stats, local=local, **settings)
        saver, session = Autosave.resume(saved, datetime.now(UTC), stats=stats,
                                         keep_stats=stats is not None, clock=server.clock,
                                         turn_seconds=server.turn_seconds)
        if session.is_over:
            raise ValueError("its game is over (cardgames replay shows it)")
        # Held until everyone is back: then it runs on from a whole turn (see _changed).
        session.pause_clock()
        server.joined = list(people)
        server.saver, server._resumed, server._saved = saver, session, len(session.history)
        return server

    @property
    def resumed(self) -> Session | None:
        """The game rebuilt from its record, for a table that continues one (else None)."""
        return self._resumed

    # ------------------------------------------------------------------ serving

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host``:``port`` (0: any free port) and return the port."""
        self._server = await asyncio.start_server(
            self._serve, host, port, limit=MAX_CLIENT_LINE
        )
        return int(self._server.sockets[0].getsockname()[1])

    async def start_unix(self, path: str) -> None:
        """Listen on the Unix socket ``path`` (an absolute path; the code is ``code(path, 0)``)."""
        self._server = await asyncio.start_unix_server(self._serve, path, limit=MAX_CLIENT_LINE)

    def code(self, host: str, port: int) -> JoinCode:
        """The join code of this table at ``host``:``port``."""
        return JoinCode(host, port, self.table_id, self.secret)

    @property
    def record_file(self) -> Path | None:
        """The file the game's record is saved in, once a move was made and saved (None while
        nothing was saved, or if saving failed)."""
        if self.saver is None or self._saved < 0 or self.save_failure:
            return None
        return self.saver.path

    @property
    def unfinished_record(self) -> Path | None:
        """The record file of the table's game while that game is saved unfinished, to be
        continued (None if there is no such file, or once the game is over)."""
        session = self.session or self._resumed
        if session is None or session.is_over:
            return None
        return self.record_file

    async def close(self) -> None:
        """Stop listening, save the game, tell every connection that the table has closed,
        close them and stop the game's driver."""
        if self._server is not None:
            self._server.close()
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
        self._save(final=True)
        self._closing = True
        self._writer.shutdown(wait=True)
        if self.lock is not None:
            release(self.lock)
            self.lock = None
        for client in list(self.clients):
            self._send(client, "closed", saved=self.record_file is not None)
            if not client.closed:
                client.closed = True
                client.channel.writer.close()
        for client in list(self.clients):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.channel.writer.wait_closed(), 1.0)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        channel = Channel(reader, writer, self.table_id, CLIENT_KINDS, MAX_CLIENT_LINE, owned=True)
        client = _Client(channel, self.limits.burst, self.clock())
        sock = writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_buffer)
        if len(self.clients) >= self.limits.connections:
            self._fail(client, "The table has too many connections; try again later.")
            return
        self.clients.add(client)
        try:
            while not client.closed:
                wait = self.limits.join_seconds if client.seat is None else None
                message = await asyncio.wait_for(channel.receive(), wait)
                if message is None:
                    break
                self._spend(client)
                self._handle(client, message)
        except ProtocolError as error:
            self._fail(client, str(error))
        except TimeoutError:
            self._fail(client, "No join came in time.")
        except ConnectionError:
            pass
        finally:
            self._drop(client)

    def _spend(self, client: _Client) -> None:
        """Take one message from the client's budget (a token bucket).

        Raises:
            ProtocolError: If the budget is spent: the client floods the table.
        """
        now = self.clock()
        client.tokens = min(self.limits.burst,
                            client.tokens + (now - client.stamp) * self.limits.rate)
        client.stamp = now
        if client.tokens < 1:
            raise ProtocolError(f"Too many messages: at most {self.limits.rate:g} a second.")
        client.tokens -= 1

    def _send(self, client: _Client, kind: str, **body: Any) -> None:
        """Queue a message; a client whose unread data passes the bound is cut off."""
        if client.closed:
            return
        try:
            client.channel.send(kind, **body)
        except (ConnectionError, RuntimeError, ProtocolError):
            # Gone, or a message over the line limit that no client could read.
            self._cut(client)
            return
        transport = client.channel.writer.transport
        if transport.get_write_buffer_size() > self.limits.buffer:
            self._cut(client)

    def _fail(self, client: _Client, message: str) -> None:
        """Tell the client why, then close its connection."""
        self._send(client, "error", message=message)
        if not client.closed:
            client.closed = True
            client.channel.writer.close()

    def _cut(self, client: _Client) -> None:
        """Close the connection at once, dropping what it has not read."""
        if not client.closed:
            client.closed = True
            client.channel.writer.transport.abort()

    def _drop(self, client: _Client) -> None:
        """The connection has ended: free its seat's binding and tell the others."""
        self._cut(client)
        self.clients.discard(client)
        seat = client.seat
        if seat is not None and self.seats.get(seat) is client:
            del self.seats[seat]
            if self.session is not None:
                self._changed()
            else:
                self._publish_lobby()

    # ------------------------------------------------------------------ messages

    def _handle(self, client: _Client, message: Message) -> None:
        if message.kind == "join":
            self._join(client, message.body["name"], message.body["secret"])
        elif client.seat is None:
            raise ProtocolError("Join the table first.")
        else:
            self._act(client, message.body["text"], message.body["moves"])

    def _join(self, client: _Client, name: str, secret: str) -> None:
        if client.seat is not None:
            raise ProtocolError("This connection has joined already.")
        if not hmac.compare_digest(secret.encode(), self.secret.encode()):
            raise ProtocolError("Wrong secret: check the join code.")
        name = " ".join(name.split())
        limit = NAME_LIMIT if self._resumed is None else SAVED_NAME_LIMIT
        if not joinable(name, limit):
            raise ProtocolError(f"A name has 1 to {limit} printable characters.")
        seat = self._seat_of(name)
        if seat is None:
            if self._resumed is not None:
                raise ProtocolError(self._not_a_player(name))
            if self.session is not None or len(self.joined) >= self.players - self.bots:
                raise ProtocolError(f"The table is full, and {name} is not one of its players.")
            self.joined.append(name)
            seat = len(self.joined) - 1
        elif seat in self.seats:
            raise ProtocolError(f"{self.joined[seat]} is connected already.")
        client.seat = seat
        self.seats[seat] = client
        if self.session is None and not self._missing():
            self._deal()
        elif self.session is None:
            self._publish_lobby()
        else:
            self._send_table(client)
            self._changed()

    def _seat_of(self, name: str) -> PlayerId | None:
        key = name.casefold()
        return next((i for i, known in enumerate(self.joined) if known.casefold() == key), None)

    def _not_a_player(self, name: str) -> str:
        """Why ``name`` cannot join a continued game: the seats are its players', by name."""
        free = [known for seat, known in enumerate(self.joined) if seat not in self.seats]
        if not free:
            return f"The table is full, and {name} is not one of its players."
        return (f"{name} is not one of the players of this game; the seats still free are "
                f"{', '.join(free)}: join with your name at the table.")

    def _lobby_names(self) -> list[str]:
        """The names the waiting room shows as joined: those who took a seat (a new table), or
        those connected again (a continued game, whose seats all have their names)."""
        if self._resumed is None:
            return list(self.joined)
        return [name for seat, name in enumerate(self.joined) if seat in self.seats]

    def _awaited(self) -> list[str]:
        """The names a continued game waits for (none at a new table: its names are not
        known before they join)."""
        if self._resumed is None:
            return []
        return [name for seat, name in enumerate(self.joined) if seat not in self.seats]

    def _missing(self) -> int:
        """How many more people the game waits for before it is dealt or goes on."""
        return self.players - self.bots - len(self._lobby_names())

    def _act(self, client: _Client, text: str, moves: int) -> None:
        session = self.session
        if session is None:
            self._send(client, "refused",
                       message=f"The game has not started: waiting for {self._missing()} more.")
            return
        assert client.seat is not None
        if len(text) > MAX_COMMAND:
            self._send(client, "refused", message="That command is too long to be a move.")
            return
        if moves != len(session.history):
            # Played on a position that has changed since (the clock or a bot moved first).
            self._send(client, "refused", message="The table moved on before your move came; "
                                                  "it was not played.")
            return
        result = session.submit_text(client.seat, text)
        if isinstance(result, Rejected):
            self._send(client, "refused", message=result.message)
            return
        self._changed()

    # ------------------------------------------------------------------ the game

    def _deal(self) -> None:
        """Every person is seated: deal the game (or go on with the continued one), tell every
        seat, and start the driver."""
        if self._resumed is None:
            self.session = self._new_game()
        else:
            self.session = self._resumed
            if self.saver is not None:
                self.saver.sitting = datetime.now(UTC)
        if self.saver is not None:
            local = None if self.local is None else self._seat_of(self.local)
            self.saver.remote = tuple(i for i in range(len(self.joined)) if i != local)
        for client in self.seats.values():
            self._send_table(client)
        self._changed()
        self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _new_game(self) -> Session:
        """A new game of the joined people and the computer players, and its saver (if the
        table keeps records)."""
        seats = [SeatSpec(name) for name in self.joined]
        seats += [SeatSpec(name, "default") for name in computer_names(self.bots, self.joined)]
        setup = GameSetup(self.game.name, tuple(seats), self.options, self.seed)
        session = Session(setup, clock=self.clock, turn_seconds=self.turn_seconds)
        if self.records is not None:
            self.saver = Autosave.start(session, datetime.now(UTC), folder=self.records,
                                        stats=self.stats, keep_stats=self.stats is not None)
            self.lock = acquire_new(record_path(self.records, self.saver.id))
        return session

    def _changed(self) -> None:
        """After any change: no pass screen, the clock paused for an absent seat, every seat
        told, and the driver woken for the bots and the clock."""
        session = self.session
        assert session is not None
        if session.handover is not None:
            session.ready(session.handover)
        current = session.current_player
        if current is not None and session.is_human(current) and current not in self.seats:
            session.pause_clock()
        else:
            session.resume_clock()
        for client in list(self.seats.values()):
            self._send_state(client)
        self._save()
        if session.is_over:
            self.over.set()
        self._wake.set()

    def _save(self, *, final: bool = False) -> None:
        """Queue the record for writing if a move was made since the last save (``final``:
        also when only the time played in an unfinished game changed); the writing is done off
        the event loop, in order. A game nobody has moved in yet is not written."""
        session, saver = self.session, self.saver
        if session is None or saver is None or self._closing:
            return
        moves = len(session.history)
        if moves == 0 or (moves == self._saved and (not final or session.is_over)):
            return
        self._saved = moves
        self._writer.submit(self._write, saver, saver.record(session, datetime.now(UTC)))

    def _write(self, saver: Autosave, record: GameRecord) -> None:
        """Write ``record`` (on the writing thread); a failure is kept in :attr:`save_failure`."""
        try:
            saver.write(record)
        except Exception as error:
            self.save_failure = f"The game could not be saved: {error}"

    async def _drive(self) -> None:
        """Play the computer players' moves and the turn clock's time-outs until the end."""
        session = self.session
        assert session is not None
        while not session.is_over:
            if session.bot_to_move:
                await asyncio.sleep(self.bot_delay)
                if session.step_bot() is not None:
                    self._changed()
                continue
            self._wake.clear()
            left = None if session.clock_paused else session.time_left()
            try:
                await asyncio.wait_for(self._wake.wait(), None if left is None else left + 0.02)
            except TimeoutError:
                if session.tick() is not None:
                    self._changed()

    # ------------------------------------------------------------------ what is sent

    def _publish_lobby(self) -> None:
        for client in list(self.seats.values()):
            self._send(client, "lobby", game=self.game.name, title=self.game.title,
                       players=self.players, bots=self.bots, joined=self._lobby_names(),
                       awaited=self._awaited())

    def _send_table(self, client: _Client) -> None:
        session = self.session
        assert session is not None and client.seat is not None
        client.events_sent = None
        self._send(client, "table", game=self.game.name, seat=client.seat,
                   names=list(session.names),
                   bots=[i for i in range(len(session.names)) if not session.is_human(i)],
                   options=dict(session.setup.options), turn_seconds=session.turn_seconds,
                   game_id="" if self.saver is None else self.saver.id)

    def _send_state(self, client: _Client) -> None:
        session = self.session
        seat = client.seat
        assert session is not None and seat is not None
        events = session.events
        start = max(0, len(events) - FIRST_LOG) if client.events_sent is None else (
            client.events_sent)
        lines = [session.describe(event, seat) for event in events[start:]]
        client.events_sent = len(events)
        view = session.view_for(seat)
        peek = session.peek_for(seat)
        outcome = session.outcome()
        self._send(
            client, "state",
            moves=len(session.history),
            view=self.codec.encode(view),
            peek=None if peek == view else self.codec.encode(peek),
            log=[line for line in lines if line],
            connected=[not session.is_human(i) or i in self.seats
                       for i in range(len(session.names))],
            time_left=None if session.clock_paused else session.time_left(),
            outcome=None if outcome is None else {
                "ranking": list(outcome.ranking), "winners": list(outcome.winners),
                "scores": {str(k): v for k, v in outcome.scores.items()},
            },
            record=None if outcome is None else {
                "seed": session.setup.seed, "commands": session.commands(),
            },
        )
