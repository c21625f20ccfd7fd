"""Statistics: one row per finished game, counted once, streaks and averages per player."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardgames.core.engine import Outcome
from cardgames.core.rng import Rng
from cardgames.session.record import GameRecord, record_of
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.stats import (
    SCHEMA_VERSION,
    StatsError,
    connect,
    holds_other,
    player_stats,
    record_game,
    stats_path,
)
from tests.session.play import new_session, play, setup_for

ROOT = Path(__file__).resolve().parents[2]
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
SEATS = (SeatSpec("You"), SeatSpec("Anna", "makao"), SeatSpec("Bob", "random"))


def game(number: int, winner: int, moves: int = 10, name: str = "makao") -> GameRecord:
    others = tuple(seat for seat in range(3) if seat != winner)
    moment = START + timedelta(minutes=number)
    return GameRecord(
        f"g{number}", GameSetup(name, SEATS, {"queens": True}, seed=number),
        ("draw",) * moves, Outcome((winner, *others), (winner,)), moment, moment, 60.0,
    )


def test_the_file_lives_in_the_data_folder(tmp_path: Path) -> None:
    assert stats_path({"CARDGAMES_HOME": str(tmp_path)}) == tmp_path / "stats.sqlite3"


def test_a_game_is_counted_once(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    assert record_game(path, game(1, 0)) is True
    assert record_game(path, game(1, 0)) is False
    [row] = player_stats(path)
    assert (row.name, row.game, row.played, row.won) == ("You", "makao", 1, 1)


def test_an_id_counted_for_another_game_never_takes_its_place(tmp_path: Path) -> None:
    """A game whose id is counted already for another game (another seed, other moves) is
    counted under a fresh id: both games stay in the statistics."""
    path = tmp_path / "stats.sqlite3"
    first = game(1, 0)
    record_game(path, first)
    assert not holds_other(path, first)
    for other in (replace(game(2, 1), id="g1"), replace(game(1, 0, moves=11), id="g1")):
        assert holds_other(path, other)
        assert record_game(path, other) is True
    assert [(row.name, row.played) for row in player_stats(path)] == [("You", 3)]
    connection = connect(path)
    kept = connection.execute("SELECT seed, moves FROM games WHERE id = 'g1'").fetchall()
    connection.close()
    assert kept == [(1, 10)], "the game counted first keeps its id"
    assert not holds_other(tmp_path / "none.sqlite3", first)


def test_streaks_win_percent_and_average_moves(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    winners = [0, 0, 1, 0, 0, 0, 2, 0]
    for number, winner in enumerate(winners):
        record_game(path, game(number, winner, moves=10 + number))
    record_game(path, game(100, 0, name="shithead"))
    you, you_shithead = player_stats(path)
    assert (you.game, you.played, you.won) == ("makao", 8, 6)
    assert you.win_percent == pytest.approx(75.0)
    assert (you.current_streak, you.best_streak) == (1, 3)
    assert you.average_moves == pytest.approx(13.5)
    assert (you_shithead.game, you_shithead.played, you_shithead.current_streak) == (
        "shithead", 1, 1
    )
    everyone = player_stats(path, "makao", people_only=False)
    assert [(row.name, row.bot, row.won) for row in everyone] == [
        ("You", None, 6), ("Anna", "makao", 1), ("Bob", "random", 1),
    ]
    assert player_stats(path, "trash") == []
    assert player_stats(tmp_path / "none.sqlite3") == []


def test_a_real_finished_game_is_counted(tmp_path: Path) -> None:
    session = new_session(setup_for("shithead", 4, 1))
    play(session, Rng(4), 100_000)
    record = record_of(session, id="real", started=START, finished=START, seconds=30)
    assert record_game(tmp_path / "s.sqlite3", record)
    [row] = player_stats(tmp_path / "s.sqlite3")
    outcome = session.outcome()
    assert outcome is not None
    assert row.won == int(0 in outcome.winners)
    assert row.average_moves == len(session.history)


def test_an_unfinished_game_is_refused(tmp_path: Path) -> None:
    record = GameRecord("u", GameSetup("makao", SEATS), (), None, START)
    with pytest.raises(ValueError, match="finished"):
        record_game(tmp_path / "s.sqlite3", record)


def test_the_schema_version_is_set_and_a_newer_file_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    connect(path).close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StatsError, match="newer cardgames"):
        record_game(path, game(1, 0))


def test_an_old_empty_file_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    sqlite3.connect(path).close()
    assert record_game(path, game(1, 0))
    assert player_stats(path)[0].played == 1


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"not a database at all, just some text" * 100)
    with pytest.raises(StatsError, match="cannot be read"):
        player_stats(path)


def test_killed_while_writing_every_game_is_whole(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    rng = Rng(9)
    counted: set[str] = set()
    for kill in range(5):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.session.stats_child", str(path), str(kill * 100_000)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first
        time.sleep(0.02 + 0.1 * rng.random())
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        counted.update((first + rest).split())
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        ids = {row[0] for row in raw.execute("SELECT id FROM games")}
        seats = raw.execute("SELECT game_id, COUNT(*) FROM seats GROUP BY game_id").fetchall()
    assert counted <= ids and len(ids) <= len(counted) + 5
    assert all(count == 6 for _, count in seats) and len(seats) == len(ids)
