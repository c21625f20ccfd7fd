"""Stepping through a record: every step is the position the game passed through."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from cardgames.core.rng import Rng
from cardgames.session.record import GameRecord, RecordError, record_of
from cardgames.session.replay import CHECKPOINT, Replay
from tests.session.play import PLAYABLE, new_session, play, setup_for

STARTED = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_step_is_the_position_played(game: str) -> None:
    session = new_session(setup_for(game, 6, 1))
    rng = Rng(6)
    positions = [session.to_json()["state"]]
    while not session.is_over and len(positions) < 3 * CHECKPOINT + 5:
        play(session, rng, 1)
        positions.append(session.to_json()["state"])
    replay = Replay(record_of(session, id="g", started=STARTED))
    assert len(replay) == len(positions) - 1
    for step in (0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, len(replay)):
        if step <= len(replay):
            assert replay.state_at(step).to_json() == positions[step]
    assert replay.view(len(replay), 0) == session.view_for(0)
    assert replay.log(len(replay), 0) == session.log_lines(0, last=100_000)
    assert replay.log(len(replay), None) == session.log_lines(None, last=100_000)
    with pytest.raises(IndexError):
        replay.state_at(len(replay) + 1)


def test_hands_open_only_once_the_game_is_over() -> None:
    session = new_session(setup_for("makao", 7, 1))
    play(session, Rng(7), 10)
    live = Replay(record_of(session, id="g", started=STARTED))
    assert not live.is_finished
    with pytest.raises(ValueError, match="unfinished"):
        live.open_views(3)
    with pytest.raises(ValueError, match="unfinished"):
        live.log(3, None, open_hands=True)
    play(session, Rng(7), 100_000)
    done = Replay(record_of(session, id="g", started=STARTED, finished=STARTED))
    assert done.is_finished
    views = done.open_views(5)
    assert [view.hand for view in views] == [done.view(5, seat).hand for seat in range(len(views))]
    assert any("(" in line for line in done.log(len(done), None, open_hands=True))


def test_a_bad_command_is_named() -> None:
    session = new_session(setup_for("shithead", 7, 0))
    play(session, Rng(7), 10)
    record = record_of(session, id="g", started=STARTED)
    broken = GameRecord("g", record.setup, (*record.commands[:4], "dance"), None, STARTED)
    with pytest.raises(RecordError, match="command 5"):
        Replay(broken)
