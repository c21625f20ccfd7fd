"""The Spite & Malice table: the other players, the building piles, the log and the own cards.

Keys (the footer shows only those that do something now):

* ←→ move within a zone; Tab / Shift+Tab go between the zones: the pay-off top, the four discard
  spots and the hand (SM-9).
* Enter picks the card under the cursor. With one destination it is played at once; otherwise
  the destinations are listed (building piles, discard spots, the bus): ←→ or a digit (pile
  number, else spot number) chooses, Enter plays, Esc goes back.
* ``e`` ends the turn with an empty hand when nothing is left to draw (SM-13).
* ``v`` shows the bottom card of the own pay-off pile until the next key (SM-4); it is not a move.
  (``b`` is the table's bot speed, as in every game.)
* ``h`` (the table's hint) puts the cursor on the suggested card with its destination chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from cardgames.core.cards import Card, Rank
from cardgames.core.engine import Action
from cardgames.games.spite_malice.actions import (
    HAND,
    PAY_OFF,
    SPOT_SOURCES,
    Bus,
    Discard,
    End,
    Play,
)
from cardgames.games.spite_malice.moves import PLACES, RANK_WORDS, STALL_TURNS
from cardgames.tui.names import name_cell, short_names
from cardgames.tui.render import (
    CHIP_WIDTH,
    CardStyle,
    card_chip,
    card_text,
    chip_state,
    literal,
)
from cardgames.tui.widgets.board import Board, TableInfo
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.zone import OPEN_TITLE, ZoneBox, open_hands_text

STALL_SHOWN = 40
"""The stall counter shows once it is past this many turns (SM-15)."""
_ZONES = ("pay-off", "spots", "hand")
_PILE_WIDTH = 9
_GREY = "#9a9a9a"
_DIM = "#6c6c6c"


@dataclass(frozen=True, slots=True)
class Item:
    """One place of the viewer's own cards.

    Attributes:
        zone: 0 the pay-off top, 1 a discard spot, 2 a hand card.
        source: The play source: ``"pay"``, ``"s1"`` … ``"s4"`` or ``"hand"``.
        card: The card on top (None for an empty spot or pay-off pile).
        count: Cards in the spot or pay-off pile (1 for a hand card).
    """

    zone: int
    source: str
    card: Card | None
    count: int


def items_of(view: Any) -> list[Item]:
    """The viewer's pay-off top, four spots and hand, in that order (empty for the public)."""
    seat = view.viewer
    if seat is None:
        return []
    items = [Item(0, PAY_OFF, view.pay_off_tops[seat], view.pay_off_sizes[seat])]
    for source, spot in zip(SPOT_SOURCES, view.spots[seat], strict=True):
        items.append(Item(1, source, spot[-1] if spot else None, len(spot)))
    items.extend(Item(2, HAND, card, 1) for card in view.hand)
    return items


def _alike(one: Card, other: Card) -> bool:
    """The same card for play: the same face, or two jokers (all jokers play alike)."""
    if one.rank is Rank.JOKER:
        return other.rank is Rank.JOKER
    return one.same_face(other)


def destinations(item: Item, legal: Any) -> list[Any]:
    """The legal actions that move ``item``'s card: building plays by pile, then discards by
    spot, then the bus (SM-5 … SM-13)."""
    card = item.card
    if card is None:
        return []
    plays = [a for a in legal if isinstance(a, Play) and a.source == item.source
             and _alike(a.card, card)]
    if item.source != HAND:
        return plays
    ends: list[Any] = [a for a in legal if isinstance(a, Discard) and _alike(a.card, card)]
    ends.extend(a for a in legal if isinstance(a, Bus) and _alike(a.card, card))
    return plays + ends


def _builds(item: Item, legal: Any) -> bool:
    """Whether ``item``'s card can go on a building pile now."""
    return any(isinstance(a, Play) for a in destinations(item, legal))


def destination_label(action: Any, view: Any) -> str:
    """``pile 3``, ``new pile 3``, ``spot 2`` or ``bus``."""
    if isinstance(action, Play):
        opens = not view.piles[action.pile - 1]
        return f"new pile {action.pile}" if opens else f"pile {action.pile}"
    if isinstance(action, Discard):
        return f"spot {action.spot}"
    return "bus"


def _sep(style: CardStyle) -> str:
    return " - " if style.ascii else " · "


def _arrow(style: CardStyle) -> str:
    return "->" if style.ascii else "→"


def _spot_text(spot: tuple[Card, ...], style: CardStyle) -> Text:
    if not spot:
        return Text("." if style.ascii else "·", style=_DIM)
    text = card_text(spot[-1], style)
    if len(spot) > 1:
        text.append(f"x{len(spot)}", style=_GREY)
    return text


NAME_COLUMN = 16
"""Cells the players' box gives the names (with a computer player's level) at least, where
its width allows: the counts after them stand in the same place from game to game."""

MARK_WIDTH = 2
"""Cells of the turn mark before a name in the players' box."""


def _level(info: TableInfo, seat: int) -> str:
    """What follows a computer player's name: its level, or "bot", in brackets."""
    return f" ({info.levels.get(seat) or 'bot'})" if seat in info.bots else ""


def seat_state(view: Any, seat: int, style: CardStyle) -> Text:
    """What a line of the players' box says after the name: hand, pay-off top and size,
    spots, and "wins" for a winner."""
    text = Text()
    text.append(" hand ", style=_GREY)
    text.append(str(view.hand_sizes[seat]), style="bold")
    text.append("  pay-off ", style=_GREY)
    top = view.pay_off_tops[seat]
    if top is None:
        text.append("empty", style=_DIM)
    else:
        text.append_text(card_text(top, style))
        text.append(f" ({view.pay_off_sizes[seat]})", style=_GREY)
    text.append("  spots ", style=_GREY)
    for number, spot in enumerate(view.spots[seat]):
        if number:
            text.append(" ")
        text.append_text(_spot_text(spot, style))
    if seat in view.winners:
        text.append("  wins", style="bold #87d787")
    return text


def players_text(view: Any, info: TableInfo, width: int = 0) -> Text:
    """Every seat but the viewer's (every seat for the public view), one line each: the turn
    mark, the name with a computer player's level (or "bot") in brackets, in a column, then
    :func:`seat_state`.

    Args:
        view: A :class:`SpiteMaliceView`.
        info: Names, computer players and their levels.
        width: The cells a line may take, or 0 for no limit. The name column is as wide as
            the widest name and level (at least :data:`NAME_COLUMN`), narrowed to the room the
            widest state leaves; there the names give way to the levels, shortened together
            (:func:`~cardgames.tui.names.short_names`).

    Returns:
        One line per seat, never wrapped.
    """
    style = info.style
    seats = [seat for seat in range(view.players) if seat != view.viewer]
    states = [seat_state(view, seat, style) for seat in seats]
    levels = [_level(info, seat) for seat in range(view.players)]
    widest = max((cell_len(info.names[seat] + levels[seat]) for seat in seats), default=0)
    column = max(NAME_COLUMN, widest)
    if width:
        column = min(column, width - MARK_WIDTH - max(state.cell_len for state in states))
    names = short_names(info.names, [column - cell_len(level) for level in levels],
                        ascii=style.ascii)
    text = Text(no_wrap=True, overflow="crop")
    for number, (seat, state) in enumerate(zip(seats, states, strict=True)):
        if number:
            text.append("\n")
        current = view.current_player == seat
        mark = (">" if style.ascii else "▶") if current else " "
        text.append(f"{mark} ", style="bold #ffd75f")
        label = name_cell(names[seat] + levels[seat], column)
        text.append(label, style="bold #ffd75f" if current else "bold")
        text.append_text(state)
    return text


class PlayersBox(Widget):
    """The other players, a line each (:func:`players_text`), fitted to the box's width."""

    DEFAULT_CSS = "PlayersBox { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: Any = None
        self.info: TableInfo | None = None

    def show(self, view: Any, info: TableInfo) -> None:
        """Draw the seats of ``view`` with the names of ``info``."""
        self.view = view
        self.info = info
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line a seat."""
        view = self.view
        return 0 if view is None else view.players - (view.viewer is not None)

    def render(self) -> Text:
        """The lines for the box's width."""
        if self.view is None or self.info is None:
            return Text()
        return players_text(self.view, self.info, self.content_size.width)


def centre_text(view: Any, style: CardStyle) -> Text:
    """The eight places for building piles (top card, what it needs next, what a joker on top
    stands for), then the stock, the cleared heap and, past 40, the stall counter (SM-5 … SM-7,
    SM-11, SM-15)."""
    text = Text()
    text.append("Building piles", style="bold #d0d0d0")
    counts = f"   stock {view.stock_size}{_sep(style)}cleared {view.cleared_size}"
    text.append(counts, style=_GREY)
    if view.stall > STALL_SHOWN:
        text.append(f"{_sep(style)}stall {view.stall}/{STALL_TURNS}", style="bold #ff875f")
    text.append("\n")
    for number in range(1, PLACES + 1):
        text.append(f"{number:^{_PILE_WIDTH}}", style=_GREY)
    text.append("\n")
    for pile in view.piles:
        if pile:
            chip = card_chip(pile[-1], style)
            text.append("  ")
            text.append_text(chip)
            text.append(" " * (_PILE_WIDTH - 2 - CHIP_WIDTH))
        else:
            text.append(f"{'.' if style.ascii else '·':^{_PILE_WIDTH}}", style=_DIM)
    text.append("\n")
    for pile in view.piles:
        if not pile:
            text.append(f"{'':^{_PILE_WIDTH}}")
            continue
        needs = f"{_arrow(style)}{RANK_WORDS[len(pile) + 1]}"
        if pile[-1].rank is Rank.JOKER:
            needs = f"={RANK_WORDS[len(pile)]} {needs}"
        text.append(f"{needs:^{_PILE_WIDTH}}", style="#87afd7")
    return text


DIGIT_KEYS = (f"While a card is picked: put it on building pile N (1-{PLACES}), else on "
              f"discard spot N (1-{len(SPOT_SOURCES)})")
"""What the rules screen's key list says of the digit keys 1 to 8: they choose a destination
while a card is picked, a pile number first (SM-5: at most eight piles), else a spot (SM-13)."""

NO_PLACE_KEYS = "While a card is picked: no pile or spot has that number; say where it can go"
"""What the key list says of 0 and 9, which name no pile or spot."""


class OwnCards(Widget, can_focus=True):
    """The viewer's pay-off top, discard spots and hand: pick a card, then its destination."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("tab", "zone(1)", "Zone"),
        Binding("shift+tab", "zone(-1)", "Previous zone", show=False),
        Binding("enter", "choose", "Pick"),
        Binding("enter", "confirm", "Play"),
        # On a card that cannot move (or another player's turn) Enter says why, unlisted.
        Binding("enter", "stuck", "Pick", show=False),
        Binding("escape", "back", "Back"),
        *(Binding(str(n), f"digit({n})", DIGIT_KEYS, show=False) for n in range(1, PLACES + 1)),
        *(Binding(str(n), f"no_place({n})", NO_PLACE_KEYS, show=False) for n in (0, 9)),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: Any = None
        self.style = CardStyle()
        self.items: list[Item] = []
        self.cursor = 0
        self.picking: list[Any] = []
        self.choice = 0
        self.bottom: Card | None = None

    # ------------------------------------------------------------------ data

    def set_view(self, view: Any, style: CardStyle) -> None:
        """Show a new view; keep the cursor on the same place if it still holds a card."""
        previous = self.items[self.cursor] if self.items and self.cursor < len(self.items) else None
        self.view = view
        self.style = style
        self.items = items_of(view)
        self.bottom = view.bottom
        self.picking = [a for a in self.picking if a in view.legal]
        if len(self.picking) < 2:
            self.picking = []
        self.choice = min(self.choice, max(0, len(self.picking) - 1))
        if previous is not None:
            for index, item in enumerate(self.items):
                if item.source == previous.source and item.card == previous.card:
                    self.cursor = index
                    break
        here = self.current()
        if here is None or (self.my_turn and not _builds(here, view.legal)):
            self.cursor = self._first_playable(here)
        self.refresh(layout=True)
        self.refresh_bindings()

    @property
    def my_turn(self) -> bool:
        """True when the viewer is to act."""
        return self.view is not None and bool(self.view.legal)

    def _rests(self, index: int) -> bool:
        return 0 <= index < len(self.items) and self.items[index].card is not None

    def _first_playable(self, current: Item | None) -> int:
        """The first place whose card can go on a building pile; else the cursor stays on a
        card that can move, or goes to the first hand card (else 0)."""
        legal = self.view.legal if self.view is not None else ()
        for index, item in enumerate(self.items):
            if _builds(item, legal):
                return index
        if current is not None and destinations(current, legal):
            return self.cursor
        for index, item in enumerate(self.items):
            if item.zone == 2:
                return index
        return 0

    def current(self) -> Item | None:
        """The place under the cursor, if it holds a card."""
        return self.items[self.cursor] if self._rests(self.cursor) else None

    # ------------------------------------------------------------------ drawing

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Labels, cards, counts and the destination line."""
        return 4 if self.items else 1

    def render(self) -> Text:
        """The four lines of the zone."""
        if not self.items:
            return Text("Hands are hidden.", style=f"italic {_GREY}")
        style = self.style
        legal = self.view.legal
        labels, chips, counts = Text(), Text(), Text()
        labels.append(f"{'pay-off':<10}", style=_GREY)
        labels.append("".join(f"{source:<{CHIP_WIDTH}}" for source in SPOT_SOURCES), style=_GREY)
        labels.append("   ")
        labels.append("hand", style=_GREY)
        for index, item in enumerate(self.items):
            if item.zone == 1 and item.source == SPOT_SOURCES[0]:
                chips.append(" " * (10 - chips.cell_len))
                counts.append(" " * (10 - counts.cell_len))
            if item.zone == 2 and chips.cell_len < 33:
                chips.append(" " * (33 - chips.cell_len))
            chips.append_text(self._chip(index, item, legal))
            if item.zone == 0:
                size = Text(f"({item.count})", style=_GREY)
                chips.append_text(size)
                if self.bottom is not None:
                    counts.append("bottom ", style="bold #ffd75f")
                    counts.append_text(card_text(self.bottom, style))
            elif item.zone == 1:
                shown = f"x{item.count}" if item.count > 1 else ""
                counts.append(f"{shown:<{CHIP_WIDTH}}", style=_GREY)
        text = Text()
        for line in (labels, chips, counts, self._footer_line()):
            if text:
                text.append("\n")
            text.append_text(line)
        return text

    def _chip(self, index: int, item: Item, legal: Any) -> Text:
        cursor = index == self.cursor and self.has_focus and not self.picking
        picked = bool(self.picking) and index == self.cursor
        if item.card is None:
            mark = "." if self.style.ascii else "·"
            ink = "bold #ffd75f" if cursor else _DIM
            return Text(f"{mark:^4} ", style=ink)
        movable = bool(destinations(item, legal))
        state = chip_state(cursor=cursor, selected=picked, dim=self.my_turn and not movable)
        return card_chip(item.card, self.style, state)

    def _footer_line(self) -> Text:
        """While picking, the destinations with the chosen one marked; else a short hint."""
        style = self.style
        if not self.picking:
            item = self.current()
            if not self.my_turn:
                return Text("")
            if item is None:
                return Text(self._empty_place(), style=_GREY)
            options = destinations(item, self.view.legal)
            if len(options) == 1:
                where = destination_label(options[0], self.view)
                return Text(f"Enter plays it: {where}", style=_GREY)
            if options:
                return Text("Enter picks this card", style=_GREY)
            return self._stuck(item)
        item = self.current()
        text = Text()
        if item is not None and item.card is not None:
            text.append_text(card_text(item.card, style))
            text.append(f" {_arrow(style)} ", style=_GREY)
        for number, action in enumerate(self.picking):
            label = destination_label(action, self.view)
            if number:
                text.append(" ")
            if number == self.choice:
                text.append(f"[{label}]", style="bold #1c1c1c on #ffd75f")
            else:
                text.append(f" {label} ", style="#d0d0d0")
        return text

    def _empty_place(self) -> str:
        """The hint under the cursor resting on a place without a card (an empty discard spot):
        it says so, rather than speak of a card."""
        place = self.items[self.cursor] if 0 <= self.cursor < len(self.items) else None
        if place is None:
            return "Tab moves between pay-off, spots and hand"
        if place.zone == 1:
            what = f"Discard spot {SPOT_SOURCES.index(place.source) + 1} is empty"
        elif place.zone == 0:
            what = "Your pay-off pile is empty"
        else:
            what = "Your hand is empty"
        return f"{what}; Tab and arrows move on"

    def _stuck(self, item: Item) -> Text:
        """The hint under a card that cannot move now, naming the card and where it lies, so
        it is clear which place the cursor is on ("Your pay-off card 5♠ cannot move now")."""
        assert item.card is not None
        text = Text(style=_GREY)
        if item.zone == 0:
            text.append("Your pay-off card ")
        text.append_text(card_text(item.card, self.style))
        if item.zone == 1:
            text.append(f" on discard spot {SPOT_SOURCES.index(item.source) + 1}")
        text.append(" cannot move now; Tab and arrows move on")
        return text

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows Pick only on a movable card, Play and Back only while picking."""
        if action == "choose":
            item = self.current()
            return not self.picking and item is not None and bool(
                destinations(item, self.view.legal))
        if action in ("confirm", "back"):
            return bool(self.picking)
        if action == "stuck":
            return (not self.picking and self.view is not None and bool(self.items)
                    and not self.check_action("choose", ()))
        if action == "zone":
            return bool(self.items) and not self.picking
        return True

    def action_move(self, step: int) -> None:
        """Move along the zone (or along the destinations while picking)."""
        if self.picking:
            self.choice = (self.choice + step) % len(self.picking)
            self.refresh()
            return
        zone = self.items[self.cursor].zone if self._rests(self.cursor) else 2
        index = self.cursor + step
        while 0 <= index < len(self.items):
            if self.items[index].zone == zone and self._rests(index):
                self.cursor = index
                break
            index += step
        self.refresh()
        self.refresh_bindings()

    def action_jump(self, end: int) -> None:
        """Home or End: the first (``0``) or last (``-1``) card of the zone, or destination
        while picking."""
        if self.picking:
            self.choice = end % len(self.picking)
            self.refresh()
            return
        zone = self.items[self.cursor].zone if self._rests(self.cursor) else 2
        places = [i for i, item in enumerate(self.items) if item.zone == zone and self._rests(i)]
        if places:
            self.cursor = places[end]
        self.refresh()
        self.refresh_bindings()

    def action_zone(self, step: int) -> None:
        """Go to the next (or previous) zone that holds a card."""
        if not self.items:
            return
        zone = self.items[self.cursor].zone if self._rests(self.cursor) else 2
        for offset in range(1, len(_ZONES) + 1):
            target = (zone + step * offset) % len(_ZONES)
            places = [i for i, item in enumerate(self.items)
                      if item.zone == target and self._rests(i)]
            if places:
                self.cursor = places[0]
                break
        self.refresh()
        self.refresh_bindings()

    def action_choose(self) -> None:
        """Pick the card under the cursor: play it if it has one destination, else list them."""
        item = self.current()
        board = self._board()
        if item is None or board is None or item.card is None:
            return
        options = destinations(item, self.view.legal)
        if not options:
            board.post_message(Board.Say(f"{item.card} cannot move now"))
            return
        if len(options) == 1:
            board.act(self._moving(options[0]))
            return
        self.picking = options
        self.choice = 0
        self.refresh()
        self.refresh_bindings()

    def action_stuck(self) -> None:
        """Enter on a place whose card cannot move now: say so; on another player's turn the
        rules refuse the end of the turn with whose turn it is. Nothing is played."""
        self._not_now("")

    def _not_now(self, text: str) -> None:
        """Say why a key does nothing: on the viewer's turn ``text`` (else what the hint under
        the cards says); on another's, the Session's refusal of a move (whose turn it is)."""
        board = self._board()
        if board is None:
            return
        if not self.my_turn:
            board.post_message(Board.Act(End()))
            return
        if not text:
            item = self.current()
            text = self._empty_place() if item is None else self._stuck(item).plain
        board.post_message(Board.Say(text))

    def action_confirm(self) -> None:
        """Play the chosen destination."""
        board = self._board()
        if self.picking and board is not None:
            board.act(self._moving(self.picking[self.choice]))

    def action_back(self) -> None:
        """Stop picking."""
        self.picking = []
        self.refresh()
        self.refresh_bindings()

    def action_digit(self, number: int) -> None:
        """While picking: play onto pile ``number`` if it is a destination, else onto spot
        ``number``; a number that is neither is refused with the places there are."""
        if not self.picking:
            self._not_now("Pick a card with Enter first; a digit then chooses where it goes.")
            return
        board = self._board()
        piles = [a for a in self.picking if isinstance(a, Play) and a.pile == number]
        spots = [a for a in self.picking if isinstance(a, Discard) and a.spot == number]
        chosen = (piles or spots or [None])[0]
        if board is None:
            return
        if chosen is not None:
            board.act(self._moving(chosen))
            return
        places = [destination_label(action, self.view) for action in self.picking]
        card = self.current()
        what = "" if card is None or card.card is None else f" for {card.card}"
        board.post_message(Board.Say(
            f"{number} is not a place{what}: choose {', '.join(places[:-1])} or {places[-1]}"))

    def action_no_place(self, number: int) -> None:
        """0 or 9, which name no pile or spot: while picking, say where the card can go."""
        self.action_digit(number)

    def _moving(self, action: Any) -> Any:
        """``action`` moving the joker picked: the engine lists the moves of one joker for both
        (all jokers play alike), so a hand joker of the other colour takes its place (the
        first of that colour, as ``jkr``/``jkb`` reads back)."""
        item = self.current()
        card = action.card
        if item is None or item.card is None or card.rank is not Rank.JOKER \
                or item.source != HAND or card.same_face(item.card):
            return action
        return replace(action, card=min(c for c in self.view.hand if c.same_face(item.card)))

    def point_out(self, action: Any) -> bool:
        """Put the cursor on the card that ``action`` moves and choose its destination, so
        Enter plays it (a hint); False if the action moves no card of the viewer's."""
        legal = self.view.legal if self.view is not None else ()
        for index, item in enumerate(self.items):
            options = destinations(item, legal)
            if action in options:
                self.cursor = index
                self.picking = options if len(options) > 1 else []
                self.choice = options.index(action) if self.picking else 0
                self.focus()
                self.refresh()
                self.refresh_bindings()
                return True
        return False

    def forget(self) -> None:
        """Drop the picked card (after a move was played)."""
        self.picking = []
        self.refresh()
        self.refresh_bindings()

    def _board(self) -> Board | None:
        for ancestor in self.ancestors:
            if isinstance(ancestor, Board):
                return ancestor
        return None

    def on_focus(self) -> None:
        """Draw the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh()


class SpiteMaliceBoard(Board):
    """Draws a Spite & Malice view and turns keys into Spite & Malice actions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "verb('end')", "End"),
        Binding("e", "why_not('end')", "End", show=False),
        Binding("v", "bottom", "Bottom"),
        # With no pay-off pile of one's own to look at, v says so (not in the footer).
        Binding("v", "no_bottom", "Bottom", show=False),
    ]
    VERBS: ClassVar[dict[str, type]] = {"end": End}
    WHY_NOT: ClassVar[dict[str, Action]] = {"end": End()}

    DEFAULT_CSS = """
    SpiteMaliceBoard #players { border: $frame #5f5f87; padding: 0 1;
        border-title-color: #d0d0d0; }
    SpiteMaliceBoard #centre { height: 4; padding: 0 1; }
    SpiteMaliceBoard #log { height: 1fr; }
    SpiteMaliceBoard #own-box { height: auto; }
    SpiteMaliceBoard OwnCards { height: auto; }
    SpiteMaliceBoard #open-hands { height: auto; display: none; }
    """

    def compose(self) -> ComposeResult:
        """The other players on top, the building piles, the log, the own cards at the bottom."""
        yield PlayersBox(id="players")
        yield Static(id="centre")
        yield LogPanel(id="log")
        with ZoneBox(id="own-box"):
            yield OwnCards(id="own")
            yield Static(id="open-hands")

    def draw(self, view: Any, info: TableInfo) -> None:
        """Draw a :class:`SpiteMaliceView` for ``info.viewer``."""
        style = info.style
        players = self.query_one(PlayersBox)
        players.border_title = "Players" if view.viewer is not None else "Table"
        players.show(view, info)
        self.query_one("#centre", Static).update(centre_text(view, style))
        self.query_one(LogPanel).set_lines(info.log, style)
        own = self.query_one(OwnCards)
        own.set_view(view, style)
        box = self.query_one("#own-box", ZoneBox)
        box.border_title = _own_title(view, info)

    def show_open(self, names: Sequence[str], hands: Sequence[Sequence[Card]] | None,
                  style: CardStyle) -> None:
        """Every seat's hand in place of the own cards once the game is over (at the table, or
        at any move of a replay of a finished game)."""
        own = self.query_one(OwnCards)
        board = self.query_one("#open-hands", Static)
        own.display = hands is None
        board.display = hands is not None
        if hands is not None:
            self.query_one("#own-box", ZoneBox).border_title = OPEN_TITLE
            board.update(open_hands_text(names, hands, style))

    def active_zone(self) -> Widget | None:
        """The own cards."""
        return self.query_one(OwnCards)

    def accepted(self) -> None:
        """A move was played: forget the picked card."""
        self.query_one(OwnCards).forget()

    def show_hint(self, action: Any) -> bool:
        """Point out a suggested move: its card under the cursor, its destination chosen."""
        return self.query_one(OwnCards).point_out(action)

    def status_hint(self, view: Any, info: TableInfo) -> str:
        """What the viewing player can do now."""
        if view.viewer is None or view.current_player != view.viewer:
            return ""
        if any(isinstance(a, End) for a in view.legal):
            return "Your hand is empty and nothing is left to draw: e ends your turn."
        if any(isinstance(a, (Discard, Bus)) for a in view.legal):
            return "Build with Enter; end the turn with a discard or the bus."
        return "Play your aces first; Enter picks a card."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the bottom-card key while the viewer has a pay-off pile."""
        if action in ("bottom", "no_bottom"):
            view = self.view
            shown = view is not None and view.viewer is not None and bool(
                view.pay_off_sizes[view.viewer])
            return shown == (action == "bottom") and view is not None
        return super().check_action(action, parameters)

    def action_bottom(self) -> None:
        """Show the bottom card of the own pay-off pile until the next key (SM-4)."""
        self.post_message(Board.Peek())

    def action_no_bottom(self) -> None:
        """``v`` with no pay-off pile of one's own to look at: say why."""
        view = self.view
        if view is None or view.viewer is None:
            self.post_message(Board.Say("There is no pay-off pile of yours to look at."))
        else:
            self.post_message(Board.Say("Your pay-off pile is empty: there is no bottom card."))

    def on_key(self, event: events.Key) -> None:
        """Any key hides the bottom card again (``v`` then shows it anew)."""
        own = self.query_one(OwnCards)
        if own.bottom is not None:
            own.bottom = None
            own.refresh()


def _own_title(view: Any, info: TableInfo) -> Text:
    """The hand panel's title: whose cards, the name shown literally."""
    if view.viewer is None:
        return literal("Hands are hidden")
    name = info.names[view.viewer]
    return literal("Your cards" if name == "You" else f"{name}'s cards")


BOARD = SpiteMaliceBoard
"""The Board class the table screen loads for Spite & Malice."""

