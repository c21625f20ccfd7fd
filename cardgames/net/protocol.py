"""The table protocol: versioned JSON lines over asyncio streams (TCP or a Unix socket).

Every message is one line of UTF-8 JSON, an object with the protocol version ``v``, the table id
``table``, the sender's sequence number ``seq`` (1, 2, 3 … per connection and direction), its
``kind`` and the fields of that kind, nothing else. A line is at most :data:`MAX_LINE` bytes.
What a side may receive is listed in :data:`CLIENT_KINDS` (client to server) and
:data:`SERVER_KINDS` (server to client), each kind with its fields and their JSON types; a line
that is no such message is refused with a :class:`ProtocolError` whose message says why.

Client to server:

* ``join`` {name, secret}: take a seat (or take one's seat back) at the table.
* ``act`` {text, moves}: play a command for the seat bound to this connection, in the
  position after ``moves`` moves (the one the client saw); in any other it is refused.

Server to client:

* ``lobby`` {game, title, players, bots, joined, awaited}: the seats taken so far, before the
  deal; ``awaited`` names the people a continued game waits for (empty at a new table).
* ``table`` {game, seat, names, bots, options, turn_seconds, game_id}: the game has started;
  ``seat`` is this connection's seat; ``game_id`` is the id the host keeps the game's record
  under ("" if it keeps none), for a player to keep the finished game under the same id (so a
  data folder shared with the host counts it once), if that id is safe to take.
* ``state`` {moves, view, peek, log, connected, time_left, outcome, record}: the position from
  this seat's side after a change: the view, the log lines since the last ``state`` (all of
  them in the first one), who is connected, the turn clock, and once the game is over its
  result and its record (seed and commands).
* ``refused`` {message}: this seat's last command was not played, and why.
* ``error`` {message}: the connection broke the protocol or the table refused it; the server
  closes the connection after it. Until the client has named the table's id (on its first
  message), the server writes :data:`NO_TABLE` for it: it tells its id to no peer that does not
  know it. A join for another table is answered with :data:`NO_SUCH_TABLE`.
* ``closed`` {saved}: the host has closed the table (the game ends there, finished or not);
  ``saved`` is true if the host keeps the game's record. The connection ends after it.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

VERSION = 1
"""The protocol version this program speaks."""

MAX_LINE = 256 * 1024
"""The most bytes one line may have, newline included; a longer one ends the connection."""

SAVED_NAME_LIMIT = 20
"""Characters a name of a saved network game may have: earlier releases' tables took names of up
to 20, and such a game can still be continued by its players with those names."""

MAX_CLIENT_LINE = 4096
"""The most bytes a line from a client may have (commands and joins are short)."""

DEFAULT_PORT = 7777
"""The port a table listens on unless told otherwise."""

_ANY = object
"""A field of any JSON type (a view or a log, checked by the codec or the client)."""

CLIENT_KINDS: Mapping[str, Mapping[str, type | tuple[type, ...]]] = {
    "join": {"name": str, "secret": str},
    "act": {"text": str, "moves": int},
}
"""The messages a server reads: kind → field → JSON type."""

SERVER_KINDS: Mapping[str, Mapping[str, type | tuple[type, ...]]] = {
    "lobby": {"game": str, "title": str, "players": int, "bots": int, "joined": list,
              "awaited": list},
    "table": {"game": str, "seat": int, "names": list, "bots": list, "options": dict,
              "turn_seconds": (int, float, type(None)), "game_id": str},
    "state": {"moves": int, "view": dict, "peek": (dict, type(None)), "log": list,
              "connected": list, "time_left": (int, float, type(None)),
              "outcome": (dict, type(None)), "record": (dict, type(None))},
    "refused": {"message": str},
    "error": {"message": str},
    "closed": {"saved": bool},
}
"""The messages a client reads: kind → field → JSON type."""


NO_TABLE = ""
"""The table id on an ``error`` to a connection that has not named the table's id."""

NO_SUCH_TABLE = "There is no such table here: check the join code."
"""The server's answer to a connection that names another table (never the server's own id)."""

_HEADER = ("v", "kind", "table", "seq")
"""The fields every message has."""


class ProtocolError(ValueError):
    """A line that is no valid message, or a connection that broke the protocol; the message is
    one sentence for the peer."""


@dataclass(frozen=True, slots=True)
class Message:
    """One message, checked.

    Attributes:
        kind: What it is (a key of :data:`CLIENT_KINDS` or :data:`SERVER_KINDS`).
        table: The table's id.
        seq: The sender's sequence number.
        body: The kind's fields.
    """

    kind: str
    table: str
    seq: int
    body: Mapping[str, Any] = field(default_factory=dict)


def new_table_id() -> str:
    """A fresh random table id: 8 hex digits."""
    return secrets.token_hex(4)


def new_secret() -> str:
    """A fresh random table secret (16 URL-safe characters, 96 bits)."""
    return secrets.token_urlsafe(12)


def encode(kind: str, table: str, seq: int, limit: int = MAX_LINE, **body: Any) -> bytes:
    """One message as a line of bytes.

    Raises:
        ProtocolError: If the line would be longer than ``limit`` bytes.
    """
    line = json.dumps({"v": VERSION, "table": table, "seq": seq, "kind": kind, **body},
                      ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    if len(line) > limit:
        raise ProtocolError(f"a {kind} message of {len(line)} bytes is over the {limit}-byte limit")
    return line


def decode(line: bytes, kinds: Mapping[str, Mapping[str, type | tuple[type, ...]]]) -> Message:
    """Read one line as a message of one of ``kinds``.

    Raises:
        ProtocolError: If the line is not UTF-8 JSON, not an object, of another protocol
            version, of an unknown kind, or its fields are missing, extra or of the wrong type.
    """
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("the line is not valid UTF-8 JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    version = data.get("v")
    if version != VERSION or isinstance(version, bool):
        raise ProtocolError(f"this table speaks protocol version {VERSION}, not {version!r}")
    kind, table, seq = data.get("kind"), data.get("table"), data.get("seq")
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(f"unknown message kind {str(kind)[:20]!r}")
    if not isinstance(table, str) or not isinstance(seq, int) or isinstance(seq, bool):
        raise ProtocolError("a message needs a table id and a sequence number")
    fields = kinds[kind]
    body = {name: value for name, value in data.items() if name not in _HEADER}
    if set(body) != set(fields):
        raise ProtocolError(f"a {kind} message has the fields {', '.join(fields) or 'none'}")
    for name, wanted in fields.items():
        value = body[name]
        if not isinstance(value, wanted) or (isinstance(value, bool) and wanted in (int, float)):
            raise ProtocolError(f"the {name} of a {kind} message has the wrong type")
    return Message(kind, table, seq, body)


class Channel:
    """One side of a connection: numbered messages out, checked and numbered messages in.

    Args:
        reader: The stream to read lines from; its limit should be at least ``max_in``.
        writer: The stream to write lines to.
        table: The table id written on every message sent.
        kinds: The kinds this side may receive.
        max_in: The most bytes of a line read.
        owned: True on the table's own side (the server): its messages carry :data:`NO_TABLE`
            until the peer has named the table, and a peer naming another table is told
            :data:`NO_SUCH_TABLE`; False on the side that asks for the table (the client), which
            also reads an ``error`` that carries :data:`NO_TABLE`.
    """

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        table: str,
        kinds: Mapping[str, Mapping[str, type | tuple[type, ...]]],
        max_in: int = MAX_LINE,
        *,
        owned: bool = False,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.table = table
        self.kinds = kinds
        self.max_in = max_in
        self.owned = owned
        self.named = not owned
        """True once the table's id may go on this side's messages: at once on the client's
        side, on the server's once the peer has named it."""
        self.sent = 0
        self.received = 0

    def send(self, kind: str, **body: Any) -> None:
        """Queue one message (without waiting for the peer to read it)."""
        self.sent += 1
        self.writer.write(encode(kind, self.table if self.named else NO_TABLE, self.sent, **body))

    async def receive(self) -> Message | None:
        """The next message, or None when the peer has closed the connection.

        Raises:
            ProtocolError: If the line is too long or not a valid message, names another table
                (see :meth:`_check_table`), or its sequence number is not the next one.
        """
        try:
            line = await self.reader.readline()
        except ValueError:
            raise ProtocolError(f"a line is over the {self.max_in}-byte limit") from None
        except ConnectionError:
            return None
        if not line:
            return None
        if len(line) > self.max_in:
            raise ProtocolError(f"a line is over the {self.max_in}-byte limit")
        message = decode(line, self.kinds)
        self._check_table(message)
        if message.seq != self.received + 1:
            raise ProtocolError(f"message number {message.seq} came where {self.received + 1} "
                                "was due")
        self.received = message.seq
        return message

    def _check_table(self, message: Message) -> None:
        """Let ``message`` through if it names this connection's table (the peer has then
        named it), or if it is a server's ``error`` that carries :data:`NO_TABLE`.

        Raises:
            ProtocolError: If it names another table: :data:`NO_SUCH_TABLE` for a peer that has
                not named the server's table yet; else a message that repeats no id of the peer's.
        """
        if message.table == self.table:
            self.named = True
        elif not self.owned and message.table == NO_TABLE and message.kind == "error":
            return
        elif not self.named:
            raise ProtocolError(NO_SUCH_TABLE)
        else:
            raise ProtocolError(f"a message came for another table than {self.table}")


@dataclass(frozen=True, slots=True)
class JoinCode:
    """Where a table is and how to get in: ``HOST:PORT/TABLE.SECRET``, or for a table on a
    Unix socket ``unix:PATH/TABLE.SECRET``.

    Attributes:
        host: The host name or address (an IPv6 address in brackets in the text), or the
            socket's path (an absolute path) when ``port`` is 0.
        port: The TCP port; 0 for a Unix socket.
        table: The table id.
        secret: The table's secret.
    """

    host: str
    port: int
    table: str
    secret: str

    @property
    def is_unix(self) -> bool:
        """True for a table on a Unix socket (``host`` is its path)."""
        return self.port == 0

    def __str__(self) -> str:
        if self.is_unix:
            return f"unix:{self.host}/{self.table}.{self.secret}"
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}/{self.table}.{self.secret}"


def parse_code(text: str) -> JoinCode:
    """Read a join code such as ``192.168.1.5:7777/3fa2c1d0.Qx9_ab12Cd34efGh`` (or
    ``unix:/run/cards.sock/3fa2c1d0.Qx9_ab12Cd34efGh``).

    Raises:
        ValueError: If it is not of the form ``HOST:PORT/TABLE.SECRET`` or
            ``unix:PATH/TABLE.SECRET`` with an absolute path.
    """
    if text.strip().startswith("unix:"):
        path, slash, ticket = text.strip()[5:].rpartition("/")
        table, dot, secret = ticket.partition(".")
        if not (path.startswith("/") and dot and table and secret):
            raise ValueError(f"{text.strip()[:60]!r} is not a join code (unix:PATH/TABLE.SECRET)")
        return JoinCode(path, 0, table, secret)
    where, slash, ticket = text.strip().partition("/")
    host, colon, port = where.rpartition(":")
    table, dot, secret = ticket.partition(".")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not (slash and colon and dot and host and port.isdigit() and table and secret) or not (
        0 < int(port) < 65536
    ):
        raise ValueError(f"{text.strip()[:60]!r} is not a join code (HOST:PORT/TABLE.SECRET)")
    return JoinCode(host, int(port), table, secret)
