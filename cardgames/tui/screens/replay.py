"""The replay screen: step through a recorded game with the game's own Board, read-only.

← → one move, Home/End the deal and the last move, ``v`` whose eyes (each seat in turn, then
every hand open once the game is over; an unfinished game is never shown open, and only with
the eyes of the people who played it here, see :attr:`Replay.eyes`); Esc goes back.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.widgets import Footer, Static

from cardgames.core.engine import PlayerId
from cardgames.session.replay import Replay
from cardgames.session.session import possessive
from cardgames.tui.boards import load_board
from cardgames.tui.render import CardStyle, cards_in_text, literal, shown
from cardgames.tui.screens.base import AppScreen, footer_fit
from cardgames.tui.widgets.board import Board, TableInfo

OPEN = "open"
"""The viewer choice that shows every hand (finished games only)."""

PUBLIC = "public"
"""The viewer choice that shows no seat's hand: an unfinished game none of whose seats was
played here (a network table's, served headless)."""


class ReplayScreen(AppScreen[None]):
    """A recorded game, one move at a time.

    Args:
        replay: The game.
        style: How to draw cards.
    """

    fit_size = (72, 19)
    AUTO_FOCUS = ""
    covered_actions = frozenset({"back"})
    covered_note = "Esc back"
    # The footer shows these keys in this order: Back and Whose eyes first, so a narrow
    # terminal (or ASCII mode's longer key names) leaves out only stepping keys, each whole.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", priority=True),
        Binding("v", "eyes", "Whose eyes", priority=True),
        Binding("left", "step(-1)", "Previous move", priority=True),
        Binding("right", "step(1)", "Next move", priority=True),
        Binding("home", "go(0)", "Deal", priority=True),
        Binding("end", "go(-1)", "Last move", priority=True),
    ]

    def __init__(self, replay: Replay, style: CardStyle) -> None:
        super().__init__()
        self.replay = replay
        self.style = style
        self.step = len(replay)
        self.eyes: list[PlayerId | str] = [*replay.eyes]
        if replay.is_finished:
            self.eyes.append(OPEN)
        self.viewer: PlayerId | str = OPEN if replay.is_finished else (self.eyes or [PUBLIC])[0]
        if not self.eyes:
            self.eyes.append(PUBLIC)
        self.board: Board = load_board(replay.record.setup.game)(id="board")

    def compose(self) -> ComposeResult:
        """Top bar, the Board (never focused: it only draws) and the footer."""
        yield Static(id="topbar")
        yield self.board
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the step chosen (the last, unless ``step`` was set before).

        The Board only draws: it is disabled, so none of its parts takes the focus, a key or a
        click, and the footer shows only the replay's own keys (not Select or Play)."""
        self.board.can_focus = False
        self.board.disabled = True
        self.redraw()

    def on_board_act(self, message: Board.Act) -> None:
        """A replay plays nothing."""
        message.stop()

    def on_board_settled(self, message: Board.Settled) -> None:
        """The Board has shown a move step by step: show the position after it."""
        message.stop()
        self.board.settle()

    def redraw(self) -> None:
        """Show the position after ``step`` moves through the chosen eyes."""
        replay = self.replay
        if self.viewer == OPEN:
            who: PlayerId | None = None
            hands = replay.open_hands(self.step)
            eyes = "every hand open"
        elif self.viewer == PUBLIC:
            who, hands, eyes = None, None, "nobody's eyes (no hand shown)"
        else:
            who, hands = int(self.viewer), None
            eyes = f"{possessive(replay.names[who])} eyes"
        names = replay.names_for(replay.reader if who is None else who)
        log = replay.log(self.step, who, open_hands=hands is not None)
        seats = replay.record.setup.seats
        levels = {seat: spec.level for seat, spec in enumerate(seats) if spec.level is not None}
        info = TableInfo(names=names, bots=frozenset(levels), viewer=who, log=tuple(log[-60:]),
                         style=self.style, open_hands=hands, levels=levels)
        self.board.show(_looked_at(replay.view(self.step, who)), info)
        title = shown(replay.game.title, self.style.ascii)
        text = Text(f" {title} replay ", style="bold #1c1c1c on #ffd75f")
        text.append(f"  move {self.step} of {len(replay)}   seen with ", style="bold")
        text.append(literal(eyes))
        self.query_one("#topbar", Static).update(text)
        move = replay.moves[self.step - 1] if self.step else None
        if move is None:
            looked = Text("The deal")
        else:
            said = ". ".join(replay.move_log(move.number, who, open_hands=hands is not None))
            looked = cards_in_text(
                f"Move {move.number}: {said or names[move.player] + ': ' + move.command}",
                self.style)
        self.query_one("#status", Static).update(looked)

    def on_key(self, event: events.Key) -> None:
        """A board's key that only shows something (:attr:`Board.VIEW_KEYS`) works here too."""
        action = self.board.VIEW_KEYS.get(event.key)
        if action is not None and self.board.check_action(action, ()):
            event.stop()
            getattr(self.board, f"action_{action}")()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The active keys, as many as fit in the terminal's width, whole, in the order of
        :attr:`BINDINGS` (see :func:`footer_fit`; ASCII mode writes the arrows wider)."""
        return footer_fit(super().active_bindings, self.app.size.width, self.app.get_key_display)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A stepping key acts, and the footer shows it, only where it moves: at the deal
        neither Previous move nor Deal, at the last move neither Next move nor Last move."""
        if not super().check_action(action, parameters):
            return False
        if action in ("step", "go") and parameters and isinstance(parameters[0], int):
            forward = parameters[0] > 0 if action == "step" else parameters[0] < 0
            return self.step < len(self.replay) if forward else self.step > 0
        return True

    def action_step(self, delta: int) -> None:
        """One move back or forward."""
        self.action_go(max(0, min(len(self.replay), self.step + delta)))

    def action_go(self, step: int) -> None:
        """Go to a step (-1: the last)."""
        self.step = len(self.replay) if step < 0 else step
        self.redraw()
        self.refresh_bindings()

    def action_eyes(self) -> None:
        """The next seat's eyes, then every hand open (finished games only); in an unfinished
        game only the seats of the people who played it here."""
        self.viewer = self.eyes[(self.eyes.index(self.viewer) + 1) % len(self.eyes)]
        self.redraw()

    def action_back(self) -> None:
        """Close the replay."""
        self.dismiss()


def _looked_at(view: Any) -> Any:
    """``view`` with no legal actions: a replay is looked at, not played, so the Board offers
    no move, no verb key and no question (a jack's demand, a joker's name) at a position
    where the seat whose eyes are chosen was to act."""
    return replace(view, legal=())
