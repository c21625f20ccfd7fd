"""The Spite & Malice engine (Czech house rules, spec SM-1 … SM-15).

A :class:`SpiteMaliceState` is one position: the stock, the cleared heap, each seat's hand,
pay-off pile and four discard spots, the eight places for building piles, and the explicit turn
state (whose turn it is, whether he has built this turn, the stall counter, the winners once
over). It mutates itself in :meth:`SpiteMaliceState.apply`; everything it hands out is immutable.

A turn (SM-8 … SM-13): the hand has been filled to five when the turn passed (SM-8); the player
makes any number of :class:`Play` actions, and his hand is filled again whenever it runs empty
(SM-10); he ends the turn with :class:`Discard`, :class:`Bus` or, with an empty hand and
nothing to draw, :class:`End`. Building piles keep their place number (1-8); the rank a joker
stands for is its place in its pile (SM-6): the n-th card of a pile is worth n.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any

from cardgames.core.cards import Card, parse_card
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event, Outcome
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.spite_malice.actions import (
    HAND,
    PAY_OFF,
    SOURCES,
    SPOT_SOURCES,
    Action,
    Bus,
    Discard,
    End,
    Play,
)
from cardgames.games.spite_malice.moves import (
    HAND_SIZE,
    KING,
    PAY_OFF_SIZE,
    PLACES,
    SPOTS,
    STALL_TURNS,
    VALUES,
    Turn,
    refusal,
)

DECK_SIZE = 108
"""Two 52-card decks and four jokers (SM-1)."""

_END = End()
_END_EVENTS = tuple(Event("end", seat) for seat in range(4))
"""The ``end`` event of each seat (events are values, so one is shared)."""
_PLAY, _DISCARD, _BUS, _TURN = range(4)
"""The kinds of the card events kept in ``_CardMoves.events``."""


@dataclass(frozen=True, slots=True)
class SpiteMaliceView:
    """What one seat (or the public, ``viewer`` None) may see of a position (SM-4).

    Attributes:
        viewer: The seat looking, or None for the public view.
        players: Number of seats.
        current_player: The seat to act, None once the game is over.
        hand: The viewer's hand, sorted (() for the public view).
        hand_sizes: Cards in each seat's hand.
        pay_off_tops: Each seat's face-up pay-off top, None when the pile is empty.
        pay_off_sizes: Cards in each seat's pay-off pile.
        spots: Per seat, the four discard spots, each bottom first.
        piles: The eight places for building piles, each bottom first; () where free.
        stock_size: Cards in the stock.
        cleared_size: Cards in the cleared heap (completed piles, SM-7).
        stall: Turns in a row without a building play (SM-15).
        built: Whether the current player has played to a building pile this turn.
        winners: The winners once the game is over, else ().
        legal: The legal actions if the viewer is the current player, else ().
        bottom: The bottom card of the viewer's own pay-off pile if he asked for it, else None.
        cleared: The cleared heap (SM-7); every card in it was built face up.
        restocked: The cards the last reshuffle turned into the stock (SM-11), sorted; since
            then the stock holds only cards from these. () before the first reshuffle.
        bused: The cards the viewer put under his own pay-off pile with a bus (SM-13) that are
            still in it, bottom first; () for the public view.
    """

    viewer: int | None
    players: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pay_off_tops: tuple[Card | None, ...]
    pay_off_sizes: tuple[int, ...]
    spots: tuple[tuple[tuple[Card, ...], ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    stock_size: int
    cleared_size: int
    stall: int
    built: bool
    winners: tuple[int, ...]
    legal: tuple[Action, ...]
    bottom: Card | None = None
    cleared: tuple[Card, ...] = ()
    restocked: tuple[Card, ...] = ()
    bused: tuple[Card, ...] = ()

    def standing(self, seat: int) -> str:
        """A seat's result in words for the game-over screen: the pay-off cards it has left
        (SM-14, SM-15), ``"emptied the pay-off pile"`` or ``"3 pay-off cards left"``."""
        left = self.pay_off_sizes[seat]
        if not left:
            return "emptied the pay-off pile"
        return f"{left} pay-off card{'' if left == 1 else 's'} left"


_SOURCE_INDEX = {source: index for index, source in enumerate(SOURCES)}
"""Each source's index in :data:`SOURCES` (0 the hand, 1 the pay-off top, 2-5 the spots)."""
_HAND_I = _SOURCE_INDEX[HAND]
_PAY_I = _SOURCE_INDEX[PAY_OFF]
_SPOT_I = tuple(_SOURCE_INDEX[source] for source in SPOT_SOURCES)
_MASKS = 1 << PLACES


class _CardMoves:
    """Everything a card can do, built once per card so listing moves builds no actions.

    ``rows[source][mask]`` is the tuple of plays of the card from ``source`` (an index of
    :data:`SOURCES`) onto the piles whose bits are set in ``mask`` (bit ``i`` = pile ``i + 1``),
    built the first time it is needed; ``events`` keeps the play, discard, bus and pay-off-turn
    events of the card, which are values and so shared.
    """

    __slots__ = ("bus", "by_empty", "discards", "events", "face", "plays", "rank", "rows", "worth")

    def __init__(self, card: Card) -> None:
        worth = VALUES[card.rank]
        self.worth = worth
        self.face = 0 if worth == 0 else worth * 4 + "shdc".index(card.suit.value)
        self.rank = int(card.rank)
        self.plays = tuple(
            tuple(Play(card, source, number) for number in range(1, PLACES + 1))
            for source in SOURCES
        )
        self.rows: tuple[list[tuple[Play, ...] | None], ...] = tuple(
            [None] * _MASKS for _ in SOURCES
        )
        discards = tuple(Discard(card, number) for number in range(1, SPOTS + 1))
        self.discards = discards
        self.by_empty = tuple(
            tuple(discards[i] for i in range(SPOTS) if mask >> i & 1) for mask in range(1 << SPOTS)
        )
        self.bus = Bus(card)
        self.events: dict[tuple[int, ...], Event] = {}

    def row(self, source: int, mask: int) -> tuple[Play, ...]:
        """The plays from ``source`` onto the piles of ``mask`` (built once, then kept)."""
        plays = self.plays[source]
        row = tuple(plays[i] for i in range(PLACES) if mask >> i & 1)
        self.rows[source][mask] = row
        return row


_DECK = tuple(build_deck(2, 2))
"""The 108 cards in their unshuffled order (SM-1)."""
_MOVES: dict[Card, _CardMoves] = {card: _CardMoves(card) for card in _DECK}


_Layout = list[int]
"""Per building value (0 joker, 1 ace … 13 king), the mask of the piles (bit ``i`` = pile
``i + 1``) a card of that value may go on now: every open pile for a joker, the lowest free
place for an ace."""


def _layout(piles: Sequence[Sequence[Card]]) -> _Layout:
    masks = [0] * (KING + 1)
    open_piles = 0
    free = 0
    for index, pile in enumerate(piles):
        if pile:
            open_piles |= 1 << index
            masks[len(pile) + 1] |= 1 << index
        elif not free:
            free = 1 << index
    masks[0] = open_piles
    masks[1] = free
    return masks


class SpiteMaliceState:
    """One Spite & Malice position (implements ``cardgames.core.engine.State``).

    Attributes:
        players: Number of seats (SM-1).
        rng: The seeded RNG; it shuffled the deal and shuffles the cleared heap (SM-11).
        stock: The stock, the next card to draw last.
        cleared: The cleared heap: the cards of completed piles (SM-7).
        hands: Each seat's hand.
        pay_off: Each seat's pay-off pile, bottom first; the last card is the face-up top.
        spots: Each seat's four discard spots, each bottom first (SM-13).
        piles: The eight places for building piles, each bottom first; empty where free.
        current_player: The seat to act, None once the game is over.
        built: Whether the current player has played to a building pile this turn (SM-15).
        stall: Turns in a row, finished, without a building play (SM-15).
        winners: The winners once over (SM-14, SM-15).
        restocked: The cards the last reshuffle turned into the stock, sorted (SM-11; public:
            every seat saw them built).
        bused: Per seat, how many cards at the bottom of its pay-off pile it put there with a
            bus (SM-13); only their owner knows them.
    """

    __slots__ = (
        "_layout",
        "_legal",
        "_seen",
        "_version",
        "_views",
        "built",
        "bused",
        "cleared",
        "current_player",
        "hands",
        "pay_off",
        "piles",
        "players",
        "restocked",
        "rng",
        "spots",
        "stall",
        "stock",
        "winners",
    )

    rng: Rng

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.stock: list[Card] = []
        self.cleared: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.pay_off: list[list[Card]] = [[] for _ in range(players)]
        self.spots: list[list[list[Card]]] = [[[] for _ in range(SPOTS)] for _ in range(players)]
        self.piles: list[list[Card]] = [[] for _ in range(PLACES)]
        self.current_player: int | None = 0
        self.built = False
        self.stall = 0
        self.winners: list[int] = []
        self.restocked: tuple[Card, ...] = ()
        self.bused = [0] * players
        self._legal: tuple[Action, ...] | None = None
        self._layout: _Layout | None = None
        self._version = 0
        self._seen: list[tuple[int, tuple[Action, ...]] | None] = [None] * players
        self._views: dict[int | None, SpiteMaliceView] = {}

    @classmethod
    def deal(cls, players: int, seed: int) -> SpiteMaliceState:
        """Shuffle the 108 cards and deal (SM-1, SM-2); the highest pay-off top starts (SM-3).

        Raises:
            ValueError: If ``players`` is not 2 to 4.
        """
        if not 2 <= players <= 4:
            raise ValueError("Spite & Malice is for 2 to 4 players")
        state = cls(players, Rng(seed))
        deck = list(_DECK)
        state.rng.shuffle(deck)
        for seat in range(players):
            state.pay_off[seat] = [deck.pop() for _ in range(PAY_OFF_SIZE)]
        for seat in range(players):
            state.hands[seat] = [deck.pop() for _ in range(HAND_SIZE)]
        state.stock = deck
        state.current_player = starter(state.pay_off)
        return state

    # ----- queries -------------------------------------------------------------------------

    def card_count(self) -> int:
        """Cards in all zones together; 108 throughout (SM-1)."""
        return (
            len(self.stock)
            + len(self.cleared)
            + sum(map(len, self.hands))
            + sum(map(len, self.pay_off))
            + sum(len(spot) for spots in self.spots for spot in spots)
            + sum(map(len, self.piles))
        )

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for the check that all 108 are distinct)."""
        cards = [*self.stock, *self.cleared]
        for seat in range(self.players):
            cards.extend(self.hands[seat])
            cards.extend(self.pay_off[seat])
            for spot in self.spots[seat]:
                cards.extend(spot)
        for pile in self.piles:
            cards.extend(pile)
        return cards

    def turn(self, seat: int) -> Turn:
        """The situation of ``seat`` as the rules judge it (see :func:`moves.refusal`)."""
        pay_off = self.pay_off[seat]
        return Turn(
            self.hands[seat],
            pay_off[-1] if pay_off else None,
            self.spots[seat],
            self.piles,
            bool(self.stock or self.cleared),
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions in a fixed order; empty once the game is over.

        First the building plays (SM-5 … SM-9): from the pay-off top, then the tops of discard
        spots 1-4, then the hand (sorted; of two equal cards only the first), each onto every
        pile that takes it in pile order, an ace onto the lowest free place. Then, unless an ace
        is held (SM-12), the turn's ends (SM-13): discards, hand card by hand card onto each
        spot that takes it, buses (no aces), and ``end`` when the hand is empty and nothing can
        be drawn.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        seen = self._seen[seat]
        if seen is not None and seen[0] == self._version:
            return seen[1]
        legal = self._list_legal(seat)
        self._seen[seat] = (self._version, legal)
        return legal

    def _list_legal(self, seat: int) -> tuple[Action, ...]:
        moves = _MOVES
        targets = self._layout
        if targets is None:
            targets = self._layout = _layout(self.piles)
        actions: list[Action] = []
        extend = actions.extend
        pay_off = self.pay_off[seat]
        if pay_off:
            entry = moves[pay_off[-1]]
            mask = targets[entry.worth]
            if mask:
                extend(entry.rows[_PAY_I][mask] or entry.row(_PAY_I, mask))
        spots = self.spots[seat]
        spot_ranks = [0, 0, 0, 0]
        empty = 0
        for index in range(SPOTS):
            spot = spots[index]
            if spot:
                entry = moves[spot[-1]]
                spot_ranks[index] = entry.rank
                mask = targets[entry.worth]
                if mask:
                    source = _SPOT_I[index]
                    extend(entry.rows[source][mask] or entry.row(source, mask))
            else:
                empty |= 1 << index
        distinct: list[_CardMoves] = []
        last = -1
        ace = False
        hand = self.hands[seat]
        for card in sorted(hand) if len(hand) > 1 else hand:
            entry = moves[card]
            if entry.face == last:
                continue
            last = entry.face
            distinct.append(entry)
            mask = targets[entry.worth]
            if mask:
                extend(entry.rows[_HAND_I][mask] or entry.row(_HAND_I, mask))
                if entry.worth == 1:
                    ace = True
        if not distinct:
            if not (self.stock or self.cleared):
                actions.append(_END)
            return tuple(actions)
        if ace:
            return tuple(actions)
        for entry in distinct:
            rank = entry.rank
            if rank in spot_ranks:
                actions.append(entry.discards[spot_ranks.index(rank)])
            else:
                extend(entry.by_empty[empty])
        extend([entry.bus for entry in distinct])
        return tuple(actions)

    # ----- moves ---------------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for the current player.

        Returns:
            The events, in order: plays, completed piles (SM-7), pay-off cards turned (SM-9),
            draws (SM-8, SM-10, private), reshuffles (SM-11), the turn's end, and ``stall`` /
            ``win`` once the game is over (SM-14, SM-15).

        Raises:
            IllegalMove: If the game is over or the rules forbid the action; the state is then
                exactly unchanged.
        """
        seat = self.current_player
        if seat is None:
            raise IllegalMove("The game is over")
        legal = self._legal
        # An action listed as legal needs no second check (the listed ones are shared objects).
        if legal is None or not any(map(is_, legal, repeat(action))):
            problem = refusal(action, self.turn(seat))
            if problem is not None:
                raise IllegalMove(problem)
        self._legal = None
        if self._views:
            self._views = {}
        events: list[Event] = []
        if isinstance(action, Play):
            self._version += 1
            self._build(seat, action, events)
        elif isinstance(action, Discard):
            self._version += 1
            card = action.card
            self.hands[seat].remove(card)
            self.spots[seat][action.spot - 1].append(card)
            known = _MOVES[card].events
            key: tuple[int, ...] = (_DISCARD, seat, action.spot)
            event = known.get(key)
            if event is None:
                event = known[key] = Event("discard", seat, (card,), action.spot)
            events.append(event)
            self._end_turn(seat, events)
        elif isinstance(action, Bus):
            self._version += 1
            card = action.card
            self.hands[seat].remove(card)
            self.pay_off[seat].insert(0, card)
            self.bused[seat] += 1
            known = _MOVES[card].events
            key = (_BUS, seat)
            event = known.get(key)
            if event is None:
                event = known[key] = Event("bus", seat, (card,), 1, True)
            events.append(event)
            self._end_turn(seat, events)
        else:
            events.append(_END_EVENTS[seat])
            self._end_turn(seat, events)
        return tuple(events)

    def _build(self, seat: int, action: Play, events: list[Event]) -> None:
        """SM-5 … SM-10, SM-14: move the card onto its pile and deal with what follows."""
        card, source, number = action.card, action.source, action.pile
        if source == HAND:
            self.hands[seat].remove(card)
        elif source == PAY_OFF:
            pay_off = self.pay_off[seat]
            pay_off.pop()
            if self.bused[seat] > len(pay_off):
                self.bused[seat] = len(pay_off)
        else:
            self.spots[seat][SPOT_SOURCES.index(source)].pop()
        pile = self.piles[number - 1]
        pile.append(card)
        length = len(pile)
        layout = self._layout
        if layout is not None and 1 < length < KING:
            bit = 1 << (number - 1)
            layout = layout.copy()
            layout[length] &= ~bit
            layout[length + 1] |= bit
            self._layout = layout
        else:
            self._layout = None
        self.built = True
        self.stall = 0
        known = _MOVES[card].events
        key: tuple[int, ...] = (_PLAY, seat, _SOURCE_INDEX[source], number, length)
        event = known.get(key)
        if event is None:
            event = known[key] = Event("play", seat, (card,), number, detail=f"{source} {length}")
        events.append(event)
        if length == KING:
            events.append(Event("complete", seat, tuple(pile), number))
            self.cleared.extend(pile)
            pile.clear()
        if source == PAY_OFF:
            pay_off = self.pay_off[seat]
            if not pay_off:
                events.append(Event("win", seat))
                self._finish([seat])
                return
            top = pay_off[-1]
            known = _MOVES[top].events
            key = (_TURN, seat, len(pay_off))
            event = known.get(key)
            if event is None:
                event = known[key] = Event("turn", seat, (top,), len(pay_off))
            events.append(event)
        if not self.hands[seat]:
            self._fill(seat, events)

    def _fill(self, seat: int, events: list[Event]) -> None:
        """SM-8, SM-10, SM-11: draw up to five, turning the cleared heap into a new stock."""
        hand = self.hands[seat]
        need = HAND_SIZE - len(hand)
        stock = self.stock
        if need <= 0 or not (stock or self.cleared):
            return
        drawn: list[Card] = []
        while need > 0:
            if not stock:
                if not self.cleared:
                    break
                stock.extend(self.cleared)
                self.cleared.clear()
                self.restocked = tuple(sorted(stock))
                self.rng.shuffle(stock)
                if drawn:
                    events.append(Event("draw", seat, tuple(drawn), len(drawn), True))
                    drawn = []
                events.append(Event("reshuffle", None, count=len(stock)))
            card = stock.pop()
            hand.append(card)
            drawn.append(card)
            need -= 1
        if drawn:
            self._version += 1
            events.append(Event("draw", seat, tuple(drawn), len(drawn), True))

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        """SM-15 then SM-8: count a turn without building, end a stalled game, or pass on."""
        if self.built:
            self.built = False
        else:
            self.stall += 1
            if self.stall >= STALL_TURNS:
                sizes = [len(pile) for pile in self.pay_off]
                fewest = min(sizes)
                winners = [p for p in range(self.players) if sizes[p] == fewest]
                events.append(Event("stall", None, count=self.stall))
                events.extend(Event("win", p) for p in winners)
                self._finish(winners)
                return
        following = (seat + 1) % self.players
        self.current_player = following
        self._fill(following, events)

    def _finish(self, winners: list[int]) -> None:
        self.winners = winners
        self.current_player = None
        self._legal = ()

    # ----- results and views ---------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result once over, else None.

        The winners are the seat that emptied his pay-off pile (SM-14), or after a stall the
        seats with the fewest pay-off cards (SM-15). The ranking puts the winners first, then
        the others by pay-off cards left (fewest first, ties by seat). Nothing is scored.
        """
        if self.current_player is not None:
            return None
        winners = tuple(self.winners)
        rest = sorted(
            (p for p in range(self.players) if p not in winners),
            key=lambda p: (len(self.pay_off[p]), p),
        )
        return Outcome(ranking=(*winners, *rest), winners=winners)

    def bottom_card(self, viewer: int | None, owner: int) -> Card:
        """The bottom card of ``owner``'s pay-off pile, for ``owner`` alone (SM-4).

        Looking changes nothing and is not a move.

        Raises:
            IllegalMove: If ``viewer`` is not ``owner`` or the pile is empty.
        """
        if viewer is None or viewer != owner:
            raise IllegalMove("Only its owner may look at the bottom of a pay-off pile")
        pile = self.pay_off[owner]
        if not pile:
            raise IllegalMove("Your pay-off pile is empty")
        return pile[0]

    def peek(self, viewer: int) -> SpiteMaliceView:
        """The view of ``viewer`` with the bottom card of his own pay-off pile (SM-4).

        Looking changes nothing and is not a move.
        """
        return self.view(viewer, bottom=True)

    def view(self, viewer: int | None, *, bottom: bool = False) -> SpiteMaliceView:
        """What ``viewer`` may see (None: the public view of the pass screen), SM-4.

        Args:
            viewer: The seat looking, or None.
            bottom: Show the viewer the bottom card of his own pay-off pile (ignored for the
                public view and for an empty pile).
        """
        if not bottom:
            seen = self._views.get(viewer)
            if seen is None:
                seen = self._views[viewer] = self._view(viewer, None)
            return seen
        shown_bottom = None
        if viewer is not None and self.pay_off[viewer]:
            shown_bottom = self.pay_off[viewer][0]
        return self._view(viewer, shown_bottom)

    def _view(self, viewer: int | None, shown_bottom: Card | None) -> SpiteMaliceView:
        seat = self.current_player
        legal = self.legal_actions() if viewer is not None and viewer == seat else ()
        return SpiteMaliceView(
            viewer=viewer,
            players=self.players,
            current_player=seat,
            hand=tuple(sorted(self.hands[viewer])) if viewer is not None else (),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            pay_off_tops=tuple(pile[-1] if pile else None for pile in self.pay_off),
            pay_off_sizes=tuple(len(pile) for pile in self.pay_off),
            spots=tuple(tuple(tuple(spot) for spot in spots) for spots in self.spots),
            piles=tuple(tuple(pile) for pile in self.piles),
            stock_size=len(self.stock),
            cleared_size=len(self.cleared),
            stall=self.stall,
            built=self.built,
            winners=tuple(self.winners),
            legal=legal,
            bottom=shown_bottom,
            cleared=tuple(self.cleared),
            restocked=self.restocked,
            bused=() if viewer is None else tuple(self.pay_off[viewer][: self.bused[viewer]]),
        )

    # ----- copies and JSON -----------------------------------------------------------------

    def clone(self) -> SpiteMaliceState:
        """A deep, independent copy, RNG included (shared until either side draws from it)."""
        copy = SpiteMaliceState.__new__(SpiteMaliceState)
        copy.rng = self.rng.clone()
        copy.players = self.players
        copy.stock = self.stock.copy()
        copy.cleared = self.cleared.copy()
        copy.hands = [hand.copy() for hand in self.hands]
        copy.pay_off = [pile.copy() for pile in self.pay_off]
        copy.spots = [[spot.copy() for spot in spots] for spots in self.spots]
        copy.piles = [pile.copy() for pile in self.piles]
        copy.current_player = self.current_player
        copy.built = self.built
        copy.stall = self.stall
        copy.winners = self.winners.copy()
        copy.restocked = self.restocked
        copy.bused = self.bused.copy()
        copy._legal = self._legal
        copy._layout = self._layout
        copy._version = self._version
        copy._seen = self._seen.copy()
        copy._views = {}
        return copy

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON data; cards are codes, ``#1`` marks the second deck."""
        return {
            "players": self.players,
            "rng": self.rng.to_json(),
            "stock": _codes(self.stock),
            "cleared": _codes(self.cleared),
            "hands": [_codes(hand) for hand in self.hands],
            "pay_off": [_codes(pile) for pile in self.pay_off],
            "spots": [[_codes(spot) for spot in spots] for spots in self.spots],
            "piles": [_codes(pile) for pile in self.piles],
            "current": self.current_player,
            "built": self.built,
            "stall": self.stall,
            "winners": list(self.winners),
            "restocked": _codes(self.restocked),
            "bused": list(self.bused),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SpiteMaliceState:
        """Rebuild a position saved by :meth:`to_json`.

        ``rng`` may be left out (a fresh seed-0 RNG is used), as may ``cleared``, ``spots``,
        ``piles``, ``built``, ``stall``, ``winners``, ``restocked`` and ``bused`` (empty, false,
        0), which eases writing test positions.

        Raises:
            KeyError: If a required field is missing.
            InvalidCommand: If a card code is wrong.
        """
        players = int(data["players"])
        state = cls(players, Rng.from_json(data["rng"]) if "rng" in data else Rng(0))
        state.stock = _cards(data["stock"])
        state.cleared = _cards(data.get("cleared", []))
        state.hands = [_cards(hand) for hand in data["hands"]]
        state.pay_off = [_cards(pile) for pile in data["pay_off"]]
        if "spots" in data:
            state.spots = [[_cards(spot) for spot in spots] for spots in data["spots"]]
        if "piles" in data:
            state.piles = [_cards(pile) for pile in data["piles"]]
        state.current_player = data["current"]
        state.built = bool(data.get("built", False))
        state.stall = int(data.get("stall", 0))
        state.winners = [int(seat) for seat in data.get("winners", [])]
        state.restocked = tuple(sorted(_cards(data.get("restocked", []))))
        state.bused = [int(count) for count in data.get("bused", [0] * players)]
        return state


def starter(pay_off: Sequence[Sequence[Card]]) -> int:
    """SM-3: the seat whose pay-off top is highest (a joker lowest); ties to the lower seat."""
    best = 0
    best_worth = -1
    for seat, pile in enumerate(pay_off):
        worth = VALUES[pile[-1].rank]
        if worth > best_worth:
            best, best_worth = seat, worth
    return best


def card_to_json(card: Card) -> str:
    """A card as JSON: its code, with ``#n`` for a card of deck n > 0 (``7h#1``)."""
    text = _JSON_CODES.get(card)
    if text is None:
        text = card.code if card.deck == 0 else f"{card.code}#{card.deck}"
    return text


def card_from_json(text: str) -> Card:
    """Read a card written by :func:`card_to_json`.

    Raises:
        InvalidCommand: If the text is not a card code.
    """
    card = _JSON_CARDS.get(text)
    if card is None:
        code, _, deck = text.partition("#")
        card = parse_card(code)
        if deck:
            card = card._replace(deck=int(deck))
    return card


_JSON_CODES: dict[Card, str] = {
    card: card.code if card.deck == 0 else f"{card.code}#{card.deck}"
    for card in build_deck(2, 2)
}
_JSON_CARDS: dict[str, Card] = {text: card for card, text in _JSON_CODES.items()}


def _codes(cards: Iterable[Card]) -> list[str]:
    table = _JSON_CODES
    return [table[card] for card in cards]


def _cards(codes: Iterable[str]) -> list[Card]:
    return [card_from_json(code) for code in codes]


def new_state(players: int, seed: int) -> SpiteMaliceState:
    """Deal a new game (SM-1 … SM-3).

    Raises:
        ValueError: If ``players`` is not 2 to 4.
    """
    return SpiteMaliceState.deal(players, seed)
