"""The Makao table: seats, the stock and the discard pile, what is pending, the log and the hand.

Keys: Enter plays (the selection in order, or the card under the cursor), ``d`` draws, ``t`` takes a
pending draw (MK-8), ``w`` waits out a stop (MK-10), ``p`` keeps a drawn card (MK-5), ``m`` says
makao (``makao-call`` option), ``e`` reopens the demand dialog (MK-11, MK-12). Each of these keys,
pressed when it does not apply, says why in the status line. A joker selected alone or with cards
of one rank (``jokers`` option, MK-4) is named by a dialog only where its name matters.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.engine import Action
from cardgames.games.makao.actions import CallMakao, Demand, Draw, Pass, Play, Take, Wait
from cardgames.games.makao.moves import joker_namings
from cardgames.tui.boards.common import empty_hand_text, out_note, turn_heading
from cardgames.tui.render import (
    CardStyle,
    card_box,
    card_label,
    card_text,
    cards_in_text,
    suit_colour,
)
from cardgames.tui.screens.dialogs import ChoiceDialog
from cardgames.tui.widgets.board import Board, TableInfo
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.pile import side_by_side, stock_box
from cardgames.tui.widgets.seats import SeatInfo, SeatsStrip
from cardgames.tui.widgets.zone import HandBox


class MakaoBoard(Board):
    """Draws a Makao view and turns keys and clicks into Makao actions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "verb('draw')", "Draw"),
        Binding("t", "verb('take')", "Take"),
        Binding("w", "verb('wait')", "Wait"),
        Binding("p,n", "verb('pass_turn')", "Pass"),
        Binding("m", "verb('makao')", "Makao!"),
        Binding("e", "demand", "Demand"),
        Binding("d", "why_not('draw')", "Draw", show=False),
        Binding("t", "why_not('take')", "Take", show=False),
        Binding("w", "why_not('wait')", "Wait", show=False),
        Binding("p,n", "why_not('pass_turn')", "Pass", show=False),
        Binding("m", "why_not('makao')", "Makao!", show=False),
        Binding("e", "why_not('demand')", "Demand", show=False),
    ]
    VERBS: ClassVar[dict[str, type]] = {"draw": Draw, "take": Take, "wait": Wait,
                                        "pass_turn": Pass, "makao": CallMakao}
    WHY_NOT: ClassVar[dict[str, Action]] = {
        "draw": Draw(), "take": Take(), "wait": Wait(), "pass_turn": Pass(),
        "makao": CallMakao(), "demand": Demand()}

    MIN_SIZE = (72, 19)
    """Six seats keep their names and a two-row hand fits; smaller shows a notice."""

    DEFAULT_CSS = """
    MakaoBoard #middle { min-height: 7; }
    MakaoBoard #table-side { width: 30; }
    MakaoBoard #pending { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._asked: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        """Seats on top, the pile and the log in the middle, the hand at the bottom."""
        yield SeatsStrip(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="table-side"):
                yield Static(id="pile")
                yield Static(id="pending")
            yield LogPanel(id="log")
        yield HandBox(id="hand-box")

    # ------------------------------------------------------------------ drawing

    def draw(self, view: Any, info: TableInfo) -> None:
        """Draw a :class:`MakaoView` for ``info.viewer``; open the demand dialog when due."""
        style = info.style
        self.query_one(SeatsStrip).show(self._seats(view, info), style)
        self.query_one("#pile", Static).update(self._pile(view, style))
        self.query_one("#pending", Static).update(self._pending(view, info))
        self.query_one(LogPanel).set_lines(info.log, style)
        hand = self.query_one(HandWidget)
        mine = view.viewer is not None and view.current_player == view.viewer
        hand.set_hand(
            tuple(view.hand),
            playable=view.playable,
            style=style,
            can_play=mine,
            marked=view.drawn if view.phase == "drawn" else None,
            empty_text=empty_hand_text(view, info),
            blocked=blocked_text(view, style) if mine else "",
        )
        self.query_one(HandBox).show_title(info.names, view.viewer, len(view.hand))
        self._maybe_ask_demand()

    def _seats(self, view: Any, info: TableInfo) -> tuple[SeatInfo, ...]:
        seats = []
        for seat in range(view.players):
            note = out_note(view, seat)
            if not note and view.skip_turns[seat]:
                note = f"sits out {view.skip_turns[seat]}"
            seats.append(
                SeatInfo(
                    name=info.names[seat],
                    cards=view.hand_sizes[seat],
                    note=note,
                    current=view.current_player == seat,
                    you=view.viewer == seat,
                    bot=seat in info.bots,
                    level=info.levels.get(seat, ""),
                    out=seat in view.finished,
                )
            )
        return tuple(seats)

    def _pile(self, view: Any, style: CardStyle) -> Text:
        caption = ""
        if view.top_as != view.top:
            caption = f"={card_label(view.top_as, style)}"
        discard = card_box(view.top, style, caption=caption)
        text = side_by_side((stock_box(view.stock_size, style), discard))
        text.append(" stock   discard", style="#9a9a9a")
        text.append(f" ({view.discard_size})", style="#6c6c6c")
        return text

    def _pending(self, view: Any, info: TableInfo) -> Text:
        names = info.names
        style = info.style
        text = turn_heading(view, info)
        current = view.current_player
        if current is None:
            return text
        who = "You" if current == view.viewer else names[current]
        mine = current == view.viewer
        if view.pending_draw or view.pending_skips:
            if mine and view.description:
                line = view.description
            elif view.pending_draw:
                line = f"{who} must take {view.pending_draw} or answer"
            else:
                turns = "turn" if view.pending_skips == 1 else "turns"
                line = f"{who} must sit out {view.pending_skips} {turns} or answer with a 4"
            entry = cards_in_text(line, style)
            entry.stylize_before("bold #ff875f")
            text.append_text(entry)
            text.append("\n")
        if view.demand is not None:
            text.append("Demand: ", style="bold #af87ff")
            text.append_text(_demand_text(view.demand.value, style))
            text.append(f" (by {names[view.demand.by]})", style="#af87ff")
            text.append("\n")
        return text

    # ------------------------------------------------------------------ hints

    def status_hint(self, view: Any, info: TableInfo) -> str:
        """What the viewing player can do now, with the keys."""
        if view.viewer is None or view.current_player != view.viewer:
            return ""
        legal = view.legal
        if view.phase == "demand":
            return "Choose a demand (e)."
        if view.phase == "drawn" and view.drawn is not None:
            drawn = card_label(view.drawn, info.style)
            if any(isinstance(a, Play) for a in legal):
                return f"You drew {drawn}: Enter plays it, p keeps it."
            return f"You drew {drawn}."
        parts = []
        if view.playable:
            parts.append("←→ choose, Space selects, Enter plays")
        if any(isinstance(a, Take) for a in legal):
            parts.append(f"t takes {view.pending_draw}")
        if any(isinstance(a, Wait) for a in legal):
            parts.append("w waits")
        if any(isinstance(a, Draw) for a in legal):
            parts.append("d draws")
        return "; ".join(parts) + "." if parts else ""

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the verbs that are legal now."""
        if action == "demand":
            return self.can(Demand)
        return super().check_action(action, parameters)

    def action_demand(self) -> None:
        """Open the demand dialog."""
        demands = [a for a in self.legal if isinstance(a, Demand)]
        if not demands or self.info is None:
            return
        kind = next((a.kind for a in demands if a.kind is not None), None)
        title = "Demand a rank" if kind == "rank" else "Demand a suit"
        choices = [(_demand_label(a, self.info.style), a) for a in demands]
        keys = {_demand_key(a): a for a in demands}
        self.ask(ChoiceDialog(title, choices, keys), self.act)

    def _maybe_ask_demand(self) -> None:
        view = self.view
        if view is None or view.phase != "demand" or view.viewer != view.current_player:
            self._asked = None
            return
        key = (view.top, view.discard_size, view.hand_sizes)
        if key != self._asked and any(isinstance(a, Demand) for a in view.legal):
            self._asked = key
            self.action_demand()

    def on_hand_widget_submitted(self, message: HandWidget.Submitted) -> None:
        """Turn the selected cards into a Play, asking what jokers stand for only where it
        matters (``jokers`` option, MK-4): a joker alone is offered as each card it may stand
        for; a joker in a set stands for a card of the set's rank, and only the suit of a joker
        on top (among kings: battle king or plain king) is asked. A set of jokers only asks for
        the rank first."""
        message.stop()
        cards = message.cards
        view = self.view
        if not any(card.is_joker for card in cards) or view is None or not self.legal:
            self.post_message(self.Act(Play(cards)))
            return
        plays = joker_namings(view.hand, cards, view.situation(), view.drawn)
        if len(plays) == 1:
            self.post_message(self.Act(plays[0]))
        elif not plays:
            # No name fits: play a plausible one, so the refusal says what is wrong.
            self.post_message(self.Act(_guessed_play(cards, view.top_as)))
        elif len(cards) > 1 and len({play.named[0].rank for play in plays}) > 1:
            ranks = list(dict.fromkeys(play.named[0].rank for play in plays))
            firsts = [next(play for play in plays if play.named[0].rank is rank) for rank in ranks]
            choices = [(f"Play the jokers as {rank.noun}", play)
                       for rank, play in zip(ranks, firsts, strict=True)]
            keys = {_rank_key(rank): play for rank, play in zip(ranks, firsts, strict=True)}
            self.ask(ChoiceDialog("Which rank do the jokers stand for?", choices, keys),
                     lambda picked: self._picked_rank(picked, plays))
        else:
            self._ask_names(plays)

    def _picked_rank(self, picked: Action | None, plays: list[Play]) -> None:
        """The rank of a set of jokers is chosen: ask the rest, once the dialog has closed."""
        if not isinstance(picked, Play):
            return
        rank = picked.named[0].rank
        left = [play for play in plays if play.named[0].rank is rank]
        if len(left) == 1:
            self.post_message(self.Act(left[0]))
        else:
            self.call_after_refresh(self._ask_names, left)

    def _ask_names(self, plays: list[Play]) -> None:
        """Ask which of ``plays`` (one set of cards, named differently) to play: by the suit
        of the joker on top when only that differs (keys ``c d h s``)."""
        if self.info is None:
            return
        style = self.info.style
        choices = [(_play_label(play, style), play) for play in plays]
        first = plays[0]
        on_top = first.cards[-1].is_joker and all(
            play.named[:-1] == first.named[:-1] for play in plays
        )
        if len(first.cards) == 1:
            self.ask(ChoiceDialog("Play the joker as", choices), self.act)
        elif on_top:
            keys = {play.named[-1].suit.value: play for play in plays}
            self.ask(ChoiceDialog("Which suit is the joker on top?", choices, keys), self.act)
        else:
            jokers = sum(1 for card in first.cards if card.is_joker)
            title = "Play the joker as" if jokers == 1 else "Play the jokers as"
            self.ask(ChoiceDialog(title, choices), self.act)


def blocked_text(view: Any, style: CardStyle) -> str:
    """Why no hand card can be played now, and the key that moves on.

    Args:
        view: A MakaoView of the seat to act.
        style: ASCII and colour choices (for the card shown).

    Returns:
        e.g. "No card fits the demand for sevens: draw with d" (MK-11), "No card answers the
        battle: take 5 with t" (MK-7), "No 4 answers the stop: wait with w" (MK-10).
    """
    if view.phase == "demand":
        return "Choose a demand first: press e"
    legal = view.legal
    ways = ((Take, f"take {view.pending_draw} with t"), (Wait, "wait with w"),
            (Draw, "draw with d"), (Pass, "keep it with p"))
    way = next((text for kind, text in ways if any(isinstance(a, kind) for a in legal)), "")
    if view.phase == "drawn":
        reason = "The card you drew does not fit"
    elif view.pending_draw:
        reason = "No card answers the battle"
    elif view.pending_skips:
        reason = "No 4 answers the stop"
    elif view.demand is not None and view.demand.value is not None:
        reason = f"No card fits the demand for {_demand_text(view.demand.value, style).plain}"
    else:
        reason = f"No card fits {card_label(view.top_as, style)}"
    return f"{reason}: {way}" if way else reason


def _guessed_play(cards: tuple[Card, ...], top: Card) -> Play:
    """``cards`` with each joker named after the first plain card among them (else after the
    top card): the play to submit when no name makes it legal, so the refusal gives a reason."""
    plain = next((card for card in cards if not card.is_joker), top)
    named = Card(plain.rank, plain.suit)
    return Play(cards, tuple(named for card in cards if card.is_joker))


def _rank_key(rank: Rank) -> str:
    """The key that picks a rank in a dialog: its code (``7``, ``j``; ``0`` for ten)."""
    return "0" if rank is Rank.TEN else rank.code.lower()


def _demand_text(value: Rank | Suit | None, style: CardStyle) -> Text:
    """``sevens``, ``♥ hearts`` (just ``hearts`` in ASCII mode) or ``nothing``."""
    if isinstance(value, Rank):
        return Text(value.noun, style="bold")
    if isinstance(value, Suit):
        colour = suit_colour(value, style, on_dark=True)
        shown_as = value.noun if style.ascii else f"{value.symbol} {value.noun}"
        return Text(shown_as, style=f"bold {colour}")
    return Text("nothing")


def _demand_label(action: Demand, style: CardStyle) -> str:
    if action.value is None:
        return "No demand"
    return f"Demand {_demand_text(action.value, style).plain}"


def _demand_key(action: Demand) -> str:
    """The key that picks a demand in the dialog: the rank (``7``; ``0`` for ten), the suit
    letter (``h``), or ``n`` for no demand."""
    if isinstance(action.value, Rank):
        return _rank_key(action.value)
    if isinstance(action.value, Suit):
        return action.value.value
    return "n"


def _play_label(action: Play, style: CardStyle) -> str:
    names = iter(action.named)
    parts = []
    for card in action.cards:
        label = card_text(card, style).plain
        if card.is_joker:
            named = next(names, None)
            label += f" as {card_label(named, style)}" if named is not None else ""
        parts.append(label)
    return "Play " + " ".join(parts)


BOARD = MakaoBoard
"""The Board class the table screen loads for Makao."""
