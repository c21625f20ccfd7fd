"""Dealing a Makao position that one seat cannot tell from the real one (for search and undo).

What a seat knows: its own hand, the whole discard pile (every card in it was played face up),
the counts of every hand and of the stock, and, after a reshuffle (MK-6), that the stock holds
only cards turned into it then. Every other card lies in another hand or in the stock.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.core.rng import Rng
from cardgames.games.makao.engine import MakaoState, MakaoView, Phase
from cardgames.games.makao.moves import Situation, starts


def sample_state(view: MakaoView, rng: Rng) -> MakaoState:
    """A full position consistent with ``view``, the unseen cards dealt at random from ``rng``.

    The viewer's hand, the discard pile, the top card's meaning, the pending effects, the demand
    and every count are as in ``view``. The other hands and the stock are dealt from the cards
    the viewer has not seen; after a reshuffle the stock is drawn only from the cards it turned
    into the stock (MK-6). If another seat has just drawn a card it may play (MK-5), that card
    is one it could have drawn and could play.

    Args:
        view: A seat's view (or the public view, which knows no hand).
        rng: The randomness of the deal; it is advanced. The position's own RNG is seeded from
            it.

    Returns:
        A new position whose ``view(view.viewer)`` equals ``view``.
    """
    players = view.players
    deck = _deck(1 if players <= 4 else 2, 2 if "jokers" in view.options else 0)
    seen = set(view.hand)
    seen.update(view.discard)
    open_hands = view.open_hands
    if open_hands is not None:
        seen.update(card for hand in open_hands for card in hand)
    unseen = [card for card in deck if card not in seen]
    if view.restocked:
        restocked = set(view.restocked)
        for_stock = [card for card in unseen if card in restocked]
    else:
        for_stock = list(unseen)
    sizes = list(view.hand_sizes)
    hands: list[list[Card]] = [[] for _ in range(players)]
    drawn = view.drawn
    current = view.current_player
    if view.phase == "drawn" and current is not None and current != view.viewer:
        situation = Situation(
            view.top_as, view.pending_draw, view.pending_skips, view.demand,
            "queens" in view.options,
        )
        drawn = rng.choice([c for c in for_stock if c.is_joker or starts(c, situation)])
        for_stock.remove(drawn)
        unseen.remove(drawn)
        hands[current].append(drawn)
        sizes[current] -= 1
    rng.shuffle(for_stock)
    stock = for_stock[: view.stock_size]
    in_stock = set(stock)
    rest = [card for card in unseen if card not in in_stock]
    rng.shuffle(rest)
    for seat in range(players):
        if open_hands is not None:
            hands[seat] = list(open_hands[seat])
            continue
        if seat == view.viewer:
            hands[seat] = list(view.hand)
            continue
        hands[seat].extend(rest[: sizes[seat]])
        del rest[: sizes[seat]]
        hands[seat].sort()
    assert not rest and len(stock) == view.stock_size, "the view's counts do not add up"
    return MakaoState(
        players=players,
        options=view.options,
        hands=hands,
        stock=stock,
        discard=list(view.discard),
        top_as=view.top_as,
        current=current,
        phase=cast(Phase, view.phase),
        pending_draw=view.pending_draw,
        pending_skips=view.pending_skips,
        demand=view.demand,
        skip_turns=list(view.skip_turns),
        drawn=drawn,
        finished=list(view.finished),
        starter=0,
        called=view.makao_called,
        played=view.phase == "demand",
        rng=rng.derive(players),
        restocked=view.restocked,
    )


@cache
def _deck(decks: int, jokers: int) -> tuple[Card, ...]:
    return tuple(build_deck(decks, jokers))
