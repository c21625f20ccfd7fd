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

Inside the state a card is its number, 0-107, in the sorted order of the 108 cards (so a sorted
hand of numbers is the sorted hand of cards), and every zone is a tuple of numbers: a copy of a
position shares them all. Cards become :class:`Card` values only where they leave the engine:
in the views, the events, the actions, the JSON and the zone properties.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.core.cards import Card, card_from_json, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event, Outcome, new_event
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.spite_malice.actions import (
    HAND,
    PAY_OFF,
    SOURCES,
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
        open_hands: None while the game runs; once it is over every seat's hand, seat 0 first,
            sorted, so the final table can be shown open.
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
    open_hands: tuple[tuple[Card, ...], ...] | None = None

    def standing(self, seat: int) -> str:
        """A seat's result in words for the game-over screen: the pay-off cards it has left
        (SM-14, SM-15), ``"emptied the pay-off pile"`` or ``"3 pay-off cards left"``."""
        left = self.pay_off_sizes[seat]
        if not left:
            return "emptied the pay-off pile"
        return f"{left} pay-off card{'' if left == 1 else 's'} left"



_DECK = tuple(build_deck(2, 2))
"""The 108 cards in their unshuffled order (SM-1)."""
_CARDS = tuple(sorted(_DECK))
"""The 108 cards by number: a card's number is its place in the sorted order."""
_NUMBER = {card: number for number, card in enumerate(_CARDS)}
"""Each card's number (equal cards, the same number)."""
_DEAL = [_NUMBER[card] for card in _DECK]
"""The numbers of the unshuffled deck, the order the deal shuffles."""

_SOURCE_INDEX = {source: index for index, source in enumerate(SOURCES)}
"""Each source's index in :data:`SOURCES` (0 the hand, 1 the pay-off top, 2-5 the spots)."""
_HAND_I = _SOURCE_INDEX[HAND]
"""0: the rows of the plays from the hand come first among those of a mask."""
_PAY_I = _SOURCE_INDEX[PAY_OFF]
_SPOT_0 = _PAY_I + 1
"""The index of source ``s1``; ``s2`` … ``s4`` follow it."""
_MASKS = 1 << PLACES
_STRIDE = len(SOURCES) * DECK_SIZE
"""The rows of :data:`_ROWS` per mask: one per source and card."""
_PAY_ROW = _PAY_I * DECK_SIZE
"""Where the rows of the plays from the pay-off pile start among those of a mask."""

_WORTH = tuple(VALUES[card.rank] for card in _CARDS)
"""Per card number, its building value: 0 joker, 1 ace … 13 king (SM-5, SM-6)."""
_RANK = tuple(int(card.rank) for card in _CARDS)
"""Per card number, its rank as a number (a discard spot holds one rank, SM-13)."""
_RANKS = max(_RANK) + 1
_FACE = tuple(
    0 if worth == 0 else worth * 4 + "shdc".index(card.suit.value)
    for worth, card in zip(_WORTH, _CARDS, strict=True)
)
"""Per card number, what two cards that play alike share (all jokers play alike, SM-6)."""
_PLAYS = tuple(
    tuple(
        tuple(Play(card, source, number) for number in range(1, PLACES + 1)) for source in SOURCES
    )
    for card in _CARDS
)
"""``_PLAYS[card][source][pile - 1]``: the one :class:`Play` of each card, source and pile."""
_DISCARDS = tuple(tuple(Discard(card, spot) for spot in range(1, SPOTS + 1)) for card in _CARDS)
"""``_DISCARDS[card][spot - 1]``: the one :class:`Discard` of each card and spot."""
_BY_EMPTY = tuple(
    tuple(tuple(discards[i] for i in range(SPOTS) if mask >> i & 1) for mask in range(1 << SPOTS))
    for discards in _DISCARDS
)
"""``_BY_EMPTY[card][mask]``: the discards of a card onto the spots whose bits are in ``mask``."""
_BUSES = tuple(Bus(card) for card in _CARDS)
_ENDS = tuple(
    (*by_empty, *((discard,) for discard in discards))
    for by_empty, discards in zip(_BY_EMPTY, _DISCARDS, strict=True)
)
"""``_ENDS[card][where]``: the discards of a card onto the empty spots whose bits are in
``where`` (0-15), or onto the spot ``where - 15`` (16-19) that holds its rank."""
_HAND_INFO = tuple(
    zip(
        _FACE,
        _WORTH,
        _RANK,
        _ENDS,
        ((bus,) for bus in _BUSES),
        strict=True,
    )
)
"""Per card number, what listing the actions of a hand card needs: its face, building value and
rank, its discards (``_ENDS``) and its bus (in a tuple of one)."""
_END = End()

_SEATS = range(4)
_ONE = tuple((card,) for card in _CARDS)
"""Per card number, the one-card tuple of its card, as events hold it."""
_END_EVENTS = tuple(Event("end", seat) for seat in _SEATS)
"""The ``end`` event of each seat (events are values, so one is shared)."""
_WIN_EVENTS = tuple(Event("win", seat) for seat in _SEATS)
_END_ALONE = tuple((event,) for event in _END_EVENTS)
"""The events of an ``end`` that passes the turn, by seat."""
_DRAW_ONE = tuple(
    new_event(("draw", seat, one, 1, True, "")) for one in _ONE for seat in _SEATS
)
"""The draw of one card, by ``card * 4 + seat``."""
_DETAILS = tuple(tuple(f"{source} {length}" for length in range(KING + 1)) for source in SOURCES)
"""``_DETAILS[source][length]``: the detail of a play event, the source and the pile's length."""
_PLAY_EVENTS: dict[int, tuple[Event]] = {}
"""The play events made so far, each alone in a tuple (events are values, so each is made
once), by ``((card << 7 | source * 16 + pile) << 4 | length) << 2 | seat``, ``length`` the
pile's new length."""

_NUMBER_OF_ID = {id(card): number for number, card in enumerate(_CARDS)}
"""The number of each card of :data:`_CARDS` by its ``id``: the cards of the actions made above
are these very objects (they live as long as the module)."""
_PLACE_OF_ID = {id(source): index * 16 for index, source in enumerate(SOURCES)}
"""By the ``id`` of each source of :data:`SOURCES` (those of the plays made above), its index
times 16: a play's place is this plus its pile."""
_DISCARD_EVENTS = tuple(
    Event("discard", seat, one, spot) for one in _ONE for spot in range(1, SPOTS + 1)
    for seat in _SEATS
)
"""The ``discard`` events, by ``(card * 4 + spot - 1) * 4 + seat``."""
_BUS_EVENTS = tuple(Event("bus", seat, one, 1, True) for one in _ONE for seat in _SEATS)
"""The ``bus`` events, by ``card * 4 + seat``."""

_ROWS: list[tuple[Play, ...] | None] = [None] * (len(_CARDS) * len(SOURCES) * _MASKS)
"""``_ROWS[mask * _STRIDE + source * 108 + card]``: the plays of a card from a source onto the
piles whose bits (bit ``i`` = pile ``i + 1``) are set in ``mask``, each built when first needed."""


def _row(card: int, source: int, mask: int) -> tuple[Play, ...]:
    """The plays of ``card`` from ``source`` onto the piles of ``mask`` (built once, then kept)."""
    plays = _PLAYS[card][source]
    row = tuple(plays[i] for i in range(PLACES) if mask >> i & 1)
    _ROWS[mask * _STRIDE + source * DECK_SIZE + card] = row
    return row


_card_at = _CARDS.__getitem__
"""The card of a number."""


def _cards_of(numbers: Iterable[int]) -> list[Card]:
    return list(map(_card_at, numbers))


def _numbers_of(cards: Iterable[Card]) -> tuple[int, ...]:
    number = _NUMBER
    return tuple(number[card] for card in cards)


_Layout = list[int]
"""Per building value (0 joker, 1 ace … 13 king), the mask of the piles (bit ``i`` = pile
``i + 1``) a card of that value may go on now: every open pile for a joker, the lowest free
place for an ace; then, at :data:`_PLAYABLE`, the bits of the values whose mask is not 0."""

_PLAYABLE = KING + 1
"""The place in a layout of the bits (bit ``v`` = building value ``v``) of the values that
some pile takes now."""


def _playable(masks: _Layout) -> int:
    bits = 0
    for worth in range(KING + 1):
        if masks[worth]:
            bits |= 1 << worth
    return bits


def _layout(piles: Sequence[Sequence[int]]) -> _Layout:
    masks = [0] * (_PLAYABLE + 1)
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
    masks[_PLAYABLE] = _playable(masks)
    return masks


_ALL_PLACES = (1 << PLACES) - 1
"""The mask of all eight places."""


def _opened_or_closed(layout: _Layout, length: int, bit: int) -> _Layout:
    """The layout once the pile of ``bit`` has been opened by an ace (``length`` 1) or
    completed (``length`` 13, and so cleared), SM-5, SM-7; ``layout`` itself is not changed."""
    layout = layout.copy()
    if length == 1:
        taken = layout[0] | bit
        layout[0] = taken
        layout[2] |= bit
        free = ~taken & _ALL_PLACES
        free &= -free
        layout[1] = free
        # Jokers and twos are taken now; aces only while a place is free.
        layout[_PLAYABLE] = layout[_PLAYABLE] | 0b101 if free else layout[_PLAYABLE] & ~0b10 | 0b101
    else:
        taken = layout[0] & ~bit
        layout[0] = taken
        kings = layout[KING] & ~bit
        layout[KING] = kings
        free = layout[1]
        if not free or bit < free:
            layout[1] = bit
        # An ace can open the freed place; jokers need an open pile, kings a pile of twelve.
        playable = layout[_PLAYABLE] | 0b10
        if not taken:
            playable &= ~1
        if not kings:
            playable &= ~(1 << KING)
        layout[_PLAYABLE] = playable
    return layout


_SpotInfo = tuple[list[tuple[int, int, int]], list[int], int]
"""What a seat's discard spots give its legal actions; it holds while none of his spots is
emptied or opened and no top changes rank (a spot holds one rank, SM-13). The source (2-5),
building value and place in ``_spots`` of each spot that holds cards, in spot order; per rank
where a hand card of it may be discarded, the spot that holds the rank (its source plus 14,
16-19) or else the empty spots (their mask, 0-15), the index into :data:`_ENDS`; and the bits
of the building values of the tops (bit ``v`` = value ``v``)."""


def _spot_info(spots: Sequence[tuple[int, ...]], seat: int) -> _SpotInfo:
    first = seat * SPOTS
    one, two, three, four = spots[first : first + SPOTS]
    tops: list[tuple[int, int, int]] = []
    where = [(not one) | (not two) << 1 | (not three) << 2 | (not four) << 3] * _RANKS
    rank = _RANK
    worth = _WORTH
    bits = 0
    if one:
        value = worth[one[-1]]
        tops.append((_SPOT_0, value, first))
        where[rank[one[-1]]] = _SPOT_0 + 14
        bits |= 1 << value
    if two:
        value = worth[two[-1]]
        tops.append((_SPOT_0 + 1, value, first + 1))
        where[rank[two[-1]]] = _SPOT_0 + 15
        bits |= 1 << value
    if three:
        value = worth[three[-1]]
        tops.append((_SPOT_0 + 2, value, first + 2))
        where[rank[three[-1]]] = _SPOT_0 + 16
        bits |= 1 << value
    if four:
        value = worth[four[-1]]
        tops.append((_SPOT_0 + 3, value, first + 3))
        where[rank[four[-1]]] = _SPOT_0 + 17
        bits |= 1 << value
    return tops, where, bits


class SpiteMaliceState:
    """One Spite & Malice position (implements ``cardgames.core.engine.State``).

    The zones (``stock``, ``cleared``, ``hands``, ``pay_off``, ``spots``, ``piles``) read as new
    lists of cards, so changing such a list changes nothing: assign a whole zone to change it.

    Attributes:
        players: Number of seats (SM-1).
        rng: The seeded RNG; it shuffled the deal and shuffles the cleared heap (SM-11).
        current_player: The seat to act, None once the game is over.
        built: Whether the current player has played to a building pile this turn (SM-15).
        stall: Turns in a row, finished, without a building play (SM-15).
        winners: The winners once over (SM-14, SM-15); replaced, never changed in place.
        restocked: The cards the last reshuffle turned into the stock, sorted (SM-11; public:
            every seat saw them built).
        bused: Per seat, how many cards at the bottom of its pay-off pile it put there with a
            bus (SM-13); only their owner knows them. Replaced, never changed in place.
    """

    __slots__ = (
        "_cleared",
        "_hands",
        "_layout",
        "_legal",
        "_pay",
        "_piles",
        "_seen",
        "_spot_info",
        "_spots",
        "_stock",
        "_stock_size",
        "_version",
        "_views",
        "built",
        "bused",
        "current_player",
        "players",
        "restocked",
        "rng",
        "stall",
        "winners",
    )

    rng: Rng

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self._stock: tuple[int, ...] = ()
        """The stock's cards, the next to draw last, once the first ``_stock_size`` of them:
        a draw leaves the tuple as it is and counts one card fewer."""
        self._stock_size = 0
        self._cleared: tuple[int, ...] = ()
        self._hands: list[tuple[int, ...]] = [()] * players
        self._pay: list[tuple[int, ...]] = [()] * players
        self._spots: list[tuple[int, ...]] = [()] * (SPOTS * players)
        """Seat ``s``'s discard spot ``n`` (1-4) is ``_spots[s * 4 + n - 1]``."""
        self._piles: list[tuple[int, ...]] = [()] * PLACES
        self.current_player: int | None = 0
        self.built = False
        self.stall = 0
        self.winners: list[int] = []
        self.restocked: tuple[Card, ...] = ()
        self.bused = [0] * players
        self._legal: tuple[Action, ...] | None = None
        self._layout: _Layout | None = None
        self._version = 0
        """Counts the changes to the zones: a seat's legal actions hold while it stays."""
        self._seen: list[tuple[int, tuple[Action, ...]] | None] = [None] * players
        """Per seat, the version its legal actions were last listed at with an empty hand, and
        those actions (while ``end`` passes the turn round, nothing else changes)."""
        self._spot_info: list[_SpotInfo | None] = [None] * players
        """Per seat, what its discard spots give its legal actions, None until needed."""
        self._views: dict[int | None, SpiteMaliceView] | None = None
        """The views handed out since the last change, by viewer; None for none yet."""

    @classmethod
    def deal(cls, players: int, seed: int) -> SpiteMaliceState:
        """Shuffle the 108 cards and deal (SM-1, SM-2); the highest pay-off top starts (SM-3).

        Raises:
            ValueError: If ``players`` is not 2 to 4.
        """
        if not 2 <= players <= 4:
            raise ValueError("Spite & Malice is for 2 to 4 players")
        state = cls(players, Rng(seed))
        deck = _DEAL.copy()
        state.rng.shuffle(deck)
        deck.reverse()
        top = players * PAY_OFF_SIZE
        state._pay = [
            tuple(deck[seat * PAY_OFF_SIZE : (seat + 1) * PAY_OFF_SIZE]) for seat in range(players)
        ]
        state._hands = [
            tuple(deck[top + seat * HAND_SIZE : top + (seat + 1) * HAND_SIZE])
            for seat in range(players)
        ]
        state._stock = tuple(reversed(deck[top + players * HAND_SIZE :]))
        state._stock_size = len(state._stock)
        best = best_worth = -1
        for seat, pile in enumerate(state._pay):
            worth = _WORTH[pile[-1]]
            if worth > best_worth:
                best, best_worth = seat, worth
        state.current_player = best
        return state

    # ----- the zones as cards --------------------------------------------------------------

    def _changed(self) -> None:
        """Forget what was worked out from the zones (a zone was assigned)."""
        self._legal = None
        self._layout = None
        self._version += 1
        self._spot_info = [None] * self.players
        self._views = None

    @property
    def stock(self) -> list[Card]:
        """The stock, the next card to draw last."""
        return _cards_of(self._stock[: self._stock_size])

    @stock.setter
    def stock(self, cards: list[Card]) -> None:
        self._stock = _numbers_of(cards)
        self._stock_size = len(self._stock)
        self._changed()

    @property
    def cleared(self) -> list[Card]:
        """The cleared heap: the cards of completed piles (SM-7)."""
        return _cards_of(self._cleared)

    @cleared.setter
    def cleared(self, cards: list[Card]) -> None:
        self._cleared = _numbers_of(cards)
        self._changed()

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand."""
        return [_cards_of(hand) for hand in self._hands]

    @hands.setter
    def hands(self, hands: list[list[Card]]) -> None:
        self._hands = [_numbers_of(hand) for hand in hands]
        self._changed()

    @property
    def pay_off(self) -> list[list[Card]]:
        """Each seat's pay-off pile, bottom first; the last card is the face-up top."""
        return [_cards_of(pile) for pile in self._pay]

    @pay_off.setter
    def pay_off(self, piles: list[list[Card]]) -> None:
        self._pay = [_numbers_of(pile) for pile in piles]
        self._changed()

    @property
    def spots(self) -> list[list[list[Card]]]:
        """Each seat's four discard spots, each bottom first (SM-13)."""
        spots = self._spots
        return [
            [_cards_of(spots[first + i]) for i in range(SPOTS)]
            for first in range(0, len(spots), SPOTS)
        ]

    @spots.setter
    def spots(self, spots: list[list[list[Card]]]) -> None:
        self._spots = [_numbers_of(spot) for row in spots for spot in row]
        self._changed()

    @property
    def piles(self) -> list[list[Card]]:
        """The eight places for building piles, each bottom first; empty where free."""
        return [_cards_of(pile) for pile in self._piles]

    @piles.setter
    def piles(self, piles: list[list[Card]]) -> None:
        self._piles = [_numbers_of(pile) for pile in piles]
        self._changed()

    # ----- queries -------------------------------------------------------------------------

    def card_count(self) -> int:
        """Cards in all zones together; 108 throughout (SM-1)."""
        return (
            self._stock_size
            + len(self._cleared)
            + sum(map(len, self._hands))
            + sum(map(len, self._pay))
            + sum(map(len, self._spots))
            + sum(map(len, self._piles))
        )

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for the check that all 108 are distinct)."""
        numbers = [*self._stock[: self._stock_size], *self._cleared]
        for seat in range(self.players):
            numbers.extend(self._hands[seat])
            numbers.extend(self._pay[seat])
            for spot in self._spots[seat * SPOTS : (seat + 1) * SPOTS]:
                numbers.extend(spot)
        for pile in self._piles:
            numbers.extend(pile)
        return _cards_of(numbers)

    def turn(self, seat: int) -> Turn:
        """The situation of ``seat`` as the rules judge it (see :func:`moves.refusal`)."""
        pay_off = self._pay[seat]
        return Turn(
            _cards_of(self._hands[seat]),
            _CARDS[pay_off[-1]] if pay_off else None,
            [_cards_of(spot) for spot in self._spots[seat * SPOTS : (seat + 1) * SPOTS]],
            [_cards_of(pile) for pile in self._piles],
            bool(self._stock_size or self._cleared),
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
        if legal is not None:
            return legal
        seat = self.current_player
        if seat is None:
            self._legal = ()
            return ()
        hand = self._hands[seat]
        if not hand:
            seen = self._seen[seat]
            if seen is not None and seen[0] == self._version:
                legal = self._legal = seen[1]
                return legal
        targets = self._layout
        if targets is None:
            targets = self._layout = _layout(self._piles)
        rows = _ROWS
        actions: list[Action] = []
        pay_off = self._pay[seat]
        if pay_off:
            card = pay_off[-1]
            mask = targets[_WORTH[card]]
            if mask:
                actions += rows[mask * _STRIDE + _PAY_ROW + card] or _row(card, _PAY_I, mask)
        spot_info = self._spot_info[seat]
        if spot_info is None:
            spot_info = self._spot_info[seat] = _spot_info(self._spots, seat)
        tops, where, bits = spot_info
        if bits & targets[_PLAYABLE]:
            spots = self._spots
            for source, worth, at in tops:
                mask = targets[worth]
                if mask:
                    card = spots[at][-1]
                    actions += rows[mask * _STRIDE + source * DECK_SIZE + card] or _row(
                        card, source, mask
                    )
        if not hand:
            if not (self._stock_size or self._cleared):
                actions.append(_END)
            legal = self._legal = tuple(actions)
            self._seen[seat] = (self._version, legal)
            return legal
        info = _HAND_INFO
        ends: list[Action] = []
        buses: list[Action] = []
        last = -1
        ace = False
        for card in sorted(hand):
            face, worth, rank, card_ends, bus = info[card]
            if face != last:
                last = face
                buses += bus
                ends += card_ends[where[rank]]
                if targets[worth]:
                    actions += rows[targets[worth] * _STRIDE + card] or _row(
                        card, _HAND_I, targets[worth]
                    )
                    if worth == 1:
                        ace = True
        if not ace:
            actions += ends
            actions += buses
        legal = self._legal = tuple(actions)
        return legal

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
        if action is _END and legal and legal[-1] is _END:
            # SM-13, SM-15: ``end`` is listed last when it is legal; his hand is empty and
            # nothing is left to draw, so the next seat draws nothing. The next seat's actions
            # are those kept for it if nothing has changed since they were listed.
            if self._views:
                self._views = None
            if self.built:
                self.built = False
            else:
                stall = self.stall = self.stall + 1
                if stall >= STALL_TURNS:
                    return self._stalled(_END_EVENTS[seat])
            following = seat + 1
            if following == self.players:
                following = 0
            self.current_player = following
            seen = self._seen[following]
            self._legal = seen[1] if seen is not None and seen[0] == self._version else None
            return _END_ALONE[seat]
        # An action listed as legal needs no second check (the listed ones are shared).
        for listed in legal or ():
            if listed is action:
                break
        else:
            action = self._checked(action, seat)
        self._version += 1
        self._legal = None
        if self._views:
            self._views = None
        if type(action) is Play:
            return self._build(
                seat, _NUMBER_OF_ID[id(action.card)], _PLACE_OF_ID[id(action.source)] | action.pile
            )
        if type(action) is Bus:
            card = _NUMBER_OF_ID[id(action.card)]
            event = _BUS_EVENTS[card * 4 + seat]
            kept = list(self._hands[seat])
            kept.remove(card)
            self._hands[seat] = tuple(kept)
            self._pay[seat] = (card, *self._pay[seat])
            bused = self.bused.copy()
            bused[seat] += 1
            self.bused = bused
        elif type(action) is Discard:
            card = _NUMBER_OF_ID[id(action.card)]
            spot_number = action.spot
            event = _DISCARD_EVENTS[(card * 4 + spot_number - 1) * 4 + seat]
            kept = list(self._hands[seat])
            kept.remove(card)
            self._hands[seat] = tuple(kept)
            at = seat * SPOTS + spot_number - 1
            spot = self._spots[at]
            self._spots[at] = (*spot, card)
            if not spot:
                self._spot_info[seat] = None
        else:
            event = _END_EVENTS[seat]
        # SM-15 then SM-8: count a turn without building, end a stalled game, or pass on.
        if self.built:
            self.built = False
        else:
            self.stall += 1
            if self.stall >= STALL_TURNS:
                return self._stalled(event)
        following = seat + 1
        if following == self.players:
            following = 0
        self.current_player = following
        hand = self._hands[following]
        if len(hand) < HAND_SIZE:
            size = self._stock_size
            if len(hand) == HAND_SIZE - 1 and size:
                # The usual draw, one card: the events of ``_fill`` without its call.
                self._version += 1
                size -= 1
                drawn = self._stock[size]
                self._stock_size = size
                self._hands[following] = (*hand, drawn)
                return (event, _DRAW_ONE[drawn * 4 + following])
            if size or self._cleared:
                return (event, *self._fill(following))
        return (event,)

    def _checked(self, action: Action, seat: int) -> Action:
        """The listed action equal to ``action``, an action not among those listed, if ``seat``
        may take it.

        Raises:
            IllegalMove: If the rules forbid it (SM-5 … SM-13).
        """
        problem = refusal(action, self.turn(seat))
        if problem is not None:
            raise IllegalMove(problem)
        return _listed(action)

    def _build(self, seat: int, card: int, place: int) -> tuple[Event, ...]:
        """SM-5 … SM-10, SM-14: move the card onto its pile (``place``, a play's ``source * 16
        + pile``) and deal with what follows."""
        source = place >> 4
        number = place & 15
        if source == _HAND_I:
            kept = list(self._hands[seat])
            kept.remove(card)
            hand = self._hands[seat] = tuple(kept)
        elif source == _PAY_I:
            self._take_pay_off(seat)
            hand = self._hands[seat]
        else:
            at = seat * SPOTS + source - _SPOT_0
            spot = self._spots[at] = self._spots[at][:-1]
            if not spot or _RANK[spot[-1]] != _RANK[card]:
                self._spot_info[seat] = None
            hand = self._hands[seat]
        pile = self._piles[number - 1] + (card,)
        length = len(pile)
        layout = self._layout
        if layout is not None:
            bit = 1 << (number - 1)
            if 1 < length < KING:
                layout = self._layout = layout.copy()
                left = layout[length] & ~bit
                layout[length] = left
                layout[length + 1] |= bit
                if left:
                    layout[_PLAYABLE] |= 2 << length
                else:
                    layout[_PLAYABLE] = (layout[_PLAYABLE] | 2 << length) & ~(1 << length)
            else:
                self._layout = _opened_or_closed(layout, length, bit)
        self.built = True
        self.stall = 0
        event = new_event(("play", seat, _ONE[card], number, False, _DETAILS[source][length]))
        if length < KING and source != _PAY_I and hand:
            self._piles[number - 1] = pile
            return (event,)
        return self._after_build(seat, event, source, number, pile)

    def _take_pay_off(self, seat: int) -> None:
        """SM-9, SM-13: the pay-off top leaves the pile (a bused card with it, if it was one)."""
        pay_off = self._pay[seat] = self._pay[seat][:-1]
        if self.bused[seat] > len(pay_off):
            bused = self.bused.copy()
            bused[seat] = len(pay_off)
            self.bused = bused

    def _after_build(
        self, seat: int, event: Event, source: int, number: int, pile: tuple[int, ...]
    ) -> tuple[Event, ...]:
        """SM-7, SM-9, SM-10, SM-14: place the grown pile (clearing it if complete), turn the
        next pay-off card or win, and fill an emptied hand; the events from the play on."""
        events = [event]
        if len(pile) == KING:
            events.append(Event("complete", seat, tuple(map(_card_at, pile)), number))
            self._cleared += pile
            self._piles[number - 1] = ()
        else:
            self._piles[number - 1] = pile
        if source == _PAY_I:
            pay_off = self._pay[seat]
            if not pay_off:
                events.append(_WIN_EVENTS[seat])
                self._finish([seat])
                return tuple(events)
            turned = ("turn", seat, _ONE[pay_off[-1]], len(pay_off), False, "")
            events.append(new_event(turned))
        if not self._hands[seat] and (self._stock_size or self._cleared):
            events.extend(self._fill(seat))
        return tuple(events)

    def _fill(self, seat: int) -> tuple[Event, ...]:
        """SM-8, SM-10, SM-11: draw up to five, turning the cleared heap into a new stock.

        Called only when the hand holds fewer than five and the stock or the cleared heap holds
        a card; returns the draw (and reshuffle) events.
        """
        hand = self._hands[seat]
        need = HAND_SIZE - len(hand)
        stock = self._stock
        size = self._stock_size
        self._version += 1
        if need == 1 and size:
            card = stock[size - 1]
            self._stock_size = size - 1
            self._hands[seat] = (*hand, card)
            return (_DRAW_ONE[card * 4 + seat],)
        if need <= size:
            drawn = stock[size - need : size][::-1]
            self._stock_size = size - need
            self._hands[seat] = hand + drawn
            return (new_event(("draw", seat, tuple(map(_card_at, drawn)), need, True, "")),)
        events: list[Event] = []
        drawn = stock[:size][::-1]
        need -= size
        if drawn:
            events.append(Event("draw", seat, tuple(map(_card_at, drawn)), size, True))
        hand += drawn
        if self._cleared:
            heap = list(self._cleared)
            self._cleared = ()
            self.restocked = tuple(map(_card_at, sorted(heap)))
            self.rng.shuffle(heap)
            events.append(Event("reshuffle", None, count=len(heap)))
            take = heap[: -need - 1 : -1] if len(heap) > need else heap[::-1]
            del heap[-need:]
            self._stock = tuple(heap)
            self._stock_size = len(heap)
            hand += tuple(take)
            events.append(Event("draw", seat, tuple(map(_card_at, take)), len(take), True))
        else:
            self._stock = ()
            self._stock_size = 0
        self._hands[seat] = hand
        return tuple(events)

    def _stalled(self, event: Event) -> tuple[Event, ...]:
        """SM-15: the turn that ended with ``event`` was the last of a stall; the game ends."""
        sizes = [len(pile) for pile in self._pay]
        fewest = min(sizes)
        winners = [p for p in range(self.players) if sizes[p] == fewest]
        self._finish(winners)
        return (
            event,
            Event("stall", None, count=self.stall),
            *(_WIN_EVENTS[p] for p in winners),
        )

    def _finish(self, winners: list[int]) -> None:
        self.winners = winners
        self.current_player = None
        self._legal = ()

    # ----- results and views ---------------------------------------------------------------

    def pay_off_sizes(self) -> tuple[int, ...]:
        """Cards in each seat's pay-off pile."""
        return tuple(map(len, self._pay))

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
            key=lambda p: (len(self._pay[p]), p),
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
        pile = self._pay[owner]
        if not pile:
            raise IllegalMove("Your pay-off pile is empty")
        return _CARDS[pile[0]]

    def peek(self, viewer: int) -> SpiteMaliceView:
        """The view of ``viewer`` with the bottom card of his own pay-off pile (SM-4).

        Looking changes nothing and is not a move.
        """
        return self.view(viewer, bottom=True)

    def view(self, viewer: int | None, *, bottom: bool = False) -> SpiteMaliceView:
        """What ``viewer`` may see (None: the public view of the pass screen), SM-4; once the
        game is over every hand (``open_hands``).

        Args:
            viewer: The seat looking, or None.
            bottom: Show the viewer the bottom card of his own pay-off pile (ignored for the
                public view and for an empty pile).
        """
        if not bottom:
            views = self._views
            if views is None:
                views = self._views = {}
            seen = views.get(viewer)
            if seen is None:
                seen = views[viewer] = self._view(viewer, None)
            return seen
        shown_bottom = None
        if viewer is not None and self._pay[viewer]:
            shown_bottom = _CARDS[self._pay[viewer][0]]
        return self._view(viewer, shown_bottom)

    def _view(self, viewer: int | None, shown_bottom: Card | None) -> SpiteMaliceView:
        seat = self.current_player
        legal = self.legal_actions() if viewer is not None and viewer == seat else ()
        cards = _CARDS
        spots = self._spots
        return SpiteMaliceView(
            viewer=viewer,
            players=self.players,
            current_player=seat,
            hand=tuple(_cards_of(sorted(self._hands[viewer]))) if viewer is not None else (),
            hand_sizes=tuple(map(len, self._hands)),
            pay_off_tops=tuple(cards[pile[-1]] if pile else None for pile in self._pay),
            pay_off_sizes=tuple(map(len, self._pay)),
            spots=tuple(
                tuple(tuple(_cards_of(spots[first + i])) for i in range(SPOTS))
                for first in range(0, len(spots), SPOTS)
            ),
            piles=tuple(tuple(_cards_of(pile)) for pile in self._piles),
            stock_size=self._stock_size,
            cleared_size=len(self._cleared),
            stall=self.stall,
            built=self.built,
            winners=tuple(self.winners),
            legal=legal,
            bottom=shown_bottom,
            cleared=tuple(_cards_of(self._cleared)),
            restocked=self.restocked,
            bused=()
            if viewer is None
            else tuple(_cards_of(self._pay[viewer][: self.bused[viewer]])),
            open_hands=None
            if seat is not None
            else tuple(tuple(_cards_of(sorted(hand))) for hand in self._hands),
        )

    # ----- copies and JSON -----------------------------------------------------------------

    def clone(self) -> SpiteMaliceState:
        """A deep, independent copy, RNG included (shared until either side draws from it).

        The zones are tuples and the other fields are replaced rather than changed, so the copy
        shares them and copies only the four lists that hold the zones.
        """
        copy = SpiteMaliceState.__new__(SpiteMaliceState)
        copy.rng = self.rng.clone()
        copy.players = self.players
        copy._stock = self._stock
        copy._stock_size = self._stock_size
        copy._cleared = self._cleared
        copy._hands = self._hands.copy()
        copy._pay = self._pay.copy()
        copy._spots = self._spots.copy()
        copy._piles = self._piles.copy()
        copy.current_player = self.current_player
        copy.built = self.built
        copy.stall = self.stall
        copy.winners = self.winners
        copy.restocked = self.restocked
        copy.bused = self.bused
        copy._legal = self._legal
        copy._layout = self._layout
        copy._version = self._version
        copy._seen = self._seen.copy()
        copy._spot_info = self._spot_info.copy()
        copy._views = None
        return copy

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON data; cards are codes, ``#1`` marks the second deck."""
        spots = self._spots
        return {
            "players": self.players,
            "rng": self.rng.to_json(),
            "stock": _codes(self._stock[: self._stock_size]),
            "cleared": _codes(self._cleared),
            "hands": [_codes(hand) for hand in self._hands],
            "pay_off": [_codes(pile) for pile in self._pay],
            "spots": [
                [_codes(spots[first + i]) for i in range(SPOTS)]
                for first in range(0, len(spots), SPOTS)
            ],
            "piles": [_codes(pile) for pile in self._piles],
            "current": self.current_player,
            "built": self.built,
            "stall": self.stall,
            "winners": list(self.winners),
            "restocked": [card_to_json(card) for card in self.restocked],
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
        state._stock = _numbers(data["stock"])
        state._stock_size = len(state._stock)
        state._cleared = _numbers(data.get("cleared", []))
        state._hands = [_numbers(hand) for hand in data["hands"]]
        state._pay = [_numbers(pile) for pile in data["pay_off"]]
        if "spots" in data:
            state._spots = [_numbers(spot) for spots in data["spots"] for spot in spots]
        if "piles" in data:
            state._piles = [_numbers(pile) for pile in data["piles"]]
        state.current_player = data["current"]
        state.built = bool(data.get("built", False))
        state.stall = int(data.get("stall", 0))
        state.winners = [int(seat) for seat in data.get("winners", [])]
        state.restocked = tuple(sorted(card_from_json(code) for code in data.get("restocked", [])))
        state.bused = [int(count) for count in data.get("bused", [0] * players)]
        return state


def _listed(action: Action) -> Action:
    """The shared action made above that equals ``action``, a legal action (its card one of
    :data:`_CARDS`, its source one of :data:`SOURCES`)."""
    if isinstance(action, Play):
        return _PLAYS[_NUMBER[action.card]][_SOURCE_INDEX[action.source]][action.pile - 1]
    if isinstance(action, Discard):
        return _DISCARDS[_NUMBER[action.card]][action.spot - 1]
    if isinstance(action, Bus):
        return _BUSES[_NUMBER[action.card]]
    return _END


def starter(pay_off: Sequence[Sequence[Card]]) -> int:
    """SM-3: the seat whose pay-off top is highest (a joker lowest); ties to the lower seat."""
    best = 0
    best_worth = -1
    for seat, pile in enumerate(pay_off):
        worth = VALUES[pile[-1].rank]
        if worth > best_worth:
            best, best_worth = seat, worth
    return best




_CODE_OF = tuple(card_to_json(card) for card in _CARDS)
"""Each card number's JSON code."""


def _codes(numbers: Iterable[int]) -> list[str]:
    codes = _CODE_OF
    return [codes[number] for number in numbers]


def _numbers(codes: Iterable[str]) -> tuple[int, ...]:
    number = _NUMBER
    return tuple(number[card_from_json(code)] for code in codes)


def new_state(players: int, seed: int) -> SpiteMaliceState:
    """Deal a new game (SM-1 … SM-3).

    Raises:
        ValueError: If ``players`` is not 2 to 4.
    """
    return SpiteMaliceState.deal(players, seed)
