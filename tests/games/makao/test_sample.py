"""Makao's sampler: dealt positions that the seat cannot tell from the real one.

The seat knows its hand and the discard pile (every card in it was played face up); after a
reshuffle (MK-6) the stock holds only cards that were in the discard pile then.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgames.core.cards import Card
from cardgames.core.engine import State
from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.engine import MakaoState, MakaoView
from tests.helpers.sampling import check_sample, random_positions, viewers


def places(state: State) -> Sequence[tuple[Card, str]]:
    assert isinstance(state, MakaoState)
    found = [(card, f"hand {seat}") for seat, hand in enumerate(state.hands) for card in hand]
    found.extend((card, "stock") for card in state.stock)
    found.extend((card, f"discard {i}") for i, card in enumerate(state.discard))
    return found


def known(view: MakaoView, card: Card, place: str) -> bool:
    return place.startswith("discard") or place == f"hand {view.viewer}"


def allowed(view: MakaoView, card: Card, place: str) -> bool:
    """After a reshuffle only the cards it turned into the stock can be there (MK-6)."""
    return place != "stock" or not view.restocked or card in view.restocked


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_samples_match_every_view(players: int) -> None:
    rng = Rng(players)
    options = {"jokers": players % 2 == 1, "queens": players > 3, "makao-call": players < 5}
    checked = restocked = 0
    for seed in range(4):
        for n, state in enumerate(random_positions(GAME, players, seed, options=options, every=11)):
            assert isinstance(state, MakaoState)
            restocked += bool(state.restocked)
            for viewer in viewers(state, n):
                check_sample(GAME, state, viewer, rng, places, known, allowed=allowed)
                checked += 1
    assert checked > 150
    assert restocked, "no position after a reshuffle was sampled"


def test_another_seats_playable_drawn_card_is_one_it_could_play() -> None:
    """MK-5: after another seat drew a card it may play, the sample gives it such a card."""
    for seed in range(80):
        state = GAME.new_game(2, seed=seed)
        state.apply(state.legal_actions()[-1])
        if state.phase != "drawn":
            continue
        for n in range(10):
            sample = GAME.sample_state(state.view(1), Rng(n))
            assert isinstance(sample, MakaoState)
            assert sample.drawn is not None and sample.drawn in sample.hands[0]
            assert sample.legal_actions() == sample.view(0).legal
            assert any(card == sample.drawn for a in sample.legal_actions()
                       for card in getattr(a, "cards", ()))
        return
    pytest.fail("no seed gave a playable drawn card")


def test_samples_vary_the_unseen_cards() -> None:
    state = GAME.new_game(3, seed=4)
    tops = set()
    for n in range(20):
        sample = GAME.sample_state(state.view(0), Rng(n))
        assert isinstance(sample, MakaoState)
        assert sample.hands[0] == state.hands[0]
        tops.add(sample.stock[-1])
    assert len(tops) > 10


def test_a_game_without_a_sampler_says_so() -> None:
    from dataclasses import replace

    bare = replace(GAME, sampler=None)
    with pytest.raises(NotImplementedError, match="Makao cannot deal a position"):
        bare.sample_state(GAME.new_game(2, seed=1).view(0), Rng(1))
