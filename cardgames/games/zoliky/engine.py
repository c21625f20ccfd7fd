"""The Žolíky engine: one position of a match, its legal actions and how each changes it.

Implements ZO-1 … ZO-17 and the house options ``deal-14``, ``open-51``, ``keep-joker`` and
``target`` of ``shared/rules/zoliky.md``. Everything that matters is explicit state: the dealer,
the round and the round of turns (ZO-9), the turn's phase, who has opened, every meld on the
table, the cut card under the stock, a taken card that must be used this turn, and the scores of
every round.

An opening is built from several meld actions in one turn; until the turn ends it is
provisional: ``takeback`` restores the table and the hand as they were before it (ZO-10), and
the turn cannot end until it is worth enough and holds a pure run.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any, Literal, cast

from cardgames.core.cards import Card, Rank, Suit, card_from_json, card_to_json
from cardgames.core.engine import Event, Outcome
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.zoliky.actions import (
    Action,
    Close,
    Cut,
    Discard,
    Draw,
    LayOff,
    Meld,
    Take,
    TakeBack,
)
from cardgames.games.zoliky.melds import (
    ALL_CARDS,
    FACE,
    HAND_POINTS,
    IS_JOKER,
    RANK_NUMBER,
    SUIT_NUMBER,
    LayOffResult,
    Shape,
    TableMeld,
    joker_layoffs,
    layoff_faces,
    layoffs,
    meld_shape,
    opening_text,
    read_meld,
    run_choices,
    set_choices,
    with_card,
)

SWITCHES = ("deal-14", "open-51", "keep-joker")
"""The on/off house options, all off by default."""

DEFAULT_TARGET = 500
"""The match ends when a player's total reaches this (ZO-17); 0 plays one round."""

FIRST_MELD_ROUND = 4
"""Melding, laying off, taking the discard and closing start with this round of turns (ZO-9)."""

TURNOVERS = 3
"""The stock may be turned over this often in a round; the next time it runs out the round
ends without a closer (ZO-14)."""

Phase = Literal["discard", "draw", "lay", "over"]
Source = Literal["", "stock", "discard", "cut"]
_DRAW, _TAKE, _CUT, _TAKEBACK = Draw(), Take(), Cut(), TakeBack()
_DISCARDS = {card: Discard(card) for card in ALL_CARDS}
_CLOSES = {card: Close(card) for card in ALL_CARDS}
_JOKER_SLOT = next(card for card in ALL_CARDS if card.rank is Rank.JOKER)
_PLAIN_FACE: dict[Card, Card | None] = {
    card: None if IS_JOKER[card] else FACE[card] for card in ALL_CARDS
}
"""Each card's face (see :data:`FACE`), None for a joker: one look-up in the hot loops."""
_MELD_LISTS: dict[tuple[Any, ...], tuple[Meld, ...]] = {}
"""The melds of each hand met lately (see ``ZolikyState._melds``), cleared when it is full."""
_MELD_LISTS_LIMIT = 50_000
_REACH_LIMIT = 4_096
"""The most hands and tables one search for a taken card's place looks at (ZO-8)."""
_SUIT_RANK: dict[Card, tuple[int, int]] = {
    card: (SUIT_NUMBER[card], RANK_NUMBER[card]) for card in ALL_CARDS
}
"""Each card's suit and rank numbers (see :data:`SUIT_NUMBER`, :data:`RANK_NUMBER`)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended (ZO-14, ZO-16, ZO-17).

    Attributes:
        round: The round's number (1 for the first).
        closer: The seat that closed, or None if the stock ran out (ZO-14).
        from_hand: True if the closer closed from hand, doubling the others' penalties.
        points: The penalty points of every seat this round.
    """

    round: int
    closer: int | None
    from_hand: bool
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Opening:
    """An opening being built this turn (ZO-10).

    Attributes:
        first: The table index of its first meld (the rest follow it).
        points: What its melds are worth so far.
        needed: What it must reach (42, or 51 with ``open-51``).
        pure: True if it holds a pure run, or held one when it was settled.
        uses_taken: False while the card taken from the discard pile is still in the hand.
        settled: True once the player has laid off after completing it: a lay-off (a joker
            onto its pure run) does not undo a complete opening.
    """

    first: int
    points: int
    needed: int
    pure: bool
    uses_taken: bool
    settled: bool = False

    @property
    def complete(self) -> bool:
        """True when the opening is valid: enough points, a pure run, the taken card used."""
        return self.settled or (self.points >= self.needed and self.pure and self.uses_taken)

    def text(self) -> str:
        """``Opening: 36 of 42, pure run ✓``."""
        return opening_text(self.points, self.needed, self.pure)


@dataclass(frozen=True, slots=True)
class ZolikyView:
    """What one seat (or the public, ``viewer`` None) may see of a position.

    Attributes:
        viewer: The seat looking, or None for the public view.
        players: Number of seats.
        current_player: The seat to act, or None once the match is over.
        phase: "discard" (the leader's first turn, ZO-6), "draw", "lay" or "over".
        round: The round's number, from 1.
        turn_round: The round of turns within this round, from 1 (ZO-9).
        dealer: This round's dealer; the leader sits after him, the cutter before him (ZO-3).
        leader: The seat that played first this round.
        cutter: The seat that cut this round.
        hand: The viewer's hand, sorted by rank and suit (empty for the public view).
        hand_sizes: Every seat's card count.
        opened: Whether each seat has opened (ZO-10).
        melds: The melds on the table, in the order laid (meld ``i`` is shown as ``i + 1``).
        discard_top: The top of the discard pile, or None if it is empty or face down.
        discard_size: Cards in the discard pile.
        stock_size: Cards in the stock (the cut card included).
        cut: The face-up cut card under the stock, while it is there (ZO-4).
        taken: The card taken this turn from the discard pile or the cut that must go onto the
            table (or be the closing card, for the cut) before the turn ends; else None.
        source: Where this turn's card came from: "stock", "discard", "cut" or "".
        opening: The opening being built this turn, or None.
        needed: Points an opening needs (42 or 51).
        results: Every finished round.
        totals: Every seat's penalty points so far.
        target: The total that ends the match (0: one round).
        options: The on/off house options switched on.
        legal: The legal actions if the viewer is to act, else empty.
        description: What the player to act must do, in words.
        discard: The face-up cards of the discard pile, bottom first (a closing card lies face
            down on top of them).
        known: Per seat, the hand cards everyone saw go into that hand this round (a taken
            discard or cut card, a joker taken back, an opening taken back, the cutter's
            jokers, a draw from a turned-over stock), sorted; they stay there until laid.
        stock_known: The whole stock, top last, once it has been turned over this round (it is
            the discard pile in order, ZO-14); () before.
        turnovers: How often the stock has been turned over this round (ZO-14).
        laid: True if the player to act has melded or laid off this turn.
        table_before: The melds as they lay before the opening being built this turn (what
            ``takeback`` restores, ZO-10), or None.
    """

    viewer: int | None
    players: int
    current_player: int | None
    phase: str
    round: int
    turn_round: int
    dealer: int
    leader: int
    cutter: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    melds: tuple[TableMeld, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    cut: Card | None
    taken: Card | None
    source: str
    opening: Opening | None
    needed: int
    results: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    target: int
    options: tuple[str, ...]
    legal: tuple[Action, ...]
    description: str
    discard: tuple[Card, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()
    stock_known: tuple[Card, ...] = ()
    turnovers: int = 0
    laid: bool = False
    table_before: tuple[TableMeld, ...] | None = None

    def standing(self, seat: int) -> str:
        """A seat's result in the last round in words for the game-over screen: ``"closed"``
        or ``"closed from hand"`` for the closer (ZO-15, ZO-16), else the cards still held
        (``"4 cards left"``)."""
        last = self.results[-1] if self.results else None
        if last is not None and last.closer == seat:
            return "closed from hand" if last.from_hand else "closed"
        held = self.hand_sizes[seat]
        return f"{held} card{'' if held == 1 else 's'} left"


def new_state(
    players: int,
    *,
    seed: int,
    options: Mapping[str, bool | int] | None = None,
    dealer: int | None = None,
) -> ZolikyState:
    """Shuffle, cut and deal the first round of a match (ZO-1, ZO-3 … ZO-5).

    Args:
        players: 2 to 6 seats.
        seed: Seeds the state's RNG, which makes every shuffle of the match.
        options: ``deal-14``, ``open-51``, ``keep-joker`` (on/off) and ``target`` (a number).
        dealer: The first round's dealer; by default the last seat, so seat 0 leads.

    Returns:
        The dealt position, the leader to discard.

    Raises:
        ValueError: If ``players`` is not 2-6, ``dealer`` is not a seat or an option is unknown.
    """
    if not 2 <= players <= 6:
        raise ValueError("Žolíky is played by 2 to 6 players")
    chosen = dict(options or {})
    unknown = sorted(set(chosen) - {*SWITCHES, "target"})
    if unknown:
        raise ValueError(
            f"unknown Žolíky option {unknown[0]!r}; the options are: "
            f"{', '.join((*SWITCHES, 'target'))}"
        )
    first = players - 1 if dealer is None else dealer
    if not 0 <= first < players:
        raise ValueError(f"the dealer must be a seat from 0 to {players - 1}")
    target = int(chosen.get("target", DEFAULT_TARGET))
    if target < 0:
        raise ValueError("the target score cannot be negative")
    state = ZolikyState(
        players=players,
        switches=tuple(name for name in SWITCHES if chosen.get(name)),
        target=target,
        rng=Rng(seed),
    )
    state.dealer = first
    state.deal_round({})
    return state


class ZolikyState:
    """One Žolíky position; mutable, changed only by :meth:`apply` (and the deal).

    Hands are kept sorted; the stock and the discard pile are lists whose last element is the
    top, so the cut card, while it lies under the stock, is ``stock[0]``. ``snapshot`` holds
    the table and the hand from before an unopened player's first meld this turn. ``shown``
    holds the cards everyone saw go into a hand this round (see ``ZolikyView.known``).
    """

    __slots__ = (
        "_index",
        "_jokers_index",
        "_legal",
        "current",
        "cut",
        "dealer",
        "discard",
        "face_down",
        "hands",
        "laid",
        "melds",
        "opened",
        "phase",
        "players",
        "results",
        "rng",
        "round",
        "settled",
        "shown",
        "snapshot",
        "source",
        "stock",
        "switches",
        "taken",
        "target",
        "turn_round",
        "turnovers",
    )

    rng: Rng

    def __init__(
        self, *, players: int, switches: tuple[str, ...], target: int, rng: Rng
    ) -> None:
        self.players = players
        self.switches = switches
        self.target = target
        self.rng = rng
        self.round = 1
        self.dealer = players - 1
        self.turn_round = 1
        self.current: int | None = 0
        self.phase: Phase = "discard"
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.cut: Card | None = None
        self.discard: list[Card] = []
        self.face_down = False
        self.melds: list[TableMeld] = []
        self.opened = [False] * players
        self.taken: Card | None = None
        self.source: Source = ""
        self.laid = False
        self.settled = False
        self.snapshot: tuple[tuple[TableMeld, ...], tuple[Card, ...]] | None = None
        self.turnovers = 0
        self.shown: frozenset[Card] = frozenset()
        self.results: list[RoundResult] = []
        self._legal: tuple[Action, ...] | None = None
        self._index: dict[Card, list[tuple[int, bool]]] | None = None
        self._jokers_index: list[tuple[int, Card | None]] = []

    # ------------------------------------------------------------------ basics

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return self.current

    @property
    def leader(self) -> int:
        """The seat after the dealer: he plays first this round (ZO-3)."""
        return (self.dealer + 1) % self.players

    @property
    def cutter(self) -> int:
        """The seat before the dealer: he cuts this round (ZO-3)."""
        return (self.dealer - 1) % self.players

    @property
    def needed(self) -> int:
        """Points an opening needs: 42, or 51 with ``open-51`` (ZO-10)."""
        return 51 if "open-51" in self.switches else 42

    def totals(self) -> tuple[int, ...]:
        """Every seat's penalty points over the finished rounds (ZO-17)."""
        return tuple(
            sum(result.points[seat] for result in self.results) for seat in range(self.players)
        )

    def card_count(self) -> int:
        """Cards in all zones: hands, stock, discard pile and melds (108 always, ZO-1)."""
        return (
            sum(map(len, self.hands)) + len(self.stock) + len(self.discard)
            + sum(len(meld.cards) for meld in self.melds)
        )

    # ------------------------------------------------------------------ dealing

    def deal_round(self, kept: Mapping[int, Card]) -> Event:
        """Shuffle all 108 cards, cut and deal this round (ZO-3 … ZO-5).

        Args:
            kept: Jokers kept from the last round by their closers (``keep-joker``); each is
                the first card of its holder's hand.

        Returns:
            The "deal" event (the cutter's jokers are public; so is the cut card).
        """
        deck = [card for card in ALL_CARDS if card not in kept.values()]
        self.rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for seat, joker in kept.items():
            hands[seat].append(joker)
        cutter, leader = self.cutter, self.leader
        lifted = [deck.pop() for _ in range(3)]
        jokers = [card for card in lifted if IS_JOKER[card]]
        plain = [card for card in lifted if not IS_JOKER[card]]
        hands[cutter].extend(jokers)
        cut = plain[0] if plain else None
        deck.extend(reversed(plain[1:]))
        size = 14 if "deal-14" in self.switches else 12
        for step in range(self.players):
            seat = (leader + step) % self.players
            need = size + (seat == leader) - len(hands[seat])
            hands[seat].extend(deck[-need:])
            del deck[-need:]
        if cut is not None:
            deck.insert(0, cut)
        for hand in hands:
            hand.sort()
        self.hands = hands
        self.stock = deck
        self.cut = cut
        self.discard = []
        self.face_down = False
        self.melds = []
        self._index = None
        self.opened = [False] * self.players
        self.turnovers = 0
        self.shown = frozenset(jokers)
        self.turn_round = 1
        self.current = leader
        self.phase = "discard"
        self._reset_turn()
        return self._deal_event(tuple(sorted(jokers)))

    def deal_event(self) -> Event:
        """The "deal" event of this round as :meth:`deal_round` gave it (ZO-3, ZO-4): the log's
        first line of a match. Right until the first card is drawn, while the cards shown are
        the cutter's jokers from the cut."""
        return self._deal_event(tuple(sorted(self.shown)))

    def _deal_event(self, jokers: tuple[Card, ...]) -> Event:
        cut = self.cut
        return Event(
            "deal", self.dealer, jokers, self.round,
            detail=f"cutter={self.cutter} leader={self.leader} "
            f"cut={card_to_json(cut) if cut else '-'}",
        )

    def _reset_turn(self) -> None:
        self.taken = None
        self.source = ""
        self.laid = False
        self.settled = False
        self.snapshot = None
        self._legal = None

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move, in a fixed order; empty once over.

        Draw phase: draw, take, cut. Lay phase: melds (runs by suit and lowest value, then sets
        by rank), lay-offs (by hand card, then meld), takeback, the put-back draw, then the
        discards (one per face in the hand) or the close.
        """
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[Action, ...]:
        player = self.current
        if player is None:
            return ()
        phase = self.phase
        hand = self.hands[player]
        if phase == "draw":
            if self.turn_round < FIRST_MELD_ROUND:
                return (_DRAW,)
            actions: list[Action] = [_DRAW]
            if self.discard:
                actions.append(_TAKE)
            if self.cut is not None and not self.opened[player]:
                actions.append(_CUT)
            return tuple(actions)
        discards = _DISCARDS
        if phase == "discard":
            return tuple(discards[card] for card in _distinct(hand))
        pick, jokers = self._pick(hand)
        taken = self.taken
        complete = False
        pending = taken is not None and taken in hand
        opened = self.opened[player]
        size = len(hand)
        actions = []
        if self.turn_round >= FIRST_MELD_ROUND:
            complete = not opened and self._opening_complete(player)
            actions = self._lays(pick, jokers, size, opened or complete)
            if pending and self.source == "discard":
                assert taken is not None
                actions = self._keeping_a_place(player, actions, taken)
            if self.snapshot is not None:
                actions.append(_TAKEBACK)
        if pending and not self.laid and self.source in ("discard", "cut"):
            actions.append(_DRAW)
        if self._may_end(player, pending, complete):
            if size == 1:
                actions.append(_CLOSES[hand[0]])
            elif self.source != "cut":
                actions.extend(discards[card] for card in _distinct(hand))
        return tuple(actions)

    def _lays(
        self, pick: dict[Card, Card], jokers: list[Card], size: int, layoffs: bool,
    ) -> list[Action]:
        """Every meld of the hand (``size`` cards; ``pick`` and ``jokers`` from ``_pick``) that
        keeps one card to close (ZO-11, ZO-15), then, with ``layoffs``, every lay-off (ZO-12,
        ZO-13): by hand card, then meld, the joker's last."""
        actions: list[Action] = []
        if size >= 4:
            self._melds(actions, pick, jokers, size - 1)
        if layoffs:
            index = self._layoff_index()
            for face, card in pick.items():
                for meld, swap in index.get(face, ()):
                    if swap or size >= 2:
                        actions.append(LayOff(card, meld, None))
            if jokers and size >= 2:
                joker = jokers[0]
                actions.extend(LayOff(joker, meld, named) for meld, named in self._jokers_index)
        return actions

    def _keeping_a_place(self, player: int, lays: list[Action], taken: Card) -> list[Action]:
        """The ``lays`` of ``player`` after which ``taken``, the card he took from the discard
        pile, can still go onto the table this turn (ZO-8); those that use it first.

        An opened player may lay other cards first where a sequence of lays still ends with
        one that uses it (the joker as 5♦ before a taken 6♦), so none leaves the turn without
        an end. For one who has not opened, a meld of the hand left must still hold it: his
        opening must include it, and melding other cards makes no room for it.
        """
        direct = [lay for lay in lays if _uses(lay, taken)]
        hand = self.hands[player]
        opened = self.opened[player]
        if not direct and not (opened and self._kin(taken, hand)):
            return direct
        keeps = _direct_lay_kept(direct, hand)
        if not opened:
            # Melding other cards makes no room: a meld for it must be left, as it is now.
            return [lay for lay in lays if _uses(lay, taken) or keeps(lay)]
        reach: dict[tuple[Any, ...], bool] = {}
        return [lay for lay in lays if _uses(lay, taken) or keeps(lay)
                or self._leaves_placeable(player, lay, reach)]

    def _kin(self, card: Card, hand: list[Card]) -> bool:
        """False if ``card`` (a natural card) can never be in a meld this turn: no other card
        of its suit or rank in ``hand`` and no run of its suit or set of its rank on the table
        (ZO-11; a joker needs a second natural card beside it). True for a joker."""
        if IS_JOKER[card]:
            return True
        suit, rank = card.suit, card.rank
        return any(other != card and not IS_JOKER[other] and (
            other.suit is suit or other.rank is rank) for other in hand) or any(
            meld.suit is suit if meld.rank is None else meld.rank is rank
            for meld in self.melds)

    def _leaves_placeable(
        self, player: int, action: Action, reach: dict[tuple[Any, ...], bool],
    ) -> bool:
        """True if, after ``action`` (a lay of the opened ``player`` that does not use the card
        he took from the discard pile), some sequence of lays ends with one that uses it
        (ZO-8).

        ``reach`` keeps the answer for each hand and table met, shared by the lays of one
        position; past ``_REACH_LIMIT`` of them the answer is False (the lay is refused).
        """
        trial = self.clone()
        if isinstance(action, Meld):
            trial._meld(player, action)
        else:
            assert isinstance(action, LayOff)
            trial._lay_off(player, action)
        hand = trial.hands[player]
        key = (tuple(hand), tuple(trial.melds))
        known = reach.get(key)
        if known is not None:
            return known
        if len(reach) >= _REACH_LIMIT:
            return False
        taken = trial.taken
        assert taken is not None
        pick, jokers = trial._pick(hand)
        lays = trial._lays(pick, jokers, len(hand), True)
        found = any(_uses(lay, taken) for lay in lays) or any(
            trial._leaves_placeable(player, lay, reach) for lay in lays
        )
        reach[key] = found
        return found

    @staticmethod
    def _melds(
        actions: list[Action], pick: dict[Card, Card], jokers: list[Card], max_size: int,
    ) -> None:
        """Append every meld the hand can lay (ZO-11): runs by suit, then sets by rank.

        The list depends only on the arguments and a hand often comes back (a takeback, the
        put-back draw), so it is kept per hand.
        """
        naturals = tuple(pick.values())
        joker_tuple = tuple(jokers)
        key = (naturals, joker_tuple, max_size)
        found = _MELD_LISTS.get(key)
        if found is None:
            if len(_MELD_LISTS) >= _MELD_LISTS_LIMIT:
                _MELD_LISTS.clear()
            found = _MELD_LISTS[key] = _find_melds(naturals, joker_tuple, max_size)
        actions.extend(found)

    def _may_end(self, player: int, pending: bool, complete: bool) -> bool:
        """True if the turn may end now: no unused card from the discard pile (ZO-8), no
        unfinished opening (ZO-10; ``complete`` says whether the opening of this turn, if
        any, is complete). A cut card may be the closing card (ZO-16)."""
        if pending and self.source == "discard":
            return False
        return self.opened[player] or self.snapshot is None or complete

    def _pick(self, hand: list[Card]) -> tuple[dict[Card, Card], list[Card]]:
        """The hand card used for each face (the taken card first, then deck 0) and the
        jokers in the order they are used (the taken one first)."""
        pick: dict[Card, Card] = {}
        jokers: list[Card] = []
        faces = _PLAIN_FACE
        for card in hand:
            face = faces[card]
            if face is None:
                jokers.append(card)
            elif face not in pick:
                pick[face] = card
        taken = self.taken
        if taken is not None and taken in hand:
            if IS_JOKER[taken]:
                jokers.remove(taken)
                jokers.insert(0, taken)
            else:
                pick[FACE[taken]] = taken
        return pick, jokers

    def _opening(self, player: int) -> Opening | None:
        """The opening being built this turn by an unopened ``player``, or None (ZO-10)."""
        snapshot = self.snapshot
        if snapshot is None or self.opened[player]:
            return None
        first = len(snapshot[0])
        melds = self.melds[first:]
        taken = self.taken
        return Opening(
            first,
            sum(meld.points for meld in melds),
            self.needed,
            # A settled opening had its pure run when the player laid off; a joker laid off
            # onto that run since does not take it away (ZO-10, ZO-12).
            self.settled or any(meld.is_pure for meld in melds),
            self.source != "discard" or taken is None or taken not in self.hands[player],
            self.settled,
        )

    def _opening_complete(self, player: int) -> bool:
        """``self._opening(player).complete`` without building the Opening (ZO-10): False
        when no opening is being built."""
        snapshot = self.snapshot
        if snapshot is None or self.opened[player]:
            return False
        if self.settled:
            return True
        melds = self.melds[len(snapshot[0]):]
        taken = self.taken
        return (
            sum(meld.points for meld in melds) >= self.needed
            and any(meld.is_pure for meld in melds)
            and (self.source != "discard" or taken is None or taken not in self.hands[player])
        )

    def _layoff_index(self) -> dict[Card, list[tuple[int, bool]]]:
        """Which face goes onto which meld, and whether it takes a joker back (ZO-12, ZO-13);
        rebuilt when the table changes."""
        index = self._index
        if index is None:
            index = {}
            jokers: list[tuple[int, Card | None]] = []
            for number, meld in enumerate(self.melds):
                for face, swap in layoff_faces(meld):
                    index.setdefault(face, []).append((number, swap))
                jokers.extend((number, result.named) for result in joker_layoffs(meld, _JOKER_SLOT))
            self._index = index
            self._jokers_index = jokers
        return index

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for the player to move.

        Returns:
            What happened, in order (a card drawn from the stock is private to its drawer).

        Raises:
            IllegalMove: If the rules forbid the action now; the state is then unchanged.
        """
        legal = self.legal_actions()
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalMove(refusal(self.view(self.current), action))
        player = self.current
        assert player is not None
        self._legal = None
        if isinstance(action, Discard):
            return self._discard(player, action.card)
        if isinstance(action, Draw):
            return self._draw(player)
        if isinstance(action, Meld):
            return self._meld(player, action)
        if isinstance(action, LayOff):
            return self._lay_off(player, action)
        if isinstance(action, Take):
            card = self.discard.pop()
            insort(self.hands[player], card)
            self.shown = self.shown | {card}
            self.taken, self.source, self.phase = card, "discard", "lay"
            return (Event("take", player, (card,)),)
        if isinstance(action, Cut):
            card = self.stock.pop(0)
            self.cut = None
            insort(self.hands[player], card)
            self.shown = self.shown | {card}
            self.taken, self.source, self.phase = card, "cut", "lay"
            return (Event("cut", player, (card,)),)
        if isinstance(action, TakeBack):
            return self._take_back(player)
        assert isinstance(action, Close)
        return self._close(player, action.card)

    def _draw(self, player: int) -> tuple[Event, ...]:
        """ZO-7, ZO-14: draw the stock's top card, first putting back a taken card (ZO-8,
        ZO-16) and turning the discard pile over if the stock is empty."""
        events: list[Event] = []
        hand = self.hands[player]
        if self.phase == "lay":
            card = self.taken
            assert card is not None
            hand.remove(card)
            if self.source == "cut":
                self.stock.insert(0, card)
                self.cut = card
            else:
                self.discard.append(card)
            events.append(Event("return", player, (card,), detail=self.source))
        stock = self.stock
        if not stock:
            stock.extend(reversed(self.discard))
            self.discard.clear()
            self.turnovers += 1
            events.append(Event("turnover", None, count=len(stock)))
        card = stock.pop()
        if self.turnovers or card == self.cut:
            self.shown = self.shown | {card}
        if not stock:
            self.cut = None
        insort(hand, card)
        self.taken, self.source, self.phase = None, "stock", "lay"
        events.append(Event("draw", player, (card,), 1, True))
        return tuple(events)

    def _start_laying(self, player: int) -> None:
        """Keep the table and hand before an unopened player's first lay of the turn."""
        if not self.opened[player] and self.snapshot is None:
            self.snapshot = (tuple(self.melds), tuple(self.hands[player]))
        self.laid = True
        self._index = None

    def _meld(self, player: int, action: Meld) -> tuple[Event, ...]:
        """ZO-10, ZO-11: lay a run or a set."""
        shape, _ = meld_shape(action)
        assert shape is not None
        self._start_laying(player)
        hand = self.hands[player]
        for card in action.cards:
            hand.remove(card)
        meld = shape.meld(player)
        self.melds.append(meld)
        return (Event("meld", player, meld.cards, len(self.melds), detail=_named_detail(shape)),)

    def _lay_off(self, player: int, action: LayOff) -> tuple[Event, ...]:
        """ZO-12, ZO-13: lay a card off; the real card of a joker takes the joker back."""
        result = layoff_result(self.melds[action.meld], action.card, action.named)
        assert result is not None
        self._start_laying(player)
        self.settled = not self.opened[player]
        hand = self.hands[player]
        hand.remove(action.card)
        self.melds[action.meld] = result.meld
        detail = f"meld={action.meld + 1}"
        if action.named is not None:
            detail += f" named={card_to_json(action.named)}"
        events = [Event("layoff", player, (action.card,), len(result.meld.cards), detail=detail)]
        if result.joker is not None:
            insort(hand, result.joker)
            self.shown = self.shown | {result.joker}
            events.append(Event("joker", player, (result.joker,), detail=detail))
        return tuple(events)

    def _take_back(self, player: int) -> tuple[Event, ...]:
        """ZO-10: the unfinished opening goes back; table and hand are as before it."""
        assert self.snapshot is not None
        melds, hand = self.snapshot
        count = len(self.hands[player])
        self.shown = self.shown.union(set(hand) - set(self.hands[player]))
        self.melds = list(melds)
        self.hands[player] = list(hand)
        self.snapshot = None
        self.laid = False
        self.settled = False
        self._index = None
        return (Event("takeback", player, count=len(hand) - count),)

    def _finish_opening(self, player: int) -> list[Event]:
        if self.snapshot is not None and not self.opened[player]:
            self.opened[player] = True
            first = len(self.snapshot[0])
            points = sum(meld.points for meld in self.melds[first:])
            return [Event("opened", player, count=points)]
        return []

    def _discard(self, player: int, card: Card) -> tuple[Event, ...]:
        """ZO-6, ZO-7: discard face up; the turn passes on."""
        self.hands[player].remove(card)
        self.discard.append(card)
        events = self._finish_opening(player)
        events.append(Event("discard", player, (card,)))
        return self._end_turn(player, events)

    def _end_turn(self, player: int, events: list[Event]) -> tuple[Event, ...]:
        """Pass the turn clockwise; end the round if the stock ran out once too often (ZO-14)."""
        self._reset_turn()
        if not self.stock and (self.turnovers >= TURNOVERS or not self.discard):
            events.append(Event("exhausted", None, count=self.turnovers))
            return tuple(self._end_round(None, False, None, events))
        nxt = (player + 1) % self.players
        if nxt == self.leader:
            self.turn_round += 1
        self.current = nxt
        self.phase = "draw"
        return tuple(events)

    def _close(self, player: int, card: Card) -> tuple[Event, ...]:
        """ZO-15, ZO-16: the last card goes face down and the round ends at once."""
        from_hand = self.snapshot is not None and not self.opened[player]
        events = self._finish_opening(player)
        self.hands[player].remove(card)
        kept: Card | None = None
        if IS_JOKER[card] and "keep-joker" in self.switches:
            kept = card
        self.discard.append(card)
        self.face_down = True
        events.append(
            Event("close", player, (card,), detail="hand" if from_hand else "", private=True)
        )
        return tuple(self._end_round(player, from_hand, kept, events))

    def _end_round(
        self, closer: int | None, from_hand: bool, kept: Card | None, events: list[Event]
    ) -> list[Event]:
        """ZO-17: score every hand but the closer's; deal the next round unless the match is
        over (the target reached, or a one-round match)."""
        factor = 2 if from_hand else 1
        points = tuple(
            0 if seat == closer else factor * sum(HAND_POINTS[card] for card in hand)
            for seat, hand in enumerate(self.hands)
        )
        self.results.append(RoundResult(self.round, closer, from_hand, points))
        self._reset_turn()
        events.append(
            Event("round", closer, count=self.round,
                  detail=" ".join(map(str, points)) + (" hand" if from_hand else ""))
        )
        totals = self.totals()
        if self.target == 0 or max(totals) >= self.target:
            self.current = None
            self.phase = "over"
            outcome = self.outcome()
            assert outcome is not None
            events.append(Event("over", count=len(outcome.winners),
                                detail=" ".join(map(str, outcome.ranking))))
            return events
        if kept is not None:
            self.discard.remove(kept)
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        events.append(self.deal_round({} if kept is None or closer is None else {closer: kept}))
        return events

    # ------------------------------------------------------------------ results and views

    def outcome(self) -> Outcome | None:
        """Once the match is over: seats by total penalty, lowest first; the lowest win (ZO-17)."""
        if self.phase != "over":
            return None
        totals = self.totals()
        ranking = tuple(sorted(range(self.players), key=lambda seat: (totals[seat], seat)))
        best = totals[ranking[0]]
        return Outcome(
            ranking=ranking,
            winners=tuple(seat for seat in ranking if totals[seat] == best),
            scores=dict(enumerate(totals)),
        )

    def view(self, viewer: int | None) -> ZolikyView:
        """What ``viewer`` may see: his own hand only, counts for the other hands and the stock.

        Raises:
            ValueError: If ``viewer`` is not a seat or None.
        """
        if viewer is not None and not 0 <= viewer < self.players:
            raise ValueError(f"no seat {viewer} in a {self.players}-player game")
        current = self.current
        own = viewer is not None and viewer == current
        opening = self._opening(current) if current is not None else None
        top = self.discard[-1] if self.discard and not self.face_down else None
        return ZolikyView(
            viewer=viewer,
            players=self.players,
            current_player=current,
            phase=self.phase,
            round=self.round,
            turn_round=self.turn_round,
            dealer=self.dealer,
            leader=self.leader,
            cutter=self.cutter,
            hand=tuple(self.hands[viewer]) if viewer is not None else (),
            hand_sizes=tuple(map(len, self.hands)),
            opened=tuple(self.opened),
            melds=tuple(self.melds),
            discard_top=top,
            discard_size=len(self.discard),
            stock_size=len(self.stock),
            cut=self.cut,
            taken=self.taken if self.source in ("discard", "cut") else None,
            source=self.source,
            opening=opening,
            needed=self.needed,
            results=tuple(self.results),
            totals=self.totals(),
            target=self.target,
            options=self.switches,
            legal=self.legal_actions() if own else (),
            description=self._description(opening),
            discard=tuple(self.discard[:-1] if self.face_down else self.discard),
            known=self._known(),
            stock_known=tuple(self.stock) if self.turnovers else (),
            turnovers=self.turnovers,
            laid=self.laid,
            table_before=None if self.snapshot is None else self.snapshot[0],
        )

    def _known(self) -> tuple[tuple[Card, ...], ...]:
        shown = self.shown
        if not shown:
            return ((),) * self.players
        return tuple(tuple(card for card in hand if card in shown) for hand in self.hands)

    def _description(self, opening: Opening | None) -> str:
        phase = self.phase
        if phase == "over":
            return "The match is over"
        if phase == "discard":
            return "Discard a card to start the discard pile"
        if phase == "draw":
            if self.turn_round < FIRST_MELD_ROUND:
                return f"Draw from the stock (round of turns {self.turn_round}: no melding yet)"
            return "Draw from the stock or take the discard"
        taken = self.taken
        current = self.current
        assert current is not None
        parts = []
        if opening is not None:
            parts.append(opening.text())
        if taken is not None and taken in self.hands[current]:
            if self.source == "cut":
                parts.append(f"Close from hand this turn with the cut card {taken}")
            else:
                parts.append(f"Lay {taken} on the table this turn, or draw to put it back")
        elif self.source == "cut":
            parts.append("Close from hand this turn")
        if not parts:
            parts.append("Meld, lay off, then discard" if self.turn_round >= FIRST_MELD_ROUND
                         else "Discard a card")
        return "; ".join(parts)

    def clone(self) -> ZolikyState:
        """An independent copy, RNG included (shared until either side draws from it).

        The lay-off index is shared too: it is rebuilt, never changed, when the table changes.
        """
        copy = ZolikyState.__new__(ZolikyState)
        copy.players = self.players
        copy.switches = self.switches
        copy.target = self.target
        copy.rng = self.rng.clone()
        copy.round = self.round
        copy.dealer = self.dealer
        copy.turn_round = self.turn_round
        copy.current = self.current
        copy.phase = self.phase
        copy.hands = [list(hand) for hand in self.hands]
        copy.stock = list(self.stock)
        copy.cut = self.cut
        copy.discard = list(self.discard)
        copy.face_down = self.face_down
        copy.melds = list(self.melds)
        copy.opened = list(self.opened)
        copy.taken = self.taken
        copy.source = self.source
        copy.laid = self.laid
        copy.settled = self.settled
        copy.snapshot = self.snapshot
        copy.turnovers = self.turnovers
        copy.shown = self.shown
        copy.results = list(self.results)
        copy._legal = self._legal
        copy._index = self._index
        copy._jokers_index = self._jokers_index
        return copy

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON data; cards are codes, ``#1`` marks the second deck."""
        snapshot = self.snapshot
        return {
            "game": "zoliky",
            "players": self.players,
            "options": list(self.switches),
            "target": self.target,
            "round": self.round,
            "dealer": self.dealer,
            "turn_round": self.turn_round,
            "current": self.current,
            "phase": self.phase,
            "hands": [_codes(hand) for hand in self.hands],
            "stock": _codes(self.stock),
            "cut": self.cut is not None,
            "discard": _codes(self.discard),
            "face_down": self.face_down,
            "melds": [meld_to_json(meld) for meld in self.melds],
            "opened": list(self.opened),
            "taken": None if self.taken is None else card_to_json(self.taken),
            "source": self.source,
            "laid": self.laid,
            "settled": self.settled,
            "snapshot": None if snapshot is None else {
                "melds": [meld_to_json(meld) for meld in snapshot[0]],
                "hand": _codes(snapshot[1]),
            },
            "turnovers": self.turnovers,
            "shown": _codes(sorted(self.shown)),
            "results": [
                {"round": r.round, "closer": r.closer, "from_hand": r.from_hand,
                 "points": list(r.points)}
                for r in self.results
            ],
            "rng": self.rng.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ZolikyState:
        """Rebuild a position saved by :meth:`to_json`.

        Missing fields take simple defaults so test positions stay short: only ``players``,
        ``hands`` and ``stock`` are required (a missing phase is "lay" after a stock draw in
        the fourth round of turns, seat 0 to move; ``cut`` true means ``stock[0]`` is the cut
        card).

        Raises:
            KeyError / ValueError / InvalidCommand: If the data is malformed.
        """
        players = int(data["players"])
        switches = tuple(data.get("options", ()))
        unknown = set(switches) - set(SWITCHES)
        if unknown:
            raise ValueError(f"unknown Žolíky options: {sorted(unknown)}")
        rng_data = data.get("rng")
        state = cls(
            players=players,
            switches=tuple(name for name in SWITCHES if name in switches),
            target=int(data.get("target", DEFAULT_TARGET)),
            rng=Rng.from_json(rng_data) if rng_data is not None else Rng(0),
        )
        state.round = int(data.get("round", 1))
        state.dealer = int(data.get("dealer", players - 1))
        state.turn_round = int(data.get("turn_round", FIRST_MELD_ROUND))
        current = data.get("current", 0)
        state.current = None if current is None else int(current)
        state.phase = cast(Phase, data.get("phase", "lay"))
        state.hands = [sorted(_cards(hand)) for hand in data["hands"]]
        state.stock = _cards(data["stock"])
        state.cut = state.stock[0] if data.get("cut") and state.stock else None
        state.discard = _cards(data.get("discard", []))
        state.face_down = bool(data.get("face_down", False))
        state.melds = [meld_from_json(raw) for raw in data.get("melds", [])]
        state.opened = [bool(flag) for flag in data.get("opened", [False] * players)]
        taken = data.get("taken")
        state.taken = None if taken is None else card_from_json(taken)
        state.source = cast(Source, data.get("source", "stock" if state.phase == "lay" else ""))
        state.laid = bool(data.get("laid", False))
        state.settled = bool(data.get("settled", False))
        raw_snapshot = data.get("snapshot")
        state.snapshot = None if raw_snapshot is None else (
            tuple(meld_from_json(raw) for raw in raw_snapshot["melds"]),
            tuple(_cards(raw_snapshot["hand"])),
        )
        state.turnovers = int(data.get("turnovers", 0))
        state.shown = frozenset(_cards(data.get("shown", [])))
        state.results = [
            RoundResult(int(r["round"]), r["closer"], bool(r["from_hand"]), tuple(r["points"]))
            for r in data.get("results", [])
        ]
        return state


# ---------------------------------------------------------------------- lay-off and meld checks


def layoff_result(meld: TableMeld, card: Card, named: Card | None) -> LayOffResult | None:
    """What laying ``card`` off onto ``meld`` gives, or None if it does not fit (ZO-12, ZO-13).

    Args:
        meld: The meld on the table.
        card: The hand card.
        named: For a joker onto a run, the card it stands for (None: the only place it fits).
    """
    if IS_JOKER[card]:
        places = joker_layoffs(meld, card)
        if named is not None:
            places = [place for place in places if place.named == FACE.get(named, named)]
        return places[0] if len(places) == 1 or (places and named is not None) else None
    if named is not None:
        return None
    result = layoffs(meld).get(FACE[card])
    if result is None:
        return None
    return LayOffResult(with_card(result.meld, FACE[card], card), result.joker, None)


def refusal(view: ZolikyView, action: object) -> str:
    """Why ``action`` is not legal for the player to move, as a sentence for the player.

    Args:
        view: The view of the seat that tried it.
        action: The refused action.
    """
    reason = _turn_refusal(view, action)
    if reason is not None:
        return reason
    player = view.current_player
    assert player is not None, "the match is over: refused above"
    if isinstance(action, Meld):
        return _meld_refusal(view, player, action)
    if isinstance(action, LayOff):
        return _layoff_refusal(view, player, action)
    if isinstance(action, TakeBack):
        if view.opened[player]:
            return "You have opened already: melds on the table stay there"
        return "You have laid nothing this turn to take back"
    if isinstance(action, Discard | Close):
        taken = view.taken
        return _end_refusal(view, action, taken is not None and taken in view.hand)
    return f"{action} is not possible now"


def layoff_refusal(view: ZolikyView, card: Card) -> str:
    """Why ``card`` cannot be laid off onto any meld now, as a sentence for the player: the
    first reason that holds whichever meld is meant (the turn, ZO-9, not opened yet under
    ZO-12), else that the card fits no meld on the table (or that there is none), else why it
    may not go onto the first meld it fits (e.g. it would leave the card taken from the
    discard pile no place on the table, ZO-8).

    Args:
        view: The view of the seat that tried it.
        card: The hand card (for a joker, any place it could stand).
    """
    fitting = _first_fit(view, card)
    if fitting is not None:
        return refusal(view, fitting)
    probe = LayOff(card, 0, None)
    reason = _turn_refusal(view, probe)
    player = view.current_player
    if reason is None and player is not None:
        reason = _layoff_unready(view, player, card)
    if reason is not None:
        return reason
    if not view.melds:
        return "There are no melds on the table yet"
    return f"{card} fits no meld on the table"


def _first_fit(view: ZolikyView, card: Card) -> LayOff | None:
    """The lay-off of ``card`` onto the first meld it fits (a joker where it first may
    stand), or None when it fits no meld on the table."""
    for number, meld in enumerate(view.melds):
        if IS_JOKER[card]:
            places = joker_layoffs(meld, card)
            if places:
                return LayOff(card, number, places[0].named)
        elif FACE[card] in layoffs(meld):
            return LayOff(card, number, None)
    return None


def _turn_refusal(view: ZolikyView, action: object) -> str | None:
    """The refusal that does not depend on the action's cards: the match is over, it is not
    the player's turn, the phase allows other moves (ZO-6, ZO-7), melds and lay-offs wait for
    the fourth round of turns (ZO-9); None when none of these holds."""
    player = view.current_player
    if player is None:
        return "The match is over"
    if view.viewer != player:
        return "It is not your turn"
    phase = view.phase
    early = view.turn_round < FIRST_MELD_ROUND
    early_text = (
        "Nobody may meld, lay off, take the discard or close before the fourth round of "
        f"turns; this is turn {view.turn_round} (the first three turns of each player are "
        "draw and discard only)"
    )
    if phase == "discard":
        if isinstance(action, Discard) and action.card not in view.hand:
            return f"You don't hold {action.card}"
        return "You lead this round: start the discard pile by discarding one card"
    if phase == "draw":
        return _draw_refusal(view, player, action, early_text if early else "")
    taken = view.taken
    if isinstance(action, Draw | Take | Cut):
        if isinstance(action, Draw) and taken is not None:
            if taken in view.hand:
                return f"You have laid cards this turn: {taken} can no longer go back"
            return f"{taken} is on the table already: it can no longer go back"
        return "You have drawn already this turn"
    if isinstance(action, Meld | LayOff) and early:
        return early_text
    return None


def _draw_refusal(view: ZolikyView, player: int, action: object, early_text: str) -> str:
    """Why ``action`` is refused while the player must draw (``early_text``: the ZO-9 reason
    in the first three rounds of turns, else empty)."""
    if isinstance(action, Take | Cut) and early_text:
        return early_text
    if isinstance(action, Take):
        return "The discard pile is empty"
    if isinstance(action, Cut):
        if view.opened[player]:
            return "Only a player who has not opened may take the cut card"
        return "There is no cut card under the stock any more"
    if isinstance(action, Meld | LayOff | Discard | Close | TakeBack):
        return "Draw first: take the top card of the stock" + (
            "" if early_text else " or the top of the discard pile"
        )
    return f"{action} is not a Žolíky command here"


def _end_refusal(view: ZolikyView, action: Discard | Close, pending: bool) -> str:
    card, hand, taken = action.card, view.hand, view.taken
    if card not in hand:
        return f"You don't hold {card}"
    if pending and view.source == "discard":
        return _use_taken(view, taken)
    opening = view.opening
    if opening is not None and not opening.complete:
        lacks = [] if opening.points >= opening.needed else [
            f"it is worth {opening.points} of {opening.needed} points"
        ]
        if not opening.pure:
            lacks.append("it has no pure run")
        return (
            f"Your opening is not complete ({' and '.join(lacks)}): lay more melds "
            "or take it back (takeback)"
        )
    if isinstance(action, Discard):
        if len(hand) == 1:
            return f"Your last card closes the round: close {card}"
        if view.source == "cut":
            return "You took the cut card: close from hand this turn, or draw to put it back"
    elif len(hand) > 1:
        return "You close with your last card only: lay all your other cards first"
    return f"{action} is not possible now"


def _use_taken(view: ZolikyView, taken: Card | None) -> str:
    """Why the turn may not end yet: the card taken from the discard pile is still in hand
    (ZO-8)."""
    return f"Lay {taken}, which you took from the discard pile, before you discard" + _put_back(
        view
    )


def _strands_taken(view: ZolikyView, taken: Card) -> str:
    """Why a lay is refused that would leave the card taken from the discard pile no place
    on the table this turn (ZO-8)."""
    player = view.current_player
    if player is not None and not view.opened[player]:
        return (
            f"Your opening must include {taken}, which you took from the discard pile, and "
            "after that meld no meld could hold it" + _put_back(view)
        )
    return (
        f"After that, {taken}, which you took from the discard pile, could not go onto the "
        "table this turn: lay it first, or what makes room for it" + _put_back(view)
    )


def _put_back(view: ZolikyView) -> str:
    """The way out of a take while nothing is laid yet (ZO-8), as the end of a sentence."""
    return "" if view.laid else " (or draw to put it back)"


def _meld_refusal(view: ZolikyView, player: int, action: Meld) -> str:
    rest = list(view.hand)
    for card in action.cards:
        if card not in rest:
            if IS_JOKER[card]:
                return "You don't hold that many jokers"
            return f"You don't hold {card}"
        rest.remove(card)
    shape, reason = meld_shape(action)
    if shape is None:
        return reason[:1].upper() + reason[1:]
    if not rest:
        return "You must keep one card to close: a meld may not use your last card"
    taken = view.taken
    if taken is not None and taken in view.hand and view.source == "discard" and (
        taken not in action.cards
    ):
        return _strands_taken(view, taken)
    return f"{action} is not possible now"


def _layoff_unready(view: ZolikyView, player: int, card: Card) -> str | None:
    """Why the player may lay ``card`` off onto no meld at all: he has not opened (ZO-12) or
    does not hold it; None when he may."""
    if not view.opened[player] and (view.opening is None or not view.opening.complete):
        return (
            f"You have not opened yet: lay an opening of at least {view.needed} points "
            "with a pure run before laying off"
        )
    if card not in view.hand:
        return f"You don't hold {card}"
    return None


def _layoff_refusal(view: ZolikyView, player: int, action: LayOff) -> str:
    hand = view.hand
    unready = _layoff_unready(view, player, action.card)
    if unready is not None:
        return unready
    if not 0 <= action.meld < len(view.melds):
        return f"There is no meld {action.meld + 1} on the table"
    meld = view.melds[action.meld]
    result = layoff_result(meld, action.card, action.named)
    if result is None:
        if IS_JOKER[action.card] and action.named is None and len(
            joker_layoffs(meld, action.card)
        ) > 1:
            return f"Say what the joker stands for on meld {action.meld + 1}, e.g. jk=7h"
        return f"{action.card} does not fit meld {action.meld + 1} ({meld.text()})"
    if result.joker is None and len(hand) == 1:
        return "You must keep one card to close: you may not lay off your last card"
    taken = view.taken
    if view.opened[player] and taken is not None and taken in hand and action.card != taken:
        return _strands_taken(view, taken)
    return f"{action} is not possible now"


# ---------------------------------------------------------------------- helpers and JSON


def _find_melds(
    naturals: tuple[Card, ...], joker_tuple: tuple[Card, ...], max_size: int,
) -> tuple[Meld, ...]:
    """Every meld of ``naturals`` (one card per face, sorted) and the jokers (see
    ``ZolikyState._melds``)."""
    found: list[Meld] = []
    joker_count = len(joker_tuple)
    joker = joker_tuple[0] if joker_tuple else None
    least = 2 if joker is not None else 3
    by_suit: tuple[list[Card], ...] = ([], [], [], [])
    sets: list[tuple[Card, ...]] = []
    same: list[Card] = []
    rank = 0
    suit_rank = _SUIT_RANK
    for card in naturals:
        suit, number = suit_rank[card]
        by_suit[suit].append(card)
        if number != rank:
            if len(same) >= least:
                sets.append(tuple(same))
            same = [card]
            rank = number
        else:
            same.append(card)
    if len(same) >= least:
        sets.append(tuple(same))
    for group in by_suit:
        if len(group) >= 2 and len(group) + joker_count >= 3:
            for size, meld in run_choices(tuple(group), joker_tuple):
                if size <= max_size:
                    found.append(meld)
    for group_of_rank in sets:
        for size, meld in set_choices(group_of_rank, joker):
            if size <= max_size:
                found.append(meld)
    return tuple(found)


def _direct_lay_kept(direct: list[Action], hand: list[Card]) -> Callable[[Action], bool]:
    """A test of a lay from ``hand``: True if one of the ``direct`` lays of the taken card
    (ZO-8) can still be made after it, with a card left to close (ZO-15): a meld whose faces
    and jokers the hand still holds, or a lay-off onto another meld. For melds from the hand it
    is exact (every meld of the taken card, by faces, is among ``direct``); for lay-offs True
    suffices, while False says nothing (``ZolikyState._leaves_placeable`` decides then)."""
    seen: set[Card] = set()
    twice: set[Card | None] = set()
    jokers = 0
    for card in hand:
        face = _PLAIN_FACE[card]
        if face is None:
            jokers += 1
        elif face in seen:
            twice.add(face)
        else:
            seen.add(face)
    size = len(hand)
    needs = [_needs(lay) for lay in direct]

    def kept(action: Action) -> bool:
        onto, faces, used_jokers, count = _needs(action)
        left = size - count
        for meld, wanted, wanted_jokers, length in needs:
            if meld is not None:
                if left >= 2 and meld != onto:
                    return True
            elif left > length and jokers - used_jokers >= wanted_jokers and (
                wanted & faces <= twice
            ):
                return True
        return False

    return kept


def _needs(lay: Action) -> tuple[int | None, frozenset[Card | None], int, int]:
    """What the lay ``lay`` takes: the meld it goes onto (None for a meld), its natural
    faces, its jokers and its number of cards."""
    if isinstance(lay, LayOff):
        card = lay.card
        return lay.meld, frozenset(() if IS_JOKER[card] else (FACE[card],)), int(
            IS_JOKER[card]), 1
    assert isinstance(lay, Meld)
    faces = [_PLAIN_FACE[card] for card in lay.cards]
    return None, frozenset(face for face in faces if face is not None), faces.count(None), len(
        faces)


def _uses(action: Action, card: Card) -> bool:
    """True if the lay ``action`` puts ``card`` onto the table."""
    if isinstance(action, Meld):
        return card in action.cards
    return isinstance(action, LayOff) and action.card == card


def _distinct(hand: list[Card]) -> list[Card]:
    """One card per face of a sorted hand (the first copy), one joker at most."""
    out: list[Card] = []
    last: Card | None = None
    joker_seen = False
    faces = _PLAIN_FACE
    for card in hand:
        face = faces[card]
        if face is None:
            if not joker_seen:
                out.append(card)
                joker_seen = True
            continue
        if face != last:
            out.append(card)
            last = face
    return out


def _named_detail(shape: Shape) -> str:
    if not shape.named:
        return ""
    return "named=" + ",".join(card_to_json(card) for card in shape.named)


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card_to_json(card) for card in cards]


def _cards(codes: Iterable[str]) -> list[Card]:
    return [card_from_json(code) for code in codes]


def meld_to_json(meld: TableMeld) -> dict[str, Any]:
    """A meld as JSON data."""
    data: dict[str, Any] = {"owner": meld.owner, "cards": _codes(meld.cards)}
    if meld.suit is not None:
        data["suit"] = meld.suit.value
        data["low"] = meld.low
    else:
        assert meld.rank is not None
        data["rank"] = meld.rank.code
    return data


def meld_from_json(data: Mapping[str, Any]) -> TableMeld:
    """Read a meld written by :func:`meld_to_json`.

    Without ``suit``/``rank`` the cards are read as a meld (in table order, jokers in their
    places), which keeps test positions short.

    Raises:
        ValueError: If the cards form no meld.
    """
    cards = tuple(_cards(data["cards"]))
    owner = int(data.get("owner", 0))
    if "suit" in data:
        return TableMeld(owner, cards, Suit(data["suit"]), None, int(data["low"]))
    if "rank" in data:
        rank = next(rank for rank in Rank if rank.code == data["rank"])
        return TableMeld(owner, cards, None, rank, 0)
    shapes, reason = read_meld(cards)
    ordered = [shape for shape in shapes if shape.cards == cards]
    if not ordered:
        raise ValueError(reason or f"{cards} is not in table order")
    return ordered[0].meld(owner)
