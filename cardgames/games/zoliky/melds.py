"""Žolíky melds: card values, the meld checker, melds on the table, lay-offs and enumeration.

Rules: ZO-2 (values), ZO-10 (a pure run), ZO-11 (runs and sets, jokers), ZO-12 (laying off) and
ZO-13 (taking a joker back). A run's positions are *values*: 1 is the ace low, 2 … 13 the two to
the king, 14 the ace high; a run covers consecutive values inside 1 … 14 and has at most 13 cards,
so it can never hold the ace low and high at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from cardgames.core.cards import Card, Rank, Suit, cards_text
from cardgames.core.deck import build_deck
from cardgames.games.zoliky.actions import Meld

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in display order."""

SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}

RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)
"""The plain ranks, two to ace."""

_JOKER = Rank.JOKER
_ACE = Rank.ACE
MAX_RUN = 13
"""The longest run (ZO-11)."""

ALL_CARDS: tuple[Card, ...] = tuple(build_deck(2, 2))
"""The 108 cards of the game: two decks and four jokers (ZO-1)."""

FACE: dict[Card, Card] = {card: card._replace(deck=0) for card in ALL_CARDS}
"""Each card's face: the same card of deck 0 (jokers keep their colour)."""

IS_JOKER: dict[Card, bool] = {card: card.rank is _JOKER for card in ALL_CARDS}

SUIT_NUMBER: dict[Card, int] = {card: SUIT_INDEX[card.suit] for card in ALL_CARDS}
"""Each card's suit as an index into :data:`SUITS`."""

RANK_NUMBER: dict[Card, int] = {card: int(card.rank) for card in ALL_CARDS}
"""Each card's rank as a number (2 … 14, the joker 15)."""

HAND_POINTS: dict[Card, int] = {
    card: 50 if card.rank is _JOKER else 10 if card.rank >= Rank.TEN else int(card.rank)
    for card in ALL_CARDS
}
"""What a card left in hand costs at the end of a round (ZO-2, ZO-17; a joker 50)."""

VALUE_POINTS = (0, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10)
"""Points of a run position by value (1 and 14 are the ace, 10 each; ZO-2)."""

RUN_FACE: dict[tuple[int, Suit], Card] = {
    (value, suit): Card(_ACE if value in (1, 14) else Rank(value), suit)
    for value in range(1, 15)
    for suit in SUITS
}
"""The natural card at a run position: ``(value, suit)`` → card of deck 0."""


def card_value(card: Card) -> int:
    """A natural card's run value with the ace high (2 … 14)."""
    return int(card.rank)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One meld on the table (ZO-11).

    Attributes:
        owner: The seat that laid it.
        cards: Its cards: a run from low to high, a set's natural cards in suit order (♠ ♥ ♦ ♣)
            and then its joker.
        suit: A run's suit; None for a set.
        rank: A set's rank; None for a run.
        low: A run's lowest value (1 = the ace low); 0 for a set.
    """

    owner: int
    cards: tuple[Card, ...]
    suit: Suit | None
    rank: Rank | None
    low: int = 0

    @property
    def is_run(self) -> bool:
        """True for a run, False for a set."""
        return self.suit is not None

    @property
    def high(self) -> int:
        """A run's highest value (14 = the ace high); 0 for a set."""
        return self.low + len(self.cards) - 1 if self.suit is not None else 0

    @property
    def is_pure(self) -> bool:
        """True for a run without a joker: what an opening must include (ZO-10)."""
        return self.suit is not None and not any(IS_JOKER[card] for card in self.cards)

    @property
    def points(self) -> int:
        """The meld's worth; each joker counts as the card it stands for (ZO-2)."""
        if self.suit is not None:
            return sum(VALUE_POINTS[self.low : self.low + len(self.cards)])
        assert self.rank is not None
        return len(self.cards) * (10 if self.rank >= Rank.TEN else int(self.rank))

    def stands_for(self) -> tuple[Card | None, ...]:
        """What each joker of a run stands for, in order (ZO-11); None for each joker of a set.

        A set's joker stands for a card of the set's rank in a suit the set lacks.
        """
        if self.suit is None:
            return tuple(None for card in self.cards if IS_JOKER[card])
        suit = self.suit
        return tuple(
            RUN_FACE[self.low + index, suit]
            for index, card in enumerate(self.cards)
            if IS_JOKER[card]
        )

    def text(self) -> str:
        """The meld in words: ``5♣ Jkr(6♣) 7♣`` or ``Q♥ Q♦ Jkb(Q)``, each joker named as the
        hand, the log and the melds panel name it."""
        parts = []
        for index, card in enumerate(self.cards):
            if not IS_JOKER[card]:
                parts.append(card.symbol)
            elif self.suit is not None:
                parts.append(f"{card.symbol}({RUN_FACE[self.low + index, self.suit].symbol})")
            else:
                assert self.rank is not None
                parts.append(f"{card.symbol}({self.rank.code})")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class LayOffResult:
    """What laying one card off onto a meld does (ZO-12, ZO-13).

    Attributes:
        meld: The meld afterwards.
        joker: The joker the lay-off takes back into the hand, or None.
        named: For a joker laid off onto a run, the card it stands for; else None.
    """

    meld: TableMeld
    joker: Card | None = None
    named: Card | None = None


def make_run(owner: int, suit: Suit, low: int, cards: tuple[Card, ...]) -> TableMeld:
    """A run of ``suit`` from value ``low``; the caller has checked it (ZO-11)."""
    return TableMeld(owner, cards, suit, None, low)


def make_set(owner: int, rank: Rank, cards: Iterable[Card]) -> TableMeld:
    """A set of ``rank``, its natural cards put in suit order and the joker last."""
    ordered = sorted(cards, key=_set_order)
    return TableMeld(owner, tuple(ordered), None, rank, 0)


def with_card(meld: TableMeld, face: Card, card: Card) -> TableMeld:
    """``meld`` with the face-card ``face`` (deck 0) replaced by the hand's copy ``card``."""
    if face == card:
        return meld
    return TableMeld(
        meld.owner, tuple(card if entry == face else entry for entry in meld.cards),
        meld.suit, meld.rank, meld.low,
    )


def _set_order(card: Card) -> tuple[int, int, int]:
    return (1 if IS_JOKER[card] else 0, SUIT_INDEX[card.suit], card.deck)


def layoffs(meld: TableMeld) -> dict[Card, LayOffResult]:
    """Every natural face that can be laid off onto ``meld``, and what it does (ZO-12, ZO-13).

    The keys are faces (deck 0). A natural card laid off onto a run goes at the end it extends,
    or replaces the joker standing for it, which goes back to the hand; an ace laid off onto a
    run from 2 to K goes on top (Q K A). A card laid off onto a set adds a missing suit; the
    fourth natural suit replaces the set's joker.
    """
    result: dict[Card, LayOffResult] = {}
    cards = meld.cards
    if meld.suit is not None:
        suit, low, size = meld.suit, meld.low, len(cards)
        for index, card in enumerate(cards):
            if IS_JOKER[card]:
                face = RUN_FACE[low + index, suit]
                result[face] = LayOffResult(
                    make_run(meld.owner, suit, low, (*cards[:index], face, *cards[index + 1 :])),
                    card,
                )
        if size < MAX_RUN:
            if low > 1:
                face = RUN_FACE[low - 1, suit]
                result[face] = LayOffResult(make_run(meld.owner, suit, low - 1, (face, *cards)))
            high = low + size - 1
            if high < 14:
                face = RUN_FACE[high + 1, suit]
                result[face] = LayOffResult(make_run(meld.owner, suit, low, (*cards, face)))
        return result
    rank = meld.rank
    assert rank is not None
    naturals = [card for card in cards if not IS_JOKER[card]]
    jokers = [card for card in cards if IS_JOKER[card]]
    present = {card.suit for card in naturals}
    for suit in SUITS:
        if suit in present:
            continue
        face = Card(rank, suit)
        if len(cards) < 4:
            result[face] = LayOffResult(make_set(meld.owner, rank, (*cards, face)))
        elif jokers and len(naturals) == 3:
            result[face] = LayOffResult(make_set(meld.owner, rank, (*naturals, face)), jokers[0])
    return result


def layoff_faces(meld: TableMeld) -> list[tuple[Card, bool]]:
    """The natural faces that fit ``meld`` (the keys of :func:`layoffs`), each with True if
    it takes a joker back (ZO-12, ZO-13); cheaper than :func:`layoffs`."""
    cards = meld.cards
    found: list[tuple[Card, bool]] = []
    if meld.suit is not None:
        suit, low, size = meld.suit, meld.low, len(cards)
        high = low + size - 1
        for index, card in enumerate(cards):
            if IS_JOKER[card]:
                found.append((RUN_FACE[low + index, suit], True))
        if size < MAX_RUN:
            if low > 1 and not (low == 2 and high == 13):
                found.append((RUN_FACE[low - 1, suit], False))
            if high < 14:
                found.append((RUN_FACE[high + 1, suit], False))
        return found
    rank = meld.rank
    assert rank is not None
    naturals = [card for card in cards if not IS_JOKER[card]]
    if len(cards) == 4 and len(naturals) == 4:
        return found
    present = {card.suit for card in naturals}
    swap = len(cards) == 4
    for suit in SUITS:
        if suit not in present:
            found.append((Card(rank, suit), swap))
    return found


def joker_layoffs(meld: TableMeld, joker: Card) -> list[LayOffResult]:
    """Where a joker may be laid off onto ``meld``: a run's free ends, or a set of three
    natural cards (ZO-11: no two jokers side by side, more natural cards than jokers).

    For a run from 2 to K the joker goes on top and stands for the ace high.
    """
    cards = meld.cards
    jokers = sum(1 for card in cards if IS_JOKER[card])
    if len(cards) - jokers <= jokers + 1:
        return []
    if meld.suit is None:
        if len(cards) >= 4:
            return []
        assert meld.rank is not None
        return [LayOffResult(make_set(meld.owner, meld.rank, (*cards, joker)))]
    if len(cards) >= MAX_RUN:
        return []
    suit, low = meld.suit, meld.low
    high = low + len(cards) - 1
    found = []
    if high < 14 and not IS_JOKER[cards[-1]]:
        found.append(
            LayOffResult(make_run(meld.owner, suit, low, (*cards, joker)), None,
                         RUN_FACE[high + 1, suit])
        )
    if low > 1 and not IS_JOKER[cards[0]] and not (high == 13 and low == 2 and found):
        found.append(
            LayOffResult(make_run(meld.owner, suit, low - 1, (joker, *cards)), None,
                         RUN_FACE[low - 1, suit])
        )
    return found


@dataclass(frozen=True, slots=True)
class Shape:
    """One reading of a group of cards as a meld.

    Attributes:
        cards: The cards in table order (see :class:`TableMeld`).
        named: What each joker of a run stands for, in order; () for a set.
        suit: The run's suit, or None for a set.
        rank: The set's rank, or None for a run.
        low: The run's lowest value, or 0 for a set.
    """

    cards: tuple[Card, ...]
    named: tuple[Card, ...]
    suit: Suit | None
    rank: Rank | None
    low: int

    def meld(self, owner: int) -> TableMeld:
        """The meld this reading lays for ``owner``."""
        return TableMeld(owner, self.cards, self.suit, self.rank, self.low)


def read_meld(cards: Sequence[Card]) -> tuple[list[Shape], str]:
    """Every way ``cards`` form a valid meld (ZO-11), or why they form none.

    Jokers are placed in the order given: the first joker takes the lowest joker position.

    Args:
        cards: The cards, in any order, jokers included.

    Returns:
        ``(shapes, "")`` with one or more readings, or ``([], reason)`` with a sentence for the
        player, such as "K♦ A♦ 2♦ is not a run: the ace is low or high, never both".
    """
    shown = cards_text(list(cards))
    naturals = [card for card in cards if not IS_JOKER[card]]
    jokers = [card for card in cards if IS_JOKER[card]]
    if len(cards) < 3:
        return [], f"{shown} is not a meld: a meld needs at least 3 cards"
    if len(naturals) <= len(jokers):
        if _jokers_touch(naturals):
            return [], f"{shown} is not a run: two jokers may not lie side by side in a run"
        return [], f"{shown} is not a meld: it needs more natural cards than jokers"
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        rank = naturals[0].rank
        if len(suits) < len(naturals):
            return [], f"{shown} is not a set: a set has each suit only once"
        if len(cards) > 4:
            return [], f"{shown} is not a set: a set has at most 4 cards"
        shape = make_set(0, rank, cards)
        return [Shape(shape.cards, (), None, rank, 0)], ""
    if len(suits) > 1:
        return [], f"{shown} is neither a run (one suit in sequence) nor a set (one rank)"
    suit = naturals[0].suit
    if len(ranks) < len(naturals):
        twice = next(card for card in naturals if sum(c.rank is card.rank for c in naturals) > 1)
        return [], f"{shown} is not a run: {twice.rank.noun} appear twice"
    if len(cards) > MAX_RUN:
        return [], f"{shown} is not a run: a run has at most 13 cards"
    shapes = _run_shapes(suit, naturals, jokers)
    if shapes:
        return shapes, ""
    return [], f"{shown} is not a run: {_run_reason(naturals, len(jokers))}"


def _run_shapes(suit: Suit, naturals: list[Card], jokers: list[Card]) -> list[Shape]:
    size = len(naturals) + len(jokers)
    values = [card_value(card) for card in naturals]
    choices = [values]
    if 14 in values:
        choices.append([1 if value == 14 else value for value in values])
    shapes: list[Shape] = []
    for chosen in choices:
        by_value = dict(zip(chosen, naturals, strict=True))
        lowest, highest = min(chosen), max(chosen)
        for low in range(max(1, highest - size + 1), min(lowest, 15 - size) + 1):
            ordered: list[Card] = []
            named: list[Card] = []
            spare = iter(jokers)
            previous_joker = False
            for value in range(low, low + size):
                card = by_value.get(value)
                if card is None:
                    if previous_joker:
                        break
                    ordered.append(next(spare))
                    named.append(RUN_FACE[value, suit])
                    previous_joker = True
                else:
                    ordered.append(card)
                    previous_joker = False
            else:
                shapes.append(Shape(tuple(ordered), tuple(named), suit, None, low))
    return shapes


def _run_reason(naturals: list[Card], jokers: int) -> str:
    """Why naturals of one suit and distinct ranks with ``jokers`` jokers form no run."""
    values = sorted(card_value(card) for card in naturals)
    if 14 in values:
        low_values = sorted(1 if value == 14 else value for value in values)
        wrapped = _fits_circle(values, jokers)
        if wrapped and not _gaps_fit(values, jokers) and not _gaps_fit(low_values, jokers):
            return "the ace is low or high, never both"
    gaps = values[-1] - values[0] + 1 - len(values)
    if gaps > jokers:
        return "the cards are not in sequence"
    return "two jokers may not lie side by side in a run"


def _jokers_touch(naturals: list[Card]) -> bool:
    """True if natural cards of one suit leave a gap of two or more between neighbours."""
    if len(naturals) < 2 or len({card.suit for card in naturals}) > 1:
        return False
    values = sorted(card_value(card) for card in naturals)
    if len(set(values)) < len(values):
        return False
    return all(
        any(high - low > 2 for low, high in pairwise(ordered))
        for ordered in (values, sorted(1 if value == 14 else value for value in values))
    )


def _gaps_fit(values: list[int], jokers: int) -> bool:
    return values[-1] - values[0] + 1 - len(values) <= jokers


def _fits_circle(values: list[int], jokers: int) -> bool:
    """True if the values would fit a run that went round from the king to the two."""
    size = len(values) + jokers
    ring = {value % 13 for value in values}
    return any(
        ring <= {(start + step) % 13 for step in range(size)} for start in range(13)
    )


def jokers_word(count: int) -> str:
    """"joker" for one, else "jokers": a message about ``count`` jokers agrees in number."""
    return "joker" if count == 1 else "jokers"


def opening_text(points: int, needed: int, pure: bool) -> str:
    """The opening so far in words: ``Opening: 36 of 42, pure run ✓``."""
    return f"Opening: {points} of {needed}, pure run {'✓' if pure else '✗'}"


def _windows(mask: int, jokers: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every run window over the values in ``mask`` (bit v = value v present) with at most
    ``jokers`` jokers: ``(low, size, joker values)``."""
    found = []
    for low in range(1, 13):
        missing: list[int] = []
        naturals = 0
        previous_missing = False
        for value in range(low, min(low + MAX_RUN, 15)):
            if mask >> value & 1:
                naturals += 1
                previous_missing = False
            else:
                if previous_missing or len(missing) == jokers:
                    break
                missing.append(value)
                previous_missing = True
            if value - low >= 2 and naturals > len(missing):
                found.append((low, value - low + 1, tuple(missing)))
    return tuple(found)


_WINDOWS: dict[tuple[int, int], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}

_SUIT_SUBSETS: dict[int, tuple[tuple[int, ...], ...]] = {
    mask: tuple(
        combo
        for size in (2, 3, 4)
        for combo in combinations([i for i in range(4) if mask >> i & 1], size)
    )
    for mask in range(16)
}

MeldChoice = tuple[int, Meld]
"""A meld a hand can lay: its size and its action."""

_RUN_CHOICES: dict[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[MeldChoice, ...]] = {}
_SET_CHOICES: dict[tuple[tuple[Card, ...], Card | None], tuple[MeldChoice, ...]] = {}
_SHAPES: dict[Meld, Shape] = {}
_CACHE_LIMIT = 200_000


def _register(shape: Shape) -> Meld:
    meld = Meld(shape.cards, shape.named)
    if len(_SHAPES) > _CACHE_LIMIT:
        _SHAPES.clear()
    _SHAPES[meld] = shape
    return meld


def meld_shape(action: Meld) -> tuple[Shape | None, str]:
    """The reading of ``action``'s cards that matches its order and joker names, or why none
    (ZO-11).

    Returns:
        ``(shape, "")`` or ``(None, reason)``.
    """
    known = _SHAPES.get(action)
    if known is not None:
        return known, ""
    shapes, reason = read_meld(action.cards)
    if not shapes:
        return None, reason
    for shape in shapes:
        if shape.cards == action.cards and shape.named == action.named:
            return shape, ""
    if action.named:
        names = " ".join(card.symbol for card in action.named)
        return None, f"the {jokers_word(len(action.named))} cannot stand for {names} in that meld"
    return None, "write the meld in order, low to high, saying what each joker stands for"


def run_choices(cards: tuple[Card, ...], jokers: tuple[Card, ...]) -> tuple[MeldChoice, ...]:
    """Every run that natural cards of one suit and the given jokers can make (ZO-11).

    Args:
        cards: One copy of each natural face of the suit held, from low to high.
        jokers: The jokers held, in the order they are used (the first takes the lowest
            joker position).

    Returns:
        ``(size, shape)`` pairs, by lowest value and then size.
    """
    key = (cards, jokers)
    found = _RUN_CHOICES.get(key)
    if found is None:
        if len(_RUN_CHOICES) > _CACHE_LIMIT:
            _RUN_CHOICES.clear()
        found = _RUN_CHOICES[key] = _runs(cards, jokers)
    return found


def _runs(cards: tuple[Card, ...], jokers: tuple[Card, ...]) -> tuple[MeldChoice, ...]:
    suit = cards[0].suit
    mask = 0
    by_value: dict[int, Card] = {}
    for card in cards:
        value = int(card.rank)
        mask |= 1 << value
        by_value[value] = card
        if value == 14:
            mask |= 2
            by_value[1] = card
    windows_key = (mask, len(jokers))
    windows = _WINDOWS.get(windows_key)
    if windows is None:
        windows = _WINDOWS[windows_key] = _windows(mask, len(jokers))
    choices = []
    for low, size, missing in windows:
        spare = iter(jokers)
        ordered = tuple(
            next(spare) if value in missing else by_value[value]
            for value in range(low, low + size)
        )
        named = tuple(RUN_FACE[value, suit] for value in missing)
        choices.append((size, _register(Shape(ordered, named, suit, None, low))))
    return tuple(choices)


def set_choices(cards: tuple[Card, ...], joker: Card | None) -> tuple[MeldChoice, ...]:
    """Every set that natural cards of one rank (one per suit, in any order) and at most one
    joker can make (ZO-11): ``(size, meld)`` pairs, the cards of each in suit order."""
    key = (cards, joker)
    found = _SET_CHOICES.get(key)
    if found is None:
        if len(_SET_CHOICES) > _CACHE_LIMIT:
            _SET_CHOICES.clear()
        cards = tuple(sorted(cards, key=_set_order))
        mask = (1 << len(cards)) - 1
        rank = cards[0].rank
        choices: list[MeldChoice] = []
        for combo in _SUIT_SUBSETS[mask]:
            naturals = tuple(cards[index] for index in combo)
            if len(naturals) >= 3:
                choices.append((len(naturals), _register(Shape(naturals, (), None, rank, 0))))
            if joker is not None and len(naturals) < 4:
                shape = Shape((*naturals, joker), (), None, rank, 0)
                choices.append((len(naturals) + 1, _register(shape)))
        found = _SET_CHOICES[key] = tuple(choices)
    return found
