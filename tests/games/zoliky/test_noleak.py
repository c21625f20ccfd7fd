"""No-leak check: other hands and the stock order never show in a seat's view."""

from __future__ import annotations

import pytest

from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.engine import ZolikyState


def shuffle_unseen(state: ZolikyState, viewer: int, rng: Rng) -> ZolikyState:
    """A copy where the other hands and the stock are dealt again from their pooled cards.

    What everybody knows stays: the face-up cut card, the hand cards everyone saw go into a
    hand (a card taken from the discard pile or the cut, a joker taken back …), and a stock
    that has been turned over (it is the discard pile in order, ZO-14).
    """
    copy = state.clone()
    others = [seat for seat in range(state.players) if seat != viewer]
    keep_cut = copy.cut is not None
    shown = copy.shown
    turned = copy.turnovers > 0
    stock = [] if turned else copy.stock[1:] if keep_cut else copy.stock
    pool = [card for seat in others for card in copy.hands[seat] if card not in shown] + stock
    rng.shuffle(pool)
    for seat in others:
        size = len(copy.hands[seat])
        held = [card for card in copy.hands[seat] if card in shown]
        copy.hands[seat] = sorted(held + pool[: size - len(held)])
        del pool[: size - len(held)]
    if not turned:
        copy.stock = ([copy.stock[0]] if keep_cut else []) + pool
    return copy


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_ignore_unseen_cards(players: int) -> None:
    """Reshuffling unseen cards leaves each seat's view (and the public view) unchanged."""
    rng = Rng(players)
    for seed in range(3):
        state = GAME.new_game(players, seed=seed, options={"target": 0})
        assert isinstance(state, ZolikyState)
        moves = 0
        while state.current_player is not None and moves < 400:
            viewer = moves % players
            if moves % 3 == 0:
                shuffled = shuffle_unseen(state, viewer, rng)
                assert shuffled.view(viewer) == state.view(viewer)
                assert shuffled.view(None) == state.view(None)
            legal = state.legal_actions()
            closing = [a for a in legal if str(a).startswith(("meld", "layoff", "close"))]
            state.apply(rng.choice(closing if closing and rng.random() < 0.7 else legal))
            moves += 1


def test_public_view_has_no_hand_and_draws_are_private() -> None:
    """The public view shows counts only; a drawn card is named to its drawer alone."""
    state = GAME.new_game(3, seed=2)
    view = state.view(None)
    assert view.hand == () and view.legal == ()
    assert view.hand_sizes == (13, 12, 12)
    state.apply(state.legal_actions()[0])
    events = state.apply(state.legal_actions()[0])
    drawn = events[-1]
    assert drawn.kind == "draw" and drawn.private
    assert GAME.describe(drawn, 1, ["A", "B", "C"]).startswith("You drew ")
    assert GAME.describe(drawn, 0, ["A", "B", "C"]) == "B drew a card"
    assert GAME.describe(drawn, None, ["A", "B", "C"]) == "B drew a card"
