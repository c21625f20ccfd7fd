"""The Textual application: the game picker first, or a game straight from the command line."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar
from weakref import WeakKeyDictionary

from textual import events
from textual._time import get_time
from textual.app import App
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widget import Widget

from cardgames.tui.escape import install as install_escape_parser
from cardgames.tui.navigation import KeepSettings, ResumeGame, StartGame
from cardgames.tui.quiet import KeyQuiet
from cardgames.tui.render import ascii_text
from cardgames.tui.saving import Writer
from cardgames.tui.screens.base import AppModal, AppScreen, opening
from cardgames.tui.screens.dialogs import LeaveDialog
from cardgames.tui.screens.picker import PickerScreen
from cardgames.tui.settings import AppSettings

if TYPE_CHECKING:
    from cardgames.session.autosave import Autosave
    from cardgames.session.replay import Replay
    from cardgames.session.savefile import SavedGame
    from cardgames.session.session import Session
    from cardgames.session.setup import GameSetup


QUIT = "Quit? The game in progress is saved after every move: keep it to continue it later."
"""The question Ctrl+Q asks while a game runs."""


SIGNAL_GRACE_SECONDS = 5.0
"""Seconds the app has to end by itself after SIGTERM or SIGHUP before it is ended anyway."""


class CardGamesApp(App[None]):
    """The card-games app.

    Args:
        setup: A game to start at once (the picker stays underneath for "back to games"), or None
            to open the picker.
        resume: A saved game to continue at once (``cardgames resume``), instead of ``setup``.
        replay: A recorded game to step through at once (``cardgames replay``).
        settings: Display and pacing choices.
        clock: Monotonic seconds for the pass screen's quiet spell and the turn clock (tests
            inject a fake).
        pass_delay: Seconds without any key before the pass screen takes Enter (its quiet
            spell, counted from the later of its appearance and the last key).
        settle: The pause in seconds that ends the burst of keys after a screen closed (the
            keys before it are dropped); None: ``SETTLE``.
    """

    SETTLE: ClassVar[float] = 0.25
    """Seconds: keys closer together than this after a screen closed are one burst (a slow link
    delivers them milliseconds apart, a repeating key about 30 ms apart)."""

    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "Card games"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        # Priority, so the focus moves when Tab arrives: the keys typed right after it then go to
        # the new field, not (late bindings being resolved after the letters) to the old one.
        Binding("tab", "focus_next", "Next part of the table", show=False, priority=True),
        Binding("shift+tab", "focus_previous", "Previous part of the table", show=False,
                priority=True),
    ]
    _FOCUS_KEYS: ClassVar[dict[str, str]] = {"focus_next": "tab", "focus_previous": "shift+tab"}

    def __init__(
        self,
        setup: GameSetup | None = None,
        settings: AppSettings | None = None,
        *,
        resume: SavedGame | None = None,
        replay: Replay | None = None,
        clock: Callable[[], float] = time.monotonic,
        pass_delay: float = 1.0,
        settle: float | None = None,
    ) -> None:
        # Set before Textual's __init__, which reads the CSS variables (the border kinds).
        self.settings = settings or AppSettings()
        super().__init__()
        self.initial_setup = setup
        self.initial_resume = resume
        self.initial_replay = replay
        self.clock = clock
        self.pass_delay = pass_delay
        self.keys = KeyQuiet(clock, pass_delay, self.SETTLE if settle is None else settle)
        self._key_screens: WeakKeyDictionary[events.Key, tuple[Screen[object], Widget | None]]
        self._key_screens = WeakKeyDictionary()
        self.writer = Writer(self._save_failed)
        install_escape_parser(self.driver_class)

    def _save_failed(self, message: str) -> None:
        """A record or the remembered set-ups could not be written, or a damaged set-ups file
        was moved aside (called on the writing thread)."""
        with contextlib.suppress(RuntimeError):  # the app has already ended
            self.call_from_thread(self.notify, message, severity="error")

    def on_unmount(self) -> None:
        """Finish writing the records queued before the app ends."""
        self.writer.close()

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables plus the ASCII-mode switches.

        ``$frame`` (round), ``$frame-heavy``, ``$frame-solid`` and ``$frame-toast`` (outer) are
        all ``ascii`` in ASCII mode; ``$scrollbars`` is ``hidden`` there, since scrollbars are
        drawn with block characters.
        """
        variables = super().get_css_variables()
        plain = self.settings.ascii
        variables["frame"] = "ascii" if plain else "round"
        variables["frame-heavy"] = "ascii" if plain else "heavy"
        variables["frame-solid"] = "ascii" if plain else "solid"
        variables["frame-toast"] = "ascii" if plain else "outer"
        variables["scrollbars"] = "hidden" if plain else "visible"
        return variables

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the footer shows them; ``Enter`` and ``<-`` rather than ``⏎`` and ``←`` in
        ASCII mode."""
        display = super().get_key_display(binding)
        return ascii_text(display) if self.settings.ascii else display

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a toast; its text is always shown literally (it may quote a name or a command).

        ``markup`` is accepted for Textual's callers (``Widget.notify`` passes it) and ignored.
        """
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def get_default_screen(self) -> Screen[None]:
        """The game picker is the bottom screen."""
        return PickerScreen()

    async def on_event(self, event: events.Event) -> None:
        """Note which screen each key is typed on, before Textual hands it to that screen; drop
        the keys that follow a screen's closing in the same burst (:class:`KeyQuiet`); let the
        screen show the end of what it shows step by step first (:meth:`AppScreen.key_coming`)."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            # When the terminal delivered the key, not when a busy app got round to it: the
            # gaps of a burst are measured as they came (on a real clock; a test's fake clock
            # stands still while real time passes).
            age = max(0.0, get_time() - event.time) if self.clock is time.monotonic else 0.0
            if not self.keys.key(age=age, name=event.key):
                return
            self._key_screens[event] = (self.screen, self.focused)
            if isinstance(self.screen, AppScreen):
                self.screen.key_coming()
        await super().on_event(event)

    async def on_key(self, event: events.Key) -> None:
        """Drop a key whose screen has gone by the time it reaches the app's bindings, and look
        a key's bindings up where it was typed.

        Textual resolves a key's bindings against the screen on top and the widget focused when
        the key comes back up to the app. A key typed on a dialog that closed meanwhile would
        act on the screen below (a burst of Enter in a dialog plays a card at the table), and a
        key typed on the table just before ``:`` opened the command bar would act on the bar
        (Escape then ``:`` closed the bar it opened, ``d`` then ``:`` lost the draw).
        """
        typed = self._key_screens.pop(event, None)
        if typed is None:
            return
        screen, focused = typed
        if screen is not self.screen:
            event.prevent_default()
            event.stop()
        elif focused is not self.focused and (focused is None or screen in focused.ancestors):
            # A widget removed meanwhile has no screen among its ancestors: Textual decides.
            event.prevent_default()
            event.stop()
            await self._run_binding(event.key, focused or screen)

    async def _run_binding(self, key: str, node: DOMNode) -> None:
        """Run the first binding of ``key`` that acts, from ``node`` up to the app, as Textual
        does for the focused widget (its priority bindings ran when the key came)."""
        for namespace in node.ancestors_with_self:
            for binding in namespace._bindings.key_to_bindings.get(key, ()):
                if not binding.priority and await self.run_action(binding.action, namespace):
                    return

    def on_keep_settings(self, request: KeepSettings) -> None:
        """A screen chose new settings for the games that follow."""
        self.settings = request.settings

    def on_resume_game(self, request: ResumeGame) -> None:
        """The picker asks to continue a saved game: honoured only while it is on top."""
        if request.screen.is_active:
            self.resume_game(request.saved)

    def on_start_game(self, request: StartGame) -> None:
        """A set-up or game-over screen asks for a game: honoured only while it is on top."""
        screen = request.screen
        if not screen.is_active or getattr(screen, "closed", False):
            return
        if isinstance(screen, AppScreen | AppModal):
            screen.closed = True
        self.start_game(request.setup, replace=True, turn_seconds=request.turn_seconds)

    def on_mount(self) -> None:
        """End cleanly on SIGTERM and SIGHUP; start the command line's game, if one was given."""
        if not self.is_headless:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGHUP):
                loop.add_signal_handler(signum, self.end_by_signal, signum)
        if self.initial_setup is not None:
            self.start_game(self.initial_setup)
        elif self.initial_resume is not None:
            self.resume_game(self.initial_resume)
        elif self.initial_replay is not None:
            from cardgames.tui.render import CardStyle
            from cardgames.tui.screens.replay import ReplayScreen

            style = CardStyle(ascii=self.settings.ascii, four_colour=self.settings.four_colour)
            self.push_screen(ReplayScreen(self.initial_replay, style))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Tab and Shift+Tab move the focus, unless the focused widget binds them itself (the
        command bar completes with Tab)."""
        key = self._FOCUS_KEYS.get(action)
        focused = self.focused
        if key is not None and focused is not None and focused._bindings.key_to_bindings.get(key):
            return False
        return super().check_action(action, parameters)

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit: say which key does, in plain words (toasts show no markup)."""
        self.notify("Press Ctrl+Q to quit the app", title="Do you want to quit?")

    async def action_quit(self) -> None:
        """Quit; while a game is in progress, ask first whether to keep it for later."""
        if not any(getattr(screen, "game_in_progress", False) for screen in self.screen_stack):
            self.exit()
            return
        if isinstance(self.screen, LeaveDialog) and self.screen.question == QUIT:
            return
        dialog = LeaveDialog(QUIT, "Quit")
        opening(self, dialog)
        self.push_screen(dialog, self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if not answer:
            return
        from cardgames.tui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and screen.game_in_progress:
                if answer == "discard":
                    screen.discard()
                else:
                    screen.autosave(keep=True)
        self.exit()

    def end_by_signal(self, signum: int) -> None:
        """Leave the app as Ctrl+Q would, restoring the terminal; exit status 128 + ``signum``.

        SIGHUP is what a dropped SSH connection sends, SIGTERM what ``kill`` sends: without this
        the terminal would stay in the alternate screen with mouse tracking on. A terminal that
        is gone or no longer read can block the restoring writes for ever, so a watchdog ends
        the process :data:`SIGNAL_GRACE_SECONDS` later in any case, once the games' records
        are written. A turn clock that runs is written with the game, so the game continued
        later gives the turn the time it had left.
        """
        from cardgames.tui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.keep_clock()
        self.exit(return_code=128 + signum)
        threading.Thread(
            target=self._end_anyway, args=(128 + signum,), name="cardgames-end", daemon=True
        ).start()

    def _end_anyway(self, status: int) -> None:
        time.sleep(SIGNAL_GRACE_SECONDS)
        with contextlib.suppress(RuntimeError):
            self.writer.flush()
        os._exit(status)

    def start_game(
        self, setup: GameSetup, *, replace: bool = False, turn_seconds: float | None = None
    ) -> None:
        """Deal ``setup`` and show its table; its seats, house options and turn clock are
        remembered for its game's set-up screen.

        Args:
            setup: The game to play.
            replace: Replace the top screen (set-up or game over) instead of pushing on top.
            turn_seconds: The turn clock chosen on the set-up screen (0 = off); None keeps
                ``settings.turn_seconds``.
        """
        # Imported here so the picker's first frame does not pay for the table and its engines.
        from cardgames.session.autosave import Autosave
        from cardgames.session.lock import acquire_new
        from cardgames.session.savefile import record_path
        from cardgames.session.session import Session
        from cardgames.tui.saving import now

        try:
            if turn_seconds is None:
                turn_seconds = self.settings.turn_seconds
            session = Session(
                setup, clock=self.clock, turn_seconds=turn_seconds, confirm_pass=True
            )
        except (ValueError, LookupError) as error:
            self.notify(str(error), severity="error")
            return
        self.writer.remember(setup, turn_seconds)
        saver = Autosave.start(session, now())
        lock = acquire_new(record_path(saver.folder, saver.id))
        self.show_table(session, saver, replace=replace, lock=lock)

    def resume_game(self, saved: SavedGame) -> None:
        """Continue a saved game where it was left (a hot-seat game behind the pass screen),
        holding its record's lock while its table is shown (``session.lock``).

        A record that does not replay is moved aside and the message says where; a game being
        played in another window is refused, and nothing changes.
        """
        from cardgames.session.autosave import Autosave
        from cardgames.session.lock import GameInUse, acquire, release
        from cardgames.session.record import RecordError
        from cardgames.tui.saving import now

        try:
            lock = acquire(saved.path)
            try:
                saver, session = Autosave.resume(
                    saved, now(), clock=self.clock, turn_seconds=self.settings.turn_seconds,
                    confirm_pass=True,
                )
            except RecordError:
                release(lock)
                raise
        except (GameInUse, RecordError) as error:
            self.notify(str(error), severity="error", timeout=12)
            if isinstance(self.screen, PickerScreen):
                self.screen.on_screen_resume()
            return
        self.show_table(session, saver, lock=lock)

    def show_table(self, session: Session, saver: Autosave, *, replace: bool = False,
                   lock: Path | None = None) -> None:
        """Show the table of ``session``, saved by ``saver`` after every accepted command.

        Args:
            session: The game (new or resumed).
            saver: Where it is saved.
            replace: Replace the top screen instead of pushing on top.
            lock: The record's lock (``session.lock.acquire``), released when the table goes.
        """
        from cardgames.session.lock import release
        from cardgames.tui.screens.table import TableScreen

        try:
            table = TableScreen(session, self.settings, keys=self.keys, saver=saver,
                                writer=self.writer, lock=lock)
        except (ValueError, LookupError) as error:
            if lock is not None:
                release(lock)
            self.notify(str(error), severity="error")
            return
        # The keys of the burst that asked for the game (Enter on the set-up or on a Continue
        # entry) must not play at the new table.
        self.keys.closed()
        if replace:
            self.switch_screen(table)
        else:
            self.push_screen(table)


def make_app(
    setup: GameSetup | None = None,
    settings: AppSettings | None = None,
    resume: SavedGame | None = None,
    replay: Replay | None = None,
) -> CardGamesApp:
    """Build the app: the picker when ``setup`` and ``resume`` are None, else that game at once.

    Args:
        setup: The game to start, e.g. from ``cardgames play makao --players 4 --bots 3``.
        settings: Display and pacing choices (defaults: Unicode, red/black, 0.6 s bot delay).
        resume: A saved game to continue (``cardgames resume``).
        replay: A recorded game to step through (``cardgames replay``).
    """
    return CardGamesApp(setup, settings, resume=resume, replay=replay)
