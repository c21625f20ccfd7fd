"""The Trash engine (spec TR-1 … TR-11): a match of hands with shrinking layouts.

A :class:`TrashState` is one position of the whole match: each seat's layout (its size and, per
position, the face-down card or the face-up card), the stock, the discard pile, the card in hand
during a chain, the phase, the hand number, who started the hand and who won each hand.

A turn (TR-4 … TR-7) starts with :class:`~cardgames.games.trash.actions.Draw` or
:class:`~cardgames.games.trash.actions.Take`; the engine then places the card in hand one
position at a time, each placement one ``"place"`` event, until the chain ends with a discard or
needs a real choice: a jack with several face-down positions to go to (phase ``"jack"``, answered
by :class:`~cardgames.games.trash.actions.Place`) or a pip card whose position shows a jack
(phase ``"replace"``, answered by ``Replace`` or ``Keep``). The moment a layout has no face-down
position left its owner wins the hand (TR-9) and the next hand is dealt (TR-10) in the same
``apply``; a seat that wins with a one-position layout wins the match (TR-11).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.core.cards import Card, Rank, card_from_json, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event, Outcome, new_event
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.trash.actions import (
    DRAW,
    KEEP,
    PLACES,
    REPLACE,
    TAKE,
    Action,
    Draw,
    Place,
    Replace,
    Take,
)
from cardgames.games.trash.moves import (
    BEYOND,
    FACE_UP,
    FULL_LAYOUT,
    JACK,
    KEPT,
    NO_POSITION,
    OVER,
    SLOT,
    SWAP,
    TURN,
    WILD,
    WON,
    decks_for,
    refusal,
)

_JACK = Rank.JACK


@dataclass(frozen=True, slots=True)
class TrashView:
    """What one seat (or the public, ``viewer`` None) may see of a position.

    No face-down card is shown to anyone, its owner included (TR-2); everything face up is
    public, so every seat sees the same table and only ``legal`` differs.

    Attributes:
        viewer: The seat looking, or None for the public view.
        players: Number of seats.
        decks: 52-card decks in play (TR-1).
        current_player: The seat to act, None once the match is over.
        phase: ``"turn"``, ``"jack"``, ``"replace"`` or ``"over"``.
        hand_number: The hand being played, 1 for the first (a redealt hand keeps its number).
        sizes: Each seat's layout size (TR-10).
        layouts: Per seat, per position 1..size, the face-up card, or None where face down.
        stock_size: Cards in the stock.
        discard: The discard pile, bottom first (all face up).
        in_hand: The card in hand during a chain (face up), else None.
        starter: The seat that started this hand (TR-3).
        winners: The winner of each finished hand, in order.
        moves: Actions played so far in the match.
        recent: The events of the last action, so a board can show the chain step by step.
        legal: The legal actions if the viewer is the current player, else ().
        description: One line on what the current player has to do.
        restocked: The cards the last reshuffle of this hand turned into the stock (TR-8),
            sorted; since then the stock holds only these (every card drawn is turned face
            up). () before the first reshuffle of the hand.
    """

    viewer: int | None
    players: int
    decks: int
    current_player: int | None
    phase: str
    hand_number: int
    sizes: tuple[int, ...]
    layouts: tuple[tuple[Card | None, ...], ...]
    stock_size: int
    discard: tuple[Card, ...]
    in_hand: Card | None
    starter: int
    winners: tuple[int, ...]
    moves: int
    recent: tuple[Event, ...]
    legal: tuple[Action, ...]
    description: str
    restocked: tuple[Card, ...] = ()

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, None while it is empty."""
        return self.discard[-1] if self.discard else None

    def hands_won(self, seat: int) -> int:
        """How many hands ``seat`` has won."""
        return self.winners.count(seat)

    def standing(self, seat: int) -> str:
        """A seat's result in words for the game-over screen: ``"won 3 hands, layout of 7
        positions"`` (each hand won takes a position off the layout, TR-10)."""
        won = self.winners.count(seat)
        size = self.sizes[seat]
        return (f"won {won} hand{'' if won == 1 else 's'}, "
                f"layout of {size} position{'' if size == 1 else 's'}")


class TrashState:
    """One Trash position (implements ``cardgames.core.engine.State``).

    Attributes:
        players: Number of seats (TR-1).
        decks: 52-card decks in play (TR-1).
        rng: The seeded RNG of every deal and reshuffle.
        sizes: Each seat's layout size (TR-2, TR-10).
        hidden: Per seat, per position, the face-down card, None where the position is face up.
        shown: Per seat, per position, the face-up card, None where the position is face down.
        down: Per seat, how many positions are face down.
        stock: The stock, top card last.
        discard: The discard pile, top card last.
        hand: The card in hand during a chain, else None.
        phase: ``"turn"``, ``"jack"``, ``"replace"`` or ``"over"``.
        current_player: The seat to act; None once the match is over.
        hand_number: The hand being played, from 1.
        starter: The seat that started this hand (TR-3).
        winners: The winner of each finished hand, in order.
        redeals: Hands dealt again after a dead end (TR-8).
        moves: Actions played so far.
        restocked: The cards the last reshuffle of this hand turned into the stock, sorted
            (TR-8; public: every seat saw them discarded).
    """

    __slots__ = (
        "_legal",
        "_recent",
        "current_player",
        "decks",
        "discard",
        "down",
        "hand",
        "hand_number",
        "hidden",
        "moves",
        "phase",
        "players",
        "redeals",
        "restocked",
        "rng",
        "shown",
        "sizes",
        "starter",
        "stock",
        "winners",
    )

    rng: Rng

    def __init__(self, players: int, rng: Rng, sizes: Sequence[int]) -> None:
        self.players = players
        self.decks = decks_for(players)
        self.rng = rng
        self.sizes = list(sizes)
        self.hidden: list[list[Card | None]] = [[None] * size for size in sizes]
        self.shown: list[list[Card | None]] = [[None] * size for size in sizes]
        self.down = [0] * players
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.hand: Card | None = None
        self.phase = TURN
        self.current_player: int | None = 0
        self.hand_number = 1
        self.starter = 0
        self.winners: list[int] = []
        self.redeals = 0
        self.moves = 0
        self.restocked: tuple[Card, ...] = ()
        self._legal: tuple[Action, ...] | None = None
        self._recent: tuple[Event, ...] = ()

    @classmethod
    def deal(cls, players: int, seed: int) -> TrashState:
        """Shuffle the decks for ``players`` and deal the first hand (TR-1 … TR-3).

        Raises:
            ValueError: If ``players`` is not 2 to 6.
        """
        if not 2 <= players <= 6:
            raise ValueError("Trash is for 2 to 6 players")
        state = cls(players, Rng(seed), [FULL_LAYOUT] * players)
        cards = list(_DECKS[state.decks])
        state.rng.shuffle(cards)
        state._lay_out(cards, 0)
        return state

    # ----- queries -------------------------------------------------------------------------

    def card_count(self) -> int:
        """Cards in all zones together: 52 per deck throughout (TR-1).

        Every position holds one card, face down or face up (see :meth:`from_json`), so the
        layouts hold as many cards as they have positions.
        """
        table = sum(self.sizes)
        return table + len(self.stock) + len(self.discard) + (self.hand is not None)

    def all_cards(self) -> list[Card]:
        """Every card in play, zone by zone (for the conservation and distinctness checks)."""
        cards = [c for row in self.hidden for c in row if c is not None]
        cards.extend(c for row in self.shown for c in row if c is not None)
        cards.extend(self.stock)
        cards.extend(self.discard)
        if self.hand is not None:
            cards.append(self.hand)
        return cards

    def can_place(self, seat: int, card: Card) -> bool:
        """Whether ``card`` can be placed in ``seat``'s layout now (TR-4 … TR-6).

        True for a jack while a position is face down, and for an ace … 10 whose position
        exists and is face down or shows a jack (which it may replace).
        """
        slot = SLOT[card[0]]
        if slot == WILD:
            return self.down[seat] > 0
        if 0 < slot <= self.sizes[seat]:
            up = self.shown[seat][slot - 1]
            return up is None or up[0] is _JACK
        return False

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions in a fixed order; empty once the match is over.

        ``draw`` while the stock (or a reshuffle, TR-8) has a card, then ``take`` when the
        discard top can be placed (TR-4); ``place p`` for each face-down position, lowest first,
        with a jack in hand (TR-6); ``replace`` then ``keep`` for a pip card whose position
        shows a jack (TR-5).
        """
        legal = self._legal
        if legal is not None:
            return legal
        seat = self.current_player
        if seat is None:
            legal = ()
        elif self.phase == TURN:
            # can_place, written out for the discard top.
            discard = self.discard
            can_take = False
            if discard:
                slot = SLOT[discard[-1][0]]
                if slot == WILD:
                    can_take = self.down[seat] > 0
                elif 0 < slot <= self.sizes[seat]:
                    up = self.shown[seat][slot - 1]
                    can_take = up is None or up[0] is _JACK
            if self.stock or len(discard) > 1:
                legal = _DRAW_TAKE if can_take else _DRAW_ONLY
            else:
                legal = _TAKE_ONLY if can_take else ()
        elif self.phase == JACK:
            hidden = self.hidden[seat]
            legal = tuple(PLACES[i] for i in range(len(hidden)) if hidden[i] is not None)
        else:
            legal = _REPLACE_KEEP
        self._legal = legal
        return legal

    # ----- moves ---------------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for the current player, then the chain it starts.

        Args:
            action: One of :meth:`legal_actions`.

        Returns:
            What happened, in order: the draw or take, each placement, the discard and, when a
            hand ends, the hand's result and the next deal.

        Raises:
            IllegalMove: If the rules forbid the action now; the state is then unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # The listed actions are shared objects: an identity test finds them without __eq__.
        for listed in legal:
            if listed is action:
                break
        else:
            if action not in legal:
                raise IllegalMove(refusal(self.view(self.current_player), action))
        seat = self.current_player
        assert seat is not None
        self._legal = None
        self.moves += 1
        events: list[Event] = []
        kind = type(action)
        if kind is Draw:
            stock = self.stock
            if not stock:
                self._reshuffle(events)
            card = stock.pop()
            event = _DRAWS[seat].get(card)
            events.append(_event(_DRAWS, "draw", seat, card) if event is None else event)
            self._chain(seat, card, -1, events)
        elif kind is Take:
            card = self.discard.pop()
            event = _TAKES[seat].get(card)
            events.append(_event(_TAKES, "take", seat, card) if event is None else event)
            self._chain(seat, card, -1, events)
        elif kind is Place:
            jack = self.hand
            assert jack is not None
            self.hand = None
            self._chain(seat, jack, action.position - 1, events)  # type: ignore[union-attr]
        elif kind is Replace:
            pip = self.hand
            assert pip is not None
            index = SLOT[pip[0]] - 1
            shown = self.shown[seat]
            jack = shown[index]
            assert jack is not None
            shown[index] = pip
            self.hand = None
            events.append(new_event(("replace", seat, (pip, jack), index + 1, False, "")))
            self._chain(seat, jack, -1, events)
        else:
            kept = self.hand
            assert kept is not None
            self.hand = None
            self._end_turn(seat, kept, KEPT, events)
        recent = self._recent = tuple(events)
        return recent

    def _reshuffle(self, events: list[Event]) -> None:
        """TR-8: the discard pile but its top card is shuffled into a new stock."""
        discard = self.discard
        stock = self.stock
        stock.extend(discard[:-1])
        del discard[:-1]
        self.restocked = tuple(sorted(stock))
        self.rng.shuffle(stock)
        events.append(Event("reshuffle", None, count=len(stock)))

    def _chain(self, seat: int, card: Card, index: int, events: list[Event]) -> None:
        """TR-5 … TR-7, TR-9: place ``card`` and every card it turns up.

        Each card goes face up on its position (a jack on ``index``, the position the player
        chose, when given) and the face-down card there is turned up and placed next, until a
        card cannot be placed (discarded, TR-7), a real choice is due (a jack with several
        face-down positions, TR-6; a pip card whose position shows a jack, TR-5) or the last
        face-down position is turned up (TR-9).
        """
        hidden = self.hidden[seat]
        shown = self.shown[seat]
        size = self.sizes[seat]
        down = self.down
        while True:
            if index < 0:
                slot = SLOT[card[0]]
                if slot == WILD:
                    if down[seat] > 1:
                        self.hand = card
                        self.phase = JACK
                        return
                    index = next(i for i, under in enumerate(hidden) if under is not None)
                elif slot == 0:
                    self._end_turn(seat, card, NO_POSITION, events)
                    return
                elif slot > size:
                    self._end_turn(seat, card, BEYOND, events)
                    return
                else:
                    index = slot - 1
                    if hidden[index] is None:
                        up = shown[index]
                        if up is not None and up[0] is _JACK:
                            self.hand = card
                            self.phase = SWAP
                            return
                        self._end_turn(seat, card, FACE_UP, events)
                        return
            under = hidden[index]
            assert under is not None
            hidden[index] = None
            shown[index] = card
            events.append(new_event(("place", seat, (card, under), index + 1, False, "")))
            left = down[seat] = down[seat] - 1
            if not left:
                self._win_hand(seat, under, events)
                return
            card = under
            index = -1

    def _end_turn(self, seat: int, card: Card, reason: str, events: list[Event]) -> None:
        """TR-7: the card goes face up on the discard pile and the turn passes; a dead end
        (no card can be taken at all) deals the hand again (TR-8)."""
        discard = self.discard
        discard.append(card)
        cache = _DISCARDS[reason][seat]
        event = cache.get(card)
        if event is None:
            event = cache[card] = Event("discard", seat, (card,), SLOT[card[0]], detail=reason)
        events.append(event)
        self.hand = None
        self.phase = TURN
        nxt = seat + 1
        if nxt == self.players:
            nxt = 0
        self.current_player = nxt
        if (
            not self.stock
            and len(discard) < 2
            and not (discard and self.can_place(nxt, discard[-1]))
        ):
            self.redeals += 1
            events.append(Event("redeal", None, count=self.hand_number))
            self._lay_out(self._gathered(), self.starter)
            events.append(Event("deal", self.starter, count=self.hand_number))

    def _win_hand(self, seat: int, last: Card, events: list[Event]) -> None:
        """TR-9 … TR-11: the hand is won; the match ends or the next hand is dealt."""
        self.discard.append(last)
        events.append(Event("discard", seat, (last,), SLOT[last[0]], detail=WON))
        self.winners.append(seat)
        self.hand = None
        size = self.sizes[seat]
        if size == 1:
            events.append(Event("hand", seat, count=self.hand_number))
            events.append(Event("win", seat, count=len(self.winners)))
            self.phase = OVER
            self.current_player = None
            return
        self.sizes[seat] = size - 1
        events.append(Event("hand", seat, count=self.hand_number, detail=str(size - 1)))
        self.hand_number += 1
        self._lay_out(self._gathered(), seat)
        events.append(Event("deal", seat, count=self.hand_number))

    def _gathered(self) -> list[Card]:
        """Every card in play in a fixed order, shuffled: a new deal depends only on the cards
        and the RNG, never on where the cards lay (TR-10)."""
        full = _FULL_DECKS[self.decks]
        held = sum(map(len, self.hidden)) + len(self.stock) + len(self.discard)
        cards = list(full) if held + (self.hand is not None) == len(full) else sorted(
            self.all_cards()
        )
        self.rng.shuffle(cards)
        return cards

    def _lay_out(self, cards: list[Card], starter: int) -> None:
        """TR-2/TR-10: deal each seat's layout face down from shuffled ``cards``; the rest is
        the stock; ``starter`` begins (TR-3)."""
        for seat, size in enumerate(self.sizes):
            row: list[Card | None] = list(reversed(cards[-size:]))
            del cards[-size:]
            self.hidden[seat] = row
            self.shown[seat] = [None] * size
            self.down[seat] = size
        self.stock = cards
        self.restocked = ()
        self.discard = []
        self.hand = None
        self.phase = TURN
        self.starter = starter
        self.current_player = starter
        self._legal = None

    # ----- results and views ---------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result once the match is over (TR-11), else None.

        The ranking orders the seats by hands won (most first), then by layout size (smallest
        first), then by seat; the winner is the seat that filled a one-position layout. Trash
        scores no points: :meth:`TrashView.standing` words each seat's result.
        """
        if self.phase != OVER:
            return None
        wins = self.winners
        ranking = sorted(range(self.players), key=lambda p: (-wins.count(p), self.sizes[p], p))
        return Outcome(ranking=tuple(ranking), winners=(wins[-1],))

    def view(self, viewer: int | None) -> TrashView:
        """What ``viewer`` may see (None: the public view of the pass screen).

        Face-down cards are hidden from everyone (TR-2); the legal actions go only to the seat
        that acts.
        """
        seat = self.current_player
        legal = self.legal_actions() if viewer is not None and viewer == seat else ()
        return TrashView(
            viewer=viewer,
            players=self.players,
            decks=self.decks,
            current_player=seat,
            phase=self.phase,
            hand_number=self.hand_number,
            sizes=tuple(self.sizes),
            layouts=tuple(tuple(row) for row in self.shown),
            stock_size=len(self.stock),
            discard=tuple(self.discard),
            in_hand=self.hand,
            starter=self.starter,
            winners=tuple(self.winners),
            moves=self.moves,
            recent=self._recent,
            legal=legal,
            description=self._description(),
            restocked=self.restocked,
        )

    def _description(self) -> str:
        seat = self.current_player
        if seat is None:
            return "The match is over"
        card = self.hand
        if self.phase == JACK:
            return f"Put {card} on a face-down position"
        if self.phase == SWAP:
            assert card is not None
            return f"Put {card} on {SLOT[card[0]]} in place of the jack (replace), or keep the jack"
        top = self.discard[-1] if self.discard else None
        if top is not None and self.can_place(seat, top):
            return f"Draw from the stock, or take {top} from the discard pile"
        return "Draw from the stock"

    # ----- copies and JSON -----------------------------------------------------------------

    def clone(self) -> TrashState:
        """A deep, independent copy, RNG included (shared until either side draws from it)."""
        copy = TrashState.__new__(TrashState)
        copy.players = self.players
        copy.decks = self.decks
        copy.rng = self.rng.clone()
        copy.sizes = list(self.sizes)
        copy.hidden = [list(row) for row in self.hidden]
        copy.shown = [list(row) for row in self.shown]
        copy.down = list(self.down)
        copy.stock = list(self.stock)
        copy.discard = list(self.discard)
        copy.hand = self.hand
        copy.phase = self.phase
        copy.current_player = self.current_player
        copy.hand_number = self.hand_number
        copy.starter = self.starter
        copy.winners = list(self.winners)
        copy.redeals = self.redeals
        copy.moves = self.moves
        copy.restocked = self.restocked
        copy._legal = self._legal
        copy._recent = self._recent
        return copy

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON data; cards as codes (``7h``, ``7h#1`` for deck 1)."""
        return {
            "players": self.players,
            "rng": self.rng.to_json(),
            "hidden": [_row_codes(row) for row in self.hidden],
            "shown": [_row_codes(row) for row in self.shown],
            "stock": _codes(self.stock),
            "discard": _codes(self.discard),
            "hand": None if self.hand is None else card_to_json(self.hand),
            "phase": self.phase,
            "current": self.current_player,
            "hand_number": self.hand_number,
            "starter": self.starter,
            "winners": list(self.winners),
            "redeals": self.redeals,
            "moves": self.moves,
            "restocked": _codes(self.restocked),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrashState:
        """Rebuild a position saved by :meth:`to_json`.

        The layout sizes are the lengths of ``hidden``; ``shown`` may be left out (all face
        down), as may ``rng`` (a seed-0 RNG), ``phase`` (``"turn"``) and the match history,
        which eases writing test positions.

        Raises:
            KeyError: If a required field is missing.
            InvalidCommand: If a card code is wrong.
            ValueError: If a position is both face down and face up, or neither.
        """
        hidden = [_row(row) for row in data["hidden"]]
        players = int(data["players"])
        rng = Rng.from_json(data["rng"]) if "rng" in data else Rng(0)
        state = cls(players, rng, [len(row) for row in hidden])
        state.hidden = hidden
        shown: list[list[Card | None]] = (
            [_row(row) for row in data["shown"]]
            if "shown" in data
            else [[None] * len(row) for row in hidden]
        )
        for down_row, up_row in zip(hidden, shown, strict=True):
            if len(down_row) != len(up_row) or any(
                (a is None) == (b is None) for a, b in zip(down_row, up_row, strict=True)
            ):
                raise ValueError("each position must be either face down or face up")
        state.shown = shown
        state.down = [len(row) - row.count(None) for row in hidden]
        state.stock = _cards(data["stock"])
        state.discard = _cards(data["discard"])
        hand = data.get("hand")
        state.hand = None if hand is None else card_from_json(hand)
        state.phase = str(data.get("phase", TURN))
        state.current_player = data.get("current", 0)
        state.hand_number = int(data.get("hand_number", 1))
        state.starter = int(data.get("starter", 0))
        state.winners = [int(seat) for seat in data.get("winners", [])]
        state.redeals = int(data.get("redeals", 0))
        state.moves = int(data.get("moves", 0))
        state.restocked = tuple(sorted(_cards(data.get("restocked", []))))
        return state


_DECKS = {decks: tuple(build_deck(decks)) for decks in (1, 2, 3)}
"""The cards of one, two and three decks in the order of a new pack (the first deal's)."""
_FULL_DECKS = {decks: tuple(sorted(cards)) for decks, cards in _DECKS.items()}
"""The sorted cards of one, two and three decks."""
_DRAW_TAKE = (DRAW, TAKE)
_DRAW_ONLY = (DRAW,)
_TAKE_ONLY = (TAKE,)
_REPLACE_KEEP = (REPLACE, KEEP)
_DRAWS: defaultdict[int, dict[Card, Event]] = defaultdict(dict)
_TAKES: defaultdict[int, dict[Card, Event]] = defaultdict(dict)
_DISCARDS: dict[str, defaultdict[int, dict[Card, Event]]] = {
    reason: defaultdict(dict) for reason in (NO_POSITION, BEYOND, FACE_UP, KEPT)
}
"""Events are values, so the few kinds that recur (a seat draws, takes or discards a card) are
made once and shared, per seat (and per reason of a discard) by card; the engine's speed depends
on it."""


def _event(
    cache: defaultdict[int, dict[Card, Event]], kind: str, seat: int, card: Card
) -> Event:
    event = cache[seat][card] = Event(kind, seat, (card,))
    return event


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card_to_json(card) for card in cards]


def _row_codes(row: Iterable[Card | None]) -> list[str | None]:
    return [None if card is None else card_to_json(card) for card in row]


def _cards(codes: Iterable[str]) -> list[Card]:
    return [card_from_json(code) for code in codes]


def _row(codes: Iterable[str | None]) -> list[Card | None]:
    return [None if code is None else card_from_json(code) for code in codes]


def new_state(players: int, seed: int) -> TrashState:
    """Deal a new match (TR-1 … TR-3).

    Raises:
        ValueError: If ``players`` is not 2 to 6.
    """
    return TrashState.deal(players, seed)
