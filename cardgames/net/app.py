"""The app at a network table: a waiting room, then the same table screen as a local game.

:class:`JoinApp` connects to the table of a join code, shows who has joined until the game is
dealt, then shows the table screen and Board of the game, fed by a :class:`RemoteSession`: the
table screen works as for a local game, without a pass screen, bots or undo (the server has
them). Ctrl+Q leaves the table; the same code and name take the seat back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardgames.net.client import RemoteSession, connect
from cardgames.net.codec import CodecError
from cardgames.net.protocol import Channel, JoinCode, Message, ProtocolError
from cardgames.tui.app import CardGamesApp
from cardgames.tui.navigation import StartGame
from cardgames.tui.settings import AppSettings

if TYPE_CHECKING:
    from cardgames.session.session import Session
    from cardgames.tui.screens.table import TableScreen


class WaitingRoom(Screen[None]):
    """Who has joined the table so far, and its join code, until the game is dealt."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Leave")]

    def __init__(self, code: JoinCode, name: str) -> None:
        super().__init__()
        self.code = code
        self.player = name
        self.text = f"Joining the table as {name} …"

    def compose(self) -> ComposeResult:
        """The message and the footer."""
        yield Static(id="waiting")
        yield Footer()

    def on_mount(self) -> None:
        """Show what is known so far."""
        self.say(self.text)

    def say(self, text: str) -> None:
        """Show ``text`` (names in it are shown literally) above the join code."""
        self.text = text
        shown = Text(f"\n  {text}\n\n", style="bold")
        shown.append(f"  Join code: {self.code}\n", style="#ffd75f")
        shown.append("  Others join with: ", style="#9a9a9a")
        shown.append(f"cardgames join {self.code} --name NAME\n", style="#d0d0d0")
        if self.is_mounted:
            self.query_one("#waiting", Static).update(shown)


def lobby_text(body: dict[str, object]) -> str:
    """The waiting room's line for a ``lobby`` message."""
    joined = [str(name)[:40] for name in cast(list[object], body["joined"])][:10]
    players, bots = int(cast(int, body["players"])), int(cast(int, body["bots"]))
    missing = players - bots - len(joined)
    computers = f", {bots} computer player{'s' if bots != 1 else ''}" if bots else ""
    return (f"{str(body['title'])[:40]}, {players} seats{computers}. Joined: "
            f"{', '.join(joined)}. Waiting for {missing} more …")


class JoinApp(CardGamesApp):
    """The app on a network table.

    Args:
        code: The table's join code.
        name: The player's name at the table.
        settings: Display choices.
        shown: The join code the waiting room shows for the others (default: ``code``; the
            host connects over 127.0.0.1 but shows the code others can use).
    """

    def __init__(self, code: JoinCode, name: str, settings: AppSettings | None = None,
                 shown: JoinCode | None = None) -> None:
        super().__init__(settings=settings)
        self.code = code
        self.player = name
        self.room = WaitingRoom(shown or code, name)
        self.remote: RemoteSession | None = None
        self.table: TableScreen | None = None
        self.channel: Channel | None = None

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
            self.channel = await connect(self.code, self.player)
        except OSError as error:
            self._ended(f"Cannot reach the table at {self.code.host}:{self.code.port}: "
                        f"{error.strerror or error}.")
            return
        try:
            while (message := await self.channel.receive()) is not None:
                self._take(message)
        except (ProtocolError, CodecError) as error:
            self._ended(f"The table sent something this program cannot read: {error}")
            self.channel.writer.close()
            return
        self._ended("The table closed the connection.")

    def _take(self, message: Message) -> None:
        if message.kind == "lobby":
            self.room.say(lobby_text(dict(message.body)))
        elif message.kind == "table":
            channel = self.channel
            assert channel is not None
            self.remote = RemoteSession(
                message, lambda text, moves: channel.send("act", text=text, moves=moves),
                clock=self.clock)
            self.room.say("The game is dealt.")
        elif message.kind == "error":
            self._ended(str(message.body["message"]))
        elif self.remote is not None:
            refusal = self.remote.feed(message)
            if self.table is None and self.remote.ready_to_show:
                self._show_table(self.remote)
            elif self.table is not None:
                self.table.remote_change(refusal)

    def _show_table(self, remote: RemoteSession) -> None:
        from cardgames.tui.screens.table import TableScreen

        self.table = TableScreen(cast("Session", remote), self.settings, keys=self.keys)
        self.push_screen(self.table, lambda _: self.exit())

    def _ended(self, why: str) -> None:
        """The connection is over: say why, at the table or in the waiting room."""
        self.room.say(why)
        if self.remote is not None and self.table is not None:
            self.remote.closed = why
            self.table.remote_change()
        self.notify(why, severity="warning", timeout=10)

    def on_start_game(self, request: StartGame) -> None:
        """"Play again" starts no local game: a network table plays one game."""
        self.notify("A network table plays one game: the host can start another table.")

    async def action_quit(self) -> None:
        """Leave at once: the game goes on at the server, and the seat waits for a rejoin."""
        self.exit()


def run_join(code: JoinCode, name: str, settings: AppSettings,
             shown: JoinCode | None = None) -> None:
    """Run :class:`JoinApp` in this terminal (exit status 2 if there is no terminal); ``shown``
    is the code the waiting room shows (see :class:`JoinApp`)."""
    import sys

    from cardgames import PROG
    from cardgames.tui.launch import NEEDS_TERMINAL

    if not sys.stdout.isatty():
        print(f"{PROG}: error: a table needs a terminal; standard output is not one",
              file=sys.stderr)
        sys.exit(NEEDS_TERMINAL)
    app = JoinApp(code, name, settings, shown)
    app.run()
