"""Dealing a Shithead position that one seat cannot tell from the real one (search and undo).

What a seat knows: its own hand, every face-up card, the discard pile and the burnt cards, and
the hand cards everyone saw go into a hand (picked up with the pile, or taken from the face-up
row in a swap), which stay there until played. Every other card lies in another hand, face down
(the seat's own face-down cards included, SH-15) or in the stock.
"""

from __future__ import annotations

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.core.rng import Rng
from cardgames.games.shithead.engine import ShitheadState, ShitheadView
from cardgames.games.shithead.moves import PLAY_TO_LAST, VOLUNTARY_PICKUP

_DECK = tuple(build_deck())


def sample_state(view: ShitheadView, rng: Rng) -> ShitheadState:
    """A full position consistent with ``view``, the unseen cards dealt at random from ``rng``.

    The viewer's hand (in its order), the face-up rows, the pile, the burnt cards, the known
    cards of every hand, the turn state and every count (hand sizes, face-down positions, the
    stock) are as in ``view``; the unseen cards fill the rest of the other hands, the face-down
    positions and the stock at random.

    Args:
        view: A seat's view (or the public view, which knows no hand).
        rng: The randomness of the deal; it is advanced. The position's own RNG is seeded from
            it.

    Returns:
        A new position whose ``view(view.viewer)`` equals ``view``.
    """
    players = view.players
    state = ShitheadState(
        players,
        rng.derive(players),
        voluntary_pickup=VOLUNTARY_PICKUP in view.options,
        play_to_last=PLAY_TO_LAST in view.options,
    )
    known = view.known or ((),) * players
    seen: set[Card] = set(view.hand)
    seen.update(view.pile)
    seen.update(view.burnt)
    seen.update(card for row in view.face_up for card in row if card is not None)
    for cards in known:
        seen.update(cards)
    open_hands = view.open_hands
    if open_hands is not None:
        seen.update(card for cards in open_hands for card in cards)
    unseen = [card for card in _DECK if card not in seen]
    rng.shuffle(unseen)
    for seat in range(players):
        if open_hands is not None:
            state.hands[seat] = list(open_hands[seat][: view.hand_sizes[seat]])
            continue
        if seat == view.viewer:
            state.hands[seat] = list(view.hand)
            continue
        hand = list(known[seat])
        hand.extend(unseen.pop() for _ in range(view.hand_sizes[seat] - len(hand)))
        state.hands[seat] = hand
    state.face_up = [list(row) for row in view.face_up]
    if open_hands is None:
        state.face_down = [
            [unseen.pop() if lies else None for lies in row] for row in view.face_down
        ]
    else:
        sizes = view.hand_sizes
        downs = [iter(cards[size:]) for cards, size in zip(open_hands, sizes, strict=True)]
        state.face_down = [
            [next(down) if lies else None for lies in row]
            for row, down in zip(view.face_down, downs, strict=True)
        ]
    state.stock = [unseen.pop() for _ in range(view.stock_size)]
    assert not unseen, "the view's counts do not add up"
    state.pile = list(view.pile)
    state.burnt = list(view.burnt)
    state.shown = frozenset(card for cards in known for card in cards)
    state.phase = view.phase
    state.current_player = view.current_player
    state.ready = list(view.ready)
    state.bonus_left = view.bonus_left
    state.run_rank = view.run_rank
    state.run_length = view.run_length
    state.play_again = view.play_again
    state.finished = list(view.finished)
    return state
