"""No-leak checks: no view, the owner's included, ever shows a face-down card (TR-2), and
shuffling the face-down cards and the stock leaves every view unchanged."""

from __future__ import annotations

import pytest

from cardgames.core.rng import Rng
from cardgames.games.trash import GAME
from cardgames.games.trash.engine import TrashState
from tests.games.trash.builders import shuffle_hidden


def positions(players: int, seed: int, every: int) -> list[TrashState]:
    """Every ``every``-th position of a seeded random match, and every choice position."""
    state = GAME.new_game(players, seed=seed)
    assert isinstance(state, TrashState)
    chooser = Rng(seed)
    seen = [state.clone()]
    move = 0
    while state.legal_actions():
        state.apply(chooser.choice(state.legal_actions()))
        move += 1
        if move % every == 0 or state.phase != "turn":
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_views_never_show_a_face_down_card_and_ignore_where_they_lie(players: int) -> None:
    rng = Rng(players)
    checked = 0
    for seed in range(2):
        for state in positions(players, seed, every=7)[::3]:
            hidden = {c for row in state.hidden for c in row if c is not None}
            hidden.update(state.stock)
            shuffled = shuffle_hidden(state, rng)
            for viewer in (None, *range(players)):
                view = state.view(viewer)
                shown = {c for layout in view.layouts for c in layout if c is not None}
                shown.update(view.discard)
                if view.in_hand is not None:
                    shown.add(view.in_hand)
                assert not shown & hidden
                assert shuffled.view(viewer) == view
                checked += 1
    assert checked > 100


def test_the_owner_sees_his_layout_face_down_like_everyone_else() -> None:
    state = GAME.new_game(2, seed=8)
    assert isinstance(state, TrashState)
    own, other, public = state.view(0), state.view(1), state.view(None)
    assert own.layouts == other.layouts == public.layouts == ((None,) * 10,) * 2
    assert own.legal and not other.legal and not public.legal


def test_the_log_names_only_cards_that_are_face_up() -> None:
    state = GAME.new_game(2, seed=2)
    assert isinstance(state, TrashState)
    names = ["Anna", "Bob"]
    events = state.apply(state.legal_actions()[0])
    turned = {c for event in events for c in event.cards}
    hidden = {c for row in state.hidden for c in row if c is not None} | set(state.stock)
    assert not turned & hidden
    lines = [GAME.describe(event, viewer, names) for event in events for viewer in (None, 0, 1)]
    assert all(lines)
