"""Žolíky's sampler: dealt positions that the seat cannot tell from the real one.

A seat knows its hand, the table, the face-up discard pile, the cut card, the hand cards it saw
go into a hand (a taken discard or cut card, a joker taken back, an opening taken back, the
cutter's jokers) and, once the stock has been turned over (ZO-14), the whole stock in order.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgames.core.cards import Card
from cardgames.core.engine import State
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Take
from cardgames.games.zoliky.engine import ZolikyState, ZolikyView
from tests.helpers.sampling import check_sample, random_positions, viewers


def places(state: State) -> Sequence[tuple[Card, str]]:
    assert isinstance(state, ZolikyState)
    found = [(card, f"hand {seat}") for seat, hand in enumerate(state.hands) for card in hand]
    found.extend((card, f"stock {i}") for i, card in enumerate(state.stock))
    found.extend((card, f"discard {i}") for i, card in enumerate(state.discard))
    for number, meld in enumerate(state.melds):
        found.extend((card, f"meld {number} {i}") for i, card in enumerate(meld.cards))
    return found


def known(view: ZolikyView, card: Card, place: str) -> bool:
    words = place.split()
    if words[0] == "meld":
        return True
    if words[0] == "discard":
        return int(words[1]) < len(view.discard)
    if words[0] == "hand":
        seat = int(words[1])
        return seat == view.viewer or card in view.known[seat]
    return bool(view.stock_known) or (words[1] == "0" and card == view.cut)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_samples_match_every_view(players: int) -> None:
    rng = Rng(players)
    checked = with_known = 0
    for seed in range(3):
        options = {"deal-14": seed == 1, "keep-joker": seed == 2, "target": 0}
        for n, state in enumerate(
            random_positions(GAME, players, seed, options=options, every=9, max_moves=600)
        ):
            with_known += any(state.view(None).known)
            for viewer in viewers(state, n):
                check_sample(GAME, state, viewer, rng, places, known)
                checked += 1
    assert checked > 60
    assert with_known, "no position where a hand card is known to all"


def test_a_taken_discard_stays_in_the_hand_that_took_it() -> None:
    """ZO-8: the others saw the discard taken; every sample keeps it in that hand."""
    for seed in range(30):
        state = GAME.new_game(2, seed=seed, options={"target": 0})
        chooser = Rng(seed)
        while state.legal_actions() and Take() not in state.legal_actions():
            state.apply(chooser.choice(state.legal_actions()))
        if Take() not in state.legal_actions():
            continue
        assert isinstance(state, ZolikyState)
        taker = state.current
        assert taker is not None
        card = state.discard[-1]
        state.apply(Take())
        other = (taker + 1) % 2
        assert card in state.view(other).known[taker]
        for n in range(10):
            sample = GAME.sample_state(state.view(other), Rng(n))
            assert isinstance(sample, ZolikyState)
            assert card in sample.hands[taker]
        return
    pytest.fail("no seed let a player take the discard")
