"""Autosave as a front end uses it: save after every command, resume, leave, count once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardgames.core.rng import Rng
from cardgames.session.autosave import Autosave
from cardgames.session.savefile import latest_unfinished, saved_games
from cardgames.session.stats import player_stats
from tests.session.play import new_session, play, setup_for

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_leave_resume_finish_and_count_once(tmp_path: Path) -> None:
    records, stats = tmp_path / "records", tmp_path / "stats.sqlite3"
    session = new_session(setup_for("makao", 1, 1, players=3))
    saver = Autosave.start(session, NOW, folder=records, stats=stats)
    rng = Rng(1)
    for minute in range(1, 6):
        play(session, rng, 1)
        saver.save(session, NOW + timedelta(minutes=minute))
    latest, listing = latest_unfinished(records)
    assert latest is not None and listing.messages == ()
    assert latest.description == "Makao, you and 2 computer players, 5 moves"
    assert latest.record.seconds == 300
    later = NOW + timedelta(days=1)
    saver2, again = Autosave.resume(latest, later, stats=stats, turn_seconds=0)
    assert again.to_json() == session.to_json() and saver2.id == saver.id
    play(again, rng, 100_000)
    path = saver2.save(again, later + timedelta(seconds=30))
    saver2.save(again, later + timedelta(seconds=31))
    assert saved_games(records).games == ()
    [done] = saved_games(records, finished=True).games
    assert done.path == path and done.record.seconds == pytest.approx(331)
    assert done.record.started == NOW and done.record.finished is not None
    [row] = player_stats(stats)
    assert row.played == 1 and row.average_moves == len(again.history)
    again_saver, _ = Autosave.resume(done, later, stats=stats, turn_seconds=0)
    again_saver.save(again, later)
    assert player_stats(stats)[0].played == 1


def test_a_game_continued_from_a_renamed_record_goes_on_in_that_file(tmp_path: Path) -> None:
    """A record its player renamed (``foo.json``) is continued in that file, not written anew
    under its id's name beside it, and the finished game is counted once."""
    records, stats = tmp_path / "records", tmp_path / "stats.sqlite3"
    session = new_session(setup_for("makao", 1, 1, players=3))
    saver = Autosave.start(session, NOW, folder=records, stats=stats)
    rng = Rng(1)
    play(session, rng, 5)
    renamed = saver.save(session, NOW).rename(records / "foo.json")
    (latest,) = saved_games(records).games
    assert latest.path == renamed
    saver2, again = Autosave.resume(latest, NOW, stats=stats, turn_seconds=0)
    play(again, rng, 3)
    assert saver2.save(again, NOW) == renamed and sorted(records.iterdir()) == [renamed]
    play(again, rng, 100_000)
    saver2.save(again, NOW)
    saver2.save(again, NOW)
    [done] = saved_games(records, finished=True).games
    assert done.path == renamed and sorted(records.iterdir()) == [renamed]
    assert done.record.id == saver.id
    assert player_stats(stats)[0].played == 1
    again_saver, _ = Autosave.resume(done, NOW, stats=stats, turn_seconds=0)
    again_saver.save(again, NOW)
    assert player_stats(stats)[0].played == 1 and sorted(records.iterdir()) == [renamed]
    again_saver.discard()
    assert not renamed.exists()


def test_leaving_without_keeping_removes_the_record(tmp_path: Path) -> None:
    session = new_session(setup_for("shithead", 2, 1))
    saver = Autosave.start(session, NOW, folder=tmp_path, keep_stats=False)
    play(session, Rng(2), 3)
    saver.save(session, NOW)
    assert len(saved_games(tmp_path).games) == 1
    saver.discard()
    assert saved_games(tmp_path).games == ()


def test_a_resumed_game_keeps_the_turn_clock_it_was_played_with(tmp_path: Path) -> None:
    """A Shithead game dealt with a 5 s clock comes back with 5 s (the record keeps it); a
    clock given on resuming wins; a game without a clock records none."""
    from cardgames.session.record import record_from_json, record_to_json
    from cardgames.session.session import Session

    records = tmp_path / "records"
    session = Session(setup_for("shithead", 2, 1), turn_seconds=5)
    saver = Autosave.start(session, NOW, folder=records, keep_stats=False)
    play(session, Rng(2), 3)
    saver.save(session, NOW)
    [saved] = saved_games(records).games
    assert saved.record.turn_seconds == 5.0
    assert record_from_json(record_to_json(saved.record)) == saved.record
    _, again = Autosave.resume(saved, NOW, keep_stats=False)
    assert again.turn_seconds == 5.0
    _, again = Autosave.resume(saved, NOW, keep_stats=False, turn_seconds=20)
    assert again.turn_seconds == 20
    off = Session(setup_for("shithead", 2, 1), turn_seconds=0)
    assert Autosave.start(off, NOW, folder=tmp_path, keep_stats=False).record(
        off, NOW).turn_seconds == 0.0
    makao = new_session(setup_for("makao", 1, 1))
    record = Autosave.start(makao, NOW, folder=tmp_path, keep_stats=False).record(makao, NOW)
    assert record.turn_seconds is None and "turn_seconds" not in record_to_json(record)


def test_a_resumed_game_gives_the_turn_the_time_it_had_left(tmp_path: Path) -> None:
    """Leaving (or a signal) writes the time left on the running turn clock; the game continued
    gives that turn that time, so quitting does not buy a fresh turn (SH-17's clock)."""
    from cardgames.session.record import record_from_json, record_to_json
    from cardgames.session.session import Session
    from tests.session.conftest import FakeClock

    clock = FakeClock()
    records = tmp_path / "records"
    session = Session(setup_for("shithead", 2, 1), turn_seconds=45, clock=clock)
    saver = Autosave.start(session, NOW, folder=records, keep_stats=False)
    for _ in range(200):
        if session.clock_running and session.history:
            break
        seat = session.current_player
        assert seat is not None and not session.bot_to_move
        session.submit(seat, session.legal_actions()[-1])
        session.run_bots()
    assert session.clock_running
    clock.advance(31)
    saver.save(session, NOW)
    [saved] = saved_games(records).games
    assert saved.record.time_left == 14
    assert record_from_json(record_to_json(saved.record)) == saved.record
    _, again = Autosave.resume(saved, NOW, keep_stats=False, clock=clock)
    assert again.time_left() == 14
    session.submit(session.current_player, session.legal_actions()[0])
    session.run_bots()
    over = saver.record(session, NOW)
    assert over.time_left in (None, 45.0), "a record written at a turn's start has it whole"
