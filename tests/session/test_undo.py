"""Undo that cannot peek: after an undo every card the player could not see is dealt afresh.

The redeal is recorded (``#deal 12345``) so a record with undos in it replays exactly; a
time-out move cannot be taken back, and nothing can once the game is over.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

import cardgames.games.shithead as shithead_package
from cardgames.core.cards import Card
from cardgames.core.rng import Rng
from cardgames.games.makao.actions import Draw
from cardgames.games.shithead import GAME as SHITHEAD
from cardgames.games.shithead.actions import Blind
from cardgames.games.shithead.engine import ShitheadState
from cardgames.session.commands import Accepted, Redeal, Rejected
from cardgames.session.record import record_of
from cardgames.session.replay import CHECKPOINT, Replay
from cardgames.session.session import ReplayError, Session
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


def flipped_card(session: Session) -> Card:
    result = session.submit(0, Blind(1))
    assert isinstance(result, Accepted), result
    return next(event.cards[0] for event in result.events if event.kind == "flip")


def test_flip_and_undo_learns_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """SH-15: turning a face-down card and taking it back does not tell what lies there, and
    the card turned again after the undo stands: no second try."""
    start = blind_position()

    def deal(players: int, seed: int, *rest: Any) -> ShitheadState:
        state = start.clone()
        state.rng = Rng(seed)
        return state

    monkeypatch.setattr(shithead_package, "GAME", replace(SHITHEAD, deal=deal))
    again = []
    for seed in range(12):
        session = Session(GameSetup("shithead", (YOU, SeatSpec("Bot", "shithead")), {}, seed))
        before = session.view_for(0)
        flipped_card(session)
        assert session.undo(0) == Accepted(0, None, "undo", ())
        assert session.view_for(0) == before
        again.append(flipped_card(session))
        after = session.to_json()
        assert session.undo(0) == Rejected("That turn was played again after an undo; it stands.")
        assert session.to_json() == after
    assert len(set(again)) > 4, "the same card keeps coming back under position 1"
    assert start.face_down[0][0] is not None
    assert again.count(start.face_down[0][0]) < 6


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


@pytest.mark.parametrize(
    ("game", "seed"),
    [("makao", 3), ("makao", 8), ("shithead", 5), ("spite_malice", 2), ("trash", 4)],
)
def test_a_record_with_undos_replays_to_the_same_end(game: str, seed: int) -> None:
    setup = GameSetup(game, default_seats(3, 2), {}, seed)
    session = Session(setup, turn_seconds=0)
    play_with_undos(session, seed)
    commands = session.commands()
    assert any(text.startswith("#deal ") for text in commands)
    replay = Session(setup, turn_seconds=0)
    replay.restore(commands)
    assert replay.to_json() == session.to_json()
    assert replay.history == session.history
    assert replay.outcome() == session.outcome()
    assert replay.commands() == commands


def test_a_draw_played_again_after_an_undo_stands() -> None:
    """Undoing the same turn again would deal the stock afresh once more: a free retry."""
    for seed in range(5):
        session = Session(GameSetup("makao", (YOU, SeatSpec("Bot", "makao")), {}, seed))
        session.submit(0, Draw())
        assert session.undo(0) == Accepted(0, None, "undo", ())
        drawn = drawn_card(session.submit(0, Draw()))
        assert session.undo(0) == Rejected("That turn was played again after an undo; it stands.")
        assert drawn in session.view_for(0).hand


def test_undo_twice_in_a_row_goes_back_two_turns() -> None:
    session = Session(GameSetup("makao", (YOU, SeatSpec("Bot", "makao")), {}, 4))
    for _ in range(2):
        assert isinstance(session.submit(0, Draw()), Accepted)
        session.run_bots()
    assert session.undo(0) == Accepted(0, None, "undo", ())
    assert session.undo(0) == Accepted(0, None, "undo", ())
    assert [a for _, a in session.history if not isinstance(a, Redeal)] == []
    assert session.undo(0) == Rejected("There is no move of yours to undo.")


@pytest.mark.parametrize(("game", "kind", "seed"), [("zoliky", "round", 1), ("trash", "deal", 2)])
def test_no_undo_back_into_a_finished_round(game: str, kind: str, seed: int) -> None:
    """A turn before the end of a round (Žolíky) or hand (Trash) cannot be taken back: the
    round's result stands. A turn of the new round can."""
    session = Session(GameSetup(game, (YOU, SeatSpec("Bot", "normal")), {}, seed),
                      turn_seconds=0)
    factories = session.game.bots()  # type: ignore[attr-defined]
    mine = factories["normal"]()
    rng = Rng(seed)
    ended = False
    while not session.is_over:
        session.run_bots()
        ended = ended or any(event.kind == kind for event in session.events)
        if session.is_over:
            break
        if ended:
            break
        legal = session.legal_actions()
        assert isinstance(session.submit(0, mine.choose(session.view_for(0), legal, rng)), Accepted)
        ended = any(event.kind == kind for event in session.events)
    assert ended and not session.is_over
    after = session.to_json()
    assert session.undo(0) == Rejected(
        "That turn belongs to a finished round; it cannot be taken back."
    )
    assert session.to_json() == after
    legal = session.legal_actions()
    assert isinstance(session.submit(0, mine.choose(session.view_for(0), legal, rng)), Accepted)
    if session.can_undo(0):
        events = len([event for event in session.events if event.kind == kind])
        assert session.undo(0) == Accepted(0, None, "undo", ())
        assert len([event for event in session.events if event.kind == kind]) == events


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
    assert session.current_player == 0 and not session.is_over
    mark = session.view_for(0)
    assert isinstance(session.submit(0, session.legal_actions()[0]), Accepted)
    session.run_bots()
    assert not session.is_over
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
    with pytest.raises(ReplayError, match=r"command 1 .* not a redeal line"):
        session.restore(["#deal soon"])


def test_a_redeal_line_needs_one_human() -> None:
    session = Session(GameSetup("makao", default_seats(2, 0), {}, 6))
    with pytest.raises(ReplayError, match="one human player"):
        session.restore(["#deal 12"])


def test_stepping_through_a_record_with_undos_passes_the_redeals() -> None:
    setup = GameSetup("makao", default_seats(3, 2), {}, 8)
    session = Session(setup)
    positions = [session.to_json()["state"]]
    moves = 0
    while len(positions) < 2 * CHECKPOINT + 10 and not session.is_over:
        while session.step_bot() is not None:
            positions.append(session.to_json()["state"])
        if session.is_over:
            break
        session.submit(0, session.legal_actions()[0])
        positions.append(session.to_json()["state"])
        moves += 1
        if moves % 3 == 0 and session.can_undo(0):
            assert isinstance(session.undo(0), Accepted)
            played = sum(not isinstance(action, Redeal) for _, action in session.history)
            positions = positions[: played + 1]
    replay = Replay(record_of(session, id="g", started=datetime(2026, 12, 1, tzinfo=UTC)))
    assert any(move.redeal is not None and move.player == 0 for move in replay.moves)
    assert not any(move.command.startswith("#deal") for move in replay.moves)
    assert [move.number for move in replay.moves] == list(range(1, len(replay) + 1))
    assert len(replay) == len(positions) - 1
    for step in range(0, len(replay), 5):
        assert replay.state_at(step).to_json() == positions[step]
    assert replay.state_at(len(replay)).to_json() == session.to_json()["state"]
    redealt = next(move for move in replay.moves if move.redeal is not None)
    assert replay.move_log(redealt.number, 0)[0] == (
        "You took a turn back; the cards you could not see were dealt afresh."
    )
