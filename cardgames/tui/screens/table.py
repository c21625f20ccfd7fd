"""The table screen: owns the Session, shows the game's Board, runs bots, hand-overs and the clock.

It is game-agnostic: the per-game part is the Board from ``cardgames.tui.boards.<game>``. Flow after
every change (:meth:`TableScreen.advance`): redraw; if the game is over, show the result; if the
Board has an interlude to show (a hand's result), show it and wait; if another human must take the
terminal, cover the table with the opaque pass screen *before* loading that
player's view; if a computer player is to act, let it move after ``bot_delay``; otherwise wait for
the human (and run the turn clock, if the game has one).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Static
from textual.worker import get_current_worker

from cardgames.core.engine import Action, PlayerId
from cardgames.session.autosave import Autosave
from cardgames.session.commands import Accepted, Rejected, Result
from cardgames.session.dealcode import deal_code
from cardgames.session.session import BotTurn, Session, out_of_turn
from cardgames.tui.boards import load_board
from cardgames.tui.frames import hold_frame
from cardgames.tui.keys import own_bindings
from cardgames.tui.navigation import KeepSettings, StartGame
from cardgames.tui.quiet import KeyQuiet
from cardgames.tui.render import CardStyle, cards_in_text, shorten_words, shown
from cardgames.tui.saving import Writer
from cardgames.tui.screens.base import AppScreen, footer_fit, footer_order, too_small_notice
from cardgames.tui.screens.dialogs import LeaveDialog, LeaveTableDialog
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.board import Board, TableInfo
from cardgames.tui.widgets.command_bar import CommandBar
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.table_row import TableRow

_LEAVE = "Leave this game? It is saved after every move: keep it to continue it from the picker."
"""The question ``q`` asks while the game runs."""


def readable_command(command: str) -> str:
    """A command as the hint shows it: card codes written as cards and a demanded suit as its
    name, ``play Qc Qd`` → ``play Q♣ Q♦``, ``demand c`` → ``demand clubs`` (an ace's demand,
    MK-12)."""
    from cardgames.core.cards import Suit, parse_card
    from cardgames.core.errors import InvalidCommand

    suits = {suit.value: suit.name.lower() for suit in Suit}
    words: list[str] = []
    for word in command.split():
        if words and words[-1] == "demand" and word in suits:
            words.append(suits[word])
            continue
        try:
            words.append(parse_card(word).symbol)
        except InvalidCommand:
            words.append(word)
    return " ".join(words)


def unbound_character(event: events.Key, screen: Screen[Any]) -> bool:
    """True if ``event`` is a printable character (not a space) that no binding takes, in any
    state of the game: not the focused widget's, its containers', the screen's or the app's. Such
    a key would otherwise do nothing at all."""
    character = event.character
    if character is None or len(character) != 1 or not character.isprintable():
        return False
    if character.isspace() or event.key in screen.active_bindings:
        return False
    focused = screen.focused or screen
    return all(event.key not in binding.key.split(",")
               for node in focused.ancestors_with_self for binding in own_bindings(node))


HINT_NOTE = "Hint: "
"""How the status line starts while it shows a hint (``Hint: discard A♥``)."""

_EXPLAINED = frozenset({"command", "hint", "finish", "bot_speed", "result"})
"""The table's actions whose key says why it does nothing while it does (``why_not``)."""

COVERED_NOTE = "q leave the table"
"""The key the too-small notice names: the only one of the table that acts under it."""


class TableScreen(AppScreen[None]):
    """One game in play.

    Args:
        session: The game; this screen is the only UI part that talks to it.
        settings: Display and pacing choices.
        keys: When the last key came, for the quiet spells of the hand-over.
        saver: Where the game is saved after every accepted command (None: not saved).
        writer: The app's background writer that does the saving.
        lock: The lock of the record the game is played from (``session.lock.acquire``),
            released when the screen goes (None: none held).
    """

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        # A priority binding runs before the next key is handed to a widget, so the keys typed
        # right after ``:`` reach the bar, not the table.
        Binding("colon", "command", "Command", priority=True),
        # Before the hand's Enter: while the player who just moved looks, Enter passes on.
        Binding("enter", "pass_on", "Pass on", priority=True),
        # Enter right after ``h`` plays exactly the hinted move, whatever the cursor is on.
        Binding("enter", "play_hint", "Play the hint", priority=True),
        # The footer shows the table's keys in this order after Leave, Rules and the game's
        # moves, as many as fit (see ``active_bindings``).
        Binding("u", "undo", "Undo"),
        # While the last turn cannot be taken back, u says why; the footer does not list it.
        Binding("u", "why_no_undo", "Undo", show=False),
        Binding("h", "hint", "Hint"),
        Binding("f", "finish", "Finish instantly"),
        Binding("question_mark", "rules", "Rules"),
        Binding("L", "log", "Log"),
        Binding("b", "bot_speed", "Bot speed"),
        Binding("r", "result", "Result"),
        Binding("q", "leave", "Leave"),
        # While one of these keys does nothing, it says why in the status line instead (see
        # ``why_not``); the footer lists only the keys that act.
        Binding("colon", "why_not('command')", "Command", show=False),
        Binding("h", "why_not('hint')", "Hint", show=False),
        Binding("f", "why_not('finish')", "Finish instantly", show=False),
        Binding("b", "why_not('bot_speed')", "Bot speed", show=False),
        Binding("r", "why_not('result')", "Result", show=False),
    ]

    def __init__(
        self,
        session: Session,
        settings: AppSettings,
        *,
        keys: KeyQuiet,
        saver: Autosave | None = None,
        writer: Writer | None = None,
        lock: Path | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.saver = saver
        self._no_such_key = ""
        """What the status line says of the last key if it was no key of the table."""
        self.writer = writer
        self.record_lock = lock
        self._saved: tuple[str, ...] = ()
        self.settings = settings
        self.card_style = CardStyle(ascii=settings.ascii, four_colour=settings.four_colour)
        self.keys = keys
        self.board: Board = load_board(session.setup.game)(id="board")
        self.error = ""
        self.note = ""
        self.too_small = False
        self._bot_timer: Timer | None = None
        self._stops = 0
        """How often the timers were stopped: a wait started after a repaint checks it."""
        self._thinking: BotTurn | None = None
        self._thought: tuple[BotTurn, Action] | None = None
        self._clock_timer: Timer | None = None
        self._shown_seconds: int | None = None
        self._covered = False
        self._result_shown = False
        self._bots_moved = False
        self._stalled = False
        self._hint: Action | None = None
        self._hint_focus: object = None
        self._showing = False
        """True while the Board shows the last move step by step and the game waits for it."""

    @property
    def _title(self) -> str:
        """The game's title as drawn ("Zoliky" in ASCII mode)."""
        return shown(self.session.game.title, self.card_style.ascii)

    @property
    def min_size(self) -> tuple[int, int]:
        """The smallest terminal (columns, lines) this game's table is drawn in."""
        return self.board.MIN_SIZE

    @property
    def game_in_progress(self) -> bool:
        """True while the game runs here: leaving or quitting would lose it (a network
        table whose connection is over has nothing left to keep or lose)."""
        return not self.session.is_over and not self._table_gone

    @property
    def _table_gone(self) -> str:
        """Why a network table's connection is over ("" while it lasts, and at home)."""
        return str(getattr(self.session, "closed", ""))

    def compose(self) -> ComposeResult:
        """Top bar, the Board, the too-small notice, the status line, the hidden command bar and
        the footer."""
        yield Static(id="topbar")
        yield self.board
        yield Static(id="too-small")
        yield Static(id="status")
        notation = getattr(self.session.game, "notation", None)
        examples = getattr(notation, "EXAMPLES", "draw")
        placeholder = f"command, e.g. {examples} — Tab completes, Esc closes"
        yield CommandBar(placeholder=shown(placeholder, self.card_style.ascii), id="command")
        yield Footer()

    def on_mount(self) -> None:
        """Hide the command bar, focus the Board's active zone and start the game flow."""
        self.query_one("#command", Input).display = False
        self._fit()
        self._focus_board()
        self.advance()

    def on_unmount(self) -> None:
        """The table is gone: let go of its record's lock, if it holds one."""
        if self.record_lock is not None:
            from cardgames.session.lock import release

            release(self.record_lock)
            self.record_lock = None

    def on_screen_suspend(self) -> None:
        """Another screen covers the table (rules, a dialog, a question, the pass screen): the
        turn clock holds, and computer players wait."""
        self.session.pause_clock()

    def on_screen_resume(self) -> None:
        """The table is on top again: the clock runs on (unless the too-small notice covers
        the table), and a step that waited is taken."""
        if not self.too_small:
            self.session.resume_clock()
        if self._stalled:
            self._stalled = False
            self.advance()

    def _waits_under_cover(self) -> bool:
        """True (and the step is taken on resume) while another screen covers the table."""
        if self.is_active:
            return False
        self._stalled = True
        return True

    def on_resize(self, event: events.Resize) -> None:
        """Cover the table with a notice while the terminal is too small for it (the turn
        clock holds meanwhile); the footer shows as many keys as the new width holds."""
        self._fit()
        self.refresh_bindings()

    def _fit(self) -> None:
        width, height = self.app.size
        need_width, need_height = self.min_size
        small = width < need_width or height < need_height
        notice = self.query_one("#too-small", Static)
        if small:
            text = too_small_notice(self.min_size, (width, height), self.card_style.ascii)
            notice.update(f"{text}\n\n{COVERED_NOTE}")
        if small == self.too_small:
            return
        self.too_small = small
        if small:
            self.session.pause_clock()
        elif self.is_active:
            self.session.resume_clock()
        notice.display = small
        self.query_one("#status").display = not small
        self.board.display = not small
        self.board.disabled = small
        if small:
            self.set_focus(None)
        elif self._typing():
            self.set_focus(self.query_one("#command", CommandBar))
        else:
            self._focus_board()
        self.refresh_bindings()

    # ------------------------------------------------------------------ flow

    def advance(self) -> None:
        """Redraw and decide what happens next (result, hand-over, bot move or human turn),
        once the Board has shown the last move to its end (see :meth:`Board.settling`)."""
        self._stop_timers()
        self.autosave()
        self.redraw()
        self._showing = self.board.settling
        if not self._showing:
            self._go_on()

    def _settle(self) -> None:
        """The Board's last move is shown to its end, or a key cut it short: show the table
        after it with the top bar and the status line in one frame, then go on."""
        if not self.board.settling:
            return
        hold_frame(self.app)
        self.board.settle()
        self._draw_topbar()
        self._draw_status(self.session.view(), self.info())
        self.refresh_bindings()
        if self._showing:
            self._showing = False
            self._go_on()

    def _go_on(self) -> None:
        """Decide what happens next: the result, an interlude, a hand-over, a computer
        player's move or the human's turn."""
        session = self.session
        if session.is_over:
            delay = self.settings.bot_delay * 2
            if delay > 0:
                self._bot_timer = self.set_timer(delay, self._game_over)
            else:
                self.call_later(self._game_over)
        elif session.passing is not None:
            # The player who just moved looks at the table until his Enter (pass_on); a move
            # typed ahead in the bar is for a turn that is no longer his to type: it goes.
            self._drop_command()
        elif (interlude := self.board.interlude()) is not None:
            self._pause_for(interlude)
        elif session.handover is not None:
            self._ring()
            self._hand_over(session.handover)
        elif session.bot_to_move:
            if self.settings.bot_delay > 0:
                self._after_frame(self.settings.bot_delay, self._bot_step)
            else:
                self.call_later(self._bot_step)
        else:
            self._ring()
            self._start_clock()
            if self._typing():
                # The move typed ahead is completed from this turn's moves.
                self.query_one("#command", CommandBar).offer(self._completions())

    def remote_change(self, refusal: str = "") -> None:
        """The game changed elsewhere (at a network table's server): show it and go on.

        Args:
            refusal: Why the server did not play the viewer's last move, or "" after a change.
        """
        self.error, self.note = refusal, ""
        if self._result_shown:
            self.redraw()
        else:
            self.advance()

    def autosave(self, *, keep: bool = False) -> None:
        """Queue the record for writing if the commands changed since the last save (a move,
        a computer player's move, a time-out or an undo); the writing happens off this thread.
        A deal nobody has moved in yet is written only when ``keep`` is True (the player chose
        to keep it for later), so the picker offers no "Continue" of games never begun."""
        if self.saver is None or self.writer is None:
            return
        commands = tuple(self.session.commands())
        if commands == self._saved and not keep:
            return
        self._saved = commands
        self.writer.save(self.saver, self.session)

    def keep_clock(self) -> None:
        """The app is ending unasked (SIGHUP, SIGTERM): write the record once more if a
        person's turn clock runs in a game already saved, so the game continued later gives
        that turn the time it had left (``GameRecord.time_left``), not a fresh turn."""
        session = self.session
        if self.game_in_progress and session.commands() and session.time_left() is not None:
            self.autosave(keep=True)

    def discard(self) -> None:
        """Remove this game's record: the player chose not to keep it."""
        if self.saver is not None and self.writer is not None:
            self.writer.discard(self.saver)
        self.saver = None

    def _ring(self) -> None:
        """A person's turn after computer players moved: ring the bell (if switched on)."""
        if self._bots_moved and self.settings.bell:
            self.app.bell()
        self._bots_moved = False

    def _bot_step(self) -> None:
        """Let the computer player to act move: at once, or after thinking in a worker thread
        (a search bot), while the table keeps redrawing and answering keys."""
        self._bot_timer = None
        if self._waits_under_cover():
            return
        if not (self.is_attached and self.session.bot_to_move and not self._covered):
            return
        turn = self.session.bot_turn()
        assert turn is not None
        if self._thinking is not None and self._thinking.move == turn.move:
            return
        thought, self._thought = self._thought, None
        if thought is not None and thought[0].move == turn.move:
            self._bot_moved(*thought)
        elif turn.thinks:
            self._thinking = turn
            self._think(turn)
        else:
            self._bot_moved(turn, turn.think())

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, turn: BotTurn) -> None:
        action = turn.think()
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._bot_thought, turn, action)

    def _bot_thought(self, turn: BotTurn, action: Action) -> None:
        """A worker's choice is played only if nobody dropped the turn meanwhile (leaving,
        undo) and the game is still where it was; while another screen covers the table it
        waits, and is played once the table is on top again."""
        if turn is not self._thinking:
            return
        self._thinking = None
        if self._waits_under_cover():
            self._thought = (turn, action)
            return
        if self.is_attached and not self._covered:
            self._bot_moved(turn, action)

    def _bot_moved(self, turn: BotTurn, action: Action) -> None:
        if self.session.play_bot_turn(turn, action) is not None:
            self._bots_moved = True
            # The table changed: an error about the human's last try no longer applies.
            self.error = self.note = ""
        self.advance()

    def _after_frame(self, delay: float, step: Callable[[], None]) -> None:
        """Take ``step`` ``delay`` seconds after the table drawn now is on screen, so a busy
        machine still shows each computer player's move for that long; stopping the timers
        meanwhile (:meth:`_stop_timers`) cancels it."""
        stops = self._stops

        def start() -> None:
            if stops == self._stops and self._bot_timer is None and self.is_attached:
                self._bot_timer = self.set_timer(delay, step)

        hold_frame(self.app, then=start)

    def _pause_for(self, interlude: Screen[Any]) -> None:
        """Show the Board's interlude (a hand's result); the game goes on once it is closed."""
        self._covered = True
        self.open(interlude, lambda _: self._after_interlude())

    def _after_interlude(self) -> None:
        self._covered = False
        self.advance()

    def _hand_over(self, seat: PlayerId) -> None:
        self._drop_command()
        self._covered = True
        self._clear_status()
        public = tuple(self.session.log_lines(None, last=4))
        cover = PassScreen(self._seat_name(seat), public, self.card_style, self.keys,
                           shown(self.session.handover_reason, self.card_style.ascii))
        self.open(cover, lambda ready: self._after_cover(seat, ready))

    def _after_cover(self, seat: PlayerId, ready: bool | None) -> None:
        self._covered = False
        self.error = self.note = ""
        if not ready:
            self.open(LeaveDialog(_LEAVE), self.leave_answer)
            return
        self.session.ready(seat)
        self.advance()

    def leave_answer(self, answer: str | None) -> None:
        """The answer to the leave question (:meth:`leave_dialog`): "keep" or "discard" closes
        the table (keeping or discarding its record); None stays and goes on."""
        if answer:
            if answer == "discard":
                self.discard()
            else:
                self.autosave(keep=True)
            self._stop_timers()
            self.dismiss()
        else:
            self.advance()

    def _game_over(self) -> None:
        from cardgames.tui.screens.game_over import GameOverScreen

        if self._waits_under_cover():
            return
        self._stop_timers()
        self._drop_command()
        self._result_shown = True
        # The result box comes up unasked, often while the player is still pressing keys for
        # the table: the keys of that burst must not answer it (play again unseen).
        self.keys.closed()
        self.open(GameOverScreen(self.session, self.settings,
                                 again=getattr(self.session, "plays_again", True)),
                  self._after_result)

    def _after_result(self, choice: str | None) -> None:
        """Play again, go back to the games, or stay to look at the final table."""
        if choice == "again":
            setup = self.session.setup.next_game()
            self.post_message(StartGame(self, setup, self.session.turn_seconds or 0))
        elif choice == "back":
            self.dismiss()
        elif choice == "replay":
            self.replay()
        self.refresh_bindings()

    def replay(self) -> None:
        """Open the replay of this game (from its record)."""
        from cardgames.session.record import record_of
        from cardgames.session.replay import Replay
        from cardgames.tui.saving import now
        from cardgames.tui.screens.replay import ReplayScreen

        moment = now()
        record = record_of(self.session, id="replay", started=moment,
                           finished=moment if self.session.is_over else None, seconds=0.0)
        self.open(ReplayScreen(Replay(record), self.card_style))

    def action_result(self) -> None:
        """Show the result of the finished game again."""
        if self.session.is_over:
            self._game_over()

    # ------------------------------------------------------------------ drawing

    def _seat_name(self, seat: PlayerId) -> str:
        """The name of ``seat`` as the table shows it (spelled in ASCII with ``--ascii``)."""
        return shown(self.session.names[seat], self.card_style.ascii)

    def info(self) -> TableInfo:
        """What the Board needs besides the View, for the current viewer."""
        session = self.session
        viewer = session.viewer
        return TableInfo(
            names=session.names,
            bots=frozenset(i for i in range(len(session.names)) if not session.is_human(i)),
            viewer=viewer,
            log=tuple(session.log_lines(viewer, last=60)),
            style=self.card_style,
            levels={
                seat: spec.level
                for seat, spec in enumerate(session.setup.seats)
                if spec.level is not None
            },
            gone=bool(self._table_gone),
        )

    def redraw(self) -> None:
        """Show the current viewer's view on the Board, the top bar and the status line (a
        hint shown before no longer applies: it is dropped whole, see :meth:`_forget_hint`)."""
        self._forget_hint()
        hold_frame(self.app)
        view = self.session.view()
        info = self.info()
        self.board.show(view, info)
        self._draw_topbar()
        self._draw_status(view, info)
        self.refresh_bindings()

    def _draw_topbar(self) -> None:
        session = self.session
        text = Text()
        text.append(f" {self._title} ", style="bold #1c1c1c on #ffd75f")
        # While the Board shows a move step by step, the player whose move it is.
        current = self.board.acting
        # At a network table that is gone neither a turn nor the game's end comes.
        if current is None and not self._table_gone:
            text.append("  game over", style="bold")
        elif current is not None:
            text.append_text(self._turn(current))
        left = self._seconds_left()
        if left is not None:
            icon = "time" if self.card_style.ascii else "⏱"
            text.append(f"   {icon} {left // 60}:{left % 60:02d}",
                        style="bold #ff5f5f" if left <= 10 else "bold #87d787")
        note = getattr(session, "table_note", None)
        topbar = self.query_one("#topbar", Static)
        deal = f"   deal {deal_code(session.setup)}"
        if note is not None:
            # A network table says who is connected; its deal code would give the cards away.
            text.append(f"   {note}", style="#afafff")
        elif text.cell_len + cell_len(deal) <= (topbar.size.width or self.app.size.width):
            # The deal code shows whole or not at all.
            text.append(deal, style="#6c6c6c")
        topbar.update(text)

    def _turn(self, current: PlayerId) -> Text:
        """The top bar's words on whose turn it is."""
        session = self.session
        if current == session.viewer:
            return Text("  your turn", style="bold #ffd75f")
        text = Text(f"  {self._seat_name(current)}'s turn", style="bold #d0d0d0")
        if not session.is_human(current):
            level = session.setup.seats[current].level
            text.append(f" (computer, {level})", style="#8a8a8a")
        return text

    def _draw_status(self, view: Any, info: TableInfo) -> None:
        status = self.query_one("#status", Static)
        if self.error or self.note:
            mark, colour = ("✗ ", "#ff5f5f") if self.error else ("✓ ", "#87d787")
            text = Text(shown(mark, self.card_style.ascii), style=f"bold {colour}")
            message = shorten_words(self.error or self.note)
            text.append_text(cards_in_text(message, self.card_style))
            if self.error:
                text.stylize_before("#ffafaf")
            status.update(text)
            return
        if self._table_gone and not self.session.is_over:
            status.update(Text(f"{self._table_gone} q leaves.", style="bold #ffafaf"))
            return
        settling = self.board.settling
        hint = self._pass_hint() or ("" if settling else self.board.status_hint(view, info))
        if not hint and not settling and self._watching():
            hint = "You are out: f finishes the game instantly, b sets the bot speed."
        status.update(cards_in_text(hint, self.card_style) if hint else "")

    def _pass_hint(self) -> str:
        """While the player who just moved still looks: what he did, and how to pass on."""
        seat = self.session.passing
        viewer = self.session.viewer
        if seat is None or viewer is None:
            return ""
        did = self.session.last_line_of(viewer)
        ask = f"press Enter to pass to {self._seat_name(seat)}"
        return f"{did} — {ask}" if did else ask[:1].upper() + ask[1:]

    def _clear_status(self) -> None:
        """Forget the last error or note; the status line shows the hint again."""
        if self.error or self.note:
            self.error = self.note = ""
            self._draw_status(self.session.view(), self.info())

    def _focus_board(self) -> None:
        if not self.too_small:
            self.board.focus_zone()

    # ------------------------------------------------------------------ moves

    def _submit(self, result: Result) -> None:
        if isinstance(result, Rejected):
            self.error = result.message
            self.note = ""
            self._draw_status(self.session.view(), self.info())
            return
        self.error = self.note = ""
        self.board.accepted()
        self.advance()

    def on_board_act(self, message: Board.Act) -> None:
        """Play the Board's action for the viewing seat (keys under a cover do nothing)."""
        message.stop()
        if self._covered or self.too_small or self.board.settling:
            return
        seat = self.session.viewer
        if seat is None or self.session.passing is not None:
            self._submit(Rejected(self._no_move_now()))
            return
        self._submit(self.session.submit(seat, message.action))

    def on_board_settled(self, message: Board.Settled) -> None:
        """The Board has shown the last move to its end: show whose turn it is and what can
        be done now, and go on."""
        message.stop()
        self._settle()

    def on_board_peek(self, message: Board.Peek) -> None:
        """Show the Board the viewer's view with what he may look at on request (not a move);
        a refusal or note shown before is answered by it, and goes."""
        message.stop()
        if self._covered or self.too_small or self.session.viewer is None:
            return
        self.board.show(self.session.peek_view(), self.info())
        self._clear_status()

    def on_board_say(self, message: Board.Say) -> None:
        """Show a note from the Board in the status line."""
        message.stop()
        self._say(message.text)

    def on_hand_widget_selection_changed(self, message: HandWidget.SelectionChanged) -> None:
        """A new selection in the hand: the last error and the hint no longer apply."""
        self._forget_hint()
        self._clear_status()

    def on_table_row_selection_changed(self, message: TableRow.SelectionChanged) -> None:
        """A new selection among the table cards: the last error and the hint no longer
        apply."""
        self._forget_hint()
        self._clear_status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows command only when it can be used, undo only when the player's last
        turn can be taken back (while it cannot, ``u`` says why, unlisted), and no table keys
        while the command bar is open; while the terminal is too small no key of the table
        acts (nothing opens unseen under the notice) but ``q``, which the notice names: the
        way out of a game is never hidden."""
        if self.too_small:
            return action == "leave"
        if action == "why_not":
            # The explanation of a table key acts exactly when the key itself does not (and not
            # while the command bar takes the keys).
            wanted = str(parameters[0]) if parameters else ""
            return wanted in _EXPLAINED and not self._typing() and not self.check_action(
                wanted, ())
        if action == "pass_on":
            return self.session.passing is not None and not self._typing()
        if action == "play_hint":
            return self._hint is not None and not self._typing()
        if action in ("command", "undo", "why_no_undo") and (self.too_small or self._typing()):
            return False
        if action in ("rules", "leave", "log") and self._typing():
            return False
        if action in ("command", "hint") and self.board.settling:
            return False
        if action == "command":
            return bool(self.session.legal_actions()) or self._can_look() or self._can_type_ahead()
        if action == "result":
            return self.session.is_over and not self._typing()
        if action == "finish":
            return self._watching()
        if action == "hint":
            return not (self._typing() or self.too_small or self._covered) and bool(
                self.session.legal_actions()) and bool(getattr(self.session.game, "bots", None))
        if action == "bot_speed":
            # A network table's computer players move at the server's pace: b changes nothing.
            return (getattr(self.session, "paces_bots", True) and not self._typing()
                    and not self.session.is_over and any(
                        not self.session.is_human(seat) for seat in range(len(self.session.names))))
        if action in ("undo", "why_no_undo"):
            # u says why whenever there is no turn to take back (a hot-seat game, no move yet,
            # the game over, a network table): the Session's refusal names the reason.
            viewer = self.session.viewer
            can = viewer is not None and self.session.can_undo(viewer)
            return can == (action == "undo")
        return True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The active keys, Leave and Rules first, then the game's moves, then the shared keys:
        the footer shows them in this order (see :func:`footer_order`), as many as fit in the
        terminal's width, whole (see :func:`footer_fit`)."""
        ordered = footer_order(super().active_bindings, (self, self.app))
        return footer_fit(ordered, self.app.size.width, self.app.get_key_display)

    def _watching(self) -> bool:
        """Every person at the table is out (a View's ``finished``) and only computer players
        are left to finish the game."""
        session = self.session
        if session.is_over or not session.bot_to_move or self._covered:
            return False
        out = getattr(session.view(), "finished", ())
        return all(seat in out for seat in session.humans)

    def action_finish(self) -> None:
        """Let the computer players finish the game at once, without delay; a ``hard`` player
        plays its heuristic's moves (the ``normal`` level) for the rest, as a search for every
        move would keep the table waiting."""
        if not self._watching():
            return
        self._stop_timers()
        self.session.run_bots(quick=True)
        self.advance()

    def action_bot_speed(self) -> None:
        """Step the delay between computer players' moves: slow, normal, fast, instant (the
        key is in the footer while computer players move here, not at a network table's server,
        and the game is not over)."""
        from dataclasses import replace

        from cardgames.tui.settings import next_bot_speed

        name, delay = next_bot_speed(self.settings.bot_delay)
        self.settings = replace(self.settings, bot_delay=delay)
        self.post_message(KeepSettings(self.settings))
        self.error = ""
        self.note = f"Computer players: {name} ({delay:g} s a move)"
        self._draw_status(self.session.view(), self.info())

    def _typing(self) -> bool:
        return bool(self.query_one("#command", CommandBar).display)

    def action_command(self) -> None:
        """Open the command bar with completions from the legal moves."""
        self._forget_hint()
        self.query_one("#command", CommandBar).open(self._completions())
        self.refresh_bindings()

    def _completions(self) -> tuple[str, ...]:
        """What the command bar completes: the legal moves and the game's look command."""
        look = getattr(self.session.game, "look_command", None)
        return self.session.completions() + ((look,) if look else ())

    def _can_type_ahead(self) -> bool:
        """The viewer may open the command bar on another player's turn, to type his next move
        meanwhile (it is played with Enter once his turn has come): the keys typed go to the
        bar, never to the table."""
        session = self.session
        return (session.viewer is not None and not session.is_over and session.passing is None
                and not self._covered and session.viewer in session.humans)

    def _can_look(self) -> bool:
        """The game has a look command (Spite & Malice's ``bottom``) and the viewer may use it
        now, on anybody's turn: it shows, it does not move."""
        session = self.session
        return (getattr(session.game, "look_command", None) is not None
                and session.viewer is not None and not session.is_over
                and session.passing is None and not self._covered)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Play the typed command (the game's look command, such as ``bottom``, shows what
        it looks at instead); after a refusal the bar stays open with the text to fix."""
        event.stop()
        seat = self.session.viewer
        text = event.value.strip()
        if seat is None or not text:
            self._close_command()
            return
        bar = self.query_one("#command", CommandBar)
        if bar.cut:
            # Not the piece that fitted: that would be judged as a command of its own.
            self._submit(Rejected(bar.too_long))
            return
        if text.lower() == getattr(self.session.game, "look_command", None):
            self._close_command()
            self.post_message(Board.Peek())
            return
        if not self.session.legal_actions():
            self._submit(Rejected(self._no_move_now()))
            return
        result = self.session.submit_text(seat, text)
        if isinstance(result, Rejected):
            self._submit(result)
            return
        self._close_command()
        self._submit(result)

    def on_command_bar_closed(self, message: CommandBar.Closed) -> None:
        """Escape closed the command bar: the board takes the focus and the last error goes,
        unless a key right after Escape (``:``) has opened the bar again."""
        if not self._typing():
            self._close_command()
            self._clear_status()

    def key_escape(self) -> None:
        """Escape outside the bar clears the status line's last error or note."""
        self._clear_status()

    def _drop_command(self) -> None:
        """Close the command bar if it is open, though nobody asked (the turn is handed on, the
        game is over): the rest of the command being typed is dropped until a pause, so its
        letters never act as table keys (the ``q`` of ``play qh`` would open the leave
        question)."""
        if self._typing():
            self._close_command()
            self.keys.closed()

    def _close_command(self) -> None:
        bar = self.query_one("#command", Input)
        bar.display = False
        self._focus_board()
        self.refresh_bindings()

    def action_pass_on(self) -> None:
        """The player who just moved is done looking: cover the table for the next player.

        An Enter typed in one burst with the keys before it (a double press, within twice the
        burst's pause) does not count, however long the computer players' moves shown since
        took; the status line says to press it again.
        """
        passing = self.session.passing
        if passing is None or not self.is_active:
            return
        keys = self.keys
        if keys.last_key - keys.key_before < min(keys.seconds, 2 * keys.settle):
            self._say(f"That Enter came too soon after your move: press it again to pass to "
                      f"{self._seat_name(passing)}.")
            return
        self.session.release()
        self.advance()

    def action_why_no_undo(self) -> None:
        """``u`` while there is no turn to take back: the status line gives the Session's
        reason ("Undo is only for a game against computer players.", "There is no move of
        yours to undo.", ...); nothing changes."""
        session = self.session
        seat = session.viewer
        if seat is None:
            seat = next(iter(session.humans), None)
        if seat is None:
            self._say("There is no move of yours to undo.")
            return
        self._submit(session.undo(seat))

    def action_why_not(self, key: str) -> None:
        """A table key pressed while it does nothing (see :data:`_EXPLAINED`): the status line
        says why; nothing changes. After a refused ``:`` the letters typed right after it
        were meant for the bar: the rest of that burst is dropped, never taken as table keys
        (the ``q`` of ``play qh`` would open the leave question)."""
        if key == "command":
            self.keys.closed()
        self._say(self.why_not(key))

    def why_not(self, key: str) -> str:
        """Why the table's action ``key`` (``command``, ``hint``, ``finish``, ``bot_speed``,
        ``result``) does nothing now, in a player's words."""
        session = self.session
        if key == "result":
            return "The result is shown once the game is over."
        if self._table_gone and not session.is_over:
            return self._table_gone
        if session.is_over:
            return "The game is over."
        if key == "finish":
            return self._why_no_finish()
        if key == "bot_speed":
            if not getattr(session, "paces_bots", True):
                return "At a network table the server sets the computer players' pace."
            return "There are no computer players at this table."
        if key == "hint" and not getattr(session.game, "bots", None):
            return f"There are no hints for {self._title}."
        return self._no_move_now()

    def _why_no_finish(self) -> str:
        """Why ``f`` does not finish the game now: it does once every person is out and only
        computer players are left (Makao, Shithead); in a game nobody leaves before the end
        it never does."""
        if not hasattr(self.session.view(), "finished"):
            return f"f finishes a game once you are out; in {self._title} nobody is out early."
        return "f finishes the game once you are out and only computer players remain."

    def _no_move_now(self) -> str:
        """Why the viewer has no move to type or to be hinted now: whose turn it is, or that
        the terminal is to be passed on first."""
        session = self.session
        if session.passing is not None:
            return f"Your turn is over: press Enter to pass to {self._seat_name(session.passing)}."
        current = session.current_player
        if current is None:
            return "The game is over."
        if session.viewer is None or current == session.viewer:
            return "Wait for your turn."
        return out_of_turn(self._seat_name(current), self._seat_name(session.viewer))

    def _say(self, text: str) -> None:
        """Show ``text`` in the status line as a refusal: nothing was played."""
        self.error = text
        self.note = ""
        self._draw_status(self.session.view(), self.info())

    def action_undo(self) -> None:
        """Take back the viewer's last move and the computer players' moves after it."""
        viewer = self.session.viewer
        if viewer is None:
            return
        result = self.session.undo(viewer)
        if isinstance(result, Accepted):
            self._stop_timers()
            self.error = ""
            self.note = "Took back your last turn."
            self.board.accepted()
            self.advance()
        else:
            self._submit(result)

    def action_rules(self) -> None:
        """Show the rules of this game, followed by every key of its table."""
        self.open(self.rules_screen())

    def rules_screen(self) -> Screen[None]:
        """The screen ``?`` opens (here or over a dialog of the table): this game's rules,
        followed by every key of its table."""
        # Imported on demand: Textual's Markdown widget costs a table start about 50 ms.
        from cardgames.tui.screens.rules import RulesScreen

        rules = self.session.game.rules_text().rstrip("\n")
        return RulesScreen(self._title, f"{rules}\n\n{self.keys_text()}")

    def keys_text(self) -> str:
        """The rules screen's list of keys (Markdown): this game's board and its parts, then
        the table's and the app's keys, whether they apply now or not."""
        from cardgames.tui.keys import key_rows, keys_markdown

        display = self.app.get_key_display
        game = key_rows([self.board, *self.board.walk_children()], display)
        table = key_rows([self, self.app], display)
        return keys_markdown(game, table, self._title)

    def action_hint(self) -> None:
        """Suggest one legal move, chosen by the game's default computer player from the
        viewer's view (never the State), and mark it on the table."""
        from cardgames.core.rng import Rng

        view = self.session.view()
        legal = tuple(view.legal)
        factories: dict[str, Callable[[], Any]] = getattr(self.session.game, "bots", dict)()
        if not legal or not factories:
            return
        bot = next(iter(factories.values()))()
        action = bot.choose(view, legal, Rng(self.session.setup.seed + len(self.session.history)))
        self.board.show_hint(action)
        self.error = ""
        self.note = f"{HINT_NOTE}{readable_command(self.session.game.format_action(view, action))}"
        self._draw_status(view, self.info())
        self._hint = action
        self._hint_focus = self.focused
        self.refresh_bindings()

    def action_play_hint(self) -> None:
        """Enter right after ``h``: play exactly the hinted move (a card move or a word move
        such as draw), whatever the cursor is on."""
        action, self._hint = self._hint, None
        seat = self.session.viewer
        if action is None or seat is None or self._covered or self.too_small:
            return
        self._submit(self.session.submit(seat, action))

    def _forget_hint(self) -> None:
        """Any other key, a new selection or focus drops the hint whole: what it marked on the
        table and its line in the status line go, and Enter has its normal meaning again (it
        acts on the card under the cursor, never on the card the hint had chosen)."""
        if self._hint is None:
            return
        self._hint = None
        self.board.drop_hint()
        if self.note.startswith(HINT_NOTE):
            self._clear_status()
        self.refresh_bindings()

    def key_coming(self) -> None:
        """While the Board still shows the last move step by step, a key shows the move to
        its end at once and then acts on the table as it is now: no key is lost to the
        animation (the bindings are looked up after this)."""
        if not self._covered:
            self._settle()

    def on_key(self, event: events.Key) -> None:
        """A key other than the hint's Enter (which never reaches here) drops the hint; a
        character that is no key of this table says so, rather than doing nothing silently,
        until the next key."""
        self._forget_hint()
        said, self._no_such_key = self._no_such_key, ""
        if said and self.error == said:
            # Said of the key before: it must not read as the answer to this one.
            self._clear_status()
        if unbound_character(event, self) and not (self._covered or self.too_small):
            self._no_such_key = (f"The key {event.character} does nothing at this table: ? "
                                 "shows the rules and every key.")
            self._say(self._no_such_key)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click drops the hint as a key does: a card clicked is the card Enter acts on."""
        self._forget_hint()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focus moved away from where the hint put it: the hint no longer holds."""
        if event.widget is not self._hint_focus:
            self._forget_hint()

    def action_log(self) -> None:
        """Show the whole game's log from the viewer's side."""
        from cardgames.tui.screens.log import LogScreen

        lines = self.session.log_lines(self.session.viewer, last=len(self.session.events))
        self.open(LogScreen(self._title, lines, self.card_style))

    def action_leave(self) -> None:
        """Back to the game picker, after a confirm while the game runs; once it is over, only
        after the result was shown."""
        if self.session.is_over:
            self._stop_timers()
            if self._result_shown:
                self.dismiss()
            else:
                self._game_over()
            return
        self._stop_timers()
        if self._table_gone:
            # The network table is gone: there is nothing to keep, discard or come back to.
            self.dismiss()
            return
        self.open(self.leave_dialog(), self.leave_answer)

    def leave_dialog(self) -> LeaveDialog:
        """The question ``q`` asks while the game runs (here or over a dialog of the table);
        its answer goes to :meth:`leave_answer`. A network table's game goes on at the server:
        nothing is kept or discarded here, so its question offers only Leave or Stay."""
        question = getattr(self.session, "leave_question", None)
        return LeaveDialog(_LEAVE) if question is None else LeaveTableDialog(question)

    # ------------------------------------------------------------------ timers

    def _seconds_left(self) -> int | None:
        left = self.session.time_left()
        return None if left is None else math.ceil(left)

    def _start_clock(self) -> None:
        if self.session.time_left() is None:
            return
        self._shown_seconds = self._seconds_left()
        self._clock_timer = self.set_interval(1.0, self.tick)

    def tick(self) -> None:
        """One second of the turn clock: play the time-out move when time is up."""
        if not self.is_active:
            return
        if self.session.tick() is not None:
            self.error = ""
            self.advance()
            return
        shown = self._seconds_left()
        if shown != self._shown_seconds:
            self._shown_seconds = shown
            self._draw_topbar()

    def _stop_clock(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.stop()
            self._clock_timer = None

    def _stop_timers(self) -> None:
        self._stops += 1
        self._stop_clock()
        self._thinking = self._thought = None
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
