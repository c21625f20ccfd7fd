"""The app at a network table: a waiting room, then the same table screen as a local game.

:class:`JoinApp` connects to the table of a join code, shows who has joined until the game is
dealt, then shows the table screen and Board of the game, fed by a :class:`RemoteSession`: the
table screen works as for a local game, without a pass screen, bots or undo (the server has
them). Ctrl+Q leaves the table; the same code and name take the seat back.

A table that cannot be reached, that refuses the join (a wrong secret, no such table), or whose
first answer cannot be read, ends the command with one line on the terminal (status 1), as any
command that cannot do its job; once the table has answered, the app shows what happens to it
(the host closing it, the connection breaking) on its screen.

Once the game is over, the table sends its record (the seed and the commands, never sent
before: they would give the cards away); checked against what this seat was shown, it is kept
here as a finished local game is (history, replay, statistics). While the game runs the seat
knows too little to write a record that replays, so none is written.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardgames.net.client import RemoteSession, connect, replayed
from cardgames.net.codec import MAX_TEXT, CodecError
from cardgames.net.protocol import SAVED_NAME_LIMIT, Channel, JoinCode, Message, ProtocolError
from cardgames.tui.app import CardGamesApp
from cardgames.tui.navigation import StartGame
from cardgames.tui.saving import now
from cardgames.tui.settings import AppSettings

if TYPE_CHECKING:
    from cardgames.session.session import Session
    from cardgames.tui.screens.table import TableScreen


CONNECT_SECONDS = 10.0
"""Seconds a table has to accept the connection before the join gives up."""

LOST = ("The connection to the table was lost: the host has left or the network failed. "
        "If the table still runs, join again with the same code and name.")
"""What the table says when the connection ends without the host closing the table."""


def unreachable(code: JoinCode, error: OSError) -> str:
    """Why the table of ``code`` could not be reached, and what to check, as sentences."""
    where = code.host if code.is_unix else f"{code.host}:{code.port}"
    return (f"Could not reach {where}: {_reason(error)}. "
            "Check the address and that the host is running.")


def _reason(error: OSError) -> str:
    """``error`` in a few lower-case words ("connection refused")."""
    if isinstance(error, TimeoutError):
        return f"no answer in {CONNECT_SECONDS:g} seconds"
    if isinstance(error, socket.gaierror):
        return f"no such host ({str(error.strerror).lower()})"
    if error.errno:
        return os.strerror(error.errno).lower()
    return str(error) or type(error).__name__


def printable(text: str) -> str:
    """A peer's ``text`` safe to print on a terminal: printable characters only, and short."""
    return "".join(char for char in text if char.isprintable())[:MAX_TEXT]


class WaitingRoom(Screen[None]):
    """Who has joined the table so far, and its join code, until the game is dealt.

    Args:
        code: The join code shown for the others.
        name: The player's name at the table.
        notes: Lines shown under the news while the table waits (the host's: the saved game
            it continues and who must join again).
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Leave")]

    def __init__(self, code: JoinCode, name: str, notes: Sequence[str] = ()) -> None:
        super().__init__()
        self.code = code
        self.player = name
        self.notes = tuple(notes)
        self.text = f"Joining the table as {name} …"
        self.over = False

    def compose(self) -> ComposeResult:
        """The message and the footer."""
        yield Static(self._shown(), id="waiting")
        yield Footer()

    def say(self, text: str, *, over: bool = False) -> None:
        """Show ``text`` (names in it are shown literally) above the join code; ``over``: the
        connection has ended, and the code, no longer of use, is not shown."""
        self.text, self.over = text, over
        # Before the screen is composed there is nothing to update: compose shows the text.
        for waiting in self.query("#waiting").results(Static):
            waiting.update(self._shown())

    def _shown(self) -> Text:
        shown = Text(f"\n  {self.text}\n\n", style="bold")
        if self.over:
            return shown
        for note in self.notes:
            shown.append(f"  {note}\n\n")
        shown.append(f"  Join code: {self.code}\n", style="#ffd75f")
        shown.append("  Others join with: ", style="#9a9a9a")
        shown.append(f"cardgames join {self.code} --name NAME\n", style="#d0d0d0")
        return shown


def lobby_text(body: dict[str, object]) -> str:
    """The waiting room's line for a ``lobby`` message."""
    joined = [str(name)[:SAVED_NAME_LIMIT] for name in cast(list[object], body["joined"])][:10]
    awaited = [str(name)[:SAVED_NAME_LIMIT] for name in cast(list[object], body["awaited"])][:10]
    players, bots = int(cast(int, body["players"])), int(cast(int, body["bots"]))
    missing = players - bots - len(joined)
    computers = f", {bots} computer player{'s' if bots != 1 else ''}" if bots else ""
    table = f"{str(body['title'])[:40]}, {players} seats{computers}."
    if awaited:
        return (f"{table} A saved game goes on once everyone is back. Joined: "
                f"{', '.join(joined)}. Waiting for {', '.join(awaited)} …")
    return f"{table} Joined: {', '.join(joined)}. Waiting for {missing} more …"


class JoinApp(CardGamesApp):
    """The app on a network table.

    Args:
        code: The table's join code.
        name: The player's name at the table.
        settings: Display choices.
        shown: The join code the waiting room shows for the others (default: ``code``; the
            host connects over 127.0.0.1 but shows the code others can use).
        keep: False to keep no record of the finished game (the host's table keeps it).
        notes: Lines the waiting room shows under its news (see :class:`WaitingRoom`).
    """

    def __init__(self, code: JoinCode, name: str, settings: AppSettings | None = None,
                 shown: JoinCode | None = None, keep: bool = True,
                 notes: Sequence[str] = ()) -> None:
        super().__init__(settings=settings)
        self.code = code
        self.player = name
        self.room = WaitingRoom(shown or code, name, notes)
        self.remote: RemoteSession | None = None
        self.table: TableScreen | None = None
        self.channel: Channel | None = None
        self.answered = False
        self.failure = ""
        self.ended = ""
        self.started: datetime | None = None
        self.kept = not keep

    def get_default_screen(self) -> Screen[None]:
        """The waiting room is the bottom screen."""
        return self.room

    def on_mount(self) -> None:
        """Connect to the table in a worker that reads the server's messages."""
        super().on_mount()
        self.run_worker(self._play(), exclusive=True, exit_on_error=False)

    def on_unmount(self) -> None:
        """Close the connection when the app ends (the seat then waits for a rejoin)."""
        super().on_unmount()
        if self.channel is not None:
            self.channel.writer.close()

    async def _play(self) -> None:
        try:
            self.channel = await asyncio.wait_for(connect(self.code, self.player),
                                                  CONNECT_SECONDS)
        except OSError as error:
            self._fail(unreachable(self.code, error))
            return
        try:
            while (message := await self.channel.receive()) is not None:
                self._take(message)
        except (ProtocolError, CodecError) as error:
            self.channel.writer.close()
            why = f"The table sent something this program cannot read: {printable(str(error))}"
            # Before the table has answered the join this is a failed join, as a refusal is.
            (self._ended if self.answered else self._fail)(why)
            return
        if self.answered:
            self._ended(LOST)
        else:
            self._fail(f"The table at {self.code.host} closed the connection before answering "
                       "the join: the host may have closed it.")

    def _fail(self, why: str) -> None:
        """The join failed before the table answered: end with ``why`` (printed by
        :func:`run_join` on the terminal) and exit status 1."""
        self.failure = why
        self.exit(return_code=1)

    def _take(self, message: Message) -> None:
        if message.kind == "error" and not self.answered:
            self._fail(f"The table refused the join: {printable(str(message.body['message']))}")
            return
        self.answered = True
        if message.kind == "lobby":
            self.room.say(lobby_text(dict(message.body)))
        elif message.kind == "closed":
            self._ended(closed_text(bool(message.body["saved"])) if self.remote is not None
                        else "The host has left and closed the table before the game was dealt.")
        elif message.kind == "table":
            channel = self.channel
            assert channel is not None
            self.remote = RemoteSession(
                message, lambda text, moves: channel.send("act", text=text, moves=moves),
                clock=self.clock)
            self.room.say("The game is dealt.")
            self.started = now()
        elif message.kind == "error":
            self._ended(printable(str(message.body["message"])))
        elif self.remote is not None:
            refusal = self.remote.feed(message)
            if self.remote.is_over and not self.kept:
                self.kept = True
                self._keep_record(self.remote)
            if self.table is None and self.remote.ready_to_show:
                self._show_table(self.remote)
            elif self.table is not None:
                self.table.remote_change(refusal)

    def _keep_record(self, remote: RemoteSession) -> None:
        """Keep the finished game's record here, once it replays to the result the table sent
        and to the very view this seat was shown (a table is never trusted further), under the
        id the host keeps it under if that is safe (see ``Autosave.start``): a data folder shared
        with the host then holds one record of the game, counted once."""
        from cardgames.session.autosave import Autosave

        session = replayed(remote)
        if session is None:
            self.notify("The table's record of this game does not match what it showed: it is "
                        "not kept.", severity="warning", timeout=10)
            return
        saver = Autosave.start(session, self.started or now(), game_id=remote.game_id or None)
        saver.remote = tuple(seat for seat in remote.humans if seat != remote.seat)
        self.writer.save(saver, session)

    def _show_table(self, remote: RemoteSession) -> None:
        from cardgames.tui.screens.table import TableScreen

        self.table = TableScreen(cast("Session", remote), self.settings, keys=self.keys)
        self.push_screen(self.table, lambda _: self.exit())

    def _ended(self, why: str) -> None:
        """The connection is over: say why, at the table or in the waiting room (where it
        stays, with ``q`` to leave). Said once: the first reason is the true one."""
        if self.ended:
            return
        self.ended = why
        self.room.say(why, over=True)
        if self.remote is not None and self.table is not None:
            self.remote.closed = "The table has closed." if self.remote.is_over else why
            self.table.remote_change()

    def on_start_game(self, request: StartGame) -> None:
        """"Play again" starts no local game: a network table plays one game (the app's own
        handler, which would deal a local game with these seats, is not run)."""
        request.prevent_default()
        self.notify("A network table plays one game: the host can start another table.")

    async def action_quit(self) -> None:
        """Leave at once: the game goes on at the server, and the seat waits for a rejoin."""
        self.exit()


def closed_text(saved: bool) -> str:
    """What the table says when the host has closed it (``saved``: the host keeps its record,
    so the game can go on at a new table)."""
    if not saved:
        return "The host has left and closed the table: the game has ended there."
    return ("The host has left and closed the table: the game is saved there, and the host can "
            "continue it with cardgames host --resume; join again then with the new code and "
            "the same name.")


def run_join(code: JoinCode, name: str, settings: AppSettings,
             shown: JoinCode | None = None, keep: bool = True, notes: Sequence[str] = ()) -> int:
    """Run :class:`JoinApp` in this terminal (exit status 2 if there is no terminal); ``shown``,
    ``keep`` and ``notes`` as for :class:`JoinApp`.

    Returns:
        The app's exit status: 1 when the table could not be reached or refused the join (the
        reason is printed on standard error), 128 + N when signal N ended it, else 0.
    """
    import sys

    from cardgames import PROG
    from cardgames.tui.launch import NEEDS_TERMINAL

    if not sys.stdout.isatty():
        print(f"{PROG}: error: a table needs a terminal; standard output is not one",
              file=sys.stderr)
        sys.exit(NEEDS_TERMINAL)
    app = JoinApp(code, name, settings, shown, keep, notes)
    app.run()
    if app.failure:
        print(f"{PROG}: error: {app.failure}", file=sys.stderr)
    return app.return_code or 0
