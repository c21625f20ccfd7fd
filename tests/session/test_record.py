"""Game records: every playable game saved at random points and rebuilt to the same position.

The round trip is checked for each game of the registry that can be played, so a new game is
covered as soon as it is registered: random bot games and hot-seat games, cut at random moves,
written to JSON and replayed must give the same position, log, history, undo, seat to act and
hand-over state.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cardgames.core.engine import Outcome
from cardgames.core.rng import Rng
from cardgames.session.record import (
    FORMAT,
    VERSION,
    GameRecord,
    RecordError,
    describe_record,
    record_from_json,
    record_of,
    record_to_json,
    session_of,
)
from cardgames.session.savefile import save, saved_games
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec
from tests.session.conftest import FakeClock
from tests.session.play import PLAYABLE, new_session, play, setup_for

STARTED = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
FINISHED = datetime(2026, 12, 1, 10, 30, tzinfo=UTC)


def reloaded(session: Session, finished: datetime | None = None) -> tuple[GameRecord, Session]:
    """Record ``session``, take the record through JSON text, and replay it."""
    record = record_of(session, id="g1", started=STARTED, finished=finished, seconds=12.5)
    text = json.dumps(record_to_json(record))
    again = record_from_json(json.loads(text))
    assert again == record
    return again, session_of(again, turn_seconds=0)


def assert_same(one: Session, two: Session) -> None:
    """Both Sessions are at the same position with the same log, history, undo and hand-over.

    A hot-seat game comes back behind the pass screen of the human to act, whoever had the
    terminal when it was left.
    """
    assert two.to_json() == one.to_json()
    assert two.commands() == one.commands()
    assert two.history == one.history
    assert two.current_player == one.current_player
    if len(one.humans) > 1:
        assert two.viewer is None
        seat = one.current_player
        assert two.handover == (seat if seat is not None and one.is_human(seat) else None)
    else:
        assert two.handover == one.handover
        assert two.viewer == one.viewer
        assert two.legal_actions() == one.legal_actions()
    for viewer in (None, *range(len(one.names))):
        assert two.log_lines(viewer, last=10_000) == one.log_lines(viewer, last=10_000)
    for seat in range(len(one.names)):
        assert two.can_undo(seat) == one.can_undo(seat)


@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("humans", [0, 1, 2])
def test_records_replay_to_the_same_position(game: str, humans: int) -> None:
    """Random games (bots only, one human against bots, hot-seat) cut at random moves."""
    for seed in range(4):
        rng = Rng(seed * 31 + humans)
        session = new_session(setup_for(game, seed, humans))
        for _ in range(3):
            play(session, rng, 1 + rng.randrange(40))
            _, again = reloaded(session)
            assert_same(session, again)


@pytest.mark.parametrize("game", PLAYABLE)
def test_finished_games_keep_their_result(game: str) -> None:
    rng = Rng(7)
    session = new_session(setup_for(game, 3, 0))
    play(session, rng, 100_000)
    assert session.is_over
    record, again = reloaded(session, FINISHED)
    assert record.is_finished and record.finished == FINISHED
    assert record.result == session.outcome()
    assert_same(session, again)


@pytest.mark.parametrize("game", PLAYABLE)
def test_undo_after_loading_is_the_same_undo(game: str) -> None:
    rng = Rng(11)
    session = new_session(setup_for(game, 5, 1))
    play(session, rng, 25)
    _, again = reloaded(session)
    assert_same(session, again)
    if session.can_undo(0):
        session.undo(0)
        again.undo(0)
        assert_same(session, again)


def test_a_hot_seat_game_resumes_behind_the_pass_screen() -> None:
    setup = GameSetup("makao", (SeatSpec("Anna"), SeatSpec("Bob")), seed=4)
    session = new_session(setup)
    play(session, Rng(1), 5)
    session.ready(session.current_player or 0)
    assert session.viewer is not None
    _, again = reloaded(session)
    assert again.viewer is None
    assert again.handover == session.current_player
    assert again.legal_actions() == ()


def test_a_command_that_does_not_replay_is_refused_with_its_number() -> None:
    session = new_session(setup_for("makao", 2, 0))
    play(session, Rng(2), 10)
    data = record_to_json(record_of(session, id="g", started=STARTED))
    data["commands"][6] = "play Ks Ks"
    with pytest.raises(RecordError, match=r"command 7 \('play Ks Ks'\)"):
        session_of(record_from_json(data))
    data["commands"][6] = "dance"
    with pytest.raises(RecordError, match="command 7"):
        session_of(record_from_json(data))


def test_a_result_that_does_not_match_is_refused() -> None:
    session = new_session(setup_for("shithead", 2, 0))
    play(session, Rng(2), 100_000)
    data = record_to_json(record_of(session, id="g", started=STARTED, finished=FINISHED))
    data["result"]["winners"] = [9]
    with pytest.raises(RecordError, match="result"):
        session_of(record_from_json(data))


def _good() -> dict[str, object]:
    session = new_session(setup_for("makao", 1, 1))
    play(session, Rng(1), 5)
    return record_to_json(record_of(session, id="g", started=STARTED))


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("format", "zip", "not a game record"),
        ("version", VERSION + 1, "newer cardgames"),
        ("version", "1", "version"),
        ("game", "chess", "'chess', which this cardgames does not know"),
        ("game", "skat", "cannot be played"),
        ("seed", "7", "'seed'"),
        ("seed", True, "'seed'"),
        ("game_number", -1, "'game_number'"),
        ("seats", [], "'seats'"),
        ("seats", [{"name": 3}], "seat"),
        ("options", {"queens": "yes"}, "'options'"),
        ("commands", "draw", "'commands'"),
        ("commands", [1, 2], "'commands'"),
        ("result", {"ranking": [0], "winners": "0"}, "'result'"),
        ("started", "yesterday", "'started'"),
        ("started", "2026-12-01T10:00:00", "time zone"),
        ("seconds", -5, "'seconds'"),
        ("turn_seconds", "fast", "'turn_seconds'"),
        ("id", "", "'id'"),
        ("remote", [1], "'remote'"),
        ("remote", [9], "'remote'"),
        ("remote", "0", "'remote'"),
    ],
)
def test_wrong_fields_are_named(
    field: str, value: object, words: str, coming_soon: str
) -> None:
    """(``skat`` is the registry's not-yet-playable game of the ``coming_soon`` fixture.)"""
    data = _good()
    data[field] = value
    with pytest.raises(RecordError, match=words.replace("(", r"\(")):
        record_from_json(data)


def test_bad_set_up_is_a_record_error() -> None:
    data = _good()
    data["options"] = {"no-such-option": True}
    with pytest.raises(RecordError, match="set up"):
        session_of(record_from_json(data))
    data = _good()
    data["seats"] = [{"name": "You", "bot": None}]
    with pytest.raises(RecordError, match="2-6 players"):
        session_of(record_from_json(data))


def test_not_a_mapping() -> None:
    with pytest.raises(RecordError):
        record_from_json([1, 2])


def test_the_record_has_the_documented_fields() -> None:
    data = _good()
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert set(data) == {
        "format", "version", "id", "game", "options", "seed", "game_number", "seats",
        "commands", "result", "started", "finished", "seconds",
    }


def test_a_network_table_s_record_keeps_the_seats_played_elsewhere(tmp_path: Path) -> None:
    setup = GameSetup("makao", (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default")),
                      seed=4)
    session = new_session(setup)
    play(session, Rng(4), 5)
    record = record_of(session, id="net", started=STARTED, remote=(1,))
    data = record_to_json(record)
    assert data["remote"] == [1]
    assert record_from_json(data) == record and record.local_seats == (0,)
    save(record, tmp_path)
    save(replace(record, id="home", remote=()), tmp_path)
    listed = saved_games(tmp_path).games
    assert [game.record.id for game in listed] == ["home"], "a network game is not continued here"


def test_descriptions() -> None:
    def record(seats: tuple[SeatSpec, ...], moves: int) -> GameRecord:
        setup = GameSetup("makao", seats)
        return GameRecord("g", setup, ("draw",) * moves, None, STARTED)

    bots = tuple(SeatSpec(name, "makao") for name in ("Anna", "Bob", "Cyril"))
    assert describe_record(record((SeatSpec("You"), *bots), 41)) == (
        "Makao, you and 3 computer players, 41 moves"
    )
    assert describe_record(record((SeatSpec("Anna"), SeatSpec("Bob")), 1)) == (
        "Makao, Anna and Bob, 1 move"
    )
    assert describe_record(record((SeatSpec("Anna"), SeatSpec("Bob"), bots[2]), 2)) == (
        "Makao, Anna, Bob and 1 computer player, 2 moves"
    )


def test_outcome_with_scores_round_trips() -> None:
    record = GameRecord(
        "g", GameSetup("makao", (SeatSpec("A"), SeatSpec("B"))), (),
        Outcome((1, 0), (1,), {0: 3, 1: 10}), STARTED, FINISHED,
    )
    assert record_from_json(json.loads(json.dumps(record_to_json(record)))) == record


def test_time_out_moves_replay_like_any_other(clock: FakeClock) -> None:
    """SH-17: the turn clock's moves are in the record and replay without the clock."""
    setup = GameSetup("shithead", (SeatSpec("You"), SeatSpec("Anna", "shithead")), seed=3)
    session = Session(setup, clock=clock, turn_seconds=10)
    while len(session.commands()) < 60:
        session.run_bots()
        if session.is_over:
            break
        if session.clock_running and len(session.commands()) % 3 == 0:
            clock.advance(11)
            assert session.tick() is not None
        else:
            session.submit(0, session.legal_actions()[-1])
    assert "timeout" in session.commands()
    _, again = reloaded(session)
    assert_same(session, again)
