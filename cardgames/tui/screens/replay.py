"""The replay screen: step through a recorded game with the game's own Board, read-only.

← → one move, Home/End the deal and the last move, ``v`` whose eyes (each seat, the public, and
every hand open once the game is over: an unfinished game is never shown open); Esc goes back.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from cardgames.core.engine import PlayerId
from cardgames.session.replay import Replay
from cardgames.tui.boards import load_board
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.widgets.board import Board, TableInfo

OPEN = "open"
"""The viewer choice that shows every hand (finished games only)."""


class ReplayScreen(AppScreen[None]):
    """A recorded game, one move at a time.

    Args:
        replay: The game.
        style: How to draw cards.
    """

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back a move", priority=True),
        Binding("right", "step(1)", "Next move", priority=True),
        Binding("home", "go(0)", "Deal", priority=True),
        Binding("end", "go(-1)", "Last move", priority=True),
        Binding("v", "eyes", "Whose eyes", priority=True),
        Binding("escape,q", "back", "Back", priority=True),
    ]

    def __init__(self, replay: Replay, style: CardStyle) -> None:
        super().__init__()
        self.replay = replay
        self.style = style
        self.step = len(replay)
        self.eyes: list[PlayerId | str | None] = [*range(len(replay.names)), None]
        if replay.is_finished:
            self.eyes.append(OPEN)
        self.viewer: PlayerId | str | None = OPEN if replay.is_finished else 0
        self.board: Board = load_board(replay.record.setup.game)(id="board")

    def compose(self) -> ComposeResult:
        """Top bar, the Board (never focused: it only draws) and the footer."""
        yield Static(id="topbar")
        yield self.board
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the last step."""
        self.board.can_focus = False
        self.redraw()

    def on_board_act(self, message: Board.Act) -> None:
        """A replay plays nothing."""
        message.stop()

    def redraw(self) -> None:
        """Show the position after ``step`` moves through the chosen eyes."""
        replay = self.replay
        open_hands = self.viewer == OPEN
        seat = 0 if open_hands or self.viewer is None else int(self.viewer)
        view = replay.open_views(self.step)[0] if open_hands else replay.view(
            self.step, None if self.viewer is None else seat)
        who = None if self.viewer is None else seat
        log = replay.log(self.step, who, open_hands=open_hands)
        seats = replay.record.setup.seats
        levels = {seat: spec.level for seat, spec in enumerate(seats) if spec.level is not None}
        info = TableInfo(names=replay.names, bots=frozenset(levels), viewer=who,
                         log=tuple(log[-60:]), style=self.style, levels=levels)
        self.board.show(view, info)
        eyes = ("every hand open" if open_hands else "the public" if self.viewer is None
                else f"{replay.names[seat]}'s eyes")
        text = Text(f" {replay.game.title} replay ", style="bold #1c1c1c on #ffd75f")
        text.append(f"  move {self.step} of {len(replay)}   seen with ", style="bold")
        text.append(eyes)
        self.query_one("#topbar", Static).update(text)
        move = replay.moves[self.step - 1] if self.step else None
        looked = (f"Move {move.number}: {replay.names[move.player]}: {move.command}"
                  if move else "The deal")
        self.query_one("#status", Static).update(Text(looked))

    def action_step(self, delta: int) -> None:
        """One move back or forward."""
        self.action_go(max(0, min(len(self.replay), self.step + delta)))

    def action_go(self, step: int) -> None:
        """Go to a step (-1: the last)."""
        self.step = len(self.replay) if step < 0 else step
        self.redraw()

    def action_eyes(self) -> None:
        """The next seat's eyes, then the public, then every hand open (finished games)."""
        self.viewer = self.eyes[(self.eyes.index(self.viewer) + 1) % len(self.eyes)]
        self.redraw()

    def action_back(self) -> None:
        """Close the replay."""
        self.dismiss()
