"""The Trash table: every layout in two rows, the stock, the discard pile, the card in hand and
the log, with each turn's chain of placements shown step by step.

Keys (the footer shows only those that do something now):

* ``d`` draws from the stock, ``t`` takes the discard top (TR-4).
* A jack in hand (TR-6): arrows move over the face-down positions of your layout, Enter puts the
  jack there; or type the position's digit (``0`` for 10).
* A pip card over a face-up jack (TR-5): ``y`` replaces the jack, ``n`` keeps it.

After every move the chain is replayed on the table one placement at a time (the bot delay sets
the pace; 0 shows the end at once), each step with the log lines up to it and the player who
moves marked; a hand's result opens a summary over the completed layout before the next hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, Static

from cardgames.core.cards import Card, Rank
from cardgames.core.engine import Action, Event
from cardgames.games.common import addressed
from cardgames.games.trash.actions import Draw, Keep, Place, Replace, Take
from cardgames.games.trash.moves import JACK, ROW, SWAP, layout_rows, why_unplaceable
from cardgames.session.session import possessive
from cardgames.tui.boards.common import turn_heading
from cardgames.tui.frames import hold_frame
from cardgames.tui.names import name_cell, short_names
from cardgames.tui.render import (
    BACK,
    FACE,
    CardStyle,
    back_box,
    card_box,
    card_label,
    card_text,
    cards_in_text,
    empty_box,
    suit_colour,
)
from cardgames.tui.screens.base import AppModal
from cardgames.tui.settings import settings_of
from cardgames.tui.widgets.board import Board, TableInfo
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.pile import side_by_side
from cardgames.tui.widgets.seats import SeatInfo, SeatsStrip
from cardgames.tui.widgets.zone import ZoneBox

JACK_BACKGROUND = "#c9b6ff"
"""Face-up jacks stand out: they are wild and may still be replaced (TR-5, TR-6)."""
MARK = "#87d787"
"""The colour of the position that changed last in a chain."""
STEP_SECONDS = 0.35
"""The longest pause between two placements of a chain."""
WON_SECONDS = 0.5
"""How long the layout that won a hand is shown before the hand's summary with no bot delay."""
CELL = 7
"""Cells one position of the viewer's layout takes, its gap included."""


@dataclass(frozen=True, slots=True)
class Frame:
    """What the table shows at one step of a chain.

    Attributes:
        layouts: Per seat, per position, the face-up card or None (face down).
        discard: The discard pile, bottom first.
        in_hand: The card in hand, or None.
        stock_size: Cards in the stock.
        mover: The seat shown as the one to act: the player whose move is shown, or after the
            move the one to move next (None once the game is over).
        won: Per seat the hands won, as shown at this step.
        mark: ``(seat, position)`` of the placement just made, or None.
        hidden: How many of the move's log lines are still to come at this step (the log
            keeps pace with the table: one line per event).
    """

    layouts: tuple[tuple[Card | None, ...], ...]
    discard: tuple[Card, ...]
    in_hand: Card | None
    stock_size: int
    mover: int | None = None
    won: tuple[int, ...] = ()
    mark: tuple[int, int] | None = None
    hidden: int = 0


def frame_of(view: Any) -> Frame:
    """The table of a TrashView, as it stands after the last move."""
    won = tuple(view.hands_won(seat) for seat in range(view.players))
    return Frame(view.layouts, view.discard, view.in_hand, view.stock_size,
                 view.current_player, won)


def chain_frames(start: Frame, recent: Sequence[Event]) -> list[Frame]:
    """The table after each step of a move, from the table before it, the player who moves
    marked at every step.

    Args:
        start: The table before the move.
        recent: The move's events (``TrashView.recent``).

    Returns:
        One frame per step, up to the end of the hand when the move ended one (its winning
        placement and the last card turned up going to the discard pile, TR-9); the new deal
        is not among them.
    """
    frames: list[Frame] = []
    frame = replace(start, mover=next((event.player for event in recent
                                       if event.player is not None), start.mover))
    for shown_events, event in enumerate(recent, 1):
        kind = event.kind
        if kind in ("hand", "deal", "redeal", "win"):
            break
        if kind == "draw":
            frame = replace(frame, in_hand=event.cards[0], stock_size=frame.stock_size - 1,
                            mark=None)
        elif kind == "take":
            frame = replace(frame, in_hand=event.cards[0], discard=frame.discard[:-1], mark=None)
        elif kind == "reshuffle":
            frame = replace(frame, stock_size=event.count, discard=frame.discard[-1:])
            continue
        elif kind in ("place", "replace") and event.player is not None:
            seat, position = event.player, event.count
            row = list(frame.layouts[seat])
            row[position - 1] = event.cards[0]
            layouts = (*frame.layouts[:seat], tuple(row), *frame.layouts[seat + 1:])
            frame = replace(frame, layouts=layouts, in_hand=event.cards[1],
                            mark=(seat, position))
        elif kind == "discard":
            frame = replace(frame, discard=(*frame.discard, event.cards[0]), in_hand=None)
        frames.append(replace(frame, hidden=len(recent) - shown_events))
    return frames


def _position_cell(card: Card | None, style: CardStyle, *, marked: bool) -> Text:
    """One position of an opponent's layout in 4 cells: the face-up card or a back."""
    if card is None:
        text = Text("##" if style.ascii else "▒▒", style=f"{'cyan' if style.ascii else BACK}")
    elif card.rank is Rank.JACK:
        ink = suit_colour(card.suit, style)
        text = Text(card_label(card, style), style=f"bold {ink} on {JACK_BACKGROUND}")
    else:
        text = card_text(card, style)
    if marked:
        text.stylize(f"underline {MARK}")
    text.pad_right(4 - text.cell_len)
    return text


def layout_text(layout: Sequence[Card | None], style: CardStyle,
                mark: int | None = None) -> Text:
    """A compact layout in two lines, positions 1-5 over 6-10 (TR-2), 4 cells a position.

    Args:
        layout: Per position the face-up card, or None where face down.
        style: ASCII and colour choices.
        mark: The position to underline (the last placement), or None.
    """
    text = Text()
    for number, row in enumerate(layout_rows(len(layout))):
        if number:
            text.append("\n")
        for position in row:
            text.append_text(_position_cell(layout[position - 1], style,
                                            marked=position == mark))
    return text


def seat_note(frame: Frame, seat: int, *, bot: bool) -> str:
    """The words under a seat: "bot" for a computer player, its layout size and hands won
    (TR-10) as ``frame`` shows them, as one tag (the strip joins tags with a dot that ASCII
    mode has not)."""
    return f"{'bot, ' if bot else ''}{len(frame.layouts[seat])} pos, won {frame.won[seat]}"


class LayoutWidget(Widget, can_focus=True):
    """The viewer's own layout, large: positions 1-5 over 6-10 as small numbered boxes.

    With a jack in hand the cursor moves over the face-down positions and Enter (or a click)
    chooses one (TR-6).
    """

    DEFAULT_CSS = """
    LayoutWidget { height: 6; width: 36; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("enter", "choose", "Place jack"),
        # With no jack to place, Enter says why (not in the footer).
        Binding("enter", "choose_anyway", "Place jack", show=False),
    ]

    class Chosen(Message):
        """The player chose ``position`` for the jack in hand."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cells: tuple[Card | None, ...] = ()
        self.choices: tuple[int, ...] = ()
        self.cursor = 1
        self.mark: int | None = None
        self.card_style = CardStyle()

    def set_layout(self, layout: tuple[Card | None, ...], choices: tuple[int, ...],
                   style: CardStyle, mark: int | None = None) -> None:
        """Show ``layout``; ``choices`` are the positions a jack may go to now (none: no cursor)."""
        if choices and (not self.choices or self.cursor not in choices):
            self.cursor = choices[0]
        self.cells, self.choices, self.card_style, self.mark = layout, choices, style, mark
        self.refresh()
        if self.is_mounted:
            self.screen.refresh_bindings()

    def render(self) -> Text:
        """Two rows of three-line boxes, the position number in each top edge."""
        style = self.card_style
        text = Text()
        for number, row in enumerate(layout_rows(len(self.cells))):
            lines = [Text(), Text(), Text()]
            for position in row:
                for line, part in zip(lines, self._box(position, style), strict=True):
                    line.append_text(part)
                    line.append(" ")
            for index, line in enumerate(lines):
                if number or index:
                    text.append("\n")
                text.append_text(line)
        return text

    def _box(self, position: int, style: CardStyle) -> list[Text]:
        card = self.cells[position - 1]
        cursor = bool(self.choices) and position == self.cursor and self.has_focus
        choosable = position in self.choices
        frame = "#ffd75f" if cursor else MARK if position == self.mark else (
            "#d0d0d0" if choosable else "#5f87af")
        weight = "bold " if cursor or choosable else ""
        label = str(position)
        if style.ascii:
            top = f"+{label}{'-' * (4 - len(label))}+"
            bottom, side = "+----+", "|"
        else:
            top = f"╭{label}{'─' * (4 - len(label))}╮"
            bottom, side = "╰────╯", "│"
        if card is None:
            fill = ("####" if style.ascii else "░░░░")
            body = Text(fill, style=f"#7fa6e0 on {BACK}" if not cursor else "#1c1c1c on #ffd75f")
        else:
            back = JACK_BACKGROUND if card.rank is Rank.JACK else FACE
            ink = suit_colour(card.suit, style)
            body = Text(f"{card_label(card, style):^4}", style=f"bold {ink} on {back}")
        middle = Text(side, style=f"{weight}{frame}")
        middle.append_text(body)
        middle.append(side, style=f"{weight}{frame}")
        return [Text(top, style=f"{weight}{frame}"), middle,
                Text(bottom, style=f"{weight}{frame}")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter and the arrows work only while a jack waits for its position; otherwise Enter
        says why."""
        if action in ("choose", "move"):
            return bool(self.choices)
        if action == "choose_anyway":
            return not self.choices and bool(self.cells)
        return True

    def action_move(self, columns: int, rows: int) -> None:
        """Move the cursor to the nearest choosable position in that direction: left and right
        through the choosable positions in order, up and down to the choosable position of the
        other row (TR-2) nearest the cursor's column; with none there the cursor stays."""
        if not self.choices:
            return
        if rows:
            row, column = divmod(self.cursor - 1, ROW)
            others = [position for position in self.choices
                      if (position - 1) // ROW == row + rows]
            if others:
                self.cursor = min(others, key=lambda position: (
                    abs((position - 1) % ROW - column), position))
        else:
            ordered = list(self.choices)
            index = ordered.index(self.cursor) if self.cursor in ordered else 0
            self.cursor = ordered[(index + columns) % len(ordered)]
        self.refresh()

    def action_choose(self) -> None:
        """Put the jack on the position under the cursor."""
        if self.choices:
            self.post_message(self.Chosen(self.cursor))

    def action_choose_anyway(self) -> None:
        """Enter while no jack waits for a position: ask for the position under the cursor
        anyway, so that the rules say why nothing goes there now."""
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event: events.Click) -> None:
        """A click on a face-down position chooses it."""
        row, column = divmod(event.y, 3)[0], event.x // CELL
        position = row * 5 + column + 1
        if position in self.choices:
            self.cursor = position
            self.post_message(self.Chosen(position))

    def on_focus(self) -> None:
        """Show the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh()


SUMMARY_NAME_WIDTH = 16
"""Cells of the names' column in a hand's summary."""


class HandSummary(AppModal[None]):
    """Between two hands: who won the hand, how it ended and the new layout sizes (TR-9, TR-10).

    Args:
        view: The view after the winning move (the next hand is dealt).
        names: Every seat's name.
        lines: The log lines of the winning turn.
        style: How to draw card names.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Next hand"),
    ]
    covered_actions = frozenset({"close"})
    covered_note = "Esc next hand"

    DEFAULT_CSS = """
    HandSummary { align: center middle; background: #10241a 60%; }
    HandSummary #summary-box {
        width: 60; height: auto; max-height: 100%; border: $frame-heavy #ffd75f; padding: 0 2;
        background: #0b1a12;
    }
    HandSummary #summary-title { text-align: center; text-style: bold; color: #ffd75f; }
    """

    def __init__(self, view: Any, names: tuple[str, ...], lines: tuple[str, ...],
                 style: CardStyle) -> None:
        super().__init__()
        self.view = view
        self.names = names
        self.lines = lines
        self.card_style = style

    def compose(self) -> ComposeResult:
        """The headline, the last turn, the sizes, the key."""
        view = self.view
        winner = view.winners[-1]
        finished = view.hand_number - 1
        headline = (f"You win hand {finished}!" if self._to_reader(winner)
                    else f"{self.names[winner]} wins hand {finished}")
        with Vertical(id="summary-box"):
            yield Static(Text(headline), id="summary-title")
            yield Static(self._body(winner), id="summary-body")
        yield Footer()

    def _body(self, winner: int) -> Text:
        view = self.view
        style = self.card_style
        text = Text()
        for line in self.lines[-6:]:
            text.append_text(cards_in_text(line, style))
            text.append("\n")
        text.append(f"\nHand {view.hand_number}: layout sizes\n", style="bold")
        arrow = "->" if style.ascii else "→"
        for seat, name in enumerate(short_names(self.names, SUMMARY_NAME_WIDTH,
                                                ascii=style.ascii)):
            size = view.sizes[seat]
            text.append(f"  {name_cell(name, SUMMARY_NAME_WIDTH)} ",
                        style="bold" if seat == winner else "")
            if seat == winner:
                text.append(f"{f'{size + 1} {arrow} {size}':<8}", style="bold #87d787")
            else:
                text.append(f"{size:<8}", style="#d0d0d0")
            won = view.hands_won(seat)
            text.append(f"   won {won} hand{'' if won == 1 else 's'}\n", style="#9a9a9a")
        starter = "You start" if self._to_reader(view.starter) else (
            f"{self.names[view.starter]} starts")
        text.append(f"\n{starter} the next hand.", style="#b8b8b8")
        return text

    def _to_reader(self, seat: int) -> bool:
        """True if the box speaks to ``seat`` as "you", as the log lines in it do: the seat is
        the one whose view is shown, or the seat called "You"."""
        return addressed(seat, self.view.viewer, self.names)

    def action_close(self) -> None:
        """On to the next hand."""
        self.dismiss(None)


class TrashBoard(Board):
    """Draws a Trash view and turns keys and clicks into Trash actions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "verb('draw')", "Draw"),
        Binding("d", "why_not('draw')", "Draw", show=False),
        Binding("t", "verb('take')", "Take discard"),
        Binding("t", "why_not('take')", "Take discard", show=False),
        Binding("y", "verb('replace')", "Replace jack"),
        Binding("y", "why_not('replace')", "Replace jack", show=False),
        Binding("n", "verb('keep')", "Keep jack"),
        Binding("n", "why_not('keep')", "Keep jack", show=False),
        *(Binding(str(n), f"position({n or 10})", f"Position {n or 10}", show=False)
          for n in range(10)),
    ]

    VERBS: ClassVar[dict[str, type]] = {"draw": Draw, "take": Take, "replace": Replace,
                                        "keep": Keep}
    WHY_NOT: ClassVar[dict[str, Action]] = {"draw": Draw(), "take": Take(),
                                            "replace": Replace(), "keep": Keep()}
    """A verb's key while it does not apply: the rules say why, e.g. ``t`` when the discard
    top cannot be taken (TR-4), ``d``, ``y`` and ``n`` while a jack waits for its position
    (TR-6), ``y`` and ``n`` with no face-up jack to replace (TR-5)."""

    DEFAULT_CSS = """
    TrashBoard #opponents { height: auto; }
    TrashBoard #middle { height: 1fr; }
    TrashBoard #own-side { width: 40; }
    TrashBoard #own-box { height: 8; }
    TrashBoard #turn { height: 1fr; padding: 0 1; }
    TrashBoard #table-side { width: 1fr; padding: 0 0; }
    TrashBoard #pile { height: 6; padding: 0 1; }
    TrashBoard #log { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._final: Frame | None = None
        self._moves = -1
        self._frames: list[Frame] = []
        self._timer: Timer | None = None
        self._step = 0.0
        self._summarised = 0
        self._held: Frame | None = None
        """The table at the end of a hand just won, shown under the hand's summary until the
        next hand is drawn."""

    def compose(self) -> ComposeResult:
        """The other layouts on top; the own layout and the turn beside the pile and the log."""
        with Vertical(id="opponents"):
            yield SeatsStrip(id="seats-1")
            yield SeatsStrip(id="seats-2")
        with Horizontal(id="middle"):
            with Vertical(id="own-side"):
                with ZoneBox(id="own-box"):
                    yield LayoutWidget(id="layout")
                yield Static(id="turn")
            with Vertical(id="table-side"):
                yield Static(id="pile")
                yield LogPanel(id="log")

    # ------------------------------------------------------------------ drawing

    def draw(self, view: Any, info: TableInfo) -> None:
        """Draw a :class:`TrashView`; a new move's chain is played out step by step."""
        if self._summarised == 0 or view.hand_number < self._summarised:
            self._summarised = view.hand_number
        if view.moves != self._moves:
            frames: list[Frame] = []
            if self._final is not None and view.moves == self._moves + 1:
                frames = chain_frames(self._final, view.recent)
            self._moves = view.moves
            self._final = frame_of(view)
            self._held = frames[-1] if frames and self._hand_won(view) else None
            self._play(frames)
        elif view.hand_number <= self._summarised:
            self._held = None
        self._draw_table(self._shown)

    def _hand_won(self, view: Any) -> bool:
        """Whether the last move won a hand and the next one is dealt (its summary is due)."""
        return view.hand_number > self._summarised and view.current_player is not None

    @property
    def _shown(self) -> Frame | None:
        """The table to show now: the chain's step, the end of a hand just won, or the table
        after the last move."""
        if self._frames:
            return self._frames[0]
        return self._held or self._final

    @property
    def settling(self) -> bool:
        """True while a chain is still being shown step by step."""
        return bool(self._frames)

    @property
    def acting(self) -> int | None:
        """The player whose move is shown, or, once it is shown, the one to move next."""
        frame = self._shown
        return None if frame is None else frame.mover

    def settle(self) -> None:
        """Show the end of the chain at once (the end of the hand, when it was won)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self._frames:
            return
        self._frames = []
        self._draw_table(self._shown)
        self.refresh_bindings()

    def show_open(self, names: Sequence[str], hands: Sequence[Sequence[Card]] | None,
                  style: CardStyle) -> None:
        """Every hand open: Trash has no hands, and the face-down positions were never seen by
        anyone, so the table stays as every seat saw it; the turn box says so."""
        view, info = self.view, self.info
        if hands is None or view is None or info is None:
            return
        text = self._turn(view, info, self._shown)
        text.append("\nEvery hand open: Trash has no hands, and face-down positions stay "
                    "face down (nobody saw them).", style="italic #9a9a9a")
        self.query_one("#turn", Static).update(text)

    def _play(self, frames: list[Frame]) -> None:
        """Show ``frames`` one after another, then the final table; with no bot delay, only
        the end of a hand just won, for a moment before its summary covers the table."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        delay = settings_of(self.app).bot_delay if self.is_mounted else 0.0
        if delay <= 0 and self._held is not None and self.is_mounted:
            frames, self._step = [self._held], WON_SECONDS
        elif not frames or delay <= 0:
            self._frames = []
            return
        else:
            self._step = min(STEP_SECONDS, 0.9 * delay / len(frames))
        self._frames = frames
        self._wait_for_step()

    def _next_frame(self) -> None:
        """One step on (each step waits its time once it is on screen, see
        :meth:`_wait_for_step`); after the last step the table screen is told, and shows the
        table after the move together with its top bar (:meth:`settle`)."""
        self._timer = None
        if len(self._frames) <= 1:
            self.post_message(self.Settled())
            return
        self._frames.pop(0)
        self._draw_table(self._frames[0])
        self._wait_for_step()

    def _wait_for_step(self) -> None:
        """Show the chain's current step for its time, counted from when it is on screen, so a
        busy machine shows every step; a chain cut short or replaced meanwhile starts nothing."""
        steps = self._frames

        def start() -> None:
            if self._frames is steps and self._timer is None and self.is_mounted:
                self._timer = self.set_timer(self._step, self._next_frame)

        hold_frame(self.app, then=start)

    def _bottom_seat(self, view: Any) -> int:
        return view.viewer if view.viewer is not None else 0

    def _draw_table(self, frame: Frame | None) -> None:
        """Draw ``frame``: while a chain plays out, the log shows the lines of its steps so
        far and the turn box and the marks name the player who moves, so nothing runs ahead
        of the table."""
        view, info = self.view, self.info
        if frame is None or view is None or info is None:
            return
        style = info.style
        log = info.log[:len(info.log) - frame.hidden] if frame.hidden else info.log
        self.query_one(LogPanel).set_lines(log, style)
        self.query_one("#turn", Static).update(self._turn(view, info, frame))
        bottom = self._bottom_seat(view)
        others = [(bottom + step) % view.players for step in range(1, view.players)]
        first = others if len(others) <= 3 else others[: (len(others) + 1) // 2]
        second = others[len(first):]
        for strip_id, seats in (("#seats-1", first), ("#seats-2", second)):
            strip = self.query_one(strip_id, SeatsStrip)
            strip.display = bool(seats)
            strip.show(tuple(self._seat(view, info, frame, seat) for seat in seats), style)
        mine = frame is self._final and view.viewer is not None and (
            view.current_player == view.viewer)
        choices = tuple(a.position for a in view.legal if isinstance(a, Place)) if mine else ()
        mark = frame.mark[1] if frame.mark and frame.mark[0] == bottom else None
        self.query_one(LayoutWidget).set_layout(frame.layouts[bottom], choices, style, mark)
        self.query_one("#own-box", ZoneBox).fit_title(self._own_titles(info, frame, bottom))
        self.query_one("#pile", Static).update(self._pile(frame, style))

    def _seat(self, view: Any, info: TableInfo, frame: Frame, seat: int) -> SeatInfo:
        mark = frame.mark[1] if frame.mark and frame.mark[0] == seat else None
        # A computer player's level goes with its name: the line under the box is full.
        return SeatInfo(name=info.names[seat], cards=len(frame.layouts[seat]),
                        aside=info.levels.get(seat, ""),
                        current=frame.mover == seat, you=seat == view.viewer,
                        tags=(seat_note(frame, seat, bot=seat in info.bots),),
                        body=layout_text(frame.layouts[seat], info.style, mark))

    def _own_titles(self, info: TableInfo, frame: Frame, seat: int) -> list[str]:
        """The own layout's title, wordiest first: "Bob's layout: 10 pos, won 1", then
        without "layout", then without the hands won, then the name alone (the turn marked
        in each)."""
        name = info.names[seat]
        whose = possessive(name)
        if whose == "your":
            whose = "Your"
        size = f"{len(frame.layouts[seat])} pos"
        won = f"won {frame.won[seat]}"
        arrow = "> " if info.style.ascii else "▶ "
        turn = arrow if frame.mover == seat else ""
        return [f"{turn}{whose} layout: {size}, {won}", f"{turn}{name}: {size}, {won}",
                f"{turn}{name}: {size}", f"{turn}{name}"]

    def _pile(self, frame: Frame, style: CardStyle) -> Text:
        stock = back_box(style, str(frame.stock_size)) if frame.stock_size else empty_box(style)
        top = card_box(frame.discard[-1], style) if frame.discard else empty_box(style)
        hand = card_box(frame.in_hand, style) if frame.in_hand is not None else empty_box(
            style, "")
        text = side_by_side((stock, top, hand), gap=2)
        text.append(" stock    discard  in hand", style="#9a9a9a")
        return text

    def _turn(self, view: Any, info: TableInfo, frame: Frame | None) -> Text:
        """The turn box: whose turn the table shows and what that player does; at a step of
        a chain, the card the mover holds then."""
        if frame is not None and frame is not self._final:
            return _step_text(frame, view, info)
        text = turn_heading(view, info)
        if view.current_player is None:
            return text
        mine = view.viewer is not None and view.current_player == view.viewer
        name = info.names[view.current_player]
        words = view.description if mine or name == "You" else _their_move(view, name)
        line = cards_in_text(words, info.style)
        line.stylize_before("bold #ffd75f" if mine and view.phase in (JACK, SWAP) else "#b8b8b8")
        text.append_text(line)
        text.append(f"\nHand {view.hand_number}", style="bold #d0d0d0")
        text.append(" - " if info.style.ascii else " · ", style="#6c6c6c")
        text.append("sizes " + " ".join(str(size) for size in view.sizes), style="#9a9a9a")
        return text

    def interlude(self) -> Screen[Any] | None:
        """The summary of a hand just won, once, before the next hand goes on (TR-9, TR-10)."""
        view, info = self.view, self.info
        if view is None or info is None or view.hand_number <= self._summarised:
            return None
        self._summarised = view.hand_number
        if view.current_player is None or not view.winners:
            return None
        return HandSummary(view, info.names, self._hand_end_lines(info), info.style)

    def _hand_end_lines(self, info: TableInfo) -> tuple[str, ...]:
        """The log lines of the turn that won the hand (from the last draw or take on)."""
        lines = list(info.log)
        for index in range(len(lines) - 1, -1, -1):
            if " drew " in lines[index] or " took " in lines[index]:
                return tuple(lines[index:])
        return tuple(lines[-5:])

    def active_zone(self) -> Widget:
        """The own layout: the player chooses a jack's position there."""
        return self.query_one(LayoutWidget)

    # ------------------------------------------------------------------ hints

    def status_hint(self, view: Any, info: TableInfo) -> str:
        """What the viewing player can do now, with the keys."""
        if view.viewer is None or view.current_player != view.viewer or not view.legal:
            return ""
        if view.phase == JACK:
            return (f"Put {view.in_hand} on a face-down position: ←→↑↓ and Enter, or its digit "
                    "(0 = 10).")
        if view.phase == SWAP:
            return f"{view.in_hand} can replace the jack: y replaces it, n keeps the jack."
        if any(isinstance(action, Take) for action in view.legal):
            return f"d draws from the stock; t takes {view.discard_top} from the discard pile."
        return "d draws from the stock."

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (the digits are never listed: while no
        jack waits for its position they say why)."""
        if action == "position":
            return self.view is not None
        return super().check_action(action, parameters)

    def action_position(self, position: int) -> None:
        """A digit: put the jack in hand on that position (TR-6); with no jack to place, the
        rules refuse it and say why ("You have no jack to place")."""
        self.post_message(self.Act(Place(position)))

    def on_layout_widget_chosen(self, message: LayoutWidget.Chosen) -> None:
        """Enter or a click on the own layout: the jack goes there; while the player is asked
        whether the card in hand replaces a face-up jack (TR-5), Enter says to answer y or n."""
        message.stop()
        if self.can(Replace):
            self.post_message(self.Say(
                f"Answer y or n: y puts {self.view.in_hand} in place of the jack, n keeps the "
                "jack."))
            return
        self.post_message(self.Act(Place(message.position)))


def _step_text(frame: Frame, view: Any, info: TableInfo) -> Text:
    """The turn box at a step of a chain: "Anna's turn", then the card she holds at that step,
    or that her turn ends."""
    mover = frame.mover
    text = turn_heading(SimpleNamespace(current_player=mover, viewer=view.viewer), info)
    if mover is None:
        return text
    you = mover == view.viewer or info.names[mover] == "You"
    name = "You" if you else info.names[mover]
    if frame.in_hand is None:
        words = f"{'Your' if you else possessive(name)} turn ends"
    else:
        words = f"{name} {'have' if you else 'has'} {frame.in_hand} in hand"
    line = cards_in_text(words, info.style)
    line.stylize_before("#b8b8b8")
    text.append_text(line)
    return text


def _their_move(view: Any, name: str) -> str:
    """What another player is doing now, said of him rather than to the viewer ("Anna puts
    J♠ on a face-down position"; the engine's description speaks to the player to move). The
    discard pile is named only when its top card can be placed in his layout (TR-4): on the first
    turn of a hand there is none."""
    if view.phase == JACK:
        return f"{name} puts {view.in_hand} on a face-down position"
    if view.phase == SWAP:
        return f"{name} puts {view.in_hand} in place of a jack, or keeps the jack"
    top = view.discard[-1] if view.discard else None
    if top is None or why_unplaceable(top, view.layouts[view.current_player]):
        return f"{name} draws from the stock"
    return f"{name} draws from the stock or takes {top} from the discard pile"


BOARD = TrashBoard
"""The Board class the table screen loads for Trash."""
