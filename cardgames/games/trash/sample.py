"""Dealing a Trash position that one seat cannot tell from the real one (for search and undo).

Everything in Trash lies face up but the face-down layout cards, hidden from everyone, their
owner included (TR-2), and the stock. So a seat knows every face-up layout card, the discard
pile and the card in hand; after a reshuffle (TR-8) it also knows which cards the stock holds,
since every card drawn since was turned face up. Every other card lies face down in a layout or
in the stock.
"""

from __future__ import annotations

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.core.rng import Rng
from cardgames.games.trash.engine import TrashState, TrashView

_DECKS = {decks: tuple(build_deck(decks)) for decks in (1, 2, 3)}


def sample_state(view: TrashView, rng: Rng) -> TrashState:
    """A full position consistent with ``view``, the unseen cards dealt at random from ``rng``.

    The layouts' face-up cards, the discard pile, the card in hand, the turn and the match so
    far are as in ``view``; the cards nobody has seen are dealt at random to the face-down
    positions and the stock, every count kept. After a reshuffle (TR-8) the stock is dealt only
    from the cards it turned into the stock.

    Args:
        view: A seat's view or the public view (they show the same table).
        rng: The randomness of the deal; it is advanced. The position's own RNG is seeded from
            it.

    Returns:
        A new position whose ``view(view.viewer)`` equals ``view``.
    """
    seen: set[Card] = set(view.discard)
    seen.update(card for row in view.layouts for card in row if card is not None)
    if view.in_hand is not None:
        seen.add(view.in_hand)
    unseen = [card for card in _DECKS[view.decks] if card not in seen]
    restocked = set(view.restocked)
    if restocked:
        for_stock = [card for card in unseen if card in restocked]
        rng.shuffle(for_stock)
        stock = for_stock[: view.stock_size]
        chosen = set(stock)
        rest = [card for card in unseen if card not in chosen]
    else:
        rng.shuffle(unseen)
        stock = unseen[: view.stock_size]
        rest = unseen[view.stock_size :]
    rng.shuffle(rest)
    state = TrashState(view.players, rng.derive(view.players), view.sizes)
    state.shown = [list(row) for row in view.layouts]
    state.hidden = [[rest.pop() if card is None else None for card in row] for row in view.layouts]
    assert not rest, "the view's counts do not add up"
    state.down = [list(row).count(None) for row in view.layouts]
    state.stock = stock
    state.discard = list(view.discard)
    state.hand = view.in_hand
    state.phase = view.phase
    state.current_player = view.current_player
    state.hand_number = view.hand_number
    state.starter = view.starter
    state.winners = list(view.winners)
    state.moves = view.moves
    state.restocked = view.restocked
    state._recent = view.recent
    return state
