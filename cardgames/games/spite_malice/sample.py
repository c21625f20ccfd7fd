"""Dealing a Spite & Malice position that one seat cannot tell from the real one (search, undo).

What a seat knows (SM-4): its own hand, every pay-off top, discard spot and building pile, the
cleared heap (every card in it was built face up), the cards it put under its own pay-off pile
with a bus and, if it looks, its own pay-off bottom card; after a reshuffle (SM-11) the stock
holds only cards from the cleared heap of then. Every other card lies in another hand, inside a
pay-off pile or in the stock.
"""

from __future__ import annotations

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.core.rng import Rng
from cardgames.games.spite_malice.engine import SpiteMaliceState, SpiteMaliceView

_DECK = tuple(build_deck(2, 2))


def sample_state(view: SpiteMaliceView, rng: Rng) -> SpiteMaliceState:
    """A full position consistent with ``view``, the unseen cards dealt at random from ``rng``.

    The viewer's hand, the public zones, the viewer's bused cards and (in a ``peek`` view) his
    pay-off bottom card stay where they are; the cards the viewer has not seen fill the other
    hands, the pay-off piles under their tops and the stock, every count kept. After a
    reshuffle (SM-11) the stock is dealt only from the cards it turned into the stock.

    Args:
        view: A seat's view (its ``peek`` view to keep the pay-off bottom) or the public view.
        rng: The randomness of the deal; it is advanced. The position's own RNG is seeded from
            it.

    Returns:
        A new position whose views for ``view.viewer`` (plain and peek) equal the real ones.
    """
    players, viewer = view.players, view.viewer
    own_bottom: list[Card] = list(view.bused)
    if not own_bottom and view.bottom is not None:
        own_bottom = [view.bottom]
    seen: set[Card] = set(view.hand)
    seen.update(view.cleared)
    seen.update(own_bottom)
    seen.update(card for card in view.pay_off_tops if card is not None)
    seen.update(card for spots in view.spots for spot in spots for card in spot)
    seen.update(card for pile in view.piles for card in pile)
    unseen = [card for card in _DECK if card not in seen]
    restocked = set(view.restocked)
    for_stock = [card for card in unseen if card in restocked] if restocked else list(unseen)
    rng.shuffle(for_stock)
    stock = for_stock[: view.stock_size]
    chosen = set(stock)
    rest = [card for card in unseen if card not in chosen]
    rng.shuffle(rest)
    state = SpiteMaliceState(players, rng.derive(players))
    hands: list[list[Card]] = []
    pay_off: list[list[Card]] = []
    for seat in range(players):
        if seat == viewer:
            hands.append(list(view.hand))
        else:
            hands.append([rest.pop() for _ in range(view.hand_sizes[seat])])
        size, top = view.pay_off_sizes[seat], view.pay_off_tops[seat]
        bottom = own_bottom[:size] if seat == viewer else []
        if top is None or len(bottom) == size:
            pay_off.append(bottom)
            continue
        middle = [rest.pop() for _ in range(size - len(bottom) - 1)]
        pay_off.append([*bottom, *middle, top])
    assert not rest, "the view's counts do not add up"
    state.hands = hands
    state.pay_off = pay_off
    state.stock = stock
    state.cleared = list(view.cleared)
    state.spots = [[list(spot) for spot in spots] for spots in view.spots]
    state.piles = [list(pile) for pile in view.piles]
    state.current_player = view.current_player
    state.built = view.built
    state.stall = view.stall
    state.winners = list(view.winners)
    state.restocked = view.restocked
    if viewer is not None:
        bused = [0] * players
        bused[viewer] = len(view.bused)
        state.bused = bused
    return state
