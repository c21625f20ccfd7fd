"""A host and a player who share one data folder (one user, two windows) count their game once,
and a host's game id never takes another game's place in the player's folder."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cardgames.core.rng import Rng
from cardgames.net.app import JoinApp
from cardgames.net.client import RemoteSession
from cardgames.net.protocol import JoinCode
from cardgames.net.server import TableServer
from cardgames.session.history import history
from cardgames.session.record import record_of
from cardgames.session.savefile import read, records_dir, save
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.stats import player_stats, record_game, stats_path
from cardgames.tui.settings import AppSettings
from tests.net.tables import open_table, records, seat_two
from tests.session.play import new_session, play

STARTED = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
TAKEN = "20261201-100000-shithead-abcdef"
"""A well-formed id that the player's folder holds for another game."""


async def _played(folder: Path | None, stats: Path | None) -> tuple[TableServer, RemoteSession]:
    """A game of Anna (the host) and Bob played to its end at a table saving into ``folder``
    and counting in ``stats``; the table (closed) and Bob's side of it."""
    server, code = await open_table("shithead", 4, players=2, bots=0, records=folder,
                                    stats=stats, local="Anna")
    try:
        anna, bob = await seat_two(code)
        await asyncio.wait_for(asyncio.gather(anna.run(), bob.run()), 30)
    finally:
        await server.close()
    assert bob.session is not None and bob.session.is_over
    return server, bob.session


def _keep(remote: RemoteSession) -> None:
    """Bob's app keeps the finished game's record, as at the end of a game."""
    app = JoinApp(JoinCode("127.0.0.1", 1, "t", "s"), "Bob", AppSettings())
    app._keep_record(remote)
    app.writer.flush()


async def test_a_host_and_a_player_sharing_a_data_folder_keep_one_record_counted_once() -> None:
    server, remote = await _played(records_dir(), stats_path())
    assert server.saver is not None and remote.game_id == server.saver.id
    _keep(remote)
    (path,) = records(records_dir())
    assert path.stem == server.saver.id and read(path).is_finished
    assert [game.id for game in history(stats_path())] == [server.saver.id]
    assert {(row.name, row.played) for row in player_stats(stats_path())} == {
        ("Anna", 1), ("Bob", 1)}


def _other_game(*, finished: bool) -> Path:
    """A game of other people under the id :data:`TAKEN`, saved in the records folder (and,
    ``finished``, counted)."""
    setup = GameSetup("shithead", (SeatSpec("Cyril"), SeatSpec("Dana")), seed=99)
    session = new_session(setup)
    play(session, Rng(5), 10_000 if finished else 6)
    record = record_of(session, id=TAKEN, started=STARTED,
                       finished=STARTED if finished else None)
    if finished:
        record_game(stats_path(), record)
    return save(record, records_dir())


@pytest.mark.parametrize("case", ["unfinished record", "finished and counted", "damaged record",
                                  "only counted", "same game, other moves"])
async def test_a_game_id_the_player_holds_for_another_game_is_not_taken(case: str) -> None:
    """A host that sends the id of another game the player keeps (a record file, a count in
    the statistics, or both) changes nothing of it: the game is kept under a fresh id."""
    _, remote = await _played(None, None)
    if case == "same game, other moves":
        session = new_session(remote.setup)
        play(session, Rng(1), 3)
        other = save(record_of(session, id=TAKEN, started=STARTED), records_dir())
    else:
        other = _other_game(finished=case != "unfinished record")
    if case == "damaged record":
        other.write_text("{")
    before = other.read_bytes()
    if case == "only counted":
        other.unlink()
    remote.game_id = TAKEN
    _keep(remote)
    kept = [path for path in records(records_dir()) if path.stem != TAKEN]
    assert len(kept) == 1 and read(kept[0]).is_finished
    if case != "only counted":
        assert other.read_bytes() == before, "the other game's record is untouched"
    counted = [game.id for game in history(stats_path())]
    assert kept[0].stem in counted
    if case in ("finished and counted", "only counted"):
        assert TAKEN in counted


async def test_the_host_s_record_of_this_game_a_move_short_is_the_same_game() -> None:
    """The host's record written a move before the end is this game: the player keeps the
    game under the host's id (the host then writes the same finished game)."""
    server, remote = await _played(records_dir(), None)
    assert server.saver is not None
    (path,) = records(records_dir())
    short = read(path)
    save(replace(short, commands=short.commands[:-1], result=None, finished=None), records_dir())
    _keep(remote)
    assert records(records_dir()) == [path] and read(path).is_finished
