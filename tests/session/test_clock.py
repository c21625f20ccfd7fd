"""The Session's turn clock, tested with an injected clock and the tiny Race game (fake_game).

The clock runs only for a human whose view is shown: never for bots, never under the pass screen;
when time is up, ``tick`` submits the game's time-out move (SH-17 is the rule that needs it).
"""

from __future__ import annotations

import pytest

from cardgames.session.commands import Accepted, Rejected
from cardgames.session.session import RESUME_FLOOR_SECONDS, Session
from cardgames.session.setup import GameSetup, SeatSpec
from tests.session.conftest import FakeClock
from tests.session.fake_game import Add, Timeout

pytestmark = pytest.mark.usefixtures("race")

SOLO = (SeatSpec("You"), SeatSpec("Bot", "random"))
DUO = (SeatSpec("Anna"), SeatSpec("Bob"))


def race(seats: tuple[SeatSpec, ...], clock: FakeClock, **kwargs: float | bool | None) -> Session:
    return Session(GameSetup("race", seats, seed=3), clock=clock, **kwargs)


def test_clock_takes_the_games_turn_time_and_counts_down(clock: FakeClock) -> None:
    session = race(SOLO, clock)
    assert session.clock_running
    assert session.time_left() == 30
    clock.advance(12.5)
    assert session.time_left() == 17.5
    assert session.tick() is None
    assert session.history == []


def test_tick_submits_the_timeout_when_time_is_up(clock: FakeClock) -> None:
    session = race(SOLO, clock, turn_seconds=5)
    clock.advance(4.9)
    assert session.tick() is None
    clock.advance(0.1)
    move = session.tick()
    assert isinstance(move, Accepted)
    assert (move.player, move.action, move.command) == (0, Timeout(), "timeout")
    assert session.history == [(0, Timeout())]
    assert session.view_for(None).total == 1
    assert session.current_player == 1
    assert not session.clock_running, "the clock never runs for a computer player"


def test_clock_restarts_for_the_next_human_turn(clock: FakeClock) -> None:
    session = race(SOLO, clock, turn_seconds=10)
    clock.advance(8)
    assert isinstance(session.submit(0, Add(2)), Accepted)
    session.run_bots()
    assert session.current_player == 0
    assert session.time_left() == 10


def test_turn_seconds_zero_switches_the_clock_off(clock: FakeClock) -> None:
    session = race(SOLO, clock, turn_seconds=0)
    clock.advance(10_000)
    assert not session.clock_running
    assert session.time_left() is None
    assert session.tick() is None
    assert session.history == []


def test_clock_does_not_run_during_hand_over(clock: FakeClock) -> None:
    session = race(DUO, clock)
    assert session.handover == 0
    assert not session.clock_running
    clock.advance(1000)
    assert session.tick() is None
    assert session.history == []
    assert isinstance(session.ready(0), Accepted)
    assert session.time_left() == 30
    clock.advance(20)
    assert isinstance(session.submit(0, Add(1)), Accepted)
    assert session.handover == 1
    assert session.time_left() is None
    clock.advance(1000)
    assert session.tick() is None
    assert isinstance(session.ready(1), Accepted)
    assert session.time_left() == 30, "Bob's time starts when he takes the terminal"


def test_clock_stops_when_the_game_ends(clock: FakeClock) -> None:
    session = race(SOLO, clock)
    while not session.is_over:
        session.submit(0, Add(2))
        session.run_bots()
    assert not session.clock_running
    assert session.tick() is None


def test_hand_over_shows_only_the_public_view(clock: FakeClock) -> None:
    session = race(DUO, clock, turn_seconds=0)
    secrets = session.view_for(0).secret, session.view_for(1).secret
    assert session.viewer is None
    assert session.view().secret is None
    refused = session.submit(0, Add(1))
    assert isinstance(refused, Rejected)
    assert "Anna" in refused.message
    session.ready(0)
    assert session.view().secret == secrets[0]
    session.submit(0, Add(1))
    assert session.view().secret is None
    session.ready(1)
    assert session.view().secret == secrets[1]


def test_a_paused_clock_keeps_its_time_until_resumed(clock: FakeClock) -> None:
    session = race(SOLO, clock, turn_seconds=8)
    clock.advance(2)
    session.pause_clock()
    session.pause_clock()
    clock.advance(100)
    assert session.time_left() == 6
    assert session.tick() is None and session.history == []
    session.resume_clock()
    assert session.time_left() == 6
    clock.advance(6)
    assert session.tick() is not None


def test_the_mover_keeps_his_view_until_he_passes_the_terminal_on(clock: FakeClock) -> None:
    session = race(DUO, clock, turn_seconds=0, confirm_pass=True)
    assert session.passing is None and session.handover == 0, "nobody has looked yet"
    session.ready(0)
    anna = session.view_for(0).secret
    assert isinstance(session.submit(0, Add(1)), Accepted)
    assert session.passing == 1 and session.handover is None
    assert session.viewer == 0 and session.view().secret == anna, "Anna still sees her table"
    assert session.legal_actions() == () and session.completions() == ()
    assert session.submit(1, Add(1)) == Rejected("Hand the terminal to Bob first.")
    assert isinstance(session.ready(1), Rejected), "Bob waits until Anna passes on"
    assert session.last_line_of(0) == "You added 1"
    assert isinstance(session.release(), Accepted)
    assert session.passing is None and session.handover == 1 and session.viewer is None
    assert session.handover_reason == "Anna's turn is over."
    assert isinstance(session.release(), Rejected)
    assert isinstance(session.ready(1), Accepted)
    assert session.viewer == 1 and session.handover_reason == ""


def test_no_clock_while_the_mover_looks(clock: FakeClock) -> None:
    session = race(DUO, clock, turn_seconds=5, confirm_pass=True)
    session.ready(0)
    session.submit(0, Add(1))
    assert session.passing == 1 and not session.clock_running
    clock.advance(100)
    assert session.tick() is None and len(session.history) == 1


def test_a_time_out_passes_the_terminal_on_at_once_and_says_why(clock: FakeClock) -> None:
    session = race(DUO, clock, turn_seconds=5, confirm_pass=True)
    session.ready(0)
    clock.advance(5)
    assert session.tick() is not None
    assert session.passing is None and session.handover == 1 and session.viewer is None
    assert session.handover_reason == "Anna's time ran out."


def test_the_reason_keeps_a_name_exactly_as_written(clock: FakeClock) -> None:
    seats = (SeatSpec("[red]bob"), SeatSpec("Anna"))
    session = race(seats, clock, turn_seconds=5, confirm_pass=True)
    session.ready(0)
    session.submit(0, Add(1))
    session.release()
    assert session.handover_reason == "[red]bob's turn is over."


def test_a_carried_time_left_starts_the_turn_where_it_was(clock: FakeClock) -> None:
    """A game continued from its record gives the turn the time it had left, not a fresh turn,
    but at least RESUME_FLOOR_SECONDS (or the whole turn, if shorter)."""
    session = race(SOLO, clock, turn_seconds=30)
    session.carry_time_left(12.5)
    assert session.time_left() == 12.5
    clock.advance(12.5)
    assert session.tick() is not None, "the carried time runs out like any other"
    floor = race(SOLO, clock, turn_seconds=30)
    floor.carry_time_left(0.2)
    assert floor.time_left() == RESUME_FLOOR_SECONDS
    short = race(SOLO, clock, turn_seconds=4)
    short.carry_time_left(0.0)
    assert short.time_left() == 4
    longer = race(SOLO, clock, turn_seconds=20)
    longer.carry_time_left(45)
    assert longer.time_left() == 20, "never more than the turn's time"


def test_a_carried_time_left_waits_for_the_pass_screen_and_only_for_its_turn(
    clock: FakeClock,
) -> None:
    session = race(DUO, clock, turn_seconds=30)
    session.carry_time_left(14)
    clock.advance(100)
    assert not session.clock_running, "behind the pass screen no clock runs"
    session.ready(0)
    assert session.time_left() == 14
    again = race(SOLO, clock, turn_seconds=30)
    again.pause_clock()
    again.carry_time_left(14)
    again.resume_clock()
    assert again.time_left() == 14
    assert isinstance(again.submit(0, Add(1)), Accepted)
    again.run_bots()
    assert again.time_left() == 30, "the next turn is a fresh one"
