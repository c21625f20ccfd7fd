"""Network tables for tests: a server on 127.0.0.1 and scripted clients that play with a bot.

Every client keeps every line the server sent it, so a test can look for leaks on the wire.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardgames.core.rng import Rng
from cardgames.net.client import RemoteSession, connect
from cardgames.net.protocol import Channel, JoinCode, Message, parse_code
from cardgames.net.server import Limits, TableServer
from cardgames.session.savefile import saved_game

HOST = "127.0.0.1"

START = [sys.executable, "-c", "from cardgames.cli import main; main()"]
"""Runs ``cardgames`` in a new process."""

FAST = Limits(rate=10_000, burst=10_000)
"""Limits for clients that play as fast as bots (a person makes a few moves a second)."""


async def open_table(
    game: str, seed: int, options: Mapping[str, Any] | None = None, *, players: int = 4,
    bots: int = 2, limits: Limits | None = None, **kwargs: Any,
) -> tuple[TableServer, JoinCode]:
    """A table listening on a free port of 127.0.0.1, computer players without delay."""
    return await _serve(TableServer(game, players=players, bots=bots, seed=seed, options=options,
                                    bot_delay=0, limits=limits or FAST, **kwargs))


async def resume_table(path: Path, **kwargs: Any) -> tuple[TableServer, JoinCode]:
    """A table that continues the game saved in ``path`` (read as from its records folder),
    listening as :func:`open_table`'s."""
    saved = saved_game(path, path.parent)
    return await _serve(TableServer.resume(saved, bot_delay=0, limits=FAST, **kwargs))


async def _serve(server: TableServer) -> tuple[TableServer, JoinCode]:
    port = await server.start(HOST, 0)
    return server, server.code(HOST, port)


class _Recorder:
    """A stream reader that keeps every line it reads."""

    def __init__(self, reader: asyncio.StreamReader, lines: list[bytes]) -> None:
        self.reader = reader
        self.lines = lines

    async def readline(self) -> bytes:
        line = await self.reader.readline()
        self.lines.append(line)
        return line


class Player:
    """A scripted client: joins as ``name`` and plays the game's default bot from its view.

    Args:
        code: The table's join code.
        name: The name to join with.
        seed: Seeds the bot's choices.
        plays: False for a client that only watches its seat.
    """

    def __init__(self, code: JoinCode, name: str, seed: int = 0, plays: bool = True) -> None:
        self.code = code
        self.name = name
        self.rng = Rng(seed)
        self.plays = plays
        self.lines: list[bytes] = []
        self.messages: list[Message] = []
        self.refusals: list[str] = []
        self.session: RemoteSession | None = None
        self.channel: Channel | None = None
        self._acted_at = -1
        self._bot: Any = None

    async def join(self) -> None:
        """Connect and ask to join; the answers are read by :meth:`run`."""
        self.channel = await connect(self.code, self.name)
        self.channel.reader = _Recorder(self.channel.reader, self.lines)  # type: ignore[assignment]

    async def play_moves(self, moves: int, seconds: float = 20) -> None:
        """Read and play until the table has made ``moves`` moves (at most ``seconds``)."""
        await asyncio.wait_for(self.run(
            until=lambda p: p.session is not None and p.session.moves >= moves), seconds)

    async def run(self, until: Callable[[Player], bool] | None = None) -> None:
        """Read and play until the game is over, the connection ends or ``until`` is true."""
        if self.channel is None:
            await self.join()
        channel = self.channel
        assert channel is not None
        while True:
            message = await channel.receive()
            if message is None:
                return
            self.messages.append(message)
            self._take(message)
            if until is not None and until(self):
                return
            if self.session is not None and self.session.is_over:
                return

    async def next_message(self) -> Message | None:
        """The next message (taken in as :meth:`run` would)."""
        assert self.channel is not None
        message = await self.channel.receive()
        if message is not None:
            self.messages.append(message)
            self._take(message)
        return message

    def _take(self, message: Message) -> None:
        channel = self.channel
        assert channel is not None
        if message.kind == "table":
            self.session = RemoteSession(
                message, lambda text, moves: channel.send("act", text=text, moves=moves))
            self._bot = next(iter(self.session.game.bots().values()))()
            self._acted_at = -1
        elif message.kind in ("refused", "error"):
            self.refusals.append(message.body["message"])
        elif message.kind == "state" and self.session is not None:
            self.session.feed(message)
            self._maybe_act()

    def _maybe_act(self) -> None:
        session = self.session
        assert session is not None
        if not self.plays or session.is_over or session.current_player != session.seat:
            return
        if self._acted_at == session.moves:
            return
        self._acted_at = session.moves
        view = session.view()
        action = self._bot.choose(view, tuple(view.legal), self.rng)
        session.submit(session.seat, action)

    def close(self) -> None:
        """Drop the connection at once (a killed client)."""
        if self.channel is not None:
            self.channel.writer.transport.abort()

    def states(self) -> list[dict[str, Any]]:
        """Every state message received, as sent (decoded JSON only)."""
        found = []
        for line in self.lines:
            if line:
                data = json.loads(line)
                if data.get("kind") == "state":
                    found.append(data)
        return found


async def seat_two(code: JoinCode, seeds: tuple[int, int] = (1, 2)) -> tuple[Player, Player]:
    """Anna joins first (seat 0), then Bob (seat 1)."""
    anna, bob = Player(code, "Anna", seeds[0]), Player(code, "Bob", seeds[1])
    await anna.join()
    await anna.next_message()
    await bob.join()
    return anna, bob


async def last_message(player: Player) -> tuple[str, dict[str, object]]:
    """The kind and body of the last message the player gets before the connection ends."""
    last = None
    while (message := await asyncio.wait_for(player.next_message(), 20)) is not None:
        last = message
    assert last is not None
    return last.kind, dict(last.body)


def records(folder: Path) -> list[Path]:
    """The record files in a records folder."""
    return sorted(folder.glob("*.json"))


async def headless_host(
    *args: str,
) -> tuple[asyncio.subprocess.Process, JoinCode, list[str]]:
    """``cardgames host ARGS --headless --port 0 --bot-delay 0`` in a new process: the process,
    its join code and the lines it printed up to the code."""
    host = await asyncio.create_subprocess_exec(
        *START, "host", *args, "--headless", "--port", "0", "--bot-delay", "0",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert host.stdout is not None
    said: list[str] = []
    while not said or not said[-1].startswith("Join code: "):
        line = (await asyncio.wait_for(host.stdout.readline(), 10)).decode()
        assert line, f"the host ended: {said}"
        said.append(line.rstrip("\n"))
    return host, parse_code(said[-1].split()[-1]), said
