"""No-leak check: shuffling what a seat cannot see leaves its view unchanged.

A seat may not see the other hands, any face-down card (its own included, SH-15) or the stock
order. The public view (None) sees no hand at all.
"""

from __future__ import annotations

import pytest

from cardgames.core.engine import Event
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.engine import ShitheadState
from tests.games.shithead.builders import shuffle_hidden


def positions(players: int, seed: int, every: int) -> list[ShitheadState]:
    """Every ``every``-th position of a seeded random game, all phases included."""
    state = GAME.new_game(players, seed=seed, options={"voluntary-pickup": seed % 2 == 1})
    chooser = Rng(seed)
    seen = [state.clone()]
    move = 0
    while state.legal_actions() and move < 3000:
        state.apply(chooser.choice(state.legal_actions()))
        move += 1
        if move % every == 0 or state.phase == "bonus":
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_do_not_depend_on_hidden_cards(players: int) -> None:
    rng = Rng(players)
    checked = 0
    for seed in range(6):
        for state in positions(players, seed, every=9):
            for viewer in (None, *range(players)):
                before = state.view(viewer)
                for _ in range(2):
                    assert shuffle_hidden(state, viewer, rng).view(viewer) == before
                checked += 1
    assert checked > 200


def test_face_down_cards_are_hidden_from_their_owner() -> None:
    state = GAME.new_game(2, seed=3)
    view = state.view(0)
    assert view.face_down == ((True, True, True), (True, True, True))
    own = {card for card in state.face_down[0] if card is not None}
    assert not own & set(view.hand)


def test_drawn_cards_are_private_in_the_log() -> None:
    draw = Event("draw", 1, (GAME.new_game(2, seed=1).stock[-1],), 1, private=True)
    names = ["Anna", "Bob"]
    assert GAME.describe(draw, 0, names) == "Bob drew 1 card"
    assert GAME.describe(draw, None, names) == "Bob drew 1 card"
    assert GAME.describe(draw, 1, names).startswith("You drew ")
    assert GAME.describe(draw, 1, names) != "You drew 1 card"


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
        assert [len(h) for h in hands] == [len(h) + sum(c is not None for c in d)
                                        for h, d in zip(state.hands, state.face_down, strict=True)]
        assert any(hands), "somebody still holds cards at the end"
