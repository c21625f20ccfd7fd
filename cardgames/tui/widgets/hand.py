"""The viewing player's hand: a row of card chips with a cursor and an ordered selection."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from cardgames.core.cards import Card
from cardgames.tui.render import CHIP_WIDTH, CardStyle, ChipState, card_chip, chip_state


class HandWidget(Widget, can_focus=True):
    """Shows hand cards as chips; arrows move, Space selects, Enter plays.

    Cards that cannot be played now are dimmed (also under the cursor). The selection keeps the
    order in which cards were picked, shown as 1, 2, 3 … above them, or as a plain mark where the
    order does not matter (``order=False``). A hand with more rows than :attr:`max_rows` (3)
    shows a window of rows that follows the cursor, with marks saying how many cards lie above
    and below, so any hand is fully reachable. Mouse: a click moves the cursor to a card, a click on
    the card under the cursor plays (like Enter), a right- or ctrl-click selects.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("up", "move_row(-1)", "Up", show=False),
        Binding("down", "move_row(1)", "Down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("space", "select", "Select"),
        Binding("enter", "submit", "Play"),
        Binding("enter,space", "explain", "Say why no card can be played", show=False),
        Binding("escape", "clear", "Clear", show=False),
    ]

    class Submitted(Message):
        """The player asked to play these cards, in this order (never empty).

        Also posted by Enter or Space while the player does not act with the hand (another
        player's turn, a step to take first): the Board offers its play as ever, and it is
        refused with the reason (the Board must then play nothing that is legal).

        Attributes:
            cards: The selected cards in the order selected, or the card under the cursor.
        """

        def __init__(self, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.cards = cards

    class SelectionChanged(Message):
        """The player selected or unselected a card, or dropped the selection."""

    class Blocked(Message):
        """Enter or Space while it is the player's turn and no hand card can be played.

        Attributes:
            text: Why, and what to do instead (the ``blocked`` text given to ``set_hand``).
        """

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[Card, ...] = ()
        self.selection: list[Card] = []
        self.cursor = 0
        self.playable: frozenset[Card] = frozenset()
        self.marked: Card | None = None
        self.can_play = False
        self.empty_text = ""
        self.blocked = ""
        self.max_rows = 3
        self._top = 0
        self.order = True
        self.style = CardStyle()
        self._settle = False
        self.key_list_names: dict[str, str] = {}
        """The rules screen's words for this hand's keys where the table names them otherwise
        (action to description, "" to leave a key out), e.g. ``{"submit": "Discard / Close"}``
        for a game whose footer calls Enter "Discard" or "Close" (see ``cardgames.tui.keys``)."""

    def set_hand(
        self,
        cards: tuple[Card, ...],
        *,
        playable: frozenset[Card],
        style: CardStyle,
        can_play: bool,
        marked: Card | None = None,
        empty_text: str = "",
        order: bool = True,
        blocked: str = "",
        enter: str = "Play",
    ) -> None:
        """Show new cards, keeping the still-held selection and the cursor on its card.

        When the card under the cursor left the hand (it was played), the cursor goes to its
        neighbour (the next card, else the one before); at the player's next chance to play it
        goes on to the nearest playable card if that neighbour cannot be played. A card just
        drawn (``marked``) takes the cursor.

        Args:
            cards: The hand, in display order.
            playable: The cards that start a legal play now (others are dimmed).
            style: ASCII and colour choices.
            can_play: Whether the player acts with this hand now (their turn): cards not in
                ``playable`` are dimmed, and with none playable Enter and Space say ``blocked``.
            marked: A card to point out ("new" above it), e.g. the one just drawn.
            empty_text: What to show when there are no cards.
            order: Number the selected cards 1, 2, 3 (the order they are played in); False
                marks them with ``▼`` (``*`` in ASCII mode), e.g. a hand card to swap.
            blocked: Why no card can be played and what to do instead ("No card fits the
                demand for sevens: draw with d"), posted as :class:`Blocked` on Enter or Space.
            enter: What Enter does with the card under the cursor, as the footer names it
                ("Play", "Discard"); "" leaves Enter out of the footer while the card
                under the cursor cannot be played with it (it still says why).
        """
        old_cards, old_cursor = self.cards, self.cursor
        previous = old_cards[old_cursor] if 0 <= old_cursor < len(old_cards) else None
        self.cards = cards
        self.selection = [card for card in self.selection if card in cards]
        if marked is not None and marked in cards:
            self.cursor = cards.index(marked)
            self._settle = False
        elif previous is not None and previous in cards:
            self.cursor = cards.index(previous)
        elif previous is not None:
            self.cursor = _neighbour(old_cards, old_cursor, cards)
            self._settle = True
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        if self._settle and can_play and cards:
            self._settle = False
            self.cursor = _nearest_playable(cards, self.cursor, playable)
        self.playable = playable
        self.style = style
        self.can_play = can_play
        self.marked = marked
        self.empty_text = empty_text
        self.order = order
        self.blocked = blocked
        self._name_enter(enter)
        self.refresh(layout=True)
        self.refresh_bindings()

    def _name_enter(self, verb: str) -> None:
        """Let the footer call Enter ``verb`` (with "", leave it out): this hand's own copy of
        the binding is renamed."""
        keys = self._bindings.key_to_bindings
        keys["enter"] = [replace(binding, description=verb, show=bool(verb))
                         if binding.action == "submit" else binding
                         for binding in keys.get("enter", [])]

    def _per_row(self, width: int) -> int:
        """Cards per row; when the rows do not all fit, one chip's room is kept for the
        "more above / below" marks."""
        per_row = max(1, width // CHIP_WIDTH)
        if -(-len(self.cards) // per_row) > self.max_rows:
            per_row = max(1, per_row - 1)
        return per_row

    def _rows(self, width: int) -> int:
        return -(-len(self.cards) // self._per_row(width))

    def _window(self, width: int) -> tuple[int, int]:
        """The first shown row and the number of rows shown, keeping the cursor's row in view."""
        per_row = self._per_row(width)
        rows = self._rows(width)
        shown = min(rows, self.max_rows)
        row = self.cursor // per_row
        if row < self._top:
            self._top = row
        elif row >= self._top + shown:
            self._top = row - shown + 1
        self._top = max(0, min(self._top, rows - shown))
        return self._top, shown

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Two lines (markers and chips) per row of cards, at most :attr:`max_rows` rows."""
        if not self.cards:
            return 1
        return min(self._rows(width), self.max_rows) * 2

    def render(self) -> Text:
        """The marker line and the chip line for each shown row of cards; when rows are hidden,
        the right edge says how many cards lie above (``▲ 11``) and below (``▼ 4``)."""
        if not self.cards:
            return Text(self.empty_text, style="italic #9a9a9a")
        width = self.content_size.width
        per_row = self._per_row(width)
        top, shown = self._window(width)
        text = Text()
        for line in range(shown):
            start = (top + line) * per_row
            row = self.cards[start : start + per_row]
            markers = Text()
            chips = Text()
            for offset, card in enumerate(row):
                index = start + offset
                markers.append(self._marker(card), style=self._marker_style(card))
                chips.append_text(card_chip(card, self.style, self._chip_state(index, card)))
            chips.append_text(self._more(line, shown, top, per_row, len(row)))
            if line:
                text.append("\n")
            text.append_text(markers)
            text.append("\n")
            text.append_text(chips)
        return text

    def _more(self, line: int, shown: int, top: int, per_row: int, in_row: int) -> Text:
        """The mark at the right end of a chip line: cards hidden above (first shown row) or
        below (last shown row)."""
        above = top * per_row
        below = len(self.cards) - (top + shown) * per_row
        pad = " " * (CHIP_WIDTH * (per_row - in_row))
        if line == 0 and above > 0:
            arrow = "^" if self.style.ascii else "▲"
            return Text(f"{pad}{arrow}{above}", style="bold #9a9a9a")
        if line == shown - 1 and below > 0:
            arrow = "v" if self.style.ascii else "▼"
            return Text(f"{pad}{arrow}{below}", style="bold #9a9a9a")
        return Text()

    def _marker(self, card: Card) -> str:
        if card in self.selection:
            if not self.order:
                return f"{'*' if self.style.ascii else '▼':^4} "
            return f"{self.selection.index(card) + 1:^4} "
        if card == self.marked:
            return " new "
        return " " * CHIP_WIDTH

    def _marker_style(self, card: Card) -> str:
        return "bold #9fd3ff" if card in self.selection else "bold #ffd75f"

    def _chip_state(self, index: int, card: Card) -> ChipState:
        return chip_state(cursor=index == self.cursor and self.has_focus,
                          selected=card in self.selection,
                          dim=self.can_play and card not in self.playable)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show Play and Select only when a card can be played; with none, or while the
        player does not act with this hand (another's turn, a step to take first), Enter and
        Space explain why (unshown in the footer)."""
        stuck = self._stuck()
        if action == "submit":
            return self.can_play and bool(self.cards) and not stuck
        if action == "select":
            return self.can_play and len(self.cards) > 1 and not stuck
        if action == "explain":
            return stuck or (not self.can_play and bool(self.cards))
        return True

    def _stuck(self) -> bool:
        """It is the player's turn with cards in hand, and none of them can be played."""
        return self.can_play and bool(self.cards) and not self.playable.intersection(self.cards)

    def action_explain(self) -> None:
        """Say why no card can be played: on the player's turn, the ``blocked`` text (see
        :class:`Blocked`); while the player does not act with this hand, the cards are offered
        anyway (:class:`Submitted`), so that the game refuses them with its reason ("It is
        Anna's turn", "Draw first") and nothing is played."""
        if self.can_play:
            self.post_message(self.Blocked(self.blocked or "No card can be played now."))
        else:
            self.action_submit()

    def action_move(self, step: int) -> None:
        """Move the cursor left or right; it stops at the first and the last card."""
        self._settle = False
        if self.cards:
            self.cursor = max(0, min(self.cursor + step, len(self.cards) - 1))
            self.refresh()

    def action_move_row(self, step: int) -> None:
        """Move the cursor one row of cards up or down."""
        self._settle = False
        if self.cards:
            target = self.cursor + step * self._per_row(self.content_size.width)
            self.cursor = max(0, min(target, len(self.cards) - 1))
            self.refresh()

    def action_jump(self, index: int) -> None:
        """Put the cursor on the first (0) or last (-1) card."""
        self._settle = False
        if self.cards:
            self.cursor = index % len(self.cards)
            self.refresh()

    def action_select(self) -> None:
        """Select the card under the cursor, or unselect it."""
        if not self.cards:
            return
        card = self.cards[self.cursor]
        if card in self.selection:
            self.selection.remove(card)
        else:
            self.selection.append(card)
        self.refresh()
        self.post_message(self.SelectionChanged())

    def action_clear(self) -> None:
        """Drop the selection."""
        self.selection.clear()
        self.refresh()
        self.post_message(self.SelectionChanged())

    def action_submit(self) -> None:
        """Ask to play the selection in order, or the card under the cursor."""
        if not self.cards:
            return
        chosen = tuple(self.selection) or (self.cards[self.cursor],)
        self.post_message(self.Submitted(chosen))

    def mark(self, cards: tuple[Card, ...]) -> bool:
        """Select exactly ``cards`` in this order and put the cursor on the first, e.g. to show
        a hint; Enter then plays them. Returns False (and changes nothing) unless every card is
        in the hand."""
        if not cards or any(card not in self.cards for card in cards):
            return False
        self.selection = list(cards)
        self.cursor = self.cards.index(cards[0])
        self._settle = False
        self.refresh()
        return True

    def clear_selection(self) -> None:
        """Forget the selection (after a play was accepted)."""
        self.selection.clear()
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """Click moves the cursor; a click on the card under it plays; right/ctrl-click selects."""
        offset = event.get_content_offset(self)
        if offset is None or not self.cards:
            return
        width = self.content_size.width
        per_row = self._per_row(width)
        top, _ = self._window(width)
        column = offset.x // CHIP_WIDTH
        index = (top + offset.y // 2) * per_row + column
        if (not 0 <= index < len(self.cards) or column >= per_row
                or offset.x % CHIP_WIDTH == CHIP_WIDTH - 1):
            return
        self.focus()
        event.stop()
        self._settle = False
        if event.ctrl or event.button == 3:
            self.cursor = index
            self.action_select()
        elif index == self.cursor:
            self.action_submit()
        else:
            self.cursor = index
            self.refresh()

    def on_focus(self) -> None:
        """Draw the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh()


def _neighbour(old: tuple[Card, ...], cursor: int, cards: tuple[Card, ...]) -> int:
    """The index in ``cards`` of the card nearest ``old[cursor]`` that is still held: the
    next one to the right first, else the next to the left; 0 when none is left."""
    for card in (*old[cursor + 1 :], *reversed(old[:cursor])):
        if card in cards:
            return cards.index(card)
    return 0


def _nearest_playable(cards: tuple[Card, ...], cursor: int, playable: frozenset[Card]) -> int:
    """``cursor`` if that card is playable or none is, else the playable card nearest to it
    (the right one on a tie)."""
    if cards[cursor] in playable or not playable.intersection(cards):
        return cursor
    indices = [i for i, card in enumerate(cards) if card in playable]
    return min(indices, key=lambda i: (abs(i - cursor), i < cursor))
