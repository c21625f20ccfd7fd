"""Undo that cannot peek: after an undo every card the player could not see is dealt afresh.

The redeal is recorded (``#deal 12345``) so a record with undos in it replays exactly; a
time-out move cannot be taken back, and nothing can once the game is over.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import cardgames.games.shithead as shithead_package
from cardgames.core.cards import Card
from cardgames.games.makao.actions import Draw
from cardgames.games.shithead import GAME as SHITHEAD
from cardgames.games.shithead.actions import Blind
from cardgames.games.shithead.engine import ShitheadState
from cardgames.session.commands import Accepted, Redeal, Rejected
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from tests.games.shithead.builders import position

YOU = SeatSpec("You")


class FakeClock:
    """Monotonic seconds that the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def drawn_card(result: Any) -> Card:
    assert isinstance(result, Accepted), result
    return next(event.cards[0] for event in result.events if event.kind == "draw")


def test_draw_undo_draw_gives_another_card_for_most_seeds() -> None:
    different = 0
    for seed in range(20):
        session = Session(GameSetup("makao", (YOU, SeatSpec("Bot", "makao")), {}, seed))
        before = session.view_for(0)
        first = drawn_card(session.submit(0, Draw()))
        assert session.undo(0) == Accepted(0, None, "undo", ())
        assert session.view_for(0) == before, "undo goes back to what the player saw"
        assert isinstance(session.history[-1][1], Redeal)
        different += drawn_card(session.submit(0, Draw())) != first
    assert different >= 15


def blind_position() -> ShitheadState:
    """Seat 0 plays from three face-down cards; the bot holds a long hand."""
    return position(
        hands=["", "5c 6c 7c 8c 9c"],
        face_up=[[None, None, None], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "8d", "Ad"], ["3h", "4h", "5h"]],
        pile="6s",
        full=True,
    )


def test_flip_and_undo_learns_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """SH-15: turning a face-down card and taking it back does not tell what lies there."""
    start = blind_position()
    monkeypatch.setattr(
        shithead_package, "GAME", replace(SHITHEAD, deal=lambda *args: start.clone())
    )
    session = Session(GameSetup("shithead", (YOU, SeatSpec("Bot", "shithead")), {}, 2))
    before = session.view_for(0)
    flipped = []
    for _ in range(12):
        result = session.submit(0, Blind(1))
        assert isinstance(result, Accepted)
        flipped.append(next(e.cards[0] for e in result.events if e.kind == "flip"))
        assert session.undo(0) == Accepted(0, None, "undo", ())
        assert session.view_for(0) == before
    assert len(set(flipped)) > 4, "the same card keeps coming back under position 1"
    assert start.face_down[0][0] is not None
    assert flipped.count(start.face_down[0][0]) < 6


def play_with_undos(session: Session, seed: int) -> None:
    """Play seat 0 against bots to the end, undoing now and then."""
    moves = 0
    while not session.is_over and moves < 400:
        session.run_bots()
        if session.is_over:
            break
        legal = session.legal_actions()
        ready = [action for action in legal if str(action) == "ready"]
        choice = ready[0] if ready else legal[(moves * seed) % len(legal)]
        assert isinstance(session.submit(0, choice), Accepted)
        moves += 1
        if moves % 4 == 0 and session.can_undo(0):
            assert isinstance(session.undo(0), Accepted)
    assert session.is_over


@pytest.mark.parametrize(("game", "seed"), [("makao", 3), ("makao", 8), ("shithead", 5)])
def test_a_record_with_undos_replays_to_the_same_end(game: str, seed: int) -> None:
    setup = GameSetup(game, default_seats(3, 2), {}, seed)
    session = Session(setup, turn_seconds=0)
    play_with_undos(session, seed)
    commands = session.commands()
    assert any(text.startswith("#deal ") for text in commands)
    replay = Session(setup, turn_seconds=0)
    for text in commands:
        replay.replay_command(text)
    assert replay.to_json() == session.to_json()
    assert replay.history == session.history
    assert replay.outcome() == session.outcome()
    assert replay.commands() == commands


def test_undo_twice_in_a_row_deals_afresh_each_time() -> None:
    session = Session(GameSetup("makao", (YOU, SeatSpec("Bot", "makao")), {}, 4))
    stocks = set()
    for _ in range(6):
        session.submit(0, Draw())
        session.undo(0)
        stocks.add(tuple(session.to_json()["state"]["stock"]))
    assert len(stocks) == 6
    assert [a for _, a in session.history if not isinstance(a, Redeal)] == []
    assert session.undo(0) == Rejected("There is no move of yours to undo.")


def test_no_undo_after_a_time_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """SH-17: the clock's move stands; the next turn can still be taken back to it."""
    start = position(hands=["5c 9d Ad", "3h 4h"], pile="7c 8c", stock="2s 3s", full=True)
    monkeypatch.setattr(
        shithead_package, "GAME", replace(SHITHEAD, deal=lambda *args: start.clone())
    )
    clock = FakeClock()
    session = Session(
        GameSetup("shithead", (YOU, SeatSpec("Bot", "shithead")), {}, 1), clock=clock
    )
    clock.now += 60
    timed_out = session.tick()
    assert timed_out is not None and timed_out.command == "timeout"
    session.run_bots()
    assert not session.can_undo(0)
    assert session.undo(0) == Rejected(
        "The turn clock played that move for you; a time-out cannot be taken back."
    )
    if session.is_over or session.current_player != 0:
        return
    mark = session.view_for(0)
    assert isinstance(session.submit(0, session.legal_actions()[0]), Accepted)
    session.run_bots()
    if not session.is_over:
        assert isinstance(session.undo(0), Accepted)
        assert session.view_for(0) == mark
        assert not session.can_undo(0)


def test_no_undo_once_the_game_is_over() -> None:
    session = Session(GameSetup("makao", default_seats(2, 1), {}, 6))
    while not session.is_over:
        session.run_bots()
        if not session.is_over:
            session.submit(0, session.legal_actions()[0])
    outcome, history = session.outcome(), list(session.history)
    assert not session.can_undo(0)
    assert session.undo(0) == Rejected("The game is over; its moves cannot be taken back.")
    assert session.outcome() == outcome
    assert session.history == history


def test_a_redeal_line_must_carry_a_seed() -> None:
    session = Session(GameSetup("makao", default_seats(2, 1), {}, 6))
    with pytest.raises(ValueError, match="not a redeal line"):
        session.replay_command("#deal soon")
