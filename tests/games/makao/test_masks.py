"""The engine keeps each hand also as a bit mask; it must always match the hand it stands for."""

from __future__ import annotations

import pytest

from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.engine import MakaoState
from cardgames.games.makao.moves import BIT, ORDER, cards_in, hand_mask, legal_plays


def test_the_mask_order_is_the_sorting_order_of_cards() -> None:
    assert list(ORDER) == sorted(ORDER)
    assert [BIT[card] for card in ORDER] == [1 << index for index in range(len(ORDER))]
    hand = [ORDER[3], ORDER[40], ORDER[107]]
    assert cards_in(hand_mask(hand)) == tuple(hand)


@pytest.mark.parametrize("players", [2, 5])
def test_masks_follow_the_hands_through_play_clone_and_json(players: int) -> None:
    options = {"jokers": True, "queens": True, "makao-call": True}
    for seed in range(3):
        state = GAME.new_game(players, seed=seed, options=options)
        assert isinstance(state, MakaoState)
        chooser = Rng(seed)
        for _ in range(400):
            assert state.masks == [hand_mask(hand) for hand in state.hands]
            legal = state.legal_actions()
            if not legal:
                break
            if state.current is not None and state.phase != "demand":
                hand = state.hands[state.current]
                listed = legal_plays(hand, state.situation(), state.drawn)
                assert [action for action in legal if action in listed] == listed
            state.apply(chooser.choice(legal))
        copy = state.clone()
        assert copy.masks == state.masks and copy.masks is not state.masks
        loaded = MakaoState.from_json(state.to_json())
        assert loaded.masks == state.masks
