"""SH-17 through the Session with an injected clock: the time-out move, and when the clock runs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import cardgames.games.shithead as shithead_package
from cardgames.core.cards import parse_card
from cardgames.games.shithead import GAME
from cardgames.games.shithead.engine import ShitheadState
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec
from tests.games.shithead.builders import position

ANNA, BOB = SeatSpec("Anna"), SeatSpec("Bob")
BOT = SeatSpec("Bot", "shithead")


class FakeClock:
    """Monotonic seconds that the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def deal(monkeypatch: pytest.MonkeyPatch, state: ShitheadState) -> None:
    """Every new game starts from ``state``."""

    def new_game(*args: Any) -> ShitheadState:
        return state.clone()

    monkeypatch.setattr(shithead_package, "GAME", replace(GAME, deal=new_game))


def session(seats: tuple[SeatSpec, ...], clock: FakeClock, seed: int = 1) -> Session:
    return Session(GameSetup("shithead", seats, {}, seed), clock=clock)


def test_sh_17_time_out_on_a_pile_picks_it_up(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, position(hands=["5c 9d Ad", "3h"], pile="7c 8c", stock="2s 3s"))
    clock = FakeClock()
    game = session((ANNA, BOT), clock)
    assert game.time_left() == 45.0
    clock.now += 44.5
    assert game.tick() is None
    clock.now += 0.5
    move = game.tick()
    assert move is not None and move.command == "timeout"
    hand = game.view_for(0).hand
    assert sorted(hand) == sorted(parse_card(c) for c in ["5c", "9d", "Ad", "7c", "8c"])
    assert game.view_for(0).pile == ()


def test_sh_17_time_out_on_an_empty_pile_plays_the_lowest_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(hands=["2c 6d Ks", "3h"], stock="4h 5h"))
    clock = FakeClock()
    game = session((ANNA, BOT), clock)
    clock.now += 45
    move = game.tick()
    assert move is not None
    view = game.view_for(None)
    assert view.pile[:1] == (parse_card("2c"),)
    assert view.bonus_left == 0, "the 2's extra move lapses with the turn's time"


def test_sh_17_no_clock_in_the_swap_phase_nor_under_the_pass_screen() -> None:
    clock = FakeClock()
    swapping = session((ANNA, BOT), clock)
    assert swapping.view().phase == "swap"
    assert swapping.time_left() is None
    clock.now += 500
    assert swapping.tick() is None
    assert swapping.view().phase == "swap"

    hot_seat = session((ANNA, BOB), clock, seed=2)
    for seat in (0, 1):
        assert hot_seat.handover == seat
        assert hot_seat.time_left() is None
        hot_seat.ready(seat)
        hot_seat.submit_text(seat, "ready")
    assert hot_seat.view().phase == "play"
    assert hot_seat.handover == 0, "Anna holds the lowest card (SH-4) and Bob has the terminal"
    assert hot_seat.time_left() is None, "no clock while the pass screen is up"
    clock.now += 500
    assert hot_seat.tick() is None
    hot_seat.ready(0)
    assert hot_seat.time_left() == 45.0
