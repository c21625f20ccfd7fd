"""Property tests of the meld checker (ZO-11) against a brute-force checker written here."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.cards import Card, Rank, Suit
from cardgames.games.zoliky.melds import ALL_CARDS, read_meld

JOKERS = [card for card in ALL_CARDS if card.rank is Rank.JOKER]
PLAIN = [card for card in ALL_CARDS if card.rank is not Rank.JOKER]


def _face(value: int, suit: Suit) -> tuple[Rank, Suit]:
    return (Rank.ACE if value in (1, 14) else Rank(value), suit)


def brute_force(cards: list[Card]) -> set[tuple[object, ...]]:
    """Every reading of ``cards`` as a meld, found by trying every suit and every window."""
    naturals = [card for card in cards if card.rank is not Rank.JOKER]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or len(naturals) <= jokers:
        return set()
    found: set[tuple[object, ...]] = set()
    ranks = {card.rank for card in naturals}
    suits = [card.suit for card in naturals]
    if len(ranks) == 1 and len(cards) <= 4 and len(set(suits)) == len(suits):
        found.add(("set", naturals[0].rank))
    size = len(cards)
    for suit in Suit:
        for low in range(1, 15):
            high = low + size - 1
            if high > 14 or size > 13:
                continue
            window = [_face(value, suit) for value in range(low, high + 1)]
            free = list(range(low, high + 1))
            fits = True
            for card in naturals:
                spot = next((v for v in free if _face(v, suit) == (card.rank, card.suit)), None)
                if spot is None:
                    fits = False
                    break
                free.remove(spot)
            if not fits or len(window) != size:
                continue
            if any(b - a == 1 for a, b in pairwise(free)):
                continue
            found.add(("run", suit, low))
    return found


def readings(cards: list[Card]) -> set[tuple[object, ...]]:
    shapes, reason = read_meld(cards)
    assert bool(shapes) != bool(reason)
    return {
        ("run", shape.suit, shape.low) if shape.suit is not None else ("set", shape.rank)
        for shape in shapes
    }


@st.composite
def near_melds(draw: st.DrawFn) -> list[Card]:
    """Card groups that are often melds or nearly: one suit in a span, or one rank, + jokers."""
    kind = draw(st.sampled_from(["run", "set", "any"]))
    if kind == "run":
        suit = draw(st.sampled_from(list(Suit)))
        low = draw(st.integers(2, 14))
        span = [c for c in PLAIN if (c.suit is suit and low <= int(c.rank) <= low + 5)
                or (c.suit is suit and c.rank is Rank.ACE)]
        pool = span
    elif kind == "set":
        rank = draw(st.sampled_from([c.rank for c in PLAIN[:13]]))
        pool = [c for c in PLAIN if c.rank is rank]
    else:
        pool = PLAIN
    naturals = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=7, unique=True))
    jokers = draw(st.integers(0, 3))
    return naturals + JOKERS[:jokers]


@settings(max_examples=400, deadline=None)
@given(near_melds())
def test_checker_agrees_with_brute_force(cards: list[Card]) -> None:
    """ZO-11: for random card groups the checker's readings equal the brute-force readings."""
    assert readings(cards) == brute_force(cards)


@settings(max_examples=300, deadline=None)
@given(near_melds())
def test_every_accepted_meld_obeys_zo_11(cards: list[Card]) -> None:
    """ZO-11: every reading is a run of 3-13 consecutive cards of one suit (ace low or high,
    never both; jokers never side by side) or a set of 3-4 distinct suits; naturals outnumber
    jokers; a joker's named card is the card at its place."""
    shapes, _ = read_meld(cards)
    for shape in shapes:
        meld = shape.meld(0)
        naturals = [c for c in meld.cards if c.rank is not Rank.JOKER]
        assert len(naturals) > len(meld.cards) - len(naturals)
        assert sorted(meld.cards) == sorted(cards)
        if meld.suit is None:
            assert 3 <= len(meld.cards) <= 4
            assert len({c.suit for c in naturals}) == len(naturals)
            assert {c.rank for c in naturals} == {meld.rank}
            continue
        assert 3 <= len(meld.cards) <= 13 and meld.low >= 1 and meld.high <= 14
        names = iter(shape.named)
        previous_joker = False
        for offset, card in enumerate(meld.cards):
            expected = _face(meld.low + offset, meld.suit)
            if card.rank is Rank.JOKER:
                assert not previous_joker
                assert (next(names).rank, meld.suit) == expected
                previous_joker = True
            else:
                assert (card.rank, card.suit) == expected
                previous_joker = False
