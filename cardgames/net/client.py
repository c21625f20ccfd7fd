"""The client side of a network table: the connection, and a Session stand-in for the table screen.

:class:`RemoteSession` offers what the table screen asks of a Session, fed by the server's
messages: the seat's own view (rebuilt by the codec, never trusted further than its checks),
its log lines, who is connected and the turn clock. Moves go to the server as commands; the
answer comes later, as a new ``state`` or a ``refused`` message. There is no pass screen, no
bot to run and no undo here: the server owns the game.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from cardgames.core.engine import Action, Outcome, PlayerId, View
from cardgames.core.errors import CardGameError
from cardgames.core.registry import load_game
from cardgames.net.codec import MAX_ITEMS, MAX_TEXT, CodecError, ViewCodec, view_type
from cardgames.net.protocol import (
    MAX_LINE,
    SAVED_NAME_LIMIT,
    SERVER_KINDS,
    Channel,
    JoinCode,
    Message,
)
from cardgames.session.commands import Accepted, Rejected, Result
from cardgames.session.record import GameRecord, RecordError, session_of
from cardgames.session.savefile import is_game_id
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec

MAX_LOG = 2000
"""Log lines a client keeps."""


async def connect(code: JoinCode, name: str) -> Channel:
    """Open a connection to the table of ``code`` and ask to join it as ``name``.

    Raises:
        OSError: If the table cannot be reached.
    """
    if code.is_unix:
        reader, writer = await asyncio.open_unix_connection(code.host, limit=MAX_LINE)
    else:
        reader, writer = await asyncio.open_connection(code.host, code.port, limit=MAX_LINE)
    channel = Channel(reader, writer, code.table, SERVER_KINDS, MAX_LINE)
    channel.send("join", name=name, secret=code.secret)
    return channel


def _texts(data: object, what: str, limit: int = MAX_ITEMS) -> list[str]:
    if (not isinstance(data, list) or len(data) > limit
            or not all(isinstance(text, str) and len(text) <= MAX_TEXT for text in data)):
        raise CodecError(f"the {what} is not a list of texts")
    return data


def _seats(data: object, players: int) -> list[int]:
    if not isinstance(data, list) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
        for seat in data
    ):
        raise CodecError("a list of seats has a seat that is not at the table")
    return data


def _outcome(data: Any, players: int) -> Outcome:
    scores = data.get("scores")
    if not isinstance(scores, dict) or not all(
        isinstance(k, str) and k.isdigit() and int(k) < players
        and isinstance(v, int) and not isinstance(v, bool) for k, v in scores.items()
    ):
        raise CodecError("the result's scores are not points per seat")
    return Outcome(
        ranking=tuple(_seats(data.get("ranking"), players)),
        winners=tuple(_seats(data.get("winners"), players)),
        scores={int(k): v for k, v in scores.items()},
    )


def replayed(remote: RemoteSession) -> Session | None:
    """The finished game of ``remote`` rebuilt from the record the table sent at its end, or
    None if that record does not replay to the result the table sent and to the very view this
    seat was last shown (so a record kept here is the game that was played)."""
    if not remote.is_over:
        return None
    record = GameRecord("table", remote.setup, tuple(remote.commands()), remote.outcome(),
                        datetime.now(UTC))
    try:
        session = session_of(record)
    except RecordError:
        return None
    return session if session.view_for(remote.seat) == remote.view() else None


class RemoteSession:
    """A seat's side of a network table, with the interface the table screen uses.

    Built from the server's ``table`` message; :meth:`feed` takes every later message.

    Args:
        table: The ``table`` message.
        send: Sends one command text to the server, with the number of moves of the position
            it was chosen in.
        clock: Monotonic seconds, for the turn clock shown.

    Raises:
        CodecError: If the message does not describe a table of a known game.
    """

    leave_question = ("Leave this table? The game goes on without you: join again with the same "
                      "code and name to take your seat back.")
    passing: PlayerId | None = None
    handover: PlayerId | None = None
    handover_reason = ""
    bot_to_move = False
    paces_bots = False
    """The computer players move at the server, at its pace: the table offers no bot speed."""
    plays_again = False
    """A network table plays one game: its result offers no "Play again"."""

    def __init__(
        self,
        table: Message,
        send: Callable[[str, int], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        body = table.body
        try:
            self.game = load_game(body["game"])
        except LookupError:
            raise CodecError("the table is of a game this program does not know") from None
        names = _texts(body["names"], "names", limit=self.game.max_players)
        if len(names) < self.game.min_players or any(
                len(name) > SAVED_NAME_LIMIT for name in names):
            raise CodecError("the table's names are not one short name per seat")
        bots = _seats(body["bots"], len(names))
        seat = body["seat"]
        if not 0 <= seat < len(names) or seat in bots:
            raise CodecError("this connection's seat is not a person's seat at the table")
        options = body["options"]
        if not all(isinstance(k, str) and isinstance(v, bool | int) for k, v in options.items()):
            raise CodecError("the table's options are not on/off or numbers")
        self.codec = ViewCodec(view_type(self.game))
        self.seat: PlayerId = seat
        self.names: tuple[str, ...] = tuple(names)
        self._bots = frozenset(bots)
        seats = tuple(SeatSpec(name, "default" if i in self._bots else None)
                      for i, name in enumerate(names))
        self.setup = GameSetup(self.game.name, seats, options, 0)
        self.turn_seconds: float | None = body["turn_seconds"]
        game_id = body["game_id"]
        self.game_id = game_id if is_game_id(game_id, self.game.name) else ""
        """The id the host keeps the game under, if it is a well-formed id of this game; else ""
        (a game id is no reason to leave a table: the game is then kept under a fresh id)."""
        self._send = send
        self._clock = clock
        self._view: View | None = None
        self._peek: View | None = None
        self._log: list[str] = []
        self.moves = 0
        self.connected: tuple[bool, ...] = tuple(True for _ in names)
        self.closed = ""
        self._left: float | None = None
        self._stamp = 0.0
        self._outcome: Outcome | None = None
        self._commands: list[str] = []

    # ------------------------------------------------------------------ from the server

    def feed(self, message: Message) -> str:
        """Take a ``state`` or ``refused`` message.

        Returns:
            The refusal's message for ``refused``, else "".

        Raises:
            CodecError: If a ``state`` message carries no valid view of this game or has a
                malformed field.
        """
        if message.kind == "refused":
            return str(message.body["message"])[:MAX_TEXT]
        if message.kind != "state":
            return ""
        body = message.body
        players = len(self.names)
        view = self.codec.decode(body["view"])
        if getattr(view, "viewer", None) != self.seat:
            raise CodecError("the view is not this seat's")
        if getattr(view, "players", players) != players:
            raise CodecError("the view is of a table with another number of seats")
        peek = None if body["peek"] is None else self.codec.decode(body["peek"])
        connected = body["connected"]
        if len(connected) != players or not all(isinstance(c, bool) for c in connected):
            raise CodecError("the connected seats are not one true or false per seat")
        log = _texts(body["log"], "log")
        outcome = None if body["outcome"] is None else _outcome(body["outcome"], players)
        record = body["record"]
        if record is not None:
            seed = record.get("seed")
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise CodecError("the record has no seed")
            self._commands = _texts(record.get("commands"), "record", limit=100_000)
            self.setup = GameSetup(self.setup.game, self.setup.seats, self.setup.options, seed)
        first = self._view is None
        self._view, self._peek = view, peek
        self._log = (log if first else self._log + log)[-MAX_LOG:]
        self.moves = body["moves"]
        self.connected = tuple(connected)
        left = body["time_left"]
        self._left = None if left is None else float(left)
        self._stamp = self._clock()
        self._outcome = outcome
        return ""

    @property
    def ready_to_show(self) -> bool:
        """True once the first view has come."""
        return self._view is not None

    # ------------------------------------------------------------------ seats and views

    @property
    def humans(self) -> tuple[PlayerId, ...]:
        """The seats played by people."""
        return tuple(i for i in range(len(self.names)) if i not in self._bots)

    @property
    def here(self) -> tuple[PlayerId, ...]:
        """The seats played at this terminal: this connection's alone."""
        return (self.seat,)

    def is_human(self, seat: PlayerId) -> bool:
        """True if ``seat`` is played by a person."""
        return seat not in self._bots

    @property
    def viewer(self) -> PlayerId:
        """This connection's seat: its view is always the one shown."""
        return self.seat

    def view(self) -> View:
        """The seat's view, as last sent; once the connection is over, without legal moves
        and with nobody to move (nothing can be played at a table that is gone, so the Board
        offers no move and names no turn)."""
        assert self._view is not None
        if self.closed and dataclasses.is_dataclass(self._view):
            return dataclasses.replace(  # type: ignore[type-var]
                self._view, legal=(), current_player=None)
        return self._view

    def view_for(self, seat: PlayerId | None) -> View:
        """The only view a client has: its own (for the result screen, which reads counts)."""
        return self.view()

    def peek_view(self) -> View:
        """The view with what the seat may look at on request (as sent), or the view."""
        return self._peek if self._peek is not None else self.view()

    @property
    def current_player(self) -> PlayerId | None:
        """The seat to act, or None once the game is over (or before the first view)."""
        if self._view is None:
            return None
        current: PlayerId | None = self._view.current_player
        return current

    @property
    def is_over(self) -> bool:
        """True once the server has sent the result."""
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """The result, once the game is over."""
        return self._outcome

    @property
    def history(self) -> range:
        """Stands for the moves played so far (only their number is known here)."""
        return range(self.moves)

    @property
    def events(self) -> list[str]:
        """Stands for the events: the log lines received (only their number is used)."""
        return self._log

    def log_lines(self, viewer: PlayerId | None, last: int = 200) -> list[str]:
        """The last ``last`` log lines of this seat."""
        return self._log[-last:] if last > 0 else []

    def commands(self) -> list[str]:
        """The table's command record, once the game is over (empty before)."""
        return list(self._commands)

    @property
    def table_note(self) -> str:
        """What the top bar says about the table: who is connected, who is awaited (the
        status line says why a closed table closed)."""
        if self.closed:
            return "table closed"
        humans = self.humans
        away = [self.names[i] for i in humans if not self.connected[i]]
        note = f"{len(humans) - len(away)} of {len(humans)} connected"
        current = None if self.is_over else self.current_player
        if current is not None and not self.connected[current]:
            return f"{note}; waiting for {self.names[current]}"
        if away:
            return f"{note}; away: {', '.join(away)}"
        return note

    # ------------------------------------------------------------------ moves

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions while it is to act; () otherwise."""
        if self._view is None or self.current_player != self.seat or self.closed:
            return ()
        return tuple(self.view().legal)

    def completions(self) -> tuple[str, ...]:
        """The command texts of :meth:`legal_actions`."""
        view = self.view()
        return tuple(self.game.format_action(view, a) for a in self.legal_actions())

    def submit(self, seat: PlayerId, action: Action) -> Result:
        """Send ``action`` as its command text; Accepted means sent, the server decides."""
        try:
            text = self.game.format_action(self.view(), action)
        except CardGameError as error:
            return Rejected(str(error))
        return self.submit_text(seat, text)

    def submit_text(self, seat: PlayerId, text: str) -> Result:
        """Send a typed command for this seat; Accepted means sent, the server decides."""
        if seat != self.seat:
            return Rejected("You can only play for your own seat.")
        if self.closed:
            return Rejected(self.closed)
        if self.is_over:
            return Rejected("The game is over.")
        self._send(text, self.moves)
        return Accepted(seat, None, text, ())

    def release(self) -> Result:
        """No terminal is passed on at a network table."""
        return Rejected("There is no terminal to pass on at a network table.")

    def ready(self, seat: PlayerId) -> Result:
        """No hand-over at a network table."""
        return Rejected("There is no hand-over at a network table.")

    def step_bot(self) -> None:
        """Computer players move on the server."""
        return None

    def run_bots(self, limit: int = 0) -> Sequence[Accepted]:
        """Computer players move on the server."""
        return ()

    def can_undo(self, seat: PlayerId) -> bool:
        """Never: a network table has no undo."""
        return False

    def offers_undo(self, seat: PlayerId) -> bool:
        """Never: a network table has no undo."""
        return False

    def undo(self, seat: PlayerId) -> Result:
        """Refused: a network table has no undo."""
        return Rejected("Undo is not available at a network table.")

    # ------------------------------------------------------------------ turn clock

    def time_left(self) -> float | None:
        """Seconds left in the current turn, as the server counts them."""
        if self._left is None or self.is_over:
            return None
        return max(0.0, self._left - (self._clock() - self._stamp))

    def tick(self) -> None:
        """The server plays time-outs; nothing happens here."""
        return None

    def pause_clock(self) -> None:
        """The server's clock runs on while a screen covers this table."""

    def resume_clock(self) -> None:
        """The server's clock never stopped for this client."""
