"""Spite & Malice's sampler: dealt positions that the seat cannot tell from the real one.

A seat knows its hand, every pay-off top, discard spot and building pile, the cleared heap, the
cards it bused under its own pay-off pile and its own pay-off bottom (SM-4); after a reshuffle
(SM-11) the stock holds only cards of the cleared heap then.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgames.core.cards import Card
from cardgames.core.engine import PlayerId, State, View
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.engine import SpiteMaliceState, SpiteMaliceView
from tests.helpers.sampling import check_sample, random_positions, viewers


def places(state: State) -> Sequence[tuple[Card, str]]:
    assert isinstance(state, SpiteMaliceState)
    found = [(card, f"hand {seat}") for seat, hand in enumerate(state.hands) for card in hand]
    for seat, pile in enumerate(state.pay_off):
        found.extend((card, f"pay-off {seat} {i} of {len(pile)}") for i, card in enumerate(pile))
    for seat, spots in enumerate(state.spots):
        for number, spot in enumerate(spots):
            found.extend((card, f"spot {seat} {number} {i}") for i, card in enumerate(spot))
    for number, pile in enumerate(state.piles):
        found.extend((card, f"pile {number} {i}") for i, card in enumerate(pile))
    found.extend((card, f"cleared {i}") for i, card in enumerate(state.cleared))
    found.extend((card, "stock") for card in state.stock)
    return found


def known(view: SpiteMaliceView, card: Card, place: str) -> bool:
    words = place.split()
    if words[0] in ("spot", "pile", "cleared"):
        return True
    if words[0] == "hand":
        return int(words[1]) == view.viewer
    if words[0] == "pay-off":
        seat, index, size = int(words[1]), int(words[2]), int(words[4])
        if index == size - 1:
            return True
        return seat == view.viewer and (index < len(view.bused) or index == 0)
    return False


def allowed(view: SpiteMaliceView, card: Card, place: str) -> bool:
    """After a reshuffle only the cards it turned into the stock can be there (SM-11)."""
    return place != "stock" or not view.restocked or card in view.restocked


def peek(state: State, viewer: PlayerId | None) -> View:
    assert isinstance(state, SpiteMaliceState)
    return state.view(None) if viewer is None else state.peek(viewer)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_match_every_view(players: int) -> None:
    rng = Rng(players)
    checked = bused = 0
    for seed in range(4):
        for n, state in enumerate(random_positions(GAME, players, seed, every=11)):
            assert isinstance(state, SpiteMaliceState)
            bused += any(state.bused)
            for viewer in viewers(state, n):
                check_sample(
                    GAME, state, viewer, rng, places, known, allowed=allowed, view_of=peek
                )
                checked += 1
    assert checked > 80
    assert bused, "no position with bused cards was sampled"


def test_a_bused_card_stays_under_its_owner_s_pay_off_pile() -> None:
    """SM-13: the owner knows the card he put under his pay-off pile; samples keep it there."""
    for seed in range(30):
        state = GAME.new_game(2, seed=seed)
        assert isinstance(state, SpiteMaliceState)
        chooser = Rng(seed)
        while state.legal_actions() and not any(state.bused):
            state.apply(chooser.choice(state.legal_actions()))
        if not any(state.bused):
            continue
        owner = state.bused.index(max(state.bused))
        card = state.pay_off[owner][0]
        assert state.view(owner).bused[0] == card
        assert state.view(1 - owner).bused == ()
        for n in range(10):
            sample = GAME.sample_state(state.view(owner), Rng(n))
            assert isinstance(sample, SpiteMaliceState)
            assert sample.pay_off[owner][0] == card
        return
    pytest.fail("no seed gave a bus")


def test_after_a_reshuffle_the_stock_holds_only_the_old_cleared_heap() -> None:
    """SM-11: the stock is the cleared heap shuffled, and the cleared heap was public."""
    for seed in range(20):
        state = GAME.new_game(2, seed=seed)
        assert isinstance(state, SpiteMaliceState)
        state.cleared, state.stock = state.stock[:-3], state.stock[-3:]
        chooser = Rng(seed)
        while state.legal_actions() and not state.restocked:
            state.apply(chooser.choice(state.legal_actions()))
        if not state.restocked:
            continue
        for n in range(5):
            sample = GAME.sample_state(state.peek(0), Rng(n))
            assert isinstance(sample, SpiteMaliceState)
            assert set(sample.stock) <= set(state.restocked)
            assert sample.view(0) == state.view(0)
        return
    pytest.fail("no seed reached a reshuffle")
