"""The base of every game's Board: data flows down as a View, intent flows up as messages.

A game's board subclasses :class:`Board` and writes only its layout (``compose``), its drawing
(:meth:`Board.draw`) and its game-specific keys. The base keeps the last View and
:class:`TableInfo`, refreshes the footer, moves the focus to the zone the player acts in whenever
that zone changes, and turns the simple verb keys (``d`` draws, ``p`` picks up) into actions.

Every View has ``viewer``, ``current_player`` and ``legal`` (the viewer's legal actions). Further
conventions a View may follow (optional, read with ``getattr``):

* ``phase``: a short name of the game's phase; a new phase may move the focus.
* ``finished``: the seats that are out, in the order they went out (the table offers "finish
  instantly" once every person is among them).
* ``open_hands``: None while the game runs; once it is over, per seat the cards that seat still
  holds that were hidden before (its hand, face-down cards), so the final table can be shown open.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from cardgames.core.cards import Card
from cardgames.core.engine import Action, PlayerId, View
from cardgames.tui.render import CardStyle, shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.zone import HandBox


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a Board needs besides the View, all from the Session.

    Attributes:
        names: Every seat's name, seat 0 first.
        bots: The seats played by computer players.
        viewer: The seat whose view is shown, or None for the public view (during a hand-over).
        log: The action log from the viewer's side, oldest first.
        style: How to draw cards.
        open_hands: Per seat the cards to show open (a replay of a finished game), or None
            for the View's own ``open_hands``.
        levels: The level of each computer player's seat (``easy``, ``normal``, ``hard``, or a
            game's own bot such as ``random``), shown next to its name.
        gone: True once a network table's connection is over before the game ended: the
            View then has nobody to move, and the Board says the table has closed.
    """

    names: tuple[str, ...]
    bots: frozenset[PlayerId]
    viewer: PlayerId | None
    log: tuple[str, ...]
    style: CardStyle
    open_hands: tuple[tuple[Card, ...], ...] | None = None
    levels: Mapping[PlayerId, str] = field(default_factory=dict)
    gone: bool = False


class Board(Widget):
    """A game's table area. Subclasses draw the View and post :class:`Board.Act` for moves.

    The table screen owns the Session: it calls :meth:`show` after every change and submits the
    actions the Board asks for. A Board never sees a State or another seat's hidden cards.

    Subclasses implement :meth:`draw` (and usually :meth:`status_hint`); they may override
    :meth:`active_zone` when the player acts somewhere else than the first hand, and list simple
    keys in :attr:`VERBS` bound as ``Binding("d", "verb('draw')", "Draw")``.

    Attributes:
        MIN_SIZE: The smallest terminal (columns, lines) the table is drawn in; below it the
            table screen shows a notice instead.
        VERBS: Verb name to action class: ``verb('draw')`` plays the first legal action of that
            class, and its key shows in the footer only while such an action is legal.
        WHY_NOT: Verb name to an action of that verb, offered when the verb's key is pressed
            while no such action is legal, so that the status line gives the rules' reason the
            key does nothing now ("There are no cards to take"). Bound, after the verb's own
            binding and with its description, as ``Binding("t", "why_not('take')", "Take",
            show=False)``: the footer still lists only the keys that act.
        VIEW_KEYS: Key to action name of the board's keys that only show something and play
            nothing (Žolíky's ``M``, every meld): they also work where the board only draws,
            in a replay.
        view: The View shown last (None before the first :meth:`show`).
        info: The TableInfo shown last.
    """

    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)
    VERBS: ClassVar[dict[str, type]] = {}
    WHY_NOT: ClassVar[dict[str, Action]] = {}
    VIEW_KEYS: ClassVar[dict[str, str]] = {}

    DEFAULT_CSS = """
    Board { layout: vertical; height: 1fr; }
    Board #middle { height: 1fr; }
    Board #table-side { padding: 0 1; }
    Board #pile { height: 7; }
    Board #log { width: 1fr; }
    """

    class Act(Message):
        """The viewing player wants to play ``action``.

        Attributes:
            action: One of the game's actions (the Session validates it).
        """

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Peek(Message):
        """The viewing player wants to look at what he may see on request (his own pay-off
        bottom card in Spite & Malice); the table screen shows the Session's ``peek_view``."""

    class Settled(Message):
        """The Board has shown the last move step by step up to its end (see
        :attr:`settling`): the table screen now calls :meth:`settle`, which shows the table
        after the move, together with its own top bar and status line, in one frame."""

    class Say(Message):
        """A note for the status line (e.g. "Select cards of one rank"); nothing is played.

        Attributes:
            text: The note, in words a player understands.
        """

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: Any = None
        self.info: TableInfo | None = None
        self._zone: tuple[object, ...] | None = None

    # ------------------------------------------------------------------ drawing

    def show(self, view: View, info: TableInfo) -> None:
        """Draw ``view`` for ``info.viewer``; called after every change of the game or viewer.

        Keeps both, calls :meth:`draw`, shows the open hands (``info.open_hands``, else a
        finished game's ``open_hands``) with :meth:`show_open`, refreshes the footer, then moves
        the focus if the zone the player acts in changed. With ``--ascii`` the names are spelled
        in ASCII here, once for every Board (the table's and the replay's).
        """
        if info.style.ascii:
            info = replace(info, names=tuple(shown(name, True) for name in info.names))
        self.view = view
        self.info = info
        self.draw(view, info)
        hands = info.open_hands
        self.show_open(info.names, getattr(view, "open_hands", None) if hands is None else hands,
                       info.style)
        self.refresh_bindings()
        self._follow_zone(view)

    def draw(self, view: Any, info: TableInfo) -> None:
        """Draw the game's View; every Board implements it."""
        raise NotImplementedError

    def show_open(self, names: Sequence[str], hands: Sequence[Sequence[Card]] | None,
                  style: CardStyle) -> None:
        """Show every seat's cards (``hands``, seat 0 first) in place of the viewer's own, or,
        with None, the viewer's own again; by default in every :class:`HandBox`."""
        for box in self.query(HandBox):
            box.show_open(names, hands, style)

    def status_hint(self, view: View, info: TableInfo) -> str:
        """A short hint of what the viewing player can do now, for the status line."""
        return ""

    @property
    def settling(self) -> bool:
        """True while the Board still shows the last move step by step (Trash's chains): no
        move is offered, the top bar names the player whose move is shown (:attr:`acting`),
        and no hint is shown, until the Board posts :class:`Settled`. False by default."""
        return False

    @property
    def acting(self) -> PlayerId | None:
        """The seat the table shows as the one to act: while :attr:`settling`, the player
        whose move is being shown; else the View's current player (None before the first
        View and once the game is over)."""
        if self.view is None:
            return None
        current: PlayerId | None = self.view.current_player
        return current

    def settle(self) -> None:
        """Show the table after the last move at once, ending :attr:`settling` (after
        :class:`Settled`, or when a key comes before the move was shown to its end: the key
        then acts on the table it sees). Nothing to do by default."""

    def interlude(self) -> Screen[Any] | None:
        """A screen to show before the game goes on, or None (the default).

        The table screen asks after every redraw; while the screen is up no computer player
        moves and no hand-over starts. A game that plays a match of hands shows the result of
        a hand this way.
        """
        return None

    # ------------------------------------------------------------------ focus

    def active_zone(self) -> Widget | None:
        """The widget the viewing player acts in now (default: the first hand)."""
        return next(iter(self.query(HandWidget)), None)

    def focus_zone(self) -> None:
        """Put the keyboard focus on :meth:`active_zone` at once (not after the next refresh),
        so keys pressed right after a move already reach it."""
        zone = self.active_zone()
        if zone is not None and zone.focusable:
            self.screen.set_focus(zone)

    def _follow_zone(self, view: Any) -> None:
        """Move the focus when the turn, the phase or the active zone changes (not on every
        redraw, so a player who tabbed elsewhere stays there), unless the focus is on a visible
        widget outside the Board (the command bar being typed in)."""
        zone = (view.viewer, view.current_player == view.viewer, getattr(view, "phase", None),
                self.active_zone())
        if zone == self._zone:
            return
        self._zone = zone
        focused = self.screen.focused
        if focused is None or self in focused.ancestors or not focused.display:
            self.focus_zone()

    # ------------------------------------------------------------------ moves

    @property
    def legal(self) -> Sequence[Action]:
        """The viewer's legal actions in the View shown last (empty before the first, and
        while the Board is :attr:`settling`)."""
        if self.view is None or self.settling:
            return ()
        legal: Sequence[Action] = self.view.legal
        return legal

    def can(self, kind: type) -> bool:
        """Whether an action of class ``kind`` is legal now."""
        return any(isinstance(action, kind) for action in self.legal)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a verb key only while its action is legal; its explanation acts otherwise."""
        if action == "verb" and parameters:
            kind = self.VERBS.get(str(parameters[0]))
            return kind is not None and self.can(kind)
        if action == "why_not" and parameters:
            offered = self.WHY_NOT.get(str(parameters[0]))
            return offered is not None and self.view is not None and not self.can(type(offered))
        return True

    def action_verb(self, verb: str) -> None:
        """Play the first legal action of the class ``VERBS[verb]``."""
        kind = self.VERBS[verb]
        for action in self.legal:
            if isinstance(action, kind):
                self.post_message(self.Act(action))
                return

    def action_why_not(self, verb: str) -> None:
        """A verb's key while no action of the verb is legal: offer ``WHY_NOT[verb]``, which
        is refused with the reason (not the viewer's turn, a step to finish first, ...)."""
        self.post_message(self.Act(self.WHY_NOT[verb]))

    def ask(self, dialog: Screen[Any], answer: Callable[[Any], None] | None = None) -> None:
        """Open ``dialog`` over the table, its result going to ``answer`` (None: the dialog
        returns nothing), unless the table is closed or covered: a late key opens nothing."""
        screen = self.screen
        if isinstance(screen, AppScreen):
            screen.open(dialog, answer)

    def act(self, action: Action | None) -> None:
        """Play ``action``; None does nothing (a dialog's callback when it was cancelled)."""
        if action is not None:
            self.post_message(self.Act(action))

    def on_hand_widget_blocked(self, message: HandWidget.Blocked) -> None:
        """Enter on a hand with nothing to play: say why in the status line."""
        message.stop()
        self.post_message(self.Say(message.text))

    def show_hint(self, action: Action) -> bool:
        """Point out ``action`` (a suggested move) on the table; by default an action with
        ``cards`` (or one ``card``) that are all in the hand is marked there, in order. The
        table screen's Enter then plays exactly ``action``.

        Returns:
            True if the move is shown on the table; False leaves it to the status line alone.
        """
        cards = getattr(action, "cards", None)
        card = getattr(action, "card", None)
        if isinstance(card, Card):
            cards = (card,)
        if not isinstance(cards, tuple):
            return False
        for hand in self.query(HandWidget):
            if hand.mark(cards):
                self.screen.set_focus(hand)
                self.refresh_bindings()
                return True
        return False

    def drop_hint(self) -> None:
        """The hint shown by :meth:`show_hint` no longer holds (another key, a click, the
        table drawn anew): drop what it marked. The hint replaced the selections, so they go
        as after a move (:meth:`accepted`); the cursor stays where the player put it."""
        self.accepted()

    def accepted(self) -> None:
        """A move of the viewing player was played: forget the hands' selections."""
        for hand in self.query(HandWidget):
            hand.clear_selection()
