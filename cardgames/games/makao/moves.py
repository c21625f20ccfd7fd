"""Which cards may be played now: the matching, battle, stop and demand rules of Makao.

Pure functions over a hand and a :class:`Situation`; the engine uses them to list and check
plays, the notation uses them to explain a refusal from a view.

Rules: MK-4 (matching, several cards of one rank), MK-5 (only the drawn card after a draw),
MK-7/MK-8 (battle cards and their answers), MK-9 (the top card decides a battle, so a play that
holds a battle king ends with one), MK-10 (stops), MK-11/MK-12/MK-14 (demands), the ``queens``
and ``jokers`` house options (a joker is played alone or within a set, standing for a card of
the set's rank).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Any, Literal, NamedTuple

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.deck import build_deck
from cardgames.games.makao.actions import Play

# Enum members looked up once: a lookup on an enum class is slow in hot loops.
_ACE = Rank.ACE
_EIGHT = Rank.EIGHT
_FIVE = Rank.FIVE
_FOUR = Rank.FOUR
_JACK = Rank.JACK
_JOKER = Rank.JOKER
_KING = Rank.KING
_NINE = Rank.NINE
_QUEEN = Rank.QUEEN
_SEVEN = Rank.SEVEN
_SIX = Rank.SIX
_TEN = Rank.TEN
_THREE = Rank.THREE
_TWO = Rank.TWO
_HEARTS = Suit.HEARTS
_SPADES = Suit.SPADES
DEMAND_RANKS = (_FIVE, _SIX, _SEVEN, _EIGHT, _NINE, _TEN)
"""The ranks a jack may demand (MK-11)."""

SUITS = tuple(sorted(Suit))
"""The suits in the order cards sort by (♣ ♦ ♥ ♠)."""
_PLAIN_RANKS = tuple(rank for rank in Rank if rank is not _JOKER)
ALL_FACES = tuple(Card(rank, suit) for rank in _PLAIN_RANKS for suit in SUITS)
"""Every card a joker may stand for, in a fixed order."""
_RANK_FACES = {rank: tuple(Card(rank, suit) for suit in SUITS) for rank in _PLAIN_RANKS}
"""The cards a joker in a set of each rank may stand for, in suit order."""

_BATTLE_KING_SUITS = (_HEARTS, _SPADES)
KING_LAST = "Put a battle king last: the top card decides the battle"
"""The refusal of a play that holds a battle king but ends with a plain one (MK-4, MK-9)."""
_START_ACTION_RANKS = frozenset({_TWO, _THREE, _FOUR, _JACK, _ACE, _JOKER})


@dataclass(frozen=True, slots=True)
class ActiveDemand:
    """A demand in force (MK-11 to MK-13).

    Attributes:
        kind: ``"rank"`` (made with a jack) or ``"suit"`` (made with an ace).
        value: The demanded rank or suit.
        by: The seat that made it; it ends when the turn comes back to that seat.
    """

    kind: Literal["rank", "suit"]
    value: Rank | Suit

    by: int

    @property
    def text(self) -> str:
        """The demand in words: ``7s`` or ``hearts``."""
        return self.value.noun


class Situation(NamedTuple):
    """What decides which cards may start a play.

    Attributes:
        top: What the top card of the discard pile counts as (the named card for a joker).
        pending_draw: Cards the player to move must take unless he answers (MK-7).
        pending_skips: Turns the player to move must sit out unless he answers (MK-10).
        demand: The active demand, which binds the player to move (MK-13).
        queens: The ``queens`` house option.
    """

    top: Card
    pending_draw: int
    pending_skips: int
    demand: ActiveDemand | None
    queens: bool


def is_battle_king(card: Card) -> bool:
    """True for K♥ and K♠ (MK-7)."""
    return card.rank is _KING and card.suit in _BATTLE_KING_SUITS


def battle_value(card: Card) -> int:
    """Cards the next player must take for this card: 2, 3, or 5 for K♥ / K♠, else 0 (MK-7)."""
    rank = card.rank
    if rank is _TWO:
        return 2
    if rank is _THREE:
        return 3
    if rank is _KING and card.suit in _BATTLE_KING_SUITS:
        return 5
    return 0


def is_start_action_card(card: Card) -> bool:
    """True for cards that may not start the discard pile: 2 3 4 J A K♥ K♠ and jokers (MK-2)."""
    return card.rank in _START_ACTION_RANKS or is_battle_king(card)


def article(rank: Rank) -> str:
    """``a`` or ``an`` before the rank's code (``an 8``, ``an A``)."""
    return "an" if rank in (_EIGHT, _ACE) else "a"


def answers_text(top: Card) -> str:
    """The cards that answer a battle on ``top``, in words: ``a 2, a 3♥ or K♥`` (MK-8)."""
    suit = top.suit
    if top.rank is _KING:
        return f"K♥, K♠, 2{suit.symbol} or 3{suit.symbol}"
    other = _THREE if top.rank is _TWO else _TWO
    parts = [f"a {top.rank.code}", f"a {other.code}{suit.symbol}"]
    if suit in _BATTLE_KING_SUITS:
        parts.append(f"K{suit.symbol}")
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def answers_battle(card: Card, top: Card) -> bool:
    """True if ``card`` may answer the battle card ``top`` (MK-8)."""
    if battle_value(card) == 0:
        return False
    if top.rank is _KING:
        return card.rank is _KING or card.suit is top.suit
    return card.rank is top.rank or card.suit is top.suit


def starts(card: Card, situation: Situation) -> bool:
    """True if ``card`` (a plain card or what a joker stands for) may start a play now."""
    top, pending_draw, pending_skips, demand, queens = situation
    if pending_draw:
        return answers_battle(card, top)
    if pending_skips:
        return card.rank is _FOUR
    if demand is not None:
        if demand.kind == "rank":
            return card.rank is demand.value or card.rank is _JACK
        return card.suit is demand.value or card.rank is _ACE
    return (
        card.rank is top.rank
        or card.suit is top.suit
        or (queens and (card.rank is _QUEEN or top.rank is _QUEEN))
    )


def start_refusal(card: Card, situation: Situation, shown: str | None = None) -> str:
    """Why ``card`` may not start a play now, as a sentence for the player.

    Args:
        card: The card, or what a joker stands for.
        situation: The top card and the pending effects.
        shown: How to name the card in the sentence (``Xr=7h`` for a joker), else ``card``.
    """
    top, pending_draw, pending_skips, demand, _ = situation
    card_words = shown or str(card)
    if pending_draw:
        return (
            f"{card_words} does not answer {top}; you must take {pending_draw} cards "
            f"or answer with {answers_text(top)}"
        )
    if pending_skips:
        turns = "turn" if pending_skips == 1 else "turns"
        return f"{card_words} is not a 4; answer the stop with a 4 or wait {pending_skips} {turns}"
    if demand is not None:
        if isinstance(demand.value, Rank):
            value = demand.value
            return (
                f"{card_words} does not meet the demand: under the demand for {value.noun} "
                f"you must play {article(value)} {value.code} or a jack"
            )
        return (
            f"{card_words} does not meet the demand: under the demand for {demand.value.noun} "
            f"you must play a {demand.value.symbol} card or an ace"
        )
    return f"{card_words} does not match {top}"


def effective_cards(play: Play) -> tuple[Card, ...]:
    """The cards as they count: each joker replaced by the card it stands for (``jokers``)."""
    if not play.named:
        return play.cards
    names = iter(play.named)
    return tuple(next(names) if card.is_joker else card for card in play.cards)


def played_text(card: Card, counted: Card) -> str:
    """A card of a play in a message: ``7♥``, or a joker as typed with its name, ``Xr=7h``."""
    return f"{card.code}={counted.code}" if card.is_joker else str(card)


def check_play(
    hand: list[Card] | tuple[Card, ...],
    play: Play,
    situation: Situation,
    drawn: Card | None,
) -> str | None:
    """Check a play against every rule, whatever the order of its cards (MK-4 … MK-14).

    With the ``jokers`` option a joker counts exactly as the card it is named (any suit the
    player names is accepted): alone, or within a set, where it stands for a card of the set's
    rank; the first card as named must start the play (MK-4), battle cards add up (MK-7), a
    play holding a battle king ends with one (MK-9) and the last card as named is the new top.

    Args:
        hand: The player's hand.
        play: The play to check.
        situation: The top card and the pending effects.
        drawn: In the "drawn" phase the card just drawn (only it may be played, MK-5), else None.

    Returns:
        None if the play is legal, else the reason as a sentence for the player.
    """
    cards = play.cards
    if not cards:
        return "Name the cards to play, for example: play 7h"
    remaining = list(hand)
    for card in cards:
        if card not in remaining:
            return f"You don't hold {card}" if card not in hand else f"You hold only one {card}"
        remaining.remove(card)
    jokers = sum(1 for card in cards if card.is_joker)
    if len(play.named) != jokers:
        return "Say what each joker stands for, for example: play Xr=7h"
    if any(named.is_joker for named in play.named):
        return "A joker cannot stand for a joker: name a plain card such as 7h"
    if drawn is not None and (len(cards) != 1 or cards[0] != drawn):
        return f"After drawing you may play only the card you drew ({drawn}), or pass"
    counted = effective_cards(play)
    first = counted[0]
    if any(card.rank is not first.rank for card in counted):
        return _rank_refusal(cards, counted)
    if not starts(first, situation):
        return _start_order_refusal(cards, counted, situation)
    return _king_order_refusal(cards, counted, situation)


def _rank_refusal(cards: tuple[Card, ...], counted: tuple[Card, ...]) -> str:
    """Why a play of several ranks is refused (MK-4); a joker named another rank than the set's
    (the rank of its first plain card, or of the first joker in a set of jokers) is named."""
    base = next((index for index, card in enumerate(cards) if not card.is_joker), 0)
    rank = counted[base].rank
    for card, named in zip(cards, counted, strict=True):
        if card.is_joker and named.rank is not rank:
            return (
                "A joker in a set stands for a card of the set's rank: "
                f"{played_text(card, named)} cannot join {played_text(cards[base], counted[base])}"
            )
    return "Cards played together must all be of one rank"


def _start_order_refusal(
    cards: tuple[Card, ...], counted: tuple[Card, ...], situation: Situation
) -> str:
    """Why a play whose first card may not start is refused, and which order would do (MK-4).

    The cards are named as played (:func:`played_text`), ``counted`` gives what they count as.
    """
    shown = [played_text(card, named) for card, named in zip(cards, counted, strict=True)]
    reason = start_refusal(counted[0], situation, shown[0])
    kings = [index for index, card in enumerate(counted) if is_battle_king(card)]
    possible = [index for index in range(1, len(cards)) if starts(counted[index], situation)]
    for index in possible:
        if not kings:
            return f"{reason}; the first card must match, so play {shown[index]} first"
        if kings != [index]:
            return (
                f"{reason}; the first card must match, so play {shown[index]} first "
                "and a battle king last"
            )
    if possible:
        king = shown[possible[0]]
        return (
            f"{reason}; only {king} may start here and a battle king must be last, "
            f"so play {king} without the plain kings"
        )
    return reason


def _king_order_refusal(
    cards: tuple[Card, ...], counted: tuple[Card, ...], situation: Situation
) -> str | None:
    """MK-4, MK-8, MK-9: a play that holds a battle king must end with one.

    The top card decides the battle and a plain king answers nothing, so K♦ K♠ starts a battle
    of 5 while K♠ K♦ would leave a plain king on top of a battle. A joker counts as the king it
    is named (``Xr=Kh`` is a battle king).

    Returns:
        None if the order is fine, else the reason as a sentence for the player.
    """
    if counted[0].rank is not _KING or is_battle_king(counted[-1]):
        return None
    kings = [index for index, card in enumerate(counted) if is_battle_king(card)]
    if not kings:
        return None
    plain_may_start = any(
        starts(card, situation) for card in counted if not is_battle_king(card)
    )
    if len(kings) == 1 and not plain_may_start:
        king = played_text(cards[kings[0]], counted[kings[0]])
        return f"{KING_LAST}; only {king} may start here, so play {king} without the plain kings"
    return KING_LAST


def single(card: Card) -> Play:
    """The play of ``card`` alone; one shared value per card, so lists compare by identity."""
    play = _SINGLES.get(card)
    if play is None:
        play = _SINGLES[card] = Play((card,))
    return play


_SINGLES: dict[Card, Play] = {}


def legal_plays(hand: list[Card], situation: Situation, drawn: Card | None) -> list[Play]:
    """Every legal play, one canonical ordering each, in a deterministic order (MK-4).

    One play is listed per (first card, last card, set of cards): the middle cards are sorted
    and identical faces of a double deck are used lowest deck first. A play that holds a battle
    king ends with one (MK-9).

    With the ``jokers`` option a joker is played alone, once for each card it may stand for
    now, or within a set of two or more cards of one rank (plain cards and jokers, or jokers
    only), standing for a card of that rank; see :func:`joker_sets` for which names are
    listed. The rules accept any name that counts the same (``moves.check_play``).

    Args:
        hand: The player's hand, sorted.
        situation: The top card and the pending effects.
        drawn: In the "drawn" phase the card just drawn (MK-5), else None.
    """
    return plays_in_mask(hand, hand_mask(hand), situation, drawn)


def plays_in_mask(
    hand: list[Card], mask: int, situation: Situation, drawn: Card | None
) -> list[Play]:
    """:func:`legal_plays` for a hand whose :func:`hand_mask` is known (the engine keeps it).

    The cards that may start are the hand's bits in :func:`starting_mask`, lowest bit (so
    lowest card) first, one copy of each face; a card with others of its rank in the hand
    starts every set of ``_sets_of``. The plays with jokers follow (``jokers`` option): each
    joker alone, then :func:`joker_sets`.
    """
    if drawn is not None:
        if drawn.is_joker:
            return _joker_plays(drawn, situation)
        return [single(drawn)] if starts(drawn, situation) else []
    plays = mask_plays(mask, mask & starting_mask(situation))
    if mask & JOKER_BITS:
        for joker in _first_copies([card for card in hand if card.rank is _JOKER]):
            plays.extend(_joker_plays(joker, situation))
        plays.extend(joker_sets(mask, situation))
    return plays


def mask_plays(mask: int, starting: int) -> list[Play]:
    """The plays without jokers of a hand ``mask`` whose cards in ``starting`` may start.

    ``starting`` holds the hand's cards that :func:`starting_mask` allows; they start in
    sorting order (lowest bit first), one copy of each face, and a card with others of its
    rank in the hand starts every set of :func:`_sets_of`. The bits are taken highest first
    (``bit_length`` finds it without a negation) and the list is turned round at the end.
    """
    plays: list[Play] = []
    while starting:
        index = starting.bit_length() - 1
        bit = _BIT_AT[index]
        same = mask & _SAME_RANK[index]
        if same == bit:
            plays.append(_SINGLE_AT[index])
            starting ^= bit
        else:
            face = starting & _SAME_FACE[index]
            starting ^= face
            if face != bit:
                index = (face & -face).bit_length() - 1
            known = _SETS[index]
            sets = known.get(same)
            if sets is None:
                sets = known[same] = _sets_of(ORDER[index], cards_in(same))[::-1]
            plays.extend(sets)
    plays.reverse()
    return plays


ORDER: tuple[Card, ...] = tuple(sorted(build_deck(2, 2)))
"""Every card of the largest table (two decks with their jokers) in sorting order; a hand is
also kept as a mask with bit ``i`` set when it holds ``ORDER[i]``, so sets of cards are ints."""
BIT: dict[Card, int] = {card: 1 << index for index, card in enumerate(ORDER)}
"""The mask bit of each card."""
JOKER_BITS = sum(BIT[card] for card in ORDER if card.rank is _JOKER)
"""The mask of the jokers."""
NO_JOKERS = JOKER_BITS & -JOKER_BITS
"""The lowest joker bit: jokers sort last, so a mask holds no joker exactly when it is below."""
_NATURALS = sum(BIT[card] for card in ORDER if card.rank is not _JOKER)
_SAME_RANK = [
    sum(BIT[other] for other in ORDER if other.rank is card.rank) & _NATURALS for card in ORDER
]
_RANK_MASKS = {
    rank: sum(BIT[card] for card in ORDER if card.rank is rank) for rank in _PLAIN_RANKS
}
"""The mask of the plain cards of each rank."""
_SAME_FACE = [sum(BIT[other] for other in ORDER if other.same_face(card)) for card in ORDER]
_SINGLE_AT = [single(card) for card in ORDER]
_BIT_AT = [1 << index for index in range(len(ORDER))]
_SETS: list[dict[int, tuple[Play, ...]]] = [{} for _ in ORDER]
"""The sets of :func:`_sets_of` by the first card's index, then by the same-rank mask, last
play first (:func:`mask_plays` lists the plays backwards, then turns the list round)."""


class StarterTable(dict[Any, int]):
    """Masks of the plain cards that may start, by a key that sets the situation (MK-4, MK-8,
    MK-10, MK-13); each mask is computed when first asked for, then kept.

    Args:
        situation: The situation of a key.
    """

    __slots__ = ("_situation",)

    def __init__(self, situation: Callable[[Any], Situation]) -> None:
        super().__init__()
        self._situation = situation

    def __missing__(self, key: Any) -> int:
        mask = self[key] = _mask_of_starters(self._situation(key))
        return mask


MATCHING = (
    StarterTable(lambda top: Situation(top, 0, 0, None, False)),
    StarterTable(lambda top: Situation(top, 0, 0, None, True)),
)
"""The :func:`starting_mask` with nothing pending, by top card (MK-4); the first table without
the ``queens`` option, the second with it."""
ANSWERS = StarterTable(lambda top: Situation(top, 1, 0, None, False))
"""The :func:`starting_mask` under a pending draw, by top card (MK-8)."""
DEMANDED = StarterTable(
    lambda value: Situation(
        ORDER[0], 0, 0, ActiveDemand("rank" if isinstance(value, Rank) else "suit", value, 0),
        False,
    )
)
"""The :func:`starting_mask` under a demand, by the demanded rank or suit (MK-13)."""


def hand_mask(cards: list[Card] | tuple[Card, ...]) -> int:
    """The mask of ``cards`` (each card once)."""
    return sum(BIT[card] for card in cards)


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in sorting order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(ORDER[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def starting_mask(situation: Situation) -> int:
    """The mask of every plain card (no joker) that may start a play now, as :func:`starts` says.

    A pending draw comes first, then a stop, then a demand (MK-8, MK-10, MK-13); each mask is
    read off its table (:data:`ANSWERS`, :data:`FOURS`, :data:`DEMANDED`, :data:`MATCHING`).
    """
    top, pending_draw, pending_skips, demand, queens = situation
    if pending_draw:
        return ANSWERS[top]
    if pending_skips:
        return FOURS
    if demand is not None:
        return DEMANDED[demand.value]
    return MATCHING[queens][top]


def _mask_of_starters(situation: Situation) -> int:
    return sum(BIT[card] for card in ORDER if card.rank is not _JOKER and starts(card, situation))


FOURS = sum(BIT[card] for card in ORDER if card.rank is _FOUR)
"""The :func:`starting_mask` under a pending stop: the fours (MK-10)."""


def _joker_plays(joker: Card, situation: Situation) -> list[Play]:
    """The joker alone, standing for each card that may start a play now."""
    return [Play((joker,), (face,)) for face in ALL_FACES if starts(face, situation)]


def joker_sets(mask: int, situation: Situation) -> list[Play]:
    """The legal sets of two or more cards with at least one joker in them (``jokers``, MK-4).

    Each joker stands for a card of the set's rank; a set may hold jokers only. Where a card
    that is not on top lies changes nothing but its place under the top card, so one order is
    listed per (set of cards, last card) and per effect of the play (the card it leaves on top,
    the cards it makes the next player take):

    - the cards before the last are in sorting order (jokers after the plain cards, copies
      lowest deck first), except that the first of them that may start comes first (MK-4);
    - a joker last (on top) is listed as each card of the rank; in a play that holds another
      battle king only as K♥ and K♠ (a battle king must be last, MK-9);
    - a joker before the last card takes the first suit (♣ ♦ ♥ ♠) that no plain card of the set
      shows, else the first suit; a joker first takes the first such suit among the cards of
      the rank that may start now;
    - among kings, where a joker counts as a battle king or a plain one (MK-7), each number of
      battle kings among the jokers before the last is listed once: the first joker is a battle
      king (K♥ or K♠) or a plain one (K♣ or K♦) as that number allows (a battle king if both
      do), then the other jokers, battle kings first.

    Any other order and any other names that fit are legal too (``check_play``); the listed
    play with the same cards, the same last card and the same effect stands for them.

    Args:
        mask: The hand as a :func:`hand_mask`; it holds a joker.
        situation: The top card and the pending effects.

    Returns:
        The plays, rank by rank (2 … A), in a fixed order.
    """
    jokers = mask & JOKER_BITS
    several = jokers & (jokers - 1)
    starting = starting_mask(situation)
    plays: list[Play] = []
    for rank, rank_bits in _RANK_MASKS.items():
        naturals = mask & rank_bits
        if not (naturals or several):
            continue
        starters = starting & rank_bits
        if not starters:
            continue
        key = (naturals | jokers, starters)
        known = _JOKER_SETS.get(key)
        if known is None:
            known = _JOKER_SETS[key] = _rank_sets(rank, naturals, jokers, starters)
        plays.extend(known)
    return plays


_JOKER_SETS: dict[tuple[int, int], tuple[Play, ...]] = {}
"""The plays of :func:`_rank_sets` by the mask of the cards of one rank and the jokers, and
the mask of the cards of that rank that may start."""


def _rank_sets(rank: Rank, naturals: int, jokers: int, starting: int) -> tuple[Play, ...]:
    """The sets of ``rank`` with jokers that :func:`joker_sets` lists, from the masks of the
    hand's cards of ``rank``, its jokers and the cards of ``rank`` (both decks) that may
    start now."""
    starters = [face for face in _RANK_FACES[rank] if starting & BIT[face]]
    natural_groups = _face_groups(cards_in(naturals))
    groups = natural_groups + _face_groups(cards_in(jokers))
    joker_from = len(natural_groups)
    plays: list[Play] = []
    for counts in product(*(range(len(group) + 1) for group in groups)):
        if sum(counts) < 2 or not any(counts[joker_from:]):
            continue
        for last_index, group in enumerate(groups):
            count = counts[last_index]
            if not count:
                continue
            rest: list[Card] = []
            first_at = -1
            for index, (other, taken) in enumerate(zip(groups, counts, strict=True)):
                taken -= index == last_index
                if taken and first_at < 0 and (
                    index >= joker_from or starting & BIT[other[0]]
                ):
                    first_at = len(rest)
                rest.extend(other[:taken])
            if first_at < 0:
                continue
            first = rest.pop(first_at)
            plays.extend(_named_sets((first, *rest, group[count - 1]), rank, starters))
    return tuple(plays)


def joker_namings(
    hand: list[Card] | tuple[Card, ...],
    cards: tuple[Card, ...],
    situation: Situation,
    drawn: Card | None,
) -> list[Play]:
    """The legal plays of ``cards`` in the order given, one for each way of naming its jokers
    that counts differently (``jokers`` option, MK-4): what a player who picked these cards
    may still choose.

    A joker alone is offered as each card it may stand for now. In a set every joker stands
    for a card of the set's rank (the rank of its plain cards; in a set of jokers only, each
    rank in turn) and is named as :func:`joker_sets` names it: only the suit of the joker on
    top, and among kings battle king or plain king, are left to choose.

    Args:
        hand: The player's hand.
        cards: The cards picked, in the order they would be played; at least one.
        situation: The top card and the pending effects.
        drawn: In the "drawn" phase the card just drawn (MK-5), else None.

    Returns:
        The legal plays, rank by rank; empty if no naming makes the play legal. Without a
        joker, the play of ``cards`` alone if it is legal.
    """
    if not any(card.is_joker for card in cards):
        play = Play(cards)
        return [play] if check_play(hand, play, situation, drawn) is None else []
    if len(cards) == 1:
        candidates = _joker_plays(cards[0], situation)
    else:
        ranks = {card.rank for card in cards if not card.is_joker}
        if len(ranks) > 1:
            return []
        candidates = []
        for rank in tuple(ranks) or _PLAIN_RANKS:
            starters = [face for face in _RANK_FACES[rank] if starts(face, situation)]
            candidates.extend(_named_sets(cards, rank, starters))
    return [play for play in candidates if check_play(hand, play, situation, drawn) is None]


def _named_sets(cards: tuple[Card, ...], rank: Rank, starters: list[Card]) -> list[Play]:
    """The plays of ``cards`` (a set of ``rank`` with jokers) with the names :func:`joker_sets`
    lists; ``starters`` are the cards of ``rank`` that may start now."""
    shown = {card.suit for card in cards if not card.is_joker}
    faces = _RANK_FACES[rank]
    last = cards[-1]
    before = sum(1 for card in cards[:-1] if card.is_joker)
    if before and cards[0].is_joker and not starters:
        return []
    if rank is not _KING:
        middle_name = _pick(faces, shown)
        names = [middle_name] * before
        if cards[0].is_joker:
            names[0] = _pick(starters, shown)
        if not last.is_joker:
            return [Play(cards, tuple(names))]
        return [Play(cards, (*names, face)) for face in faces]
    battle_faces = [face for face in faces if is_battle_king(face)]
    plain_faces = [face for face in faces if not is_battle_king(face)]
    battle_starters = [face for face in starters if is_battle_king(face)]
    plain_starters = [face for face in starters if not is_battle_king(face)]
    natural_battle = any(is_battle_king(card) for card in cards if not card.is_joker)
    plays = []
    for battle in range(before + 1):
        names = []
        left = battle
        if cards[0].is_joker:
            if battle and battle_starters:
                names.append(_pick(battle_starters, shown))
                left -= 1
            elif battle < before and plain_starters:
                names.append(_pick(plain_starters, shown))
            else:
                continue
        middle = before - len(names)
        names.extend([_pick(battle_faces, shown)] * left)
        names.extend([_pick(plain_faces, shown)] * (middle - left))
        if not last.is_joker:
            if (battle or natural_battle) and not is_battle_king(last):
                continue
            plays.append(Play(cards, tuple(names)))
        else:
            tops = battle_faces if battle or natural_battle else faces
            plays.extend(Play(cards, (*names, face)) for face in tops)
    return plays


def _pick(faces: list[Card] | tuple[Card, ...], shown: set[Suit]) -> Card:
    """The first of ``faces`` whose suit is not in ``shown``, else the first."""
    for face in faces:
        if face.suit not in shown:
            return face
    return faces[0]


def _sets_of(first: Card, same_rank: tuple[Card, ...]) -> tuple[Play, ...]:
    """Every play that starts with ``first`` and adds any of ``same_rank`` (kept in ``_SETS``).

    The cards after the first come in groups of identical faces; for each choice of how many of
    each group to add and which group gives the last card, the middle cards are taken in group
    order and the copies lowest deck first, so the command text maps back to the same cards.
    Kings of all suits mix, but a play that holds a battle king ends with one (MK-4, MK-9).
    """
    groups = _face_groups(same_rank, first)
    kings = first.rank is _KING
    plays = [single(first)]
    for counts in product(*(range(len(group) + 1) for group in groups)):
        chosen = [(group, count) for group, count in zip(groups, counts, strict=True) if count]
        battle = kings and (
            is_battle_king(first) or any(is_battle_king(group[0]) for group, _ in chosen)
        )
        for last_index, (last_group, last_count) in enumerate(chosen):
            if battle and not is_battle_king(last_group[0]):
                continue
            middle: list[Card] = []
            for index, (group, count) in enumerate(chosen):
                middle.extend(group[: count - 1 if index == last_index else count])
            plays.append(Play((first, *middle, last_group[last_count - 1])))
    return tuple(plays)


def _first_copies(cards: list[Card]) -> list[Card]:
    """The lowest-deck copy of each face among sorted ``cards``."""
    firsts: list[Card] = []
    for card in cards:
        if not firsts or not firsts[-1].same_face(card):
            firsts.append(card)
    return firsts


def _face_groups(cards: tuple[Card, ...], first: Card | None = None) -> list[list[Card]]:
    """Sorted ``cards`` except ``first``, in lists of identical faces."""
    groups: list[list[Card]] = []
    for card in cards:
        if card != first:
            if groups and groups[-1][0].same_face(card):
                groups[-1].append(card)
            else:
                groups.append([card])
    return groups
