"""The Shithead engine (Swedish rules, spec SH-1 … SH-17).

A :class:`ShitheadState` is one position: the stock, each seat's hand, face-up and face-down
cards, the discard pile, the burnt cards and the explicit turn state (phase, ready seats, extra
moves left, the run of equal ranks on top of the pile, the play-again flag and the seats out).
It mutates itself in :meth:`ShitheadState.apply`; everything it hands out is immutable.

Turn structure:

* ``"swap"`` (SH-3): the lowest seat not yet ready acts; one :class:`Swap` per action, then
  :class:`Ready`. When all are ready the first player is chosen by SH-4.
* ``"play"``: :class:`Play`, :class:`PickUp` or :class:`Blind` (SH-5 … SH-8, SH-14, SH-15).
* ``"bonus"`` (SH-9): after a play with 2s the same player lays extra cards with :class:`Bonus`
  or ends them with :class:`Decline`.
* ``"over"`` (SH-16).

After a turn's placements the player refills (SH-7, SH-13); if the pile is empty at the end of
his placements he plays again (SH-12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, reduce
from itertools import combinations
from operator import or_
from typing import Any

from cardgames.core.cards import Card, Rank, parse_card
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event, Outcome, new_event
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.shithead.actions import (
    Action,
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Swap,
    Timeout,
)
from cardgames.games.shithead.moves import (
    ANYWHERE,
    BONUS,
    FACE_DOWN,
    FACE_UP,
    FOUR,
    HAND,
    HAND_SIZE,
    OPTION_NAMES,
    OVER,
    PLAY,
    PLAY_TO_LAST,
    POSITIONS,
    ROW,
    SWAP,
    VOLUNTARY_PICKUP,
    Turn,
    beats,
    play_source,
    refusal,
)

# Enum members looked up once: a lookup on an enum class is slow in hot loops.
_TWO = Rank.TWO
_TEN = Rank.TEN
_PICK_UP = PickUp()
_BLINDS = {pos: Blind(pos) for pos in POSITIONS}
_DECK = tuple(build_deck())
"""The 52 cards in the order of ``build_deck``, made once: every deal shuffles a copy."""
_ORDER = {card: index for index, card in enumerate(sorted(_DECK))}
"""Each card's place in sorting order: sorting by it gives ``sorted`` order, faster."""
_READY = Ready()
_DECLINE = Decline()
_CARDS_BY_CODE = {card.code: card for card in _DECK}
_BIT = {card: 1 << index for card, index in _ORDER.items()}
"""Each card's bit in a set of cards as an integer: bit ``4 * (rank - 2) + suit`` (sorted order)."""
_CODE_OF = {card: code for code, card in _CARDS_BY_CODE.items()}
_SEATS = range(4)
"""Every seat there may be (SH-1)."""
_PLAYED_ONE = [
    {card: new_event(("play", seat, (card,), 0, False, HAND)) for card in _DECK} for seat in _SEATS
]
"""Per seat and card: the event of that card played alone from the hand, no extra move."""
_BONUS_ONE = [
    {card: new_event(("bonus", seat, (card,), 0, False, "")) for card in _DECK} for seat in _SEATS
]
"""Per seat and card: the event of that card laid alone in an extra move (SH-9)."""
_AGAIN = [new_event(("again", seat, (), 0, False, "")) for seat in _SEATS]
"""Per seat: the event of playing again on the empty pile (SH-12)."""
_DRAWN_ONE = [
    {card: new_event(("draw", seat, (card,), 1, True, "")) for card in _DECK} for seat in _SEATS
]
"""Per seat and card: the event of drawing that one card (SH-7)."""


@dataclass(frozen=True, slots=True)
class ShitheadView:
    """What one seat (or the public, ``viewer`` None) may see of a position.

    Face-down cards are hidden from everyone, their owner included; a hand only from the others;
    the stock order from all.

    Attributes:
        viewer: The seat looking, or None for the public view.
        players: Number of seats.
        current_player: The seat to act, None once the game is over.
        phase: ``"swap"``, ``"play"``, ``"bonus"`` or ``"over"``.
        hand: The viewer's hand (() for the public view).
        hand_sizes: Cards in each seat's hand.
        face_up: Per seat, the three face-up positions, None where taken.
        face_down: Per seat, the three face-down positions, True where a card lies.
        pile: The whole discard pile, bottom first.
        run_rank: The rank of the equal cards on top of the pile, None if the pile is empty.
        run_length: How many equal ranks lie on top of the pile (SH-11).
        stock_size: Cards left in the stock.
        burnt_size: Cards cleared out of play.
        ready: Per seat, whether it is done swapping (SH-3).
        bonus_left: Extra moves the current player may still take (SH-9).
        finished: The seats out, in order (SH-16).
        legal: The legal actions if the viewer is the current player, else ().
        playable: The viewer's cards he may select now: in the play phase the hand or face-up
            cards that start a legal Play, in the bonus phase every hand card, else none.
        source: Where the current player plays from: ``"hand"``, ``"face-up"``, ``"face-down"``.
        options: The house options switched on.
        description: One line on what the current player has to do.
        play_again: True when the current player plays again after clearing the pile (SH-12).
        open_hands: None while the game runs; once it is over, per seat the cards it still
            holds that were hidden (the hand, then the face-down cards), seat 0 first.
        burnt: The cards cleared out of play (SH-11), sorted.
        known: Per seat, the hand cards everyone has seen go into that hand (picked up with the
            pile, SH-8, or taken from the face-up row in a swap, SH-3), sorted; they stay there
            until played.
    """

    viewer: int | None
    players: int
    current_player: int | None
    phase: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    face_up: tuple[tuple[Card | None, ...], ...]
    face_down: tuple[tuple[bool, ...], ...]
    pile: tuple[Card, ...]
    run_rank: Rank | None
    run_length: int
    stock_size: int
    burnt_size: int
    ready: tuple[bool, ...]
    bonus_left: int
    finished: tuple[int, ...]
    legal: tuple[Action, ...]
    playable: frozenset[Card]
    source: str
    options: tuple[str, ...]
    description: str
    play_again: bool
    open_hands: tuple[tuple[Card, ...], ...] | None = None
    burnt: tuple[Card, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()

    @property
    def shithead(self) -> int | None:
        """The seat left holding cards when a game played to the last (house option
        ``play-to-last``) is over: the shithead, who loses (SH-16); None otherwise."""
        if self.phase != OVER or PLAY_TO_LAST not in self.options:
            return None
        left = [seat for seat in range(self.players) if seat not in self.finished]
        return left[0] if len(left) == 1 else None

    def standing(self, seat: int) -> str:
        """A seat's result in words for the game-over screen (SH-16): ``"went out"``, the
        cards it still holds (hand, face-up and face-down), and for the shithead of a game
        played to the last ``"the shithead, 4 cards left"``."""
        if seat in self.finished:
            return "went out"
        held = (self.hand_sizes[seat] + sum(card is not None for card in self.face_up[seat])
                + sum(self.face_down[seat]))
        left = f"{held} card{'' if held == 1 else 's'} left"
        return f"the shithead, {left}" if seat == self.shithead else left

    def verdict(self, names: Sequence[str]) -> str:
        """The line under the game-over headline: who is the shithead of a game played to
        the last ("Bob is the shithead.", "You are the shithead."), else ""."""
        seat = self.shithead
        if seat is None:
            return ""
        name = names[seat]
        return f"{name} {'are' if name == 'You' else 'is'} the shithead."


def _card(code: str) -> Card:
    card = _CARDS_BY_CODE.get(code)
    return parse_card(code) if card is None else card


def _card_list(codes: Sequence[str]) -> list[Card]:
    return [_card(code) for code in codes]


def _row(codes: Sequence[str | None]) -> list[Card | None]:
    return [None if code is None else _card(code) for code in codes]


def _codes(cards: Sequence[Card]) -> list[str]:
    code_of = _CODE_OF
    return [code_of[card] for card in cards]


def _row_codes(cards: Sequence[Card | None]) -> list[str | None]:
    return [None if card is None else _CODE_OF[card] for card in cards]


class ShitheadState:
    """One Shithead position (implements ``cardgames.core.engine.State``).

    Attributes:
        players: Number of seats (SH-1).
        voluntary_pickup: House option: picking up is allowed when a play exists (SH-8).
        play_to_last: House option: play on until one player is left, who loses (SH-16).
        rng: The seeded RNG that dealt the cards.
        stock: The stock, the next card to draw last.
        hands: Each seat's hand.
        face_up: Each seat's three face-up positions, None where taken.
        face_down: Each seat's three face-down positions, None where taken.
        pile: The discard pile, bottom first.
        burnt: The cards cleared out of play (SH-11).
        phase: ``"swap"``, ``"play"``, ``"bonus"`` or ``"over"``.
        current_player: The seat to act; in the swap phase the lowest seat not ready; None when
            the game is over.
        ready: Per seat, done swapping (SH-3).
        bonus_left: Extra moves the current player may still take (SH-9).
        run_rank: The rank of the equal cards on top of the pile, None if it is empty.
        run_length: How many equal ranks lie on top of the pile (SH-11).
        play_again: The current player plays again after clearing the pile (SH-12).
        finished: The seats out, in order (SH-16).
        shown: Every card that has lain face up (on the table or the pile), so that the hand
            cards among them are known to all (see ``ShitheadView.known``).
    """

    __slots__ = (
        "_bits",
        "_bits_of",
        "_legal",
        "_pile_bits",
        "_pile_of",
        "_rng_json",
        "_shown",
        "bonus_left",
        "burnt",
        "current_player",
        "face_down",
        "face_up",
        "finished",
        "hands",
        "phase",
        "pile",
        "play_again",
        "play_to_last",
        "players",
        "ready",
        "rng",
        "run_length",
        "run_rank",
        "stock",
        "voluntary_pickup",
    )

    def __init__(self, players: int, rng: Rng, *, voluntary_pickup: bool, play_to_last: bool):
        self.players = players
        self.voluntary_pickup = voluntary_pickup
        self.play_to_last = play_to_last
        self.rng = rng
        self.stock: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.face_up: list[list[Card | None]] = [[None] * ROW for _ in range(players)]
        self.face_down: list[list[Card | None]] = [[None] * ROW for _ in range(players)]
        self.pile: list[Card] = []
        self.burnt: list[Card] = []
        self.phase = SWAP
        self.current_player: int | None = 0
        self.ready = [False] * players
        self.bonus_left = 0
        self.run_rank: Rank | None = None
        self.run_length = 0
        self.play_again = False
        self.finished: list[int] = []
        self._shown = 0
        self._legal: tuple[Action, ...] | None = None
        self._rng_json: list[Any] | None = None
        self._bits = [0] * players
        self._bits_of: list[list[Card] | None] = [None] * players
        self._pile_bits = 0
        self._pile_of: list[Card] | None = None

    @classmethod
    def deal(
        cls, players: int, seed: int, *, voluntary_pickup: bool = False, play_to_last: bool = False
    ) -> ShitheadState:
        """Shuffle one 52-card deck and deal (SH-1, SH-2); the swap phase begins (SH-3).

        Raises:
            ValueError: If ``players`` is not 2 to 4.
        """
        if not 2 <= players <= 4:
            raise ValueError("Shithead is for 2 to 4 players")
        state = cls(
            players, Rng(seed), voluntary_pickup=voluntary_pickup, play_to_last=play_to_last
        )
        deck = list(_DECK)
        state.rng.shuffle(deck)
        for seat in range(players):
            state.face_down[seat] = [deck.pop() for _ in range(ROW)]
            state.face_up[seat] = [deck.pop() for _ in range(ROW)]
            state.hands[seat] = [deck.pop() for _ in range(HAND_SIZE)]
        state.stock = deck
        return state

    @property
    def shown(self) -> frozenset[Card]:
        """Every card that has lain face up (on the table or the pile), kept as bits (see
        ``_BIT``): the hand cards among them are known to all (``ShitheadView.known``)."""
        bits = self._shown
        return frozenset(card for card, bit in _BIT.items() if bits & bit)

    @shown.setter
    def shown(self, cards: frozenset[Card]) -> None:
        self._shown = reduce(or_, map(_BIT.__getitem__, cards), 0)

    # ----- queries -------------------------------------------------------------------------

    @property
    def options(self) -> tuple[str, ...]:
        """The house options switched on."""
        flags = (self.voluntary_pickup, self.play_to_last)
        return tuple(name for name, on in zip(OPTION_NAMES, flags, strict=True) if on)

    def card_count(self) -> int:
        """Cards in all zones together; 52 throughout (SH-1)."""
        empty = sum(row.count(None) for row in self.face_up) + sum(
            row.count(None) for row in self.face_down
        )
        table = 2 * ROW * self.players - empty
        hands = sum(map(len, self.hands))
        return len(self.stock) + hands + table + len(self.pile) + len(self.burnt)

    def source(self, seat: int) -> str:
        """Where ``seat`` plays from: ``"hand"``, ``"face-up"`` or ``"face-down"`` (SH-14/15)."""
        return play_source(self.hands[seat], self.face_up[seat])

    def timeout_action(self) -> Timeout | None:
        """What the turn clock may submit now (SH-17): Timeout, or None in the swap phase or
        once the game is over."""
        return Timeout() if self.phase == PLAY or self.phase == BONUS else None

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions in a fixed order; empty once the game is over.

        Swaps and Ready in the swap phase (SH-3); Plays that beat the pile (SH-5, SH-6, SH-14),
        Blind plays (SH-15) and PickUp when no play exists or ``voluntary-pickup`` is on and the
        pile is not empty (SH-8); Bonus and Decline in the extra moves (SH-9).

        Plays list one action per set of same-rank cards (sorted). Extra moves list one-card
        Bonus actions, one per rank held twice or more with all its cards, then Decline; apply
        accepts any other valid Bonus too (any hand cards in any order are too many to list).
        Timeout is never listed (SH-17).
        """
        legal = self._legal
        if legal is not None:
            return legal
        seat = self.current_player
        if seat is None or self.phase != PLAY:
            legal = self._legal = self._other_legal()
            return legal
        # The play phase, computed here at once: the most frequent case.
        hand = self.hands[seat]
        if hand:
            bits = self._bits[seat]  # _held_bits, its check inline
            if self._bits_of[seat] is not hand or bits.bit_count() != len(hand):
                bits = self._held_bits(seat)
        else:
            bits = reduce(or_, [_BIT[c] for c in self.face_up[seat] if c is not None], 0)
            if not bits:
                legal = self._legal = self._blind_actions(seat)
                return legal
        pile = self.pile
        if pile:
            bits &= _GOES_ON[pile[-1].rank]
        # Every Play of those cards, three ranks per table (see _chunked).
        legal = (
            _T0[bits & 4095]
            + _T1[bits >> 12 & 4095]
            + _T2[bits >> 24 & 4095]
            + _T3[bits >> 36 & 4095]
            + _T4[bits >> 48]
        )
        if pile and (self.voluntary_pickup or not legal):
            legal = (*legal, _PICK_UP)
        self._legal = legal
        return legal

    def _other_legal(self) -> tuple[Action, ...]:
        """The legal actions outside the play phase: none once over, swaps, extra moves."""
        seat = self.current_player
        if seat is None:
            return ()
        bits = self._held_bits(seat)
        if self.phase == SWAP:
            return _swap_actions(bits)
        # Every one-card Bonus, then every Bonus of a whole rank, three ranks per table.
        return (
            _S0[bits & 4095]
            + _S1[bits >> 12 & 4095]
            + _S2[bits >> 24 & 4095]
            + _S3[bits >> 36 & 4095]
            + _S4[bits >> 48]
            + _G0[bits & 4095]
            + _G1[bits >> 12 & 4095]
            + _G2[bits >> 24 & 4095]
            + _G3[bits >> 36 & 4095]
            + _G4[bits >> 48]
            + _DECLINES
        )

    def _held_bits(self, seat: int) -> int:
        """The cards of ``seat``'s hand as bits (see ``_BIT``), kept up to date by the moves.

        They are counted again whenever the hand is another list than the one they were counted
        for, or holds another number of cards (a hand set from outside the moves)."""
        hand = self.hands[seat]
        bits = self._bits[seat]
        if self._bits_of[seat] is not hand or bits.bit_count() != len(hand):
            bits = self._bits[seat] = reduce(or_, map(_BIT.__getitem__, hand), 0)
            self._bits_of[seat] = hand
        return bits

    def _pile_cards(self) -> int:
        """The cards of the pile as bits (see ``_BIT``), kept up to date by the moves.

        They are counted again whenever the pile is another list than the one they were counted
        for, or holds another number of cards (a pile set from outside the moves)."""
        pile = self.pile
        bits = self._pile_bits
        if self._pile_of is not pile or bits.bit_count() != len(pile):
            bits = self._pile_bits = reduce(or_, map(_BIT.__getitem__, pile), 0)
            self._pile_of = pile
        return bits

    def _take(self, seat: int, cards: Sequence[Card]) -> None:
        """Take ``cards`` out of ``seat``'s hand (and out of its bits)."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        if self._bits_of[seat] is hand:
            self._bits[seat] &= ~reduce(or_, map(_BIT.__getitem__, cards), 0)

    def _give(self, seat: int, cards: Sequence[Card]) -> None:
        """Add ``cards`` to ``seat``'s hand (and to its bits)."""
        hand = self.hands[seat]
        hand.extend(cards)
        if self._bits_of[seat] is hand:
            self._bits[seat] |= reduce(or_, map(_BIT.__getitem__, cards), 0)

    def _blind_actions(self, seat: int) -> tuple[Action, ...]:
        """SH-15: a Blind per face-down card; PickUp too on a pile with ``voluntary-pickup``."""
        down = self.face_down[seat]
        blinds = tuple(_BLINDS[pos] for pos in POSITIONS if down[pos - 1] is not None)
        if self.pile and (self.voluntary_pickup or not blinds):
            return (*blinds, _PICK_UP)
        return blinds

    def _turn(self) -> Turn:
        seat = self.current_player
        if seat is None:
            return Turn(OVER, (), (), (), None, self.voluntary_pickup)
        return Turn(
            self.phase,
            self.hands[seat],
            self.face_up[seat],
            self.face_down[seat],
            self.pile[-1] if self.pile else None,
            self.voluntary_pickup,
        )

    # ----- moves ---------------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for the current player.

        Args:
            action: One of the legal actions, any valid Bonus, any order of a valid Play, or
                Timeout whenever :meth:`timeout_action` is not None.

        Returns:
            What happened, in order.

        Raises:
            IllegalMove: If the rules forbid the action; the state is then unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for listed in legal:
            if listed is action:
                break
        else:
            problem = refusal(action, self._turn())
            if problem is not None:
                raise IllegalMove(problem)
        seat = self.current_player
        assert seat is not None
        self._legal = None
        if type(action) is Play:
            hand = self.hands[seat]
            cards = action.cards
            if hand and len(cards) == 1:
                return self._play_one(seat, cards, hand)
            events: list[Event] = []
            self._play(seat, cards, HAND if hand else self.source(seat), events)
            return tuple(events)
        if type(action) is PickUp:
            return (self._pick_up(seat),)
        events = []
        _APPLY[type(action)](self, seat, action, events)
        return tuple(events)

    def _play_one(self, seat: int, cards: tuple[Card, ...], hand: list[Card]) -> tuple[Event, ...]:
        """SH-5/6: one card from the hand, the most common play.

        A card that neither burns (SH-11) nor gives an extra move (SH-9) goes on the pile here
        and the turn passes at once when there is nothing to draw (SH-7); every other case takes
        the general path of :meth:`_play`.

        Returns:
            The events of the play, in order.
        """
        card = cards[0]
        rank = card.rank
        same = rank is self.run_rank
        if (
            rank is _TEN
            or (same and self.run_length == FOUR - 1)
            or (rank is _TWO and len(hand) > 1)
        ):
            events: list[Event] = []
            self._play(seat, cards, HAND, events)
            return tuple(events)
        hand.remove(card)
        bit = _BIT[card]
        if self._bits_of[seat] is hand:
            self._bits[seat] &= ~bit
        self.pile.append(card)
        self._pile_bits |= bit
        if same:
            self.run_length += 1
        else:
            self.run_rank = rank
            self.run_length = 1
        played = _PLAYED_ONE[seat][card]
        stock = self.stock
        result: tuple[Event, ...]
        if not stock and hand:
            result = (played,)
        elif len(hand) == HAND_SIZE - 1 and stock[-1].rank is not rank:
            # One card to draw (SH-7) that cannot complete four in a row (SH-13).
            drawn = stock.pop()
            hand.append(drawn)
            if self._bits_of[seat] is hand:
                self._bits[seat] |= _BIT[drawn]
            result = (played, _DRAWN_ONE[seat][drawn])
        else:
            events = [played]
            self._finish_turn(seat, events)
            return tuple(events)
        self._pass_turn(seat)
        return result

    def _apply_pick_up(self, seat: int, _: PickUp, events: list[Event]) -> None:
        events.append(self._pick_up(seat))

    def _pick_up(self, seat: int) -> Event:
        """SH-8 / SH-14: the whole pile goes to the hand (face-up cards stay); the turn ends.

        Returns:
            The event of the pick-up.
        """
        pile = self.pile
        event = new_event(("pickup", seat, tuple(pile), len(pile), False, ""))
        self._take_pile(seat)
        self._pass_turn(seat)
        return event

    def _apply_blind(self, seat: int, action: Blind, events: list[Event]) -> None:
        self._blind(seat, action.position, events)

    def _apply_bonus(self, seat: int, action: Bonus, events: list[Event]) -> None:
        self._bonus(seat, action.cards, events)

    def _decline(self, seat: int, _: Decline, events: list[Event]) -> None:
        """SH-9: the extra moves left are given up; the turn ends."""
        events.append(new_event(("decline", seat, (), self.bonus_left, False, "")))
        self._finish_turn(seat, events)

    def _apply_ready(self, seat: int, _: Ready, events: list[Event]) -> None:
        self._ready(seat, events)

    def _apply_timeout(self, seat: int, _: Timeout, events: list[Event]) -> None:
        self._timeout(seat, events)

    def _swap(self, seat: int, action: Swap, events: list[Event]) -> None:
        """SH-3: the hand card takes the face-up card's place and vice versa."""
        hand = self.hands[seat]
        row = self.face_up[seat]
        index = action.position - 1
        old = row[index]
        assert old is not None
        hand[hand.index(action.card)] = old
        if self._bits_of[seat] is hand:
            self._bits[seat] ^= _BIT[old] | _BIT[action.card]
        row[index] = action.card
        self._shown |= _BIT[old]
        events.append(new_event(("swap", seat, (action.card, old), action.position, False, "")))

    def _ready(self, seat: int, events: list[Event]) -> None:
        """SH-3, then SH-4 once every seat is ready."""
        self.ready[seat] = True
        events.append(Event("ready", seat))
        if all(self.ready):
            self.phase = PLAY
            first = self._first_player()
            self.current_player = 0 if first is None else first
            detail = "lowest card" if first is not None else "no low card"
            events.append(Event("start", self.current_player, detail=detail))
        else:
            self.current_player = self.ready.index(False)

    def _first_player(self) -> int | None:
        """SH-4: the lowest hand card other than a 2 or a 10 starts; ties go to the lower seat.

        Returns:
            That seat, or None if no hand holds such a card (then seat 0 starts).
        """
        best: tuple[int, int] | None = None
        for seat, hand in enumerate(self.hands):
            ranks = [c.rank for c in hand if c.rank is not _TWO and c.rank is not _TEN]
            if ranks and (best is None or min(ranks) < best[0]):
                best = (min(ranks), seat)
        return None if best is None else best[1]

    def _play(
        self,
        seat: int,
        cards: tuple[Card, ...],
        source: str,
        events: list[Event],
        *,
        bonus: bool = True,
    ) -> None:
        """SH-5/6/14: place the cards; 2s from the hand give extra moves (SH-9, SH-12)."""
        hand = self.hands[seat]
        one = len(cards) == 1
        if source == HAND:  # _take, inline
            bits = 0
            for card in cards:
                hand.remove(card)
                bits |= _BIT[card]
            if self._bits_of[seat] is hand:
                self._bits[seat] &= ~bits
        else:
            row = self.face_up[seat]
            for card in cards:
                row[row.index(card)] = None
        # The cards of one play share a rank (SH-5). A clear gives no extra moves (SH-12) and
        # an empty hand has nothing to lay (SH-9).
        rank = cards[0].rank
        gives = bonus and rank is _TWO and source == HAND and hand
        if rank is self.run_rank or rank is _TEN or not one:
            at = len(events)
            self._lay(seat, cards, rank, events)
            extra = len(cards) if gives and self.pile else 0
            events.insert(at, new_event(("play", seat, cards, extra, False, source)))
        else:
            # One card that neither burns nor adds to the run on top.
            self.pile.append(cards[0])
            self._pile_bits |= _BIT[cards[0]]
            self.run_rank = rank
            self.run_length = 1
            extra = 1 if gives else 0
            events.append(new_event(("play", seat, cards, extra, False, source)))
        if extra:
            self.phase = BONUS
            self.bonus_left = extra
            self.play_again = False
        else:
            self._finish_turn(seat, events)

    def _bonus(self, seat: int, cards: tuple[Card, ...], events: list[Event]) -> None:
        """SH-9: lay any hand cards in order; each placement counts for a clear (SH-11)."""
        hand = self.hands[seat]
        if len(cards) == 1:
            # One card, the most common extra move: _take and _place_all, inline.
            card = cards[0]
            hand.remove(card)
            if self._bits_of[seat] is hand:
                self._bits[seat] &= ~_BIT[card]
            events.append(_BONUS_ONE[seat][card])
            self._lay(seat, cards, card.rank, events)
        else:
            self._take(seat, cards)
            events.append(new_event(("bonus", seat, cards, 0, False, "")))
            self._place_all(seat, cards, events)
        self.bonus_left -= 1
        if not self.bonus_left or not hand:
            self._finish_turn(seat, events)

    def _blind(self, seat: int, position: int, events: list[Event]) -> None:
        """SH-15: turn the card; play it if it goes, else pick up the pile with it."""
        row = self.face_down[seat]
        card = row[position - 1]
        assert card is not None
        row[position - 1] = None
        if beats(card, self.pile[-1] if self.pile else None):
            events.append(new_event(("flip", seat, (card,), position, False, "played")))
            self._place(seat, card, events)
            self._finish_turn(seat, events)
            return
        self.pile.append(card)
        self._pile_bits |= _BIT[card]
        events.append(new_event(("flip", seat, (card,), len(self.pile), False, "picked up")))
        self._take_pile(seat)
        self._pass_turn(seat)

    def _timeout(self, seat: int, events: list[Event]) -> None:
        """SH-17: decline a pending extra move; else pick up, or play the lowest card."""
        events.append(Event("timeout", seat))
        if self.phase == BONUS:
            events.append(new_event(("decline", seat, (), self.bonus_left, False, "")))
            self._finish_turn(seat, events)
        elif self.pile:
            self._apply_pick_up(seat, _PICK_UP, events)
        else:
            source = self.source(seat)
            if source == FACE_DOWN:
                row = self.face_down[seat]
                self._blind(seat, next(p for p in POSITIONS if row[p - 1] is not None), events)
                return
            zone = self.hands[seat] if source == HAND else self.face_up[seat]
            lowest = min(card for card in zone if card is not None)
            self._play(seat, (lowest,), source, events, bonus=False)

    def _take_pile(self, seat: int) -> None:
        """SH-8: the pile goes to ``seat``'s hand, every card of it seen by all."""
        pile = self.pile
        bits = self._pile_cards()
        self._shown |= bits
        hand = self.hands[seat]
        hand.extend(pile)
        if self._bits_of[seat] is hand:
            self._bits[seat] |= bits
        pile.clear()
        self._pile_bits = 0
        self.run_rank = None
        self.run_length = 0

    def _place_all(self, seat: int, cards: tuple[Card, ...], events: list[Event]) -> None:
        """SH-11: place ``cards`` in order; 10s laid one after another burn the pile once."""
        start = 0
        for index in range(1, len(cards) + 1):
            if index == len(cards) or cards[index].rank is not cards[start].rank:
                self._lay(seat, cards[start:index], cards[start].rank, events)
                start = index

    def _place(self, seat: int, card: Card, events: list[Event]) -> None:
        """SH-10/11: put one card on the pile; a 10 or a fourth equal rank in a row burns it."""
        self._lay(seat, (card,), card.rank, events)

    def _lay(self, seat: int, cards: tuple[Card, ...], rank: Rank, events: list[Event]) -> None:
        """SH-10/11: put ``cards``, all of ``rank``, on the pile in order; 10s burn it once,
        a fourth equal rank in a row burns it."""
        pile = self.pile
        if rank is _TEN:
            pile.extend(cards)
            self._burn(seat, "10", events)
            return
        for card in cards:
            pile.append(card)
            self._pile_bits |= _BIT[card]
            if rank is self.run_rank:
                self.run_length += 1
                if self.run_length == FOUR:
                    self._burn(seat, "four", events)
            else:
                self.run_rank = rank
                self.run_length = 1

    def _burn(self, seat: int, reason: str, events: list[Event]) -> None:
        events.append(new_event(("burn", seat, tuple(self.pile), len(self.pile), False, reason)))
        self.burnt.extend(self.pile)
        self.pile.clear()
        self._pile_bits = 0
        self.run_rank = None
        self.run_length = 0

    def _refill(self, seat: int, events: list[Event]) -> list[Card]:
        """SH-7: draw up to 3 cards in hand while the stock lasts."""
        hand = self.hands[seat]
        need = min(HAND_SIZE - len(hand), len(self.stock))
        if need <= 0:
            return []
        drawn = [self.stock.pop() for _ in range(need)]
        self._give(seat, drawn)
        events.append(new_event(("draw", seat, tuple(drawn), need, True, "")))
        return drawn

    def _complete_after_draw(self, seat: int, drawn: list[Card], events: list[Event]) -> None:
        """SH-13: place the drawn cards that complete four in a row, then draw again."""
        if self._complete_four(seat, drawn, events):
            self._refill(seat, events)

    def _complete_four(self, seat: int, drawn: list[Card], events: list[Event]) -> bool:
        """SH-13: newly drawn cards that complete four in a row are placed automatically."""
        rank = self.run_rank
        if rank is None:
            return False
        matching = [card for card in drawn if card.rank is rank]
        if not matching or self.run_length + len(matching) < FOUR:
            return False
        self._take(seat, matching)
        events.append(new_event(("complete", seat, tuple(matching), len(matching), False, "")))
        for card in matching:
            self._place(seat, card, events)
        return True

    def _finish_turn(self, seat: int, events: list[Event]) -> None:
        """Refill (SH-7, SH-13), then go out (SH-16), play again (SH-12) or pass the turn."""
        self.bonus_left = 0
        stock = self.stock
        if stock:
            hand = self.hands[seat]
            if len(hand) == HAND_SIZE - 1:
                # One card to draw, the most common refill: four in a row only if it matches.
                card = stock.pop()
                hand.append(card)
                if self._bits_of[seat] is hand:
                    self._bits[seat] |= _BIT[card]
                events.append(_DRAWN_ONE[seat][card])
                if card.rank is self.run_rank:
                    self._complete_after_draw(seat, [card], events)
            elif len(hand) < HAND_SIZE:
                self._complete_after_draw(seat, self._refill(seat, events), events)
        if not self.hands[seat] and self._table_empty(seat):
            self._go_out(seat, events)
        elif not self.pile:
            self.phase = PLAY
            self.play_again = True
            self.current_player = seat
            events.append(_AGAIN[seat])
        else:
            self._pass_turn(seat)

    def _table_empty(self, seat: int) -> bool:
        return all(c is None for c in self.face_up[seat]) and all(
            c is None for c in self.face_down[seat]
        )

    def _pass_turn(self, seat: int) -> None:
        """The turn passes to the next seat still in (SH-16); no extra move or replay is left."""
        self.phase = PLAY
        self.play_again = False
        self.bonus_left = 0
        out = self.finished
        nxt = seat + 1 if seat + 1 < self.players else 0
        while out and nxt in out:
            nxt = nxt + 1 if nxt + 1 < self.players else 0
        self.current_player = nxt

    def _go_out(self, seat: int, events: list[Event]) -> None:
        """SH-16: the first out wins; with ``play-to-last`` the last one left loses."""
        self.finished.append(seat)
        events.append(Event("out", seat, count=len(self.finished)))
        left = [p for p in range(self.players) if p not in self.finished]
        if not self.play_to_last:
            events.append(Event("win", seat))
        elif len(left) == 1:
            events.append(Event("lose", left[0]))
        else:
            self._pass_turn(seat)
            return
        self.phase = OVER
        self.play_again = False
        self.bonus_left = 0
        self.current_player = None

    # ----- results and views ---------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result once over (SH-16), else None.

        The ranking lists the seats out in order, then the others by cards still held (fewest
        first, ties by seat). The winner is the first seat out.
        """
        if self.phase != OVER:
            return None
        rest = sorted(
            (p for p in range(self.players) if p not in self.finished),
            key=lambda p: (self._cards_held(p), p),
        )
        ranking = (*self.finished, *rest)
        return Outcome(ranking=ranking, winners=(self.finished[0],))

    def _cards_held(self, seat: int) -> int:
        table = self.face_up[seat] + self.face_down[seat]
        return len(self.hands[seat]) + sum(card is not None for card in table)

    def view(self, viewer: int | None) -> ShitheadView:
        """What ``viewer`` may see (None: the public view of the pass screen).

        Hands are private (SH-3), face-down cards hidden from everyone (SH-15), the stock order
        from all; the legal actions go only to the seat that acts. Once the game is over every
        hand and face-down card is shown (``open_hands``).
        """
        seat = self.current_player
        legal = self.legal_actions() if viewer is not None and viewer == seat else ()
        playable: frozenset[Card] = frozenset()
        if legal and self.phase == PLAY:
            playable = frozenset(c for a in legal if isinstance(a, Play) for c in a.cards)
        elif legal and viewer is not None and self.phase == BONUS:
            playable = frozenset(self.hands[viewer])
        return ShitheadView(
            viewer=viewer,
            players=self.players,
            current_player=seat,
            phase=self.phase,
            hand=tuple(self.hands[viewer]) if viewer is not None else (),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            face_up=tuple(tuple(row) for row in self.face_up),
            face_down=tuple(tuple(c is not None for c in row) for row in self.face_down),
            pile=tuple(self.pile),
            run_rank=self.run_rank,
            run_length=self.run_length,
            stock_size=len(self.stock),
            burnt_size=len(self.burnt),
            ready=tuple(self.ready),
            bonus_left=self.bonus_left,
            finished=tuple(self.finished),
            legal=legal,
            playable=playable,
            source=HAND if seat is None else self.source(seat),
            options=self.options,
            description=self._description(),
            play_again=self.play_again,
            burnt=tuple(sorted(self.burnt, key=_ORDER.__getitem__)),
            known=self._known(),
            open_hands=self.open_hands() if seat is None else None,
        )

    def _known(self) -> tuple[tuple[Card, ...], ...]:
        shown = self._shown
        if not shown:
            return ((),) * self.players
        return tuple(
            tuple(sorted((c for c in hand if _BIT[c] & shown), key=_ORDER.__getitem__))
            for hand in self.hands
        )

    def open_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand and face-down cards, seat 0 first, each seat's hand first: shown
        once the game is over (the view's ``open_hands``), and at every move of a replay of a
        finished game seen with every hand open."""
        return tuple((*hand, *(c for c in down if c is not None))
                     for hand, down in zip(self.hands, self.face_down, strict=True))

    def _description(self) -> str:
        seat = self.current_player
        if self.phase == SWAP:
            return "Swap cards, then say ready"
        if seat is None:
            return "The game is over"
        if self.phase == BONUS:
            if self.bonus_left == 1:
                return "Extra move: lay any hand cards or decline"
            return f"Extra moves ({self.bonus_left} left): lay any hand cards or decline"
        source = self.source(seat)
        top = self.pile[-1] if self.pile else None
        if top is None:
            task = "Play again on the empty pile" if self.play_again else "Start a new pile"
        elif top.rank is _TWO:
            task = "A 2 is on top: play any card"
        else:
            task = f"Play {top} or higher, or a 2 or a 10"
        if source == FACE_UP:
            return f"{task}, from the face-up cards"
        if source == FACE_DOWN:
            if top is None or top.rank is _TWO:
                return "Turn a face-down card: anything goes"
            return f"Turn a face-down card: it must be {top} or higher, or a 2 or a 10"
        return task

    # ----- copies and JSON -----------------------------------------------------------------

    def clone(self) -> ShitheadState:
        """A deep, independent copy, RNG included."""
        copy = ShitheadState.__new__(ShitheadState)
        copy.players = self.players
        copy.rng = self.rng.clone()
        copy.voluntary_pickup = self.voluntary_pickup
        copy.play_to_last = self.play_to_last
        copy.stock = list(self.stock)
        copy.hands = list(map(list, self.hands))
        copy.face_up = list(map(list, self.face_up))
        copy.face_down = list(map(list, self.face_down))
        copy.pile = list(self.pile)
        copy.burnt = list(self.burnt)
        copy.phase = self.phase
        copy.current_player = self.current_player
        copy.ready = list(self.ready)
        copy.bonus_left = self.bonus_left
        copy.run_rank = self.run_rank
        copy.run_length = self.run_length
        copy.play_again = self.play_again
        copy.finished = list(self.finished)
        copy._shown = self._shown
        copy._legal = self._legal
        copy._rng_json = self._rng_json
        copy._bits = [0] * self.players
        copy._bits_of = [None] * self.players
        copy._pile_bits = self._pile_bits
        copy._pile_of = copy.pile if self._pile_of is self.pile else None
        return copy

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON data; cards as codes (``"10s"``), stock top last."""
        return {
            "players": self.players,
            "options": {VOLUNTARY_PICKUP: self.voluntary_pickup, PLAY_TO_LAST: self.play_to_last},
            "rng": self._rng_data(),
            "stock": _codes(self.stock),
            "hands": [_codes(hand) for hand in self.hands],
            "face_up": [_row_codes(row) for row in self.face_up],
            "face_down": [_row_codes(row) for row in self.face_down],
            "pile": _codes(self.pile),
            "burnt": _codes(self.burnt),
            "phase": self.phase,
            "current": self.current_player,
            "ready": list(self.ready),
            "bonus_left": self.bonus_left,
            "run_rank": None if self.run_rank is None else int(self.run_rank),
            "run_length": self.run_length,
            "play_again": self.play_again,
            "finished": list(self.finished),
            "shown": _codes(sorted(self.shown)),
        }

    def _rng_data(self) -> list[Any]:
        # The RNG only deals (Shithead never reshuffles), so its state is read once.
        if self._rng_json is None:
            self._rng_json = self.rng.to_json()
        version, internal, gauss = self._rng_json
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShitheadState:
        """Rebuild a position saved by :meth:`to_json`.

        ``rng`` may be left out (a fresh seed-0 RNG is used), and ``run_rank`` / ``run_length``
        may be left out to have them counted from the pile, which eases writing test positions;
        without ``shown`` no hand card is known to the others.

        Raises:
            KeyError: If a required field is missing.
            InvalidCommand: If a card code is wrong.
        """
        options = data.get("options", {})
        state = cls(
            int(data["players"]),
            Rng.from_json(data["rng"]) if "rng" in data else Rng(0),
            voluntary_pickup=bool(options.get(VOLUNTARY_PICKUP, False)),
            play_to_last=bool(options.get(PLAY_TO_LAST, False)),
        )
        state.stock = _card_list(data["stock"])
        state.hands = [_card_list(hand) for hand in data["hands"]]
        state.face_up = [_row(row) for row in data["face_up"]]
        state.face_down = [_row(row) for row in data["face_down"]]
        state.pile = _card_list(data["pile"])
        state.burnt = _card_list(data.get("burnt", []))
        state.phase = str(data["phase"])
        state.current_player = data["current"]
        state.ready = [bool(flag) for flag in data.get("ready", [True] * state.players)]
        state.bonus_left = int(data.get("bonus_left", 0))
        if "run_rank" in data:
            rank = data["run_rank"]
            state.run_rank = None if rank is None else Rank(rank)
            state.run_length = int(data["run_length"])
        else:
            state.run_rank, state.run_length = _run_of(state.pile)
        state.play_again = bool(data.get("play_again", False))
        state.finished = [int(seat) for seat in data.get("finished", [])]
        state.shown = frozenset(_card_list(data.get("shown", [])))
        return state


_APPLY: dict[type, Any] = {
    PickUp: ShitheadState._apply_pick_up,
    Blind: ShitheadState._apply_blind,
    Bonus: ShitheadState._apply_bonus,
    Decline: ShitheadState._decline,
    Swap: ShitheadState._swap,
    Ready: ShitheadState._apply_ready,
    Timeout: ShitheadState._apply_timeout,
}
"""What each kind of action but Play (handled in ``apply`` itself) does, found by its type."""


def _run_of(pile: Sequence[Card]) -> tuple[Rank | None, int]:
    """The rank and length of the equal ranks on top of ``pile`` (SH-11)."""
    if not pile:
        return None, 0
    rank = pile[-1].rank
    length = 0
    for card in reversed(pile):
        if card.rank is not rank:
            break
        length += 1
    return rank, length


@cache
def _plays_of(group: tuple[Card, ...]) -> tuple[Play, ...]:
    """Every Play of a sorted same-rank group: one per non-empty subset, smaller sets first."""
    return tuple(
        Play(cards) for size in range(1, len(group) + 1) for cards in combinations(group, size)
    )


@cache
def _swaps_of(card: Card) -> tuple[Swap, ...]:
    """The swaps of ``card`` with each face-up position (SH-3); made once per card."""
    return tuple(Swap(card, pos) for pos in POSITIONS)


@cache
def _swap_actions(bits: int) -> tuple[Action, ...]:
    """SH-3: the swaps of the hand cards ``bits`` (see ``_BIT``), low card first, then Ready;
    made once per hand."""
    swaps: list[Action] = []
    while bits:
        low = bits & -bits
        swaps += _SWAPS_BY_BIT[low]
        bits ^= low
    return (*swaps, _READY)


@cache
def _bonus_of(cards: tuple[Card, ...]) -> Bonus:
    """The extra move laying ``cards`` (SH-9); made once per set of cards."""
    return Bonus(cards)


def _rank_cards() -> list[list[Card]]:
    """Per rank, low first: its four cards in sorted order, one per bit of a set of cards
    (see ``_BIT``)."""
    deck = sorted(_DECK)
    return [deck[low:low + 4] for low in range(0, len(deck), 4)]


def _suited(cards: list[Card], suits: int) -> tuple[Card, ...]:
    """The ``cards`` whose bit is set in ``suits`` (bit 0 for the first card)."""
    return tuple(card for bit, card in enumerate(cards) if suits >> bit & 1)


_Table = tuple[tuple[Action, ...], ...]
"""Actions by a set of cards as bits."""

_SWAPS_BY_BIT = {bit: _swaps_of(card) for card, bit in _BIT.items()}
"""Each card's swaps by its bit (see ``_BIT``)."""

_CHUNK = 3
"""Ranks per joined table: 4,096 entries each (the last has one rank)."""


def _joined(per_rank: Sequence[_Table]) -> _Table:
    """One table by the bits of a few ranks (the lowest rank's four bits lowest) from a table
    per rank by its four bits: each entry is the ranks' entries joined, lowest rank first."""
    table = per_rank[0]
    for higher in per_rank[1:]:
        table = tuple(low + high for high in higher for low in table)
    return table


def _chunked(per_rank: Sequence[_Table]) -> list[_Table]:
    """The 13 tables of the ranks joined :data:`_CHUNK` ranks at a time, lowest ranks first.

    The actions of any set of cards are the joined tables' entries for their bits, in order."""
    return [_joined(per_rank[low:low + _CHUNK]) for low in range(0, len(per_rank), _CHUNK)]


_SUITS = range(16)
"""Every set of the four cards of one rank, as bits."""

_T0, _T1, _T2, _T3, _T4 = _chunked(
    [tuple(_plays_of(_suited(cards, suits)) for suits in _SUITS) for cards in _rank_cards()]
)
"""The Plays of a set of cards (SH-5), three ranks per table, in the order
:meth:`ShitheadState.legal_actions` lists them."""


_S0, _S1, _S2, _S3, _S4 = _chunked(
    [
        tuple(tuple(_bonus_of((card,)) for card in _suited(cards, suits)) for suits in _SUITS)
        for cards in _rank_cards()
    ]
)
"""The one-card Bonus actions of a set of hand cards (SH-9), three ranks per table."""

_G0, _G1, _G2, _G3, _G4 = _chunked(
    [
        tuple(
            (_bonus_of(_suited(cards, suits)),) if suits & (suits - 1) else ()
            for suits in _SUITS
        )
        for cards in _rank_cards()
    ]
)
"""The Bonus actions laying every card of a rank held twice or more (SH-9), three ranks per
table."""

_DECLINES: tuple[Action, ...] = (_DECLINE,)

_GOES_ON = [0, 0] + [
    sum(bit for card, bit in _BIT.items() if card.rank >= rank or card.rank in ANYWHERE)
    for rank in range(2, 15)
]
"""Indexed by the rank of the pile's top card: the bits of the cards that beat it (SH-5/6)."""


def new_state(players: int, seed: int, options: Mapping[str, bool] | None = None) -> ShitheadState:
    """Deal a new game with the given house options (SH-1 … SH-3).

    Raises:
        ValueError: If ``players`` is not 2 to 4 or an option is unknown.
    """
    chosen = dict(options or {})
    unknown = sorted(set(chosen) - set(OPTION_NAMES))
    if unknown:
        known = ", ".join(OPTION_NAMES)
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; the options are: {known}")
    return ShitheadState.deal(
        players,
        seed,
        voluntary_pickup=bool(chosen.get(VOLUNTARY_PICKUP, False)),
        play_to_last=bool(chosen.get(PLAY_TO_LAST, False)),
    )
