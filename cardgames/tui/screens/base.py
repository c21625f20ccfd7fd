"""The screens' shared guard: a screen closes once, and only while it is on top.

Keys arrive in bursts (a slow SSH link, a key held down): several Enters can be queued for a dialog
before the first one closes it. Textual's ``dismiss`` pops whatever screen is on top, so each late
Enter would close one more screen below (the table, then the picker). Every screen of the app
derives from :class:`AppScreen` or :class:`AppModal`, whose ``dismiss`` does nothing once the screen
was closed or while another screen covers it. The app drops keys that reach it after the screen
they were typed on has gone (see ``CardGamesApp.on_key``), and, since a closing screen tells the
app's :class:`KeyQuiet`, the keys that follow in the same burst (see ``CardGamesApp.on_event``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar
from weakref import WeakKeyDictionary

from rich.cells import cell_len
from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from cardgames.tui.quiet import KeyQuiet

ResultT = TypeVar("ResultT")
"""What a screen hands back when it is dismissed."""


def may_close(screen: AppScreen[Any] | AppModal[Any]) -> bool:
    """True if ``screen`` is on top and was not closed yet; marks it closed.

    Args:
        screen: The screen about to close.

    Returns:
        False for a screen that was already closed or is covered by another one: a late key must
        not close it (or, through Textual's ``dismiss``, the screen on top). True tells the
        app's key clock that a screen closed now.
    """
    if screen.closed or not screen.is_active:
        return False
    screen.closed = True
    keys = getattr(screen.app, "keys", None)
    if isinstance(keys, KeyQuiet):
        keys.closed(screen.burst_factor, repeats_only=screen.repeats_only)
    return True


def opening(app: object, screen: Screen[Any]) -> None:
    """``screen`` is about to be pushed: if it asks for it (``settle_on_open``, a question
    whose answer can lose a game), the keys that follow in the burst that opened it are dropped
    until a pause (:meth:`KeyQuiet.closed`), so a key typed ahead cannot answer it.

    Called before the push, while the key that opened it is being handled: the next keys of
    the burst may already be waiting in the app's queue.
    """
    if not getattr(screen, "settle_on_open", False):
        return
    keys = getattr(app, "keys", None)
    if isinstance(keys, KeyQuiet):
        keys.closed()


class AppScreen(Screen[ResultT]):
    """A full screen that closes at most once, and only from the top of the stack, covered by
    the too-small notice while the terminal is smaller than its ``fit_size``.

    Attributes:
        closed: True once the screen was dismissed (or replaced by a navigation request).
    """

    closed: bool = False
    burst_factor: float = 1.0
    """How many times the app's settle pause ends the burst of keys that closed the screen
    (:meth:`KeyQuiet.closed`)."""
    repeats_only: bool = False
    """True if, once the screen closes, only the closing key repeating is dropped and the next
    other key acts at once (a screen that is only read: rules, statistics, history, log);
    False drops the whole burst until a pause (the pass screen, which uncovers a hand)."""
    fit_size: tuple[int, int] | None = None
    """The smallest terminal (columns, lines) the screen is drawn in whole; below it the screen
    is covered by the notice "Make the terminal at least W×H" (None: the screen sees to it)."""
    covered_actions: ClassVar[frozenset[str]] = frozenset()
    """The actions whose keys still act under the too-small notice: the way back or out, so a
    covered screen never traps the player."""
    covered_note: str = ""
    """The line under the too-small notice naming the keys of :attr:`covered_actions`, e.g.
    "Esc back"."""

    def on_mount(self) -> None:
        """Cover the screen at once if the terminal is too small."""
        cover_if_small(self, self.fit_size)

    def on_resize(self, event: events.Resize) -> None:
        """Cover or uncover the screen as the terminal changes size."""
        cover_if_small(self, self.fit_size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key of the screen but those of :attr:`covered_actions` acts while the too-small
        notice covers it."""
        return action in self.covered_actions or not is_covered(self)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Close with ``result``, unless this screen is already closed or covered."""
        if not may_close(self):
            return AwaitComplete()
        return super().dismiss(result)

    def open(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Push ``screen`` on top of this one (its result goes to ``callback``), unless this
        screen is closed or covered: a late key opens nothing."""
        if self.is_active and not self.closed:
            opening(self.app, screen)
            self.app.push_screen(screen, callback)

    def key_coming(self) -> None:
        """A key typed on this screen is about to be handled (before any of its bindings,
        priority ones included): a screen that is still showing something step by step can
        show its end first, so the key acts on what the player will see. Nothing by default."""


FIRST_KEYS = ("q", "question_mark")
"""The keys a table's footer shows before all others: Leave and Rules."""


def footer_order(
    bindings: dict[str, ActiveBinding], shared: tuple[DOMNode, ...]
) -> dict[str, ActiveBinding]:
    """``bindings`` in the order a table's footer shows them, most important first, so a narrow
    terminal cuts off only the least important: Leave and Rules, then the game's own moves
    (the board's and its widgets' keys), then the keys of ``shared`` (the table and the app).

    Args:
        bindings: The screen's active bindings (key to binding), in Textual's order.
        shared: The nodes whose keys every game shares.

    Returns:
        The same bindings, reordered (the order within each rank is kept).
    """
    def rank(item: tuple[str, ActiveBinding]) -> int:
        key, active = item
        if key in FIRST_KEYS:
            return 0
        return 2 if active.node in shared else 1

    return dict(sorted(bindings.items(), key=rank))


def footer_fit(
    bindings: dict[str, ActiveBinding], width: int, display: Callable[[Binding], str]
) -> dict[str, ActiveBinding]:
    """The shown keys of ``bindings`` that fit, whole, in a footer ``width`` cells wide, the
    first (most important) first: a key that does not fit is left out rather than cut, and a
    shorter, later key may take the room that is left. Keys the footer does not show are kept.

    Args:
        bindings: The active bindings, most important first (:func:`footer_order`).
        width: The footer's width in cells (the terminal's).
        display: How a key is written (the app's ``get_key_display``).

    Returns:
        The bindings the footer can show in full, in the same order.
    """
    used = 0
    fitted: dict[str, bool] = {}
    kept: dict[str, ActiveBinding] = {}
    for key, active in bindings.items():
        binding = active.binding
        if binding.show and binding.action not in fitted:
            # Textual's FooterKey: " key " then "description ", one key per action.
            need = cell_len(display(binding)) + cell_len(binding.description) + 3
            fitted[binding.action] = used + need <= width
            used += need if fitted[binding.action] else 0
        if not binding.show or fitted[binding.action]:
            kept[key] = active
    return kept


def too_small_notice(need: tuple[int, int], size: tuple[int, int], ascii: bool) -> str:
    """The notice over a table (and its dialogs) in a terminal of ``size`` (columns, lines)
    smaller than ``need``: "Make the terminal at least 72×19 / — now 40×12"."""
    times, dash = ("x", "-") if ascii else ("×", "—")
    return (f"Make the terminal at least {need[0]}{times}{need[1]}\n"
            f"{dash} now {size[0]}{times}{size[1]}")


def needed_size(screens: list[Screen[Any]]) -> tuple[int, int] | None:
    """The smallest terminal (columns, lines) the screens below a dialog are drawn in (a table's
    ``min_size``), or None when none of them has one."""
    sizes = [size for screen in screens if (size := getattr(screen, "min_size", None))]
    if not sizes:
        return None
    return max(width for width, _ in sizes), max(height for _, height in sizes)


class Cover:
    """What a screen covered by the too-small notice put aside, to give back when uncovered.

    Attributes:
        parts: The screen's parts it disabled (not those disabled before).
        focus: The widget that had the focus.
    """

    def __init__(self, parts: list[Widget], focus: Widget | None) -> None:
        self.parts = parts
        self.focus = focus


_COVERS: WeakKeyDictionary[Screen[Any], Cover] = WeakKeyDictionary()
"""The covered screens' parts and focus, given back when they are uncovered."""


def is_covered(screen: Screen[Any]) -> bool:
    """True while ``screen`` is covered by the too-small notice: its keys do nothing."""
    return screen.has_class("-too-small")


def _block(screen: Screen[Any], small: bool) -> None:
    """While covered, the screen's parts are disabled and nothing has the focus, so no key
    typed unseen acts (the screen's own keys are refused by its ``check_action``); uncovered,
    the parts and the focus come back as they were (the ``AUTO_FOCUS`` widget if none had it).
    """
    if small:
        parts = [part for part in screen.children
                 if isinstance(part, Widget) and not part.disabled
                 and part.id != "modal-too-small"]
        _COVERS[screen] = Cover(parts, screen.focused)
        for part in parts:
            part.disabled = True
        screen.set_focus(None)
    else:
        cover = _COVERS.pop(screen, None)
        if cover is not None:
            for part in cover.parts:
                part.disabled = False
            focus = cover.focus
            if focus is None or not focus.is_attached or not focus.focusable:
                chosen = screen.AUTO_FOCUS
                focus = next((widget for widget in screen.query(chosen).results(Widget)
                              if widget.focusable), None) if chosen else None
            if focus is not None:
                screen.set_focus(focus)
    screen.refresh_bindings()


def cover_if_small(screen: Screen[Any], need: tuple[int, int] | None) -> None:
    """Cover ``screen`` with the too-small notice while the terminal is smaller than ``need``
    (columns, lines), and uncover it as it grows back: the screen's widgets are only hidden
    (the ``-too-small`` class) and disabled, so no key acts unseen and the screen comes back
    exactly as it was.

    Args:
        screen: A screen or dialog of the app.
        need: The smallest terminal it is drawn in, or None for any size.
    """
    width, height = screen.app.size
    small = need is not None and (width < need[0] or height < need[1])
    if small != is_covered(screen):
        _block(screen, small)
    screen.set_class(small, "-too-small")
    if not small or need is None:
        return
    ascii = getattr(getattr(screen.app, "settings", None), "ascii", False)
    text = too_small_notice(need, (width, height), ascii)
    if note := getattr(screen, "covered_note", ""):
        text += f"\n\n{note}"
    notice = next(screen.query("#modal-too-small").results(Static), None)
    if notice is None:
        screen.mount(Static(text, id="modal-too-small"))
    else:
        notice.update(text)


class AppModal(ModalScreen[ResultT]):
    """A dialog over the screen below that closes at most once, and only from the top.

    While the terminal is smaller than the table below needs, the dialog is covered by the same
    notice as the table ("Make the terminal at least 72×19"), so nothing is drawn clipped.

    Attributes:
        closed: True once the dialog was dismissed.
    """

    closed: bool = False
    burst_factor: float = 1.0
    """As :attr:`AppScreen.burst_factor`."""
    repeats_only: bool = True
    """As :attr:`AppScreen.repeats_only`. True for every dialog: a key held down or pressed
    twice does not act on the table below, but a key typed after the one that closed the dialog
    (Escape, then an arrow) counts at once."""
    settle_on_open: bool = False
    """True for a dialog the keys typed ahead must not answer: the burst that opened it is
    dropped until a pause (see :func:`opening`)."""
    covered_actions: ClassVar[frozenset[str]] = frozenset()
    """As :attr:`AppScreen.covered_actions`: every dialog has a way out under the notice."""
    covered_note: str = ""
    """As :attr:`AppScreen.covered_note`."""

    def on_mount(self) -> None:
        """Cover the dialog at once if the terminal is too small."""
        self._fit_terminal()

    def on_resize(self, event: events.Resize) -> None:
        """Cover or uncover the dialog as the terminal changes size."""
        self._fit_terminal()

    def _fit_terminal(self) -> None:
        cover_if_small(self, needed_size(self.app.screen_stack))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key of the dialog but those of :attr:`covered_actions` acts while the too-small
        notice covers it."""
        return action in self.covered_actions or not is_covered(self)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Close with ``result``, unless this dialog is already closed or covered."""
        if not may_close(self):
            return AwaitComplete()
        return super().dismiss(result)

    def open(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Push ``screen`` on top of this one (its result goes to ``callback``), unless this
        screen is closed or covered: a late key opens nothing."""
        if self.is_active and not self.closed:
            opening(self.app, screen)
            self.app.push_screen(screen, callback)
