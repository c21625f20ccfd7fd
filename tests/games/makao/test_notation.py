"""Makao commands: every legal action round-trips through its text; bad input is explained."""

from __future__ import annotations

import pytest

from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import CallMakao, Demand, Draw, Pass, Take, Wait
from tests.games.makao.builders import play, position


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_every_legal_action_round_trips(players: int) -> None:
    """parse_command(view, format_action(view, a)) == a for every legal action of random games."""
    rng = Rng(players)
    options = {"jokers": True, "makao-call": True, "queens": players % 2 == 1}
    checked = 0
    for seed in range(8):
        state = GAME.new_game(players, seed=seed, options=options)
        for _ in range(300):
            if state.current_player is None:
                break
            view = state.view(state.current_player)
            for action in view.legal:
                assert GAME.parse_command(view, GAME.format_action(view, action)) == action
                checked += 1
            state.apply(rng.choice(view.legal))
    assert checked > 1000


def test_command_words() -> None:
    """Verbs, shorthand, case, 10/T and suit symbols."""
    state = position([["7h", "10s", "9d"], ["8c"]], ["5s"])
    view = state.view(0)
    assert GAME.parse_command(view, "PLAY 10S") == play("10s")
    assert GAME.parse_command(view, "p Ts") == play("10s")
    assert GAME.parse_command(view, "p t♠") == play("10s")
    assert GAME.parse_command(view, "d") == Draw()
    assert str(play("Xr", "7d", named=("7h",))) == "play Xr=7h 7d"
    assert [str(action) for action in (Take(), Wait(), Pass(), CallMakao(), Demand())] == [
        "take", "wait", "pass", "makao", "demand none",
    ]


def test_non_canonical_order_is_read() -> None:
    """A valid order other than the listed one is read as typed."""
    state = position([["7h", "7s", "7d", "9c"], ["8c"]], ["5s"])
    assert GAME.parse_command(state.view(0), "play 7s 7h 7d") == play("7s", "7h", "7d")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", InvalidCommand, "Commands:"),
        ("fly", InvalidCommand, "not a Makao command"),
        ("play", InvalidCommand, "Name the cards"),
        ("play 7x", InvalidCommand, "suit must be"),
        ("play 5h", IllegalMove, "You don't hold 5♥"),
        ("play 9d", IllegalMove, "9♦ does not match 5♠"),
        ("play 7h 7s", IllegalMove, "play 7♠ first"),
        ("play 7s=7h", InvalidCommand, "Only a joker"),
        ("take", IllegalMove, "no cards to take"),
        ("wait", IllegalMove, "no stop"),
        ("pass", IllegalMove, "only after drawing"),
        ("demand 7", IllegalMove, "only right after playing jacks or aces"),
        ("demand zz", InvalidCommand, "neither a rank nor a suit"),
        ("makao", IllegalMove, "makao-call option is off"),
    ],
)
def test_bad_input(text: str, error: type[Exception], message: str) -> None:
    """Each mistake gets a sentence a player understands."""
    state = position([["7h", "7s", "9d"], ["8c"]], ["5s"])
    with pytest.raises(error, match=message):
        GAME.parse_command(state.view(0), text)


def test_not_your_turn_and_battle_messages() -> None:
    """Commands from the wrong seat, and drawing under a battle, are refused with reasons."""
    state = position([["9d", "8c"], ["3h", "3c", "8d"]], ["2h"], current=1, pending_draw=2)
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.parse_command(state.view(0), "draw")
    with pytest.raises(IllegalMove, match="You must take 2 cards or answer with a battle card"):
        GAME.parse_command(state.view(1), "draw")
    with pytest.raises(IllegalMove, match="3♣ does not answer 2♥"):
        GAME.parse_command(state.view(1), "play 3c")


def test_demand_words() -> None:
    """Demands by rank code, suit code, symbol or name, and none."""
    state = position([["Jc", "As", "9d"], ["8c"]], ["5c"])
    jack = state.clone()
    jack.apply(play("Jc"))
    view = jack.view(0)
    assert str(GAME.parse_command(view, "demand T")) == "demand 10"
    assert GAME.parse_command(view, "demand nothing") == Demand()
    with pytest.raises(IllegalMove, match="only a rank: 5, 6, 7, 8, 9 or 10"):
        GAME.parse_command(view, "demand K")
    ace = position([["As", "9d"], ["8c"]], ["5s"])
    ace.apply(play("As"))
    assert str(GAME.parse_command(ace.view(0), "demand ♥")) == "demand h"
    assert str(GAME.parse_command(ace.view(0), "demand clubs")) == "demand c"
