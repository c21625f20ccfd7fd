"""Trash's sampler: dealt positions that the seat cannot tell from the real one.

Everything lies face up but the face-down layout cards (hidden from all, their owner included,
TR-2) and the stock; after a reshuffle (TR-8) the stock holds only cards of the discard pile then.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgames.core.cards import Card
from cardgames.core.engine import State
from cardgames.core.rng import Rng
from cardgames.games.trash import GAME
from cardgames.games.trash.engine import TrashState, TrashView
from tests.helpers.sampling import check_sample, random_positions, viewers


def places(state: State) -> Sequence[tuple[Card, str]]:
    assert isinstance(state, TrashState)
    found: list[tuple[Card, str]] = []
    for name, rows in (("face-down", state.hidden), ("face-up", state.shown)):
        found.extend(
            (card, f"{name} {seat} {pos}")
            for seat, row in enumerate(rows)
            for pos, card in enumerate(row)
            if card is not None
        )
    found.extend((card, "stock") for card in state.stock)
    found.extend((card, f"discard {i}") for i, card in enumerate(state.discard))
    if state.hand is not None:
        found.append((state.hand, "in hand"))
    return found


def known(view: TrashView, card: Card, place: str) -> bool:
    return not place.startswith(("face-down", "stock"))


def allowed(view: TrashView, card: Card, place: str) -> bool:
    """After a reshuffle only the cards it turned into the stock can be there (TR-8)."""
    return place != "stock" or not view.restocked or card in view.restocked


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_samples_match_every_view(players: int) -> None:
    rng = Rng(players)
    checked = restocked = 0
    for seed in range(4):
        for n, state in enumerate(random_positions(GAME, players, seed, every=9)):
            assert isinstance(state, TrashState)
            restocked += bool(state.restocked)
            for viewer in viewers(state, n):
                check_sample(GAME, state, viewer, rng, places, known, allowed=allowed)
                checked += 1
    assert checked > 80


def test_face_down_cards_are_dealt_afresh_even_for_their_owner() -> None:
    """TR-2: no one knows a face-down card, so samples vary them."""
    state = GAME.new_game(2, seed=3)
    firsts = set()
    for n in range(20):
        sample = GAME.sample_state(state.view(0), Rng(n))
        assert isinstance(sample, TrashState)
        firsts.add(sample.hidden[0][0])
    assert len(firsts) > 10


def test_after_a_reshuffle_the_stock_holds_the_old_discard_pile() -> None:
    """TR-8: every card drawn since was turned face up, so the stock's cards are known."""
    for seed in range(20):
        state = GAME.new_game(2, seed=seed)
        assert isinstance(state, TrashState)
        state.discard, state.stock = state.stock[:-2], state.stock[-2:]
        chooser = Rng(seed)
        while state.legal_actions() and not state.restocked:
            state.apply(chooser.choice(state.legal_actions()))
        if not state.restocked:
            continue
        for n in range(5):
            sample = GAME.sample_state(state.view(n % 2), Rng(n))
            assert isinstance(sample, TrashState)
            assert sorted(sample.stock) == sorted(state.stock)
            assert sample.view(n % 2) == state.view(n % 2)
        return
    pytest.fail("no seed reached a reshuffle")
