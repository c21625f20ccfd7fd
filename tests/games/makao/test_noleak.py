"""No-leak check: what a seat cannot see (other hands, the stock order) never shows in its view."""

from __future__ import annotations

import pytest

from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.engine import MakaoState


def shuffle_unseen(state: MakaoState, viewer: int, rng: Rng) -> MakaoState:
    """A copy where the other hands and the stock are dealt again from their pooled cards."""
    copy = state.clone()
    others = [seat for seat in range(state.players) if seat != viewer]
    pool = [card for seat in others for card in copy.hands[seat]] + copy.stock
    rng.shuffle(pool)
    for seat in others:
        size = len(copy.hands[seat])
        copy.hands[seat] = sorted(pool[:size])
        del pool[:size]
    copy.stock = pool
    return copy


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_ignore_unseen_cards(players: int) -> None:
    """Reshuffling unseen cards leaves each seat's view (and the public view) unchanged."""
    rng = Rng(players)
    options = {"jokers": True, "makao-call": True}
    for seed in range(6):
        state = GAME.new_game(players, seed=seed, options=options)
        moves = 0
        while state.current_player is not None and moves < 300:
            viewer = moves % players
            shuffled = shuffle_unseen(state, viewer, rng)
            assert shuffled.view(viewer) == state.view(viewer)
            assert shuffled.view(None) == state.view(None)
            state.apply(rng.choice(state.legal_actions()))
            moves += 1


def test_public_view_has_no_hand() -> None:
    """The public view (pass screen) shows counts only, and no legal actions."""
    view = GAME.new_game(3, seed=1).view(None)
    assert view.hand == ()
    assert view.legal == ()
    assert view.playable == frozenset()
    assert view.drawn is None
    assert view.hand_sizes == (5, 5, 5)


def test_drawn_card_shown_only_to_the_drawer() -> None:
    """MK-5: the drawn card is in the drawer's view and nobody else's."""
    for seed in range(50):
        state = GAME.new_game(2, seed=seed)
        state.apply(state.legal_actions()[-1])
        if state.phase == "drawn":
            assert state.view(0).drawn is not None
            assert state.view(1).drawn is None
            assert state.view(None).drawn is None
            return
    pytest.fail("no seed gave a playable drawn card")


def test_every_hand_is_open_once_the_game_is_over_and_none_before() -> None:
    """The convention every board relies on: ``open_hands`` is None while the game runs and
    holds every seat's hidden cards once it is over, in every view."""
    state = GAME.new_game(3, seed=5)
    chooser = Rng(5)
    while state.legal_actions():
        assert all(state.view(v).open_hands is None for v in (None, 0, 1, 2))
        state.apply(chooser.choice(state.legal_actions()))
    for viewer in (None, 0, 1, 2):
        hands = state.view(viewer).open_hands
        assert hands is not None and len(hands) == 3
        assert [len(h) for h in hands] == [len(h) for h in state.hands]
        assert any(hands), "somebody still holds cards at the end"
