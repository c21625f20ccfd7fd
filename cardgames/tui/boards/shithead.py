"""The Shithead table: seats, stock, discard pile and its run, the log, hand and table cards.

Keys (the footer shows only those that do something now):

* Swap phase (SH-3): arrows pick a hand card, Tab goes to the face-up cards; Space marks a card in
  either zone; Enter or ``s`` swaps the hand card with the face-up card; ``1``–``3`` swap the hand
  card under the cursor with that face-up position; ``r`` says ready.
* Play from the hand (SH-5, SH-6): arrows, Space selects, Enter plays; ``p`` picks up (SH-8).
* Extra moves after a 2 (SH-9): Space picks hand cards in order, Enter lays them; ``x`` declines
  (its own key, so a second Esc cannot decline by accident).
* Esc clears the marks in any phase (in the swap phase too); it never plays or declines.
* Face-up cards (SH-14): the face-up row is the active zone; arrows, Space, Enter.
* Blind play (SH-15): arrows and Enter on a face-down card, or ``1``–``3``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.engine import Action
from cardgames.games.shithead.actions import Blind, Bonus, Decline, PickUp, Play, Ready, Swap
from cardgames.games.shithead.moves import BONUS, FACE_DOWN, FACE_UP, FOUR, HAND, PLAY, SWAP
from cardgames.tui.boards.common import empty_hand_text, out_note, turn_heading
from cardgames.tui.render import CardStyle, cards_in_text
from cardgames.tui.widgets.board import Board, TableInfo
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.pile import pile_fan, side_by_side, stock_box
from cardgames.tui.widgets.seats import SeatInfo, SeatsStrip
from cardgames.tui.widgets.table_row import RowMode, TableRow
from cardgames.tui.widgets.zone import HandBox, ZoneBox


def run_caption(pile: Sequence[Card], run_rank: Rank | None, run_length: int) -> str:
    """The run of equal ranks on top of the pile and how many more burn it (SH-11).

    Short enough for the 32 cells beside the pile: the run, then what completes four.

    Args:
        pile: The discard pile, bottom first.
        run_rank: The rank of the run on top, None for an empty pile.
        run_length: How many cards of that rank lie on top in a row.

    Returns:
        e.g. ``"8♠ 8♥ — 2 more eights burn"``, ``"8♠ 8♥ 8♦ — a fourth burns"``, or
        ``"The pile is empty"``.
    """
    if not pile or run_rank is None or run_length <= 0:
        return "The pile is empty"
    run = " ".join(card.symbol for card in pile[-run_length:])
    more = FOUR - run_length
    if more <= 1:
        return f"{run} — a fourth burns"
    return f"{run} — {more} more {run_rank.noun} burn"


def seat_text(view: Any, seat: int, style: CardStyle) -> Text:
    """Two lines for a seat: cards in hand and face down, then the face-up cards (or "out")."""
    text = Text()
    text.append("hand ", style="#9a9a9a")
    text.append(str(view.hand_sizes[seat]), style="bold")
    text.append(" - down " if style.ascii else " · down ", style="#9a9a9a")
    text.append(str(sum(view.face_down[seat])), style="bold")
    text.append("\n")
    if seat in view.finished:
        text.append(out_note(view, seat), style="italic #ffaf5f")
        return text
    for position, card in enumerate(view.face_up[seat]):
        if position:
            text.append(" ")
        if card is None:
            text.append("." if style.ascii else "·", style="#6c6c6c")
        else:
            text.append_text(cards_in_text(card.symbol, style))
    return text


def seat_info(view: Any, seat: int, info: TableInfo) -> SeatInfo:
    """A seat for the strip: its name, "bot" and "ready" (swap phase) notes, and
    :func:`seat_text` inside."""
    ready = ("ready",) if view.phase == SWAP and view.ready[seat] else ()
    return SeatInfo(name=info.names[seat], cards=view.hand_sizes[seat],
                    current=view.current_player == seat, you=seat == view.viewer,
                    bot=seat in info.bots, level=info.levels.get(seat, ""),
                    out=seat in view.finished, tags=ready,
                    body=seat_text(view, seat, info.style))


OPEN_ROW_TEXT = "Face up: see\nthe seats. Face\ndown: at left."
"""The Face-up/down panel with every hand open (three lines of its 15 cells): the face-up
cards are on the seats, the face-down ones in the open hands beside it."""


class ShitheadBoard(Board):
    """Draws a Shithead view and turns keys and clicks into Shithead actions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "swap", "Swap", priority=True),
        Binding("enter", "lay", "Lay", priority=True),
        Binding("escape", "clear_marks", "Unmark", priority=True),
        Binding("x", "verb('decline')", "Decline"),
        Binding("x", "why_not('decline')", "Decline", show=False),
        Binding("s", "swap", "Swap", show=False),
        Binding("s", "why_not('swap')", "Swap", show=False),
        Binding("r", "verb('ready')", "Ready"),
        Binding("r", "why_not('ready')", "Ready", show=False),
        Binding("p", "verb('pick_up')", "Pick up"),
        Binding("p", "why_not('pick_up')", "Pick up", show=False),
        *(Binding(str(n), f"position({n})", f"Position {n}", show=False) for n in (1, 2, 3)),
    ]

    VERBS: ClassVar[dict[str, type]] = {"ready": Ready, "pick_up": PickUp, "decline": Decline}
    WHY_NOT: ClassVar[dict[str, Action]] = {
        "pick_up": PickUp(), "decline": Decline(), "ready": Ready(),
        "swap": Swap(Card(Rank.TWO, Suit.CLUBS), 1)}
    """A verb's key while it does not apply: the rules say why, e.g. ``p`` when picking up is
    not allowed (SH-8), ``x`` with no extra move to decline (SH-9), ``s`` and ``r`` once the
    swaps are over (SH-3; the swap's card does not matter: the phase refuses it first)."""

    MIN_SIZE = (72, 21)
    """The pile, a two-row hand and the table cards fit; smaller shows a notice."""

    DEFAULT_CSS = """
    ShitheadBoard #middle { min-height: 8; }
    ShitheadBoard #table-side { width: 34; }
    ShitheadBoard #turn { height: 1fr; }
    ShitheadBoard #bottom { height: auto; max-height: 8; }
    ShitheadBoard #hand-box { width: 1fr; min-height: 5; }
    ShitheadBoard #row-box { width: 19; height: 5; }
    ShitheadBoard TableRow { height: 3; }
    """

    def compose(self) -> ComposeResult:
        """Seats on top, the pile and the log in the middle, hand and table cards at the bottom."""
        yield SeatsStrip(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="table-side"):
                yield Static(id="pile")
                yield Static(id="turn")
            yield LogPanel(id="log")
        with Horizontal(id="bottom"):
            yield HandBox(id="hand-box")
            with ZoneBox(id="row-box"):
                yield TableRow(id="row")

    def on_mount(self) -> None:
        """Title the table cards."""
        self.query_one("#row-box").border_title = "Face-up/down"

    # ------------------------------------------------------------------ drawing

    def draw(self, view: Any, info: TableInfo) -> None:
        """Draw a :class:`ShitheadView` for ``info.viewer``."""
        style = info.style
        seats = tuple(seat_info(view, seat, info) for seat in range(view.players))
        self.query_one(SeatsStrip).show(seats, style)
        self.query_one("#pile", Static).update(self._pile(view, style))
        self.query_one("#turn", Static).update(self._turn(view, info))
        self.query_one(LogPanel).set_lines(info.log, style)
        self._show_hand(view, info)
        self._show_row(view, style, open=info.open_hands is not None or view.open_hands is not None)

    def _pile(self, view: Any, style: CardStyle) -> Text:
        text = side_by_side((stock_box(view.stock_size, style), pile_fan(view.pile, style)), gap=2)
        text.append(" stock   ", style="#9a9a9a")
        text.append("pile ", style="#9a9a9a")
        text.append(str(len(view.pile)), style="bold")
        text.append("   burnt ", style="#9a9a9a")
        text.append(str(view.burnt_size), style="bold")
        text.append("\n")
        caption = cards_in_text(run_caption(view.pile, view.run_rank, view.run_length), style)
        caption.stylize_before("bold" if view.pile else "italic #9a9a9a")
        text.append_text(caption)
        return text

    def _turn(self, view: Any, info: TableInfo) -> Text:
        current = view.current_player
        if current is None:
            return turn_heading(view, info)
        mine = current == view.viewer
        text = Text()
        if view.phase == SWAP:
            who = "You are" if mine else f"{info.names[current]} is"
            text.append(f"{who} swapping\n", style="bold #ffd75f" if mine else "bold #d0d0d0")
            ready = [info.names[s] for s in range(view.players) if view.ready[s]]
            if ready:
                text.append(f"Ready: {', '.join(ready)}\n", style="#87d787")
            text.append("Swap hand cards with face-up cards, then say ready.", style="#b8b8b8")
            return text
        text = turn_heading(view, info)
        line = cards_in_text(view.description, info.style)
        line.stylize_before("bold #ff875f" if view.phase == BONUS else "#b8b8b8")
        text.append_text(line)
        return text

    def _show_hand(self, view: Any, info: TableInfo) -> None:
        hand = self.query_one(HandWidget)
        mine = view.viewer is not None and view.current_player == view.viewer
        cards = tuple(sorted(view.hand))
        if view.phase == SWAP or view.phase == BONUS:
            playable = frozenset(cards)
            can_play = mine
        else:
            playable = view.playable
            can_play = mine and view.phase == PLAY and view.source == HAND
        empty = empty_hand_text(view, info,
                                "Hand empty: your face-up and face-down cards are next.")
        hand.set_hand(cards, playable=playable, style=info.style, can_play=can_play,
                      empty_text=empty, order=view.phase != SWAP,
                      blocked="Nothing goes: p picks up the pile.")
        self.query_one(HandBox).show_title(info.names, view.viewer, len(view.hand))

    def show_open(self, names: Sequence[str], hands: Sequence[Sequence[Card]] | None,
                  style: CardStyle) -> None:
        """Every seat's cards as :meth:`Board.show_open` shows them, the cards that lay face
        down (SH-15: first seen once the game is over) after the words "face down": a seat's
        open cards are its hand (``hand_sizes``) followed by its face-down cards."""
        sizes = self.view.hand_sizes if self.view is not None else None
        face_down = None
        if hands is not None and sizes is not None:
            face_down = [len(cards) - size for cards, size in zip(hands, sizes, strict=True)]
        self.query_one(HandBox).show_open(names, hands, style, face_down)

    def _show_row(self, view: Any, style: CardStyle, *, open: bool = False) -> None:
        """The viewer's face-up and face-down cards; seen by nobody, "hidden", unless every
        hand is open: then the face-up cards are on the seats and the face-down ones in the open
        hands, and the panel says so."""
        row = self.query_one(TableRow)
        seat = view.viewer
        if seat is None:
            row.set_row((), (), mode="view", playable=frozenset(), style=style,
                         empty_text=OPEN_ROW_TEXT if open else "hidden")
            return
        row.set_row(view.face_up[seat], view.face_down[seat], mode=self._row_mode(view),
                    playable=view.playable, style=style)

    def _row_mode(self, view: Any) -> RowMode:
        if view.viewer is None or view.current_player != view.viewer:
            return "view"
        if view.phase == SWAP:
            return "swap"
        if view.phase == PLAY and view.source == FACE_UP:
            return "face-up"
        if view.phase == PLAY and view.source == FACE_DOWN:
            return "face-down"
        return "view"

    def active_zone(self) -> Widget:
        """The table cards when the player plays from them, else the hand."""
        if self.view is not None and self._row_mode(self.view) in ("face-up", "face-down"):
            return self.query_one(TableRow)
        return self.query_one(HandWidget)

    # ------------------------------------------------------------------ hints

    def status_hint(self, view: Any, info: TableInfo) -> str:
        """What the viewing player can do now, with the keys."""
        if view.viewer is None or view.current_player != view.viewer or not view.legal:
            return ""
        legal = view.legal
        if view.phase == SWAP:
            return "Space marks a hand and a face-up card, Enter swaps, Esc unmarks; r: ready."
        if view.phase == BONUS:
            return "Extra move: Space picks cards in order, Enter lays; x declines."
        pick_up = any(isinstance(a, PickUp) for a in legal)
        if view.source == FACE_DOWN:
            return "Play blind: ←→ and Enter turn a face-down card, or 1-3."
        if not any(isinstance(a, Play) for a in legal):
            return "Nothing goes: p picks up the pile."
        where = "Face-up cards: " if view.source == FACE_UP else ""
        return f"{where}←→ choose, Space selects, Enter plays" + ("; p picks up." if pick_up
                                                                   else ".")

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now."""
        if action == "swap":
            return self.can(Swap)
        if action == "lay":
            return self.can(Bonus)
        if action == "clear_marks":
            return self._marked()
        if action == "position":
            # Hidden keys: while neither a swap nor a blind play applies, they say why.
            return self.view is not None
        if action == "why_not" and parameters == ("ready",) and self._over():
            # Once the game is over r is the table's Result.
            return False
        return super().check_action(action, parameters)

    def _over(self) -> bool:
        """True once the game is over (the final table)."""
        return self.view is not None and self.view.current_player is None

    def _marked(self) -> bool:
        """Whether a hand card or a table card is marked (selected)."""
        return bool(self.query_one(HandWidget).selection or self.query_one(TableRow).selection)

    def action_clear_marks(self) -> None:
        """Esc with cards marked: unmark them all (declining an extra move is ``x``, SH-9)."""
        self.query_one(HandWidget).action_clear()
        row = self.query_one(TableRow)
        row.clear_selection()
        self.refresh_bindings()

    def on_hand_widget_selection_changed(self, message: HandWidget.SelectionChanged) -> None:
        """Marks changed: Esc now clears them, or not (the footer follows)."""
        self.refresh_bindings()

    def on_table_row_selection_changed(self, message: TableRow.SelectionChanged) -> None:
        """Marks changed: Esc now clears them, or not (the footer follows)."""
        self.refresh_bindings()

    def _hand_card(self) -> Card | None:
        hand = self.query_one(HandWidget)
        if hand.selection:
            return hand.selection[0]
        return hand.cards[hand.cursor] if hand.cards else None

    def action_swap(self) -> None:
        """Swap a hand card with a face-up card (SH-3): each is the marked one, or the one under
        the cursor in the focused row; when one is missing, say how to choose it."""
        hand = self.query_one(HandWidget)
        row = self.query_one(TableRow)
        card = hand.selection[0] if hand.selection else None
        if card is None and hand.has_focus and hand.cards:
            card = hand.cards[hand.cursor]
        position = row.selection[0] + 1 if row.selection else None
        if position is None and row.has_focus:
            position = row.chosen_position()
        if card is not None and position is not None:
            self.post_message(self.Act(Swap(card, position)))
        elif position is None and card is None:
            self.post_message(self.Say("Mark a hand card and a face-up card with Space "
                                       "(Tab switches), then Enter; or press 1-3."))
        elif position is None:
            self.post_message(self.Say("Now mark a face-up card: Tab, then Space and Enter "
                                       "(or press 1-3)."))
        else:
            self.post_message(self.Say("Now mark a hand card: Tab, then Space and Enter."))

    def _swap(self, position: int) -> None:
        card = self._hand_card()
        if card is None:
            self.post_message(self.Say("You have no hand card to swap."))
            return
        self.post_message(self.Act(Swap(card, position)))

    def action_lay(self) -> None:
        """Lay the selected hand cards, in order, as an extra move (SH-9)."""
        hand = self.query_one(HandWidget)
        if not hand.cards:
            return
        chosen = tuple(hand.selection) or (hand.cards[hand.cursor],)
        self.post_message(self.Act(Bonus(chosen)))

    def action_position(self, position: int) -> None:
        """1-3: swap with that face-up position, or turn that face-down card. While neither
        applies, the key offers the swap of the hand card under the cursor (or, with no hand
        card, the blind play), which the rules refuse with their reason: "Swaps are over once
        everyone is ready" (SH-3), "Play your face-up cards first; blind play comes last"
        (SH-15), or whose turn it is."""
        card = self._hand_card()
        if self.can(Swap) or (not self.can(Blind) and card is not None):
            self._swap(position)
        else:
            self.post_message(self.Act(Blind(position)))

    def on_hand_widget_submitted(self, message: HandWidget.Submitted) -> None:
        """Enter (or a click) on the hand: swap, lay an extra move, or play."""
        message.stop()
        if self.can(Swap):
            self.action_swap()
        elif self.can(Bonus):
            self.post_message(self.Act(Bonus(message.cards)))
        else:
            self.post_message(self.Act(Play(message.cards)))

    def on_table_row_chosen(self, message: TableRow.Chosen) -> None:
        """Enter (or a click) on the table cards: swap, play face-up cards, or play blind."""
        message.stop()
        view = self.view
        if view is None or view.viewer is None:
            return
        if self.can(Swap):
            self._swap(message.positions[0])
        elif self.can(Blind):
            self.post_message(self.Act(Blind(message.positions[0])))
        elif view.source == FACE_UP and view.phase == PLAY and view.current_player == view.viewer:
            row = view.face_up[view.viewer]
            cards = tuple(row[p - 1] for p in message.positions if row[p - 1] is not None)
            self.post_message(self.Act(Play(cards)))
        elif view.phase == PLAY and view.current_player == view.viewer:
            self.post_message(self.Say("Play from your hand first; the table cards come later."))
        else:
            # Another player's turn, an extra move, the game over: the rules refuse with why.
            self.post_message(self.Act(Blind(message.positions[0])))

    def show_hint(self, action: Action) -> bool:
        """Mark a suggested move: hand cards in the hand; face-up cards, a face-down position or
        a swap's face-up position among the table cards."""
        view = self.view
        row = self.query_one(TableRow)
        if view is None or view.viewer is None:
            return False
        if isinstance(action, Blind):
            row.point_at((action.position - 1,), select=False)
            self.screen.set_focus(row)
            return True
        if isinstance(action, Swap):
            self.query_one(HandWidget).mark((action.card,))
            row.point_at((action.position - 1,), select=True)
            self.refresh_bindings()
            return True
        if isinstance(action, Play) and view.source == FACE_UP:
            up = view.face_up[view.viewer]
            row.point_at(tuple(up.index(card) for card in action.cards if card in up),
                         select=True)
            self.screen.set_focus(row)
            self.refresh_bindings()
            return True
        return super().show_hint(action)

    def accepted(self) -> None:
        """Forget the selections once a move was played."""
        super().accepted()
        self.query_one(TableRow).clear_selection()


BOARD = ShitheadBoard
"""The Board class the table screen loads for Shithead."""
