"""No-leak check (SM-4): shuffling what a seat cannot see leaves its view unchanged.

A seat may not see the stock, the other hands or any pay-off card below the top (its own
bottom card only when it asks for it, and nobody else's ever). The public view sees no hand.
"""

from __future__ import annotations

import pytest

from cardgames.core.engine import Event
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Play
from cardgames.games.spite_malice.engine import SpiteMaliceState
from tests.games.spite_malice.builders import card, cards, position, shuffle_hidden


def positions(players: int, seed: int, every: int) -> list[SpiteMaliceState]:
    """Every ``every``-th position of a seeded game in which the players like to build."""
    state = GAME.new_game(players, seed=seed)
    assert isinstance(state, SpiteMaliceState)
    chooser = Rng(seed)
    seen = [state.clone()]
    move = 0
    while state.legal_actions() and move < 1500:
        legal = state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        state.apply(chooser.choice(plays if plays and chooser.random() < 0.8 else legal))
        move += 1
        if move % every == 0:
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_do_not_depend_on_hidden_cards(players: int) -> None:
    rng = Rng(players)
    checked = 0
    for seed in range(4):
        for state in positions(players, seed, every=7):
            for viewer in (None, *range(players)):
                before = state.view(viewer)
                for _ in range(2):
                    assert shuffle_hidden(state, viewer, rng).view(viewer) == before
                checked += 1
    assert checked > 150


def test_the_bottom_card_is_shown_to_its_owner_only() -> None:
    state = GAME.new_game(3, seed=5)
    assert isinstance(state, SpiteMaliceState)
    for seat in range(3):
        assert state.view(seat).bottom is None
        assert state.view(seat, bottom=True).bottom == state.pay_off[seat][0]
        assert state.bottom_card(seat, seat) == state.pay_off[seat][0]
        for other in range(3):
            if other != seat:
                with pytest.raises(IllegalMove, match="Only its owner"):
                    state.bottom_card(seat, other)
        with pytest.raises(IllegalMove):
            state.bottom_card(None, seat)
    assert state.view(None, bottom=True).bottom is None
    before = state.to_json()
    state.view(0, bottom=True)
    assert state.to_json() == before


def test_private_cards_stay_private_in_the_log() -> None:
    state = GAME.new_game(2, seed=1)
    assert isinstance(state, SpiteMaliceState)
    names = ["Anna", "Bob"]
    draw = Event("draw", 1, (state.stock[-1], state.stock[-2]), 2, private=True)
    assert GAME.describe(draw, 0, names) == "Bob drew 2 cards"
    assert GAME.describe(draw, None, names) == "Bob drew 2 cards"
    assert GAME.describe(draw, 1, names).startswith("You drew ")
    bus = Event("bus", 1, (state.stock[-1],), 1, private=True)
    assert GAME.describe(bus, 0, names) == "Bob put a card under the bus"
    assert GAME.describe(bus, 1, names) == f"You put {state.stock[-1]} under the bus"


def test_bus_events_from_the_engine_are_private() -> None:
    state = GAME.new_game(2, seed=2)
    assert isinstance(state, SpiteMaliceState)
    seat = state.current_player
    assert seat is not None
    bus = next(a for a in state.legal_actions() if str(a).startswith("bus"))
    events = state.apply(bus)
    assert events[0].kind == "bus" and events[0].private
    assert events[0].for_viewer(1 - seat).cards == ()


def test_every_hand_is_open_only_once_the_game_is_over() -> None:
    """While the game runs no view holds another seat's hand (SM-4); once it is over every
    view holds every hand, so the final table can be shown open."""
    state = position(hands=["Kd 5c", "Kh Kc Qh"], pay_off=["2s", "Ks Qs"], piles=["As"],
                     full=True)
    for viewer in (None, 0, 1):
        assert state.view(viewer).open_hands is None
    state.apply(Play(card("2s"), "pay", 1))
    assert state.current_player is None
    for viewer in (None, 0, 1):
        assert state.view(viewer).open_hands == (cards("5c Kd"), cards("Qh Kc Kh"))
