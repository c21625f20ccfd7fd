"""Dealing a Žolíky position that one seat cannot tell from the real one (for search and undo).

What a seat knows: its own hand, the melds on the table, the face-up discard pile, the cut card
under the stock, the hand cards everyone saw go into a hand this round (a taken discard or cut
card, a joker taken back from a meld, an opening taken back, the cutter's jokers), which stay
there until laid, and, once the stock has been turned over (ZO-14), the whole stock in order.
Every other card lies in another hand, in the stock or face down on the discard pile.
"""

from __future__ import annotations

from typing import cast

from cardgames.core.cards import Card
from cardgames.core.rng import Rng
from cardgames.games.zoliky.engine import Phase, Source, ZolikyState, ZolikyView
from cardgames.games.zoliky.melds import ALL_CARDS, TableMeld


def sample_state(view: ZolikyView, rng: Rng) -> ZolikyState:
    """A full position consistent with ``view``, the unseen cards dealt at random from ``rng``.

    The viewer's hand, the table, the discard pile, the cut card, the known cards of every hand,
    a turned-over stock, the turn and the match so far are as in ``view``; the cards the viewer
    has not seen fill the rest of the other hands and the stock, every count kept. An opening
    being built keeps what ``takeback`` would restore.

    Args:
        view: A seat's view (or the public view, which knows no hand).
        rng: The randomness of the deal; it is advanced. The position's own RNG is seeded from
            it.

    Returns:
        A new position whose ``view(view.viewer)`` equals ``view``.
    """
    players = view.players
    known = view.known or ((),) * players
    seen: set[Card] = set(view.hand)
    seen.update(card for meld in view.melds for card in meld.cards)
    seen.update(view.discard)
    seen.update(view.stock_known)
    for cards in known:
        seen.update(cards)
    if view.cut is not None:
        seen.add(view.cut)
    unseen = [card for card in ALL_CARDS if card not in seen]
    rng.shuffle(unseen)
    state = ZolikyState(
        players=players, switches=view.options, target=view.target, rng=rng.derive(players)
    )
    for seat in range(players):
        if seat == view.viewer:
            state.hands[seat] = list(view.hand)
            continue
        hand = list(known[seat])
        hand.extend(unseen.pop() for _ in range(view.hand_sizes[seat] - len(hand)))
        state.hands[seat] = sorted(hand)
    state.discard = list(view.discard)
    state.face_down = view.discard_size > len(view.discard)
    if state.face_down:
        state.discard.append(unseen.pop())
    if view.stock_known:
        state.stock = list(view.stock_known)
    else:
        bottom = [] if view.cut is None else [view.cut]
        state.stock = bottom + [unseen.pop() for _ in range(view.stock_size - len(bottom))]
    assert not unseen, "the view's counts do not add up"
    state.cut = view.cut
    state.melds = list(view.melds)
    state.round = view.round
    state.dealer = view.dealer
    state.turn_round = view.turn_round
    state.current = view.current_player
    state.phase = cast(Phase, view.phase)
    state.opened = list(view.opened)
    state.taken = view.taken
    state.source = cast(Source, view.source)
    state.laid = view.laid
    state.settled = view.opening is not None and view.opening.settled
    state.turnovers = view.turnovers
    state.results = list(view.results)
    state.shown = frozenset(card for cards in known for card in cards)
    if view.table_before is not None and view.current_player is not None:
        state.snapshot = (view.table_before, _hand_before(
            state.hands[view.current_player], view.table_before, state.melds
        ))
    return state


def _hand_before(
    hand: list[Card], before: tuple[TableMeld, ...], now: list[TableMeld]
) -> tuple[Card, ...]:
    """The hand before this turn's opening: what went onto the table came from it, and the
    jokers taken back from the table since were not in it (ZO-10, ZO-13)."""
    old = {card for meld in before for card in meld.cards}
    new = {card for meld in now for card in meld.cards}
    return tuple(sorted((set(hand) | (new - old)) - (old - new)))
