"""The Žolíky table: seats with scores, the stock, the cut card and the discard pile, the melds
on the table numbered by owner, the opening being built, the log and the hand.

Keys: Space selects cards, ``m`` lays them as a meld (asking what a joker stands for only when
it is ambiguous), ``l`` lays the selected card (or the one under the cursor) off onto a meld
chosen by its number, Enter discards the card under the cursor (or closes with the last card),
``d`` / ``t`` draw or take the discard, ``c`` takes the cut card, ``x`` takes the opening back,
``s`` switches between suit and rank order, ``[`` / ``]`` move the card under the cursor,
``S`` (Shift+s) shows the score table (it also opens by itself after each round; ``r`` is the
table's own key that shows the result again once the game is over, as in every game), ``M``
(Shift+m) every meld when the melds panel cannot show them all. Once
the game is over nothing can be sorted or played: the hand is drawn without a cursor.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Label, Static

from cardgames.core.cards import Card
from cardgames.core.engine import Action
from cardgames.core.errors import CardGameError
from cardgames.games.zoliky import notation
from cardgames.games.zoliky.actions import (
    Close,
    Cut,
    Discard,
    Draw,
    LayOff,
    Meld,
    Take,
    TakeBack,
    card_word,
)
from cardgames.games.zoliky.melds import FACE, IS_JOKER, SUIT_INDEX, TableMeld, meld_shape
from cardgames.tui.boards.common import empty_hand_text, turn_heading
from cardgames.tui.names import short_names
from cardgames.tui.render import (
    CardStyle,
    back_box,
    card_box,
    card_label,
    card_text,
    empty_box,
    literal,
    shown,
)
from cardgames.tui.screens.base import AppModal
from cardgames.tui.screens.dialogs import ChoiceDialog
from cardgames.tui.widgets.board import Board, TableInfo
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.pile import side_by_side, stock_box
from cardgames.tui.widgets.seats import SeatInfo, SeatsStrip
from cardgames.tui.widgets.zone import HandBox


class ScoreTable(AppModal[None]):
    """The round-by-round penalty points and the totals; Enter, Escape or ``S`` closes it.

    Args:
        title: The heading, e.g. "Round 2 is over: Bob closed".
        table: The table as text, one line per round and the totals.
        keys: The line naming the keys that close it (:data:`SCORES_CONTINUE` when it
            opened by itself as a round ended, else :data:`SCORES_CLOSE`).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,S", "close", "Close"),
    ]
    covered_actions = frozenset({"close"})
    covered_note = "Esc close"
    DEFAULT_CSS = """
    ScoreTable { align: center middle; background: #10241a 50%; }
    """

    def __init__(self, title: str, table: Text, keys: str) -> None:
        super().__init__()
        self.title_text = title
        self.table = table
        self.keys_text = keys

    def compose(self) -> ComposeResult:
        """The heading, the table and the keys."""
        with Vertical(id="dialog"):
            # The heading may name a player: shown as typed, never read as markup.
            yield Label(literal(self.title_text), id="dialog-title")
            yield Static(self.table, id="score-table")
            yield Label(self.keys_text, id="dialog-keys")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


SCORES_CONTINUE = "Enter or Esc: continue"
"""The score table's keys when it opened by itself as a round ended: the next round waits."""

SCORES_CLOSE = "Enter, Esc or S: close"
"""The score table's keys when ``S`` opened it: back to the table."""


def closer_text(result: Any, names: Sequence[str]) -> str:
    """Who closed (went out) the round of ``result`` (a :class:`RoundResult`), for the score
    table's heading: "Bob closed", "You closed from hand" (ZO-15, ZO-16), or "the stock ran
    out, nobody closed" (ZO-14)."""
    if result.closer is None:
        return "the stock ran out, nobody closed"
    how = " from hand" if result.from_hand else ""
    return f"{names[result.closer]} closed{how}"


SCORE_TABLE_WIDTH = 76
"""Cells the score table's lines may take: the dialog is at most 80 wide, its border and
padding take 4."""


def score_table(view: Any, names: Sequence[str], ascii: bool) -> Text:
    """Every round's penalties and the totals, seats as columns as wide as the longest name;
    names are shortened (:func:`~cardgames.tui.names.short_names`) only where six columns
    would not fit. ``names`` come as drawn (in ASCII already with ``--ascii``, see
    ``Board.show``); ``ascii`` picks the shortening mark."""
    room = (SCORE_TABLE_WIDTH - 8) // max(len(names), 1)
    width = min(max(8, *(cell_len(name) for name in names)) + 1, room)
    text = Text()
    text.append(f"{'Round':<8}", style="bold")
    for name in short_names(names, width - 1, ascii=ascii):
        heading = Text(name, style="bold")
        heading.align("right", width)
        text.append_text(heading)
    starred = False
    for result in view.results:
        starred = starred or result.from_hand
        mark = "*" if result.from_hand else " "
        text.append(f"\n{result.round:<6}{mark} ")
        for seat, points in enumerate(result.points):
            closer = seat == result.closer
            text.append(f"{points:>{width}}", style="bold #87d787" if closer else "")
    text.append(f"\n{'Total':<8}", style="bold")
    best = min(view.totals) if view.totals else 0
    for total in view.totals:
        text.append(f"{total:>{width}}", style="bold #ffd75f" if total == best else "bold")
    goal = "one round" if view.target == 0 else f"the match ends at {view.target}"
    legend = "* closed from hand (doubled)\n" if starred else ""
    text.append(f"\n\n{legend}{goal[:1].upper()}{goal[1:]}.", style="#9a9a9a")
    return text


ENTER_DISCARD = "Discard"
"""What the footer calls Enter while the card under the cursor would be discarded (ZO-7)."""

ENTER_CLOSE = "Close"
"""What the footer calls Enter while the last card would close the round (ZO-15)."""


class ZolikyBoard(Board):
    """Draws a Žolíky view and turns keys into Žolíky actions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "verb('draw')", "Draw"),
        Binding("t", "verb('take')", "Take"),
        Binding("c", "verb('cut')", "Cut"),
        Binding("m", "meld", "Meld"),
        Binding("l", "layoff", "Lay off"),
        # While no meld (or lay-off) is legal, m (or l) says why instead of doing nothing.
        Binding("m", "explain('meld')", "Meld", show=False),
        Binding("l", "explain('layoff')", "Lay off", show=False),
        # Shift+m, offered only while the melds panel cannot show them all: before the keys
        # below, so an 80-column footer keeps it (the footer fits keys in this order).
        Binding("M", "every_meld", "Melds"),
        Binding("x", "verb('takeback')", "Take back"),
        Binding("s", "sort", "Sort"),
        # Shift+s, like Shift+l for the log: ``r`` is every table's Result once the game is over.
        Binding("S", "scores", "Scores"),
        # Before the first round ends, S says when the scores come (not in the footer).
        Binding("S", "scores_early", "Scores", show=False),
        Binding("left_square_bracket", "shift(-1)", "Move left", show=False),
        Binding("right_square_bracket", "shift(1)", "Move right", show=False),
        # While one of these does nothing, it says why in the status line (not in the footer).
        Binding("d", "why_not('draw')", "Draw", show=False),
        Binding("t", "why_not('take')", "Take", show=False),
        Binding("c", "why_not('cut')", "Cut", show=False),
        Binding("x", "why_not('takeback')", "Take back", show=False),
        Binding("M", "every_meld_shown", "Melds", show=False),
        Binding("s", "arranged", "Sort", show=False),
        Binding("left_square_bracket", "arranged", "Move left", show=False),
        Binding("right_square_bracket", "arranged", "Move right", show=False),
    ]
    VERBS: ClassVar[dict[str, type]] = {"draw": Draw, "take": Take, "cut": Cut,
                                        "takeback": TakeBack}
    WHY_NOT: ClassVar[dict[str, Action]] = {"draw": Draw(), "take": Take(), "cut": Cut(),
                                            "takeback": TakeBack()}
    """A verb's key while it does not apply: the rules say why, e.g. ``d``, ``t`` and ``c``
    on the leader's first turn (ZO-6: he only discards), ``t`` and ``c`` before the fourth
    round of turns (ZO-9), ``x`` with nothing laid this turn."""
    VIEW_KEYS: ClassVar[dict[str, str]] = {"M": "every_meld"}

    DEFAULT_CSS = """
    ZolikyBoard #middle { min-height: 9; }
    ZolikyBoard #table-side { width: 32; }
    ZolikyBoard #status-side { height: 1fr; }
    ZolikyBoard #melds { height: 1fr; border: $frame #444466; border-title-color: #9a9a9a;
        padding: 0 1; }
    ZolikyBoard #right-side { width: 1fr; }
    ZolikyBoard #log { height: 5; }
    ZolikyBoard.-crowded #log { height: 3; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._order: list[Card] = []
        self._by_rank = False
        self._rounds_seen: int | None = None

    def on_mount(self) -> None:
        """The rules screen names Enter as the footer does (discard, or close with the last
        card). It lists no "why no card can be played" key: on the player's turn no card in
        this hand is dimmed, and Enter itself says why a discard is refused."""
        self.query_one(HandWidget).key_list_names = {
            "submit": f"{ENTER_DISCARD} / {ENTER_CLOSE}", "explain": "",
        }

    def compose(self) -> ComposeResult:
        """Seats on top; the pile and the opening beside the melds and the log; the hand."""
        yield SeatsStrip(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="table-side"):
                yield Static(id="pile")
                yield Static(id="status-side")
            with Vertical(id="right-side"):
                yield MeldsPanel(id="melds")
                yield LogPanel(id="log")
        yield HandBox(id="hand-box")

    # ------------------------------------------------------------------ drawing

    def draw(self, view: Any, info: TableInfo) -> None:
        """Draw a :class:`ZolikyView`; open the score table when a round has just ended."""
        style = info.style
        self.query_one(SeatsStrip).show(self._seats(view, info), style)
        self.query_one("#pile", Static).update(self._pile(view, style))
        self.query_one("#status-side", Static).update(self._status(view, info))
        melds = self.query_one("#melds", MeldsPanel)
        melds.border_title = "Melds"
        melds.set_rows(self._melds(view, info), ascii=style.ascii)
        self.query_one(LogPanel).set_lines(info.log, style)
        self._order = self._arranged(tuple(view.hand))
        mine = view.viewer is not None and view.current_player == view.viewer
        self.query_one(HandWidget).set_hand(
            tuple(self._order),
            playable=frozenset(view.hand) if mine else frozenset(),
            style=style,
            can_play=mine and view.phase in ("lay", "discard"),
            empty_text=empty_hand_text(view, info),
            enter=enter_name(view),
        )
        self.query_one(HandBox).show_title(info.names, view.viewer, len(view.hand))
        self._maybe_show_scores(view, info)

    def _arranged(self, hand: tuple[Card, ...]) -> list[Card]:
        """The hand in the player's order: cards still held keep their places, new cards go
        where the sort order puts them."""
        key = _rank_key if self._by_rank else _suit_key
        kept = [card for card in self._order if card in hand]
        for card in sorted((card for card in hand if card not in kept), key=key):
            index = next((i for i, other in enumerate(kept) if key(other) > key(card)), len(kept))
            kept.insert(index, card)
        return kept

    def _seats(self, view: Any, info: TableInfo) -> tuple[SeatInfo, ...]:
        seats = []
        for seat in range(view.players):
            opened = " opened" if view.opened[seat] else ""
            seats.append(
                SeatInfo(
                    name=info.names[seat],
                    cards=view.hand_sizes[seat],
                    note=f"{view.totals[seat]} pts{opened}",
                    short=f"{view.totals[seat]} pts",
                    current=view.current_player == seat,
                    you=view.viewer == seat,
                    bot=seat in info.bots,
                    level=info.levels.get(seat, ""),
                )
            )
        return tuple(seats)

    def _pile(self, view: Any, style: CardStyle) -> Text:
        return pile_text(view, style)

    def _status(self, view: Any, info: TableInfo) -> Text:
        style = info.style
        text = turn_heading(view, info)
        if view.current_player is None:
            return text
        text.append(f"Round {view.round}, turn {view.turn_round}", style="#9a9a9a")
        if view.turn_round < 4:
            text.append(" (no melds yet)", style="#9a9a9a")
        text.append("\n")
        if view.cut is not None:
            text.append("Cut card: ", style="#9a9a9a")
            text.append_text(card_text(view.cut, style))
            text.append("\n")
        if view.taken is not None:
            where = "the cut card" if view.source == "cut" else "the discard"
            text.append(f"Took {where}: ", style="bold #ff875f")
            text.append_text(card_text(view.taken, style))
            text.append("\n")
        if view.opening is not None:
            line = shown(view.opening.text(), style.ascii)
            colour = "#87d787" if view.opening.complete else "#ffaf5f"
            text.append(line + "\n", style=f"bold {colour}")
        return text

    def _melds(self, view: Any, info: TableInfo) -> list[tuple[Text, list[Text]]]:
        rows: list[tuple[Text, list[Text]]] = []
        for owner in range(view.players):
            mine = [(i, meld) for i, meld in enumerate(view.melds) if meld.owner == owner]
            if not mine:
                continue
            name = Text(f"{info.names[owner]}:", style="bold #d0d0d0")
            pieces = []
            for number, meld in mine:
                piece = Text(f" {number + 1}:", style="bold #9fd3ff")
                piece.append_text(meld_text(meld, info.style))
                pieces.append(piece)
            rows.append((name, pieces))
        return rows

    def _maybe_show_scores(self, view: Any, info: TableInfo) -> None:
        rounds = len(view.results)
        if self._rounds_seen is None:
            self._rounds_seen = rounds
            return
        if rounds > self._rounds_seen and view.viewer is not None:
            self._rounds_seen = rounds
            if view.current_player is not None:
                self._show_scores(just_ended=True)

    # ------------------------------------------------------------------ hints

    def status_hint(self, view: Any, info: TableInfo) -> str:
        """What the viewing player can do now, with the keys."""
        if view.viewer is None or view.current_player != view.viewer:
            return ""
        legal = view.legal
        if view.phase == "draw":
            keys = ["d draws"]
            if any(isinstance(a, Take) for a in legal):
                keys.append("t takes the discard")
            if any(isinstance(a, Cut) for a in legal):
                keys.append("c takes the cut card")
            return "; ".join(keys) + "."
        if view.phase == "discard":
            return "Enter discards the card under the cursor."
        parts = []
        if any(isinstance(a, Meld) for a in legal):
            parts.append("Space selects, m melds")
        if any(isinstance(a, LayOff) for a in legal):
            parts.append("l lays off")
        if any(isinstance(a, Close) for a in legal):
            parts.append("Enter closes")
        elif any(isinstance(a, Discard) for a in legal):
            parts.append("Enter discards")
        if any(isinstance(a, TakeBack) for a in legal):
            parts.append("x takes back")
        if view.taken is not None and any(isinstance(a, Draw) for a in legal):
            parts.append(f"d puts {view.taken} back and draws")
        return "; ".join(parts) + "." if parts else ""

    # ------------------------------------------------------------------ keys

    def _over(self) -> bool:
        """True once the match is over (the final table, or the last move of a replay)."""
        return self.view is not None and self.view.phase == "over"

    def active_zone(self) -> Widget | None:
        """The hand while the match runs; nothing once it is over (nothing can be played)."""
        return None if self._over() else super().active_zone()

    def focus_zone(self) -> None:
        """Focus the hand; once the match is over, the board itself: no card cursor is drawn
        on the final table, and the board's keys that still apply (the score table) work."""
        if not self._over():
            self.can_focus = False
            super().focus_zone()
            return
        if not self.disabled:
            self.can_focus = True
            self.screen.set_focus(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (nothing to sort once the match is over)."""
        if action in ("sort", "shift"):
            return not self._over()
        if action == "arranged":
            return self._over()
        if action == "meld":
            return self.can(Meld)
        if action == "layoff":
            return self.can(LayOff)
        if action == "explain":
            kind = Meld if parameters == ("meld",) else LayOff
            return self.view is not None and not self.can(kind)
        if action == "every_meld_shown":
            return not self.query_one(MeldsPanel).overflows
        if action == "scores":
            return self.view is not None and bool(self.view.results)
        if action == "scores_early":
            return self.view is not None and not self.view.results
        if action == "every_meld":
            return self.query_one(MeldsPanel).overflows
        return super().check_action(action, parameters)

    def _chosen(self) -> tuple[Card, ...]:
        hand = self.query_one(HandWidget)
        if hand.selection:
            return tuple(hand.selection)
        if hand.cards:
            return (hand.cards[hand.cursor],)
        return ()

    def action_meld(self) -> None:
        """Lay the selected cards as a meld; ask what a joker stands for if that is open."""
        cards = self._chosen()
        wanted = _faces(cards)
        matches = [a for a in self.legal if isinstance(a, Meld) and _faces(a.cards) == wanted]
        if len(matches) == 1:
            self.act(matches[0])
        elif matches and self.info is not None:
            style = self.info.style
            choices = [(shown(f"Meld {meld_text(_shape(m), style).plain}", style.ascii), m)
                       for m in matches]
            self.ask(ChoiceDialog("The joker stands for", choices), self.act)
        else:
            self._refuse(Meld(cards), "meld " + _words(cards))

    def action_explain(self, kind: str) -> None:
        """``m`` or ``l`` while no meld (or lay-off) is legal: the status line says why the
        selected cards cannot go down: whose turn it is, that the leader only discards (ZO-6),
        that the draw comes first (ZO-7), or, after the draw, why these cards make no meld
        (ZO-9 … ZO-12, in the notation's words)."""
        if kind == "meld":
            self.action_meld()
        else:
            self.action_layoff()

    def action_layoff(self) -> None:
        """Lay the chosen card off: pick the meld by its number."""
        cards = self._chosen()
        if len(cards) != 1 or self.info is None:
            self.post_message(self.Say("Select one card to lay off"))
            return
        card = cards[0]
        matches = [a for a in self.legal if isinstance(a, LayOff)
                   and (IS_JOKER[a.card] if IS_JOKER[card] else FACE[a.card] == FACE[card])]
        if not matches:
            self._refuse(LayOff(card, 0, None), f"layoff {card_word(card)}")
            return
        style = self.info.style
        choices = []
        for action in matches:
            meld = self.view.melds[action.meld] if self.view is not None else None
            label = f"Meld {action.meld + 1}"
            if meld is not None:
                label += f": {meld_text(meld, style).plain}"
            if action.named is not None:
                label += f" (as {card_label(action.named, style)})"
            choices.append((shown(label, style.ascii), action))
        self.ask(ChoiceDialog("Lay off onto meld", choices, layoff_keys(matches)), self.act)

    def _refuse(self, action: Action, command: str) -> None:
        """Say why ``action`` (typed: ``command``) cannot be played. After the draw, on the
        viewer's turn, the notation reads the cards and says what is wrong with them; at any
        other time the action is offered and refused by the rules with the reason of the
        moment (another player's turn, the leader discards first (ZO-6), draw first (ZO-7)),
        which no card changes. Nothing is played: a legal action is never offered here."""
        view = self.view
        if view is None:
            return
        if action in self.legal or (
                view.phase == "lay" and view.current_player == view.viewer):
            self.post_message(self.Say(self._why(command)))
        else:
            self.act(action)

    def _why(self, command: str) -> str:
        """The refusal the notation gives for ``command`` (or a general note)."""
        try:
            notation.parse_command(self.view, command)
        except CardGameError as error:
            return str(error)
        return "That cannot be laid now"

    def action_every_meld(self) -> None:
        """Show every meld on the table (the panel shows only what fits)."""
        panel = self.query_one(MeldsPanel)
        self.app.push_screen(EveryMeld(panel.rows, ascii=panel.ascii))

    def action_every_meld_shown(self) -> None:
        """``M`` while the melds panel shows every meld: say so."""
        shown = self.query_one(MeldsPanel).rows
        self.post_message(self.Say("The Melds panel shows every meld on the table already."
                                   if shown else "There are no melds on the table."))

    def action_arranged(self) -> None:
        """``s``, ``[`` or ``]`` once the match is over: say why the hand stays as it is."""
        self.post_message(self.Say("The match is over: the hand can no longer be arranged."))

    def action_sort(self) -> None:
        """Switch between suit order and rank order."""
        self._by_rank = not self._by_rank
        key = _rank_key if self._by_rank else _suit_key
        self._order.sort(key=key)
        self._redraw_hand()

    def action_shift(self, step: int) -> None:
        """Move the card under the cursor one place left or right in the hand."""
        hand = self.query_one(HandWidget)
        index = hand.cursor
        target = index + step
        if not 0 <= index < len(self._order) or not 0 <= target < len(self._order):
            return
        order = self._order
        order[index], order[target] = order[target], order[index]
        hand.cursor = target
        self._redraw_hand()

    def _redraw_hand(self) -> None:
        hand = self.query_one(HandWidget)
        hand.cards = tuple(self._order)
        hand.refresh(layout=True)

    def action_scores(self) -> None:
        """Show the score table (``S``)."""
        self._show_scores(just_ended=False)

    def _show_scores(self, *, just_ended: bool) -> None:
        """The score table, titled "Round N is over: Bob closed" when it opens by itself as
        a round ends, else "Scores after round N (Bob closed)"; once the match is over, "The
        match is over: round N, Bob closed"."""
        if self.view is None or self.info is None or not self.view.results:
            return
        last = self.view.results[-1]
        closed = closer_text(last, self.info.names)
        title = (f"Round {last.round} is over: {closed}" if just_ended
                 else f"Scores after round {last.round} ({closed})")
        if self.view.current_player is None:
            title = f"The match is over: round {last.round}, {closed}"
        table = score_table(self.view, self.info.names, self.info.style.ascii)
        self.ask(ScoreTable(title, table, SCORES_CONTINUE if just_ended else SCORES_CLOSE))

    def action_scores_early(self) -> None:
        """``S`` before the first round ends: say when the score table fills in."""
        self.post_message(self.Say("No round is over yet: the scores come after round 1."))

    def on_hand_widget_submitted(self, message: HandWidget.Submitted) -> None:
        """Enter: discard (or close with) one card; with three or more selected, meld them."""
        message.stop()
        cards = message.cards
        if len(cards) >= 3:
            self.action_meld()
            return
        card = cards[-1]
        for action in self.legal:
            if isinstance(action, Discard | Close) and (
                IS_JOKER[action.card] if IS_JOKER[card] else FACE[action.card] == FACE[card]
            ):
                self.act(action)
                return
        self._refuse(Discard(card), f"discard {card_word(card)}")


def enter_name(view: Any) -> str:
    """What Enter does now, as the footer names it: :data:`ENTER_CLOSE` when the last card
    would close the round, :data:`ENTER_DISCARD` when a discard ends the turn, else "" (the
    footer leaves Enter out: right after taking the discard (ZO-8) or while an opening is
    short (ZO-10) no card can end the turn). ``view``: a :class:`ZolikyView`."""
    if any(isinstance(a, Close) for a in view.legal):
        return ENTER_CLOSE
    return ENTER_DISCARD if any(isinstance(a, Discard) for a in view.legal) else ""


def pile_text(view: Any, style: CardStyle) -> Text:
    """The stock and the discard pile with their captions; after a close the closing card lies
    face down on the pile (ZO-15), drawn as a card back.

    Args:
        view: A :class:`ZolikyView`.
        style: ASCII and colour choices.
    """
    top = view.discard_top
    if top is not None:
        discard = card_box(top, style)
    elif view.discard_size:
        discard = back_box(style)
    else:
        discard = empty_box(style)
    text = side_by_side((stock_box(view.stock_size, style), discard))
    text.append(" stock   discard", style="#9a9a9a")
    text.append(f" ({view.discard_size})", style="#6c6c6c")
    return text


MELD_SEPARATOR = " │"
"""What stands between two melds sharing a line, so where one meld ends and the next begins
is never in doubt: ``5: Jkr(A♦) 2♦ 3♦ │ 6: 3♠ 3♥ 3♣``."""

ASCII_MELD_SEPARATOR = " |"
""":data:`MELD_SEPARATOR` in ASCII mode."""


def meld_lines(
    rows: Sequence[tuple[Text, Sequence[Text]]],
    width: int,
    height: int | None = None,
    *,
    ascii: bool = False,
) -> Text:
    """Each owner's melds after his name: one meld to a line where ``height`` lines of
    ``width`` cells hold them all, else as many to a line as fit, with a separator
    (:data:`MELD_SEPARATOR`) between two melds on one line. A line breaks between melds, never
    inside one: a meld that does not fit on the line starts the next (indented); one longer
    than a line has its own.

    Args:
        rows: Per owner, his name and his melds (each ``" 3: K♠ K♣ Jkr(K)"``).
        width: The line width in cells.
        height: The lines there are room for; None: no room for one meld to a line (the
            melds are packed, as in the dialog with every meld).
        ascii: Letters and signs only (the separator is ``|``).

    Returns:
        The lines, or "No melds yet." when there are none.
    """
    text = Text()
    if not rows:
        text.append("No melds yet.", style="italic #9a9a9a")
        return text
    if height is not None and sum(len(pieces) for _, pieces in rows) <= height:
        lines = [(name.copy() if index == 0 else Text(" ")).append_text(piece)
                 for name, pieces in rows for index, piece in enumerate(pieces)]
        if all(line.cell_len <= width for line in lines):
            return Text("\n").join(lines)
    separator = Text(ASCII_MELD_SEPARATOR if ascii else MELD_SEPARATOR, style="#6c6c6c")
    for name, pieces in rows:
        if text:
            text.append("\n")
        line = name.copy()
        first = True
        for piece in pieces:
            gap = separator if not first else Text()
            if not first and line.cell_len + gap.cell_len + piece.cell_len > width:
                text.append_text(line)
                text.append("\n")
                line = Text(" ")
                gap = Text()
            line.append_text(gap)
            line.append_text(piece)
            first = False
        text.append_text(line)
    return text


class MeldsPanel(Static):
    """The melds on the table, laid out for the panel's width (see :func:`meld_lines`); where
    they need more lines than the panel has, its last line says how many more and that
    ``M`` shows every meld."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[tuple[Text, list[Text]]] = []
        self.ascii = False
        self.overflows = False

    def set_rows(self, rows: list[tuple[Text, list[Text]]], *, ascii: bool = False) -> None:
        """Show these owners' melds (see :func:`meld_lines`); ``ascii``: letters and signs
        only."""
        self.rows = rows
        self.ascii = ascii
        self.refresh(layout=True)

    def render(self) -> Text:
        """The melds wrapped at the current width (one a line while the height holds them
        all), cut to the height with a note."""
        size = self.content_size
        width = size.width or 1000
        # Whether the melds fit is judged by their packed lines, the fewest they can take.
        needed = len(meld_lines(self.rows, width, ascii=self.ascii).split())
        text = meld_lines(self.rows, width, size.height or None, ascii=self.ascii)
        overflows = bool(size.height) and needed > size.height
        if overflows != self.overflows:
            self.overflows = overflows
            # The footer shows ``M`` only while there is more to see.
            self.call_after_refresh(self.refresh_bindings)
        board = next((node for node in self.ancestors if isinstance(node, ZolikyBoard)), None)
        if board is not None and size.height:
            # The log gives up two lines to melds that do not fit, and takes them back only
            # once the melds would fit without them (so the two never take turns).
            crowded = board.has_class("-crowded")
            if (overflows and not crowded) or (crowded and needed <= size.height - LOG_GIVES):
                self.call_after_refresh(board.toggle_class, "-crowded")
        return fit_lines(text, size.height) if overflows else text


LOG_GIVES = 2
"""Lines the log panel gives up to melds that do not fit."""

MORE_MELDS = "M shows every meld"
"""What the melds panel's last line says when the melds do not fit."""


def fit_lines(text: Text, height: int) -> Text:
    """``text`` cut to ``height`` lines, the last of them saying how many lines are hidden
    and :data:`MORE_MELDS`."""
    lines = text.split()
    hidden = len(lines) - height + 1
    kept = Text("\n").join(lines[: height - 1])
    if height > 1:
        kept.append("\n")
    kept.append(f"… {hidden} more line{'s' * (hidden != 1)}: {MORE_MELDS}",
                style="italic #ffaf5f")
    return kept


class EveryMeld(AppModal[None]):
    """Every meld on the table, each owner's after his name, scrolling if need be; Enter,
    Escape or ``M`` closes it.

    Args:
        rows: Per owner, his name and his melds, as the melds panel has them.
        ascii: Letters and signs only.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,M", "close", "Close"),
    ]
    covered_actions = frozenset({"close"})
    covered_note = "Esc close"
    DEFAULT_CSS = """
    EveryMeld { align: center middle; background: #10241a 50%; }
    EveryMeld #every-meld { height: auto; max-height: 18; margin: 0 0 1 0; }
    """

    def __init__(self, rows: list[tuple[Text, list[Text]]], *, ascii: bool = False) -> None:
        super().__init__()
        self.rows = rows
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        """The heading, the melds and the key."""
        with Vertical(id="dialog"):
            yield Label("Every meld on the table", id="dialog-title")
            with VerticalScroll(id="every-meld"):
                yield MeldLines(self.rows, ascii=self.ascii)
            yield Label("Enter or Esc: close", id="dialog-keys")

    def action_close(self) -> None:
        """Back to the table or the replay."""
        self.dismiss(None)


class MeldLines(Widget):
    """Melds laid out for the widget's own width (see :func:`meld_lines`), as many lines high
    as they need: a meld is never split across lines.

    Args:
        rows: Per owner, his name and his melds.
        ascii: Letters and signs only.
    """

    DEFAULT_CSS = """
    MeldLines { height: auto; }
    """

    def __init__(self, rows: list[tuple[Text, list[Text]]], *, ascii: bool = False) -> None:
        super().__init__()
        self.rows = rows
        self.ascii = ascii

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The number of lines the melds take at ``width`` cells."""
        return len(meld_lines(self.rows, width, ascii=self.ascii).split())

    def render(self) -> Text:
        """The melds wrapped at the widget's width."""
        return meld_lines(self.rows, self.content_size.width or 1000, ascii=self.ascii)


def meld_text(meld: TableMeld, style: CardStyle) -> Text:
    """A meld as coloured cards, each joker with what it stands for: ``5♣ Jkr(6♣) 7♣`` (in
    ASCII mode ``5c Xr(6c) 7c``), as the log and the hand name the same joker."""
    text = Text()
    stands = iter(meld.stands_for())
    for card in meld.cards:
        text.append(" ")
        text.append_text(card_text(card, style))
        if IS_JOKER[card]:
            named = next(stands, None)
            if named is not None:
                text.append(f"({card_label(named, style)})", style="#9a9a9a")
            elif meld.rank is not None:
                text.append(f"({meld.rank.code})", style="#9a9a9a")
    return text


def _shape(action: Meld) -> TableMeld:
    shape, _ = meld_shape(action)
    assert shape is not None
    return shape.meld(0)


_ROW_LETTERS = "abcdefghijklmnoprstuvwxyz"
"""The keys of lay-off rows that no meld number names (no ``q``: it leaves the game)."""


def layoff_keys(matches: Sequence[LayOff]) -> dict[str, LayOff]:
    """A key for every row of the lay-off dialog: the meld's number (1-9) when the card goes
    onto that meld in only one way, else a letter in order (a joker that may stand for 4♣ or
    8♣ on one run is two rows).

    Args:
        matches: The legal lay-offs of the chosen card, in the dialog's order.

    Returns:
        Key to lay-off, one key per row (while the 25 letters last: far more rows than a
        table of melds gives).
    """
    ways = Counter(action.meld for action in matches)
    keys: dict[str, LayOff] = {}
    letters = iter(_ROW_LETTERS)
    for action in matches:
        number = str(action.meld + 1)
        key = number if ways[action.meld] == 1 and len(number) == 1 else next(letters, "")
        if key:
            keys[key] = action
    return keys


def _faces(cards: Sequence[Card]) -> list[tuple[int, str]]:
    """Faces as sortable keys, every joker alike."""
    return sorted((99, "") if IS_JOKER[card] else (int(card.rank), card.suit.value)
                  for card in cards)


def _words(cards: Sequence[Card]) -> str:
    return " ".join(card_word(card) for card in cards)


def _suit_key(card: Card) -> tuple[int, int, int]:
    if IS_JOKER[card]:
        return (9, 0, card.deck)
    return (SUIT_INDEX[card.suit], int(card.rank), card.deck)


def _rank_key(card: Card) -> tuple[int, int, int]:
    if IS_JOKER[card]:
        return (99, 0, card.deck)
    return (int(card.rank), SUIT_INDEX[card.suit], card.deck)


BOARD = ZolikyBoard
"""The Board class the table screen loads for Žolíky."""
