"""Shithead's sampler: dealt positions that the seat cannot tell from the real one.

The seat knows its hand, every face-up card, the pile, the burnt cards and the hand cards
everyone saw go into a hand (picked up with the pile, SH-8, or taken up in a swap, SH-3). Face-down
cards are unknown to all, their owner included (SH-15).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgames.core.cards import Card
from cardgames.core.engine import State
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import PickUp, Ready
from cardgames.games.shithead.engine import ShitheadState, ShitheadView
from tests.games.shithead.builders import cards, position
from tests.helpers.sampling import check_sample, random_positions, viewers


def places(state: State) -> Sequence[tuple[Card, str]]:
    assert isinstance(state, ShitheadState)
    found = [(card, f"hand {seat}") for seat, hand in enumerate(state.hands) for card in hand]
    for name, rows in (("face-up", state.face_up), ("face-down", state.face_down)):
        found.extend(
            (card, f"{name} {seat} {pos}")
            for seat, row in enumerate(rows)
            for pos, card in enumerate(row)
            if card is not None
        )
    found.extend((card, "stock") for card in state.stock)
    found.extend((card, f"pile {i}") for i, card in enumerate(state.pile))
    found.extend((card, "burnt") for card in state.burnt)
    return found


def known(view: ShitheadView, card: Card, place: str) -> bool:
    if place.startswith(("face-up", "pile", "burnt")) or place == f"hand {view.viewer}":
        return True
    if place.startswith("hand"):
        return card in view.known[int(place.split()[1])]
    return False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_match_every_view(players: int) -> None:
    rng = Rng(players)
    checked = with_known = 0
    for seed in range(5):
        options = {"voluntary-pickup": seed % 2 == 1, "play-to-last": seed % 3 == 0}
        for n, state in enumerate(random_positions(GAME, players, seed, options=options, every=7)):
            with_known += any(state.view(None).known)
            for viewer in viewers(state, n):
                check_sample(GAME, state, viewer, rng, places, known)
                checked += 1
    assert checked > 150
    assert with_known > 10, "too few positions where a hand card is known to all"


def test_picked_up_cards_stay_in_the_hand_that_took_them() -> None:
    """SH-8: the pile a seat picked up is in its hand in every sample, until played."""
    state = position(hands=["3c 4c", "5h 6h 7h"], pile="9d Jd Qs", stock="2s 2h", full=True)
    state.current_player = 1
    state.apply(PickUp())
    assert state.view(0).known[1] == tuple(sorted(cards("9d Jd Qs")))
    for n in range(20):
        sample = GAME.sample_state(state.view(0), Rng(n))
        assert isinstance(sample, ShitheadState)
        codes = {card.code for card in sample.hands[1]}
        assert {"9d", "Jd", "Qs"} <= codes
        assert len(sample.hands[1]) == 6


def test_a_face_up_card_taken_up_in_a_swap_is_known_to_be_in_that_hand() -> None:
    """SH-3: the others saw the face-up card go into the hand."""
    state = GAME.new_game(2, seed=5)
    taken = state.face_up[0][0]
    swap = next(a for a in state.legal_actions() if not isinstance(a, Ready))
    state.apply(swap)
    assert taken in state.view(1).known[0]
    for n in range(10):
        sample = GAME.sample_state(state.view(1), Rng(n))
        assert isinstance(sample, ShitheadState)
        assert taken in sample.hands[0]


def test_face_down_cards_are_dealt_afresh_even_for_their_owner() -> None:
    """SH-15: the owner does not know his face-down cards, so samples vary them."""
    state = GAME.new_game(2, seed=9)
    firsts = set()
    for n in range(20):
        sample = GAME.sample_state(state.view(0), Rng(n))
        assert isinstance(sample, ShitheadState)
        assert sample.hands[0] == state.hands[0]
        assert sample.face_up == state.face_up
        firsts.add(sample.face_down[0][0])
    assert len(firsts) > 10
