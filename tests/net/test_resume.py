"""Continuing an unfinished game of a network table: ``cardgames host --resume``.

The table is rebuilt from its record, its people join again by name, and it goes on saving into
the same file; what cannot be continued is refused with the reason.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgames import cli_commands as cli
from cardgames.core.rng import Rng
from cardgames.net.app import JoinApp, lobby_text
from cardgames.net.host import HostedTable, away_lines, goodbye, host_name, resumed_lines
from cardgames.net.protocol import JoinCode
from cardgames.net.server import TableServer
from cardgames.session.history import history
from cardgames.session.lock import lock_file
from cardgames.session.record import RecordError, record_of
from cardgames.session.replay import Replay
from cardgames.session.savefile import latest_unfinished, read, save, saved_game, saved_games
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.net.tables import (
    Player,
    headless_host,
    last_message,
    open_table,
    records,
    resume_table,
    seat_two,
)
from tests.session.play import new_session, play
from tests.tui.screen_text import screen_text

STARTED = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
PEOPLE = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default"))


def _first_view_came(player: Player) -> bool:
    return player.session is not None and player.session.ready_to_show


async def _seated_again(code: JoinCode) -> tuple[Player, Player]:
    """Anna joins the continued table and is told that it waits for one more; a stranger is
    refused with the seat still free; then Bob joins."""
    anna, bob, stranger = Player(code, "Anna", 1), Player(code, "Bob", 2), Player(code, "Zed")
    await anna.join()
    lobby = await anna.next_message()
    assert lobby is not None and lobby.kind == "lobby" and lobby.body["joined"] == ["Anna"]
    assert lobby.body["awaited"] == ["Bob"]
    assert ("A saved game goes on once everyone is back. Joined: Anna. Waiting for Bob"
            in lobby_text(dict(lobby.body)))
    await stranger.join()
    assert await last_message(stranger) == ("error", {
        "message": "Zed is not one of the players of this game; the seats still free are Bob: "
                   "join with your name at the table."})
    await bob.join()
    return anna, bob


async def _play_and_close(server: TableServer, anna: Player, bob: Player,
                          moves: int | None) -> Session:
    """Play until the table has made ``moves`` moves (None: to the end), close it; its game."""

    def enough(player: Player) -> bool:
        return moves is not None and player.session is not None and player.session.moves >= moves

    await asyncio.wait_for(asyncio.gather(anna.run(until=enough), bob.run(until=enough)), 30)
    await server.close()
    assert server.session is not None
    return server.session


async def test_a_closed_table_s_game_goes_on_twice_at_new_tables_and_ends_counted_once(
    tmp_path: Path,
) -> None:
    folder, stats = tmp_path / "records", tmp_path / "stats.sqlite"
    server, code = await open_table("makao", 7, players=3, bots=1, records=folder, stats=stats,
                                    local="Anna")
    anna, bob = await seat_two(code)
    session = await _play_and_close(server, anna, bob, 6)
    (path,) = records(folder)
    for sitting in (1, 2):
        views = [session.view_for(seat) for seat in range(3)]
        commands = session.commands()
        assert read(path).commands == tuple(commands) and not read(path).is_finished
        server, code = await resume_table(path, local="Anna", stats=stats)
        resumed = server.resumed
        assert resumed is not None and resumed.commands() == commands
        assert [resumed.view_for(seat) for seat in range(3)] == views
        assert resumed.setup.seats[2].bot == "default", "the computer player keeps its level"
        anna, bob = await _seated_again(code)
        await asyncio.wait_for(asyncio.gather(anna.run(until=_first_view_came),
                                              bob.run(until=_first_view_came)), 10)
        assert anna.session is not None and anna.session.view() == views[0]
        assert bob.session is not None and bob.session.view() == views[1]
        session = await _play_and_close(server, anna, bob,
                                        len(commands) + 6 if sitting == 1 else None)
        assert session.commands()[:len(commands)] == commands
    assert session.is_over and records(folder) == [path], "saved into the same file"
    record = read(path)
    assert record.is_finished and record.commands == tuple(session.commands())
    assert record.remote == (1,) and record.result == session.outcome()
    replay = Replay(record)
    assert [replay.view(len(replay), seat) for seat in range(3)] == [
        session.view_for(seat) for seat in range(3)]
    assert [game.id for game in history(stats)] == [record.id], "counted once"


async def test_a_continued_game_s_turn_clock_goes_on_from_its_time_left_once_everyone_is_back(
    tmp_path: Path,
) -> None:
    """SH-17 at a network table: the turn to play had 12 of its 30 s left when the table
    closed; continued, it gets those 12 s once everyone is back (the wait does not count)."""
    now = [0.0]
    server, code = await open_table("shithead", 3, players=2, bots=0, records=tmp_path,
                                    local="Anna", clock=lambda: now[0], turn_seconds=30)
    anna, bob = await seat_two(code)

    def enough(player: Player) -> bool:
        return player.session is not None and player.session.moves >= 4

    await asyncio.wait_for(asyncio.gather(anna.run(until=enough), bob.run(until=enough)), 30)
    now[0] += 18
    await server.close()
    (path,) = records(tmp_path)
    server, code = await resume_table(path, clock=lambda: now[0])
    try:
        anna, bob = Player(code, "Anna", plays=False), Player(code, "Bob", plays=False)
        await anna.join()
        await anna.next_message()
        now[0] += 100  # waiting for Bob
        await bob.join()
        await asyncio.wait_for(bob.run(until=_first_view_came), 10)
        assert server.session is not None and server.session.time_left() == 12
        assert bob.session is not None and bob.session.turn_seconds == 30
    finally:
        await server.close()


def _record_file(folder: Path, *, remote: tuple[int, ...], moves: int = 6,
                 game: str = "makao") -> Path:
    """A record of a game of Anna, Bob and a computer player after ``moves`` moves (or, with
    many, finished), saved in ``folder``."""
    session = new_session(GameSetup(game, PEOPLE, seed=3))
    play(session, Rng(3), moves)
    record = record_of(session, id=f"{game}-{moves}-{len(remote)}", started=STARTED,
                       finished=STARTED if session.is_over else None, remote=remote)
    return save(record, folder)


@pytest.mark.parametrize(
    ("remote", "moves", "reason"),
    [
        ((1,), 10_000, "its game is over (cardgames replay shows it)"),
        ((), 6, "it is a game played at one terminal, not at a network table; cardgames resume "
                "continues it"),
    ],
)
def test_a_finished_game_or_one_played_at_one_terminal_is_not_hosted(
    tmp_path: Path, remote: tuple[int, ...], moves: int, reason: str,
) -> None:
    path = _record_file(tmp_path, remote=remote, moves=moves)
    with pytest.raises(ValueError, match="^" + reason.replace("(", r"\(").replace(")", r"\)")):
        TableServer.resume(saved_game(path, tmp_path))
    assert records(tmp_path) == [path], "a good record stays where it is"


def test_a_record_that_does_not_replay_is_moved_aside(tmp_path: Path) -> None:
    path = _record_file(tmp_path, remote=(1,))
    path.write_text(path.read_text().replace('"commands":["', '"commands":["nonsense","'))
    with pytest.raises(RecordError, match=f"moved to {tmp_path / 'damaged' / path.name}"):
        TableServer.resume(saved_game(path, tmp_path))
    assert not path.exists() and (tmp_path / "damaged" / path.name).exists()


def test_the_latest_network_game_is_found_apart_from_the_games_played_here(
    tmp_path: Path,
) -> None:
    network = _record_file(tmp_path, remote=(1,))
    local = _record_file(tmp_path, remote=(), moves=5)
    _record_file(tmp_path, remote=(1,), moves=10_000)
    saved, _ = latest_unfinished(tmp_path, network=True)
    assert saved is not None and saved.path == network
    assert [game.path for game in saved_games(tmp_path).games] == [local]
    assert latest_unfinished(tmp_path, "shithead", network=True)[0] is None


def _host(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.cli, ["host", *args])
    return result.exit_code, result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume", "--players", "3"], "--players cannot go with --resume: it comes from the "
                                         "saved game"),
        (["--resume", "x.json", "--seed", "1", "--option", "queens"],
         "--seed, --option cannot go with --resume: they come from the saved game"),
        (["--resume"], "there is no unfinished game of a network table to continue"),
        (["makao", "--resume"], "there is no unfinished game of a network table of Makao"),
        (["--resume", "makao"], "(there is no such file). To continue the latest table of Makao: "
                                "cardgames host makao --resume"),
        ([], "missing argument GAME (or --resume to continue a saved game)"),
    ],
)
def test_bad_resume_arguments_give_one_line_and_status_2(args: list[str], message: str) -> None:
    status, said = _host(*args)
    assert status == 2 and len(said.splitlines()) == 1
    assert said.startswith("cardgames: error: ") and message in said


def test_a_record_file_that_cannot_be_continued_is_refused_with_the_reason(
    cardgames_home: Path,
) -> None:
    folder = cardgames_home / "records"
    network = _record_file(folder, remote=(1,))
    status, said = _host("shithead", "--resume", str(network))
    assert status == 2 and f"{network} holds a game of Makao, not of Shithead" in said
    status, said = _host("--resume", str(network), "--name", "Zed")
    assert status == 2 and (f"cannot continue {network}: --name Zed is not a player of this "
                            "game; its players are Anna, Bob") in said
    served = _record_file(folder, remote=(0, 1), moves=5)
    status, said = _host("--resume", str(served))
    assert status == 2 and (f"cannot continue {served}: nobody played this game at this "
                            "terminal: give --name with your name at the table (Anna, Bob), "
                            "or --headless") in said
    finished = _record_file(folder, remote=(1,), moves=10_000)
    status, said = _host("--resume", str(finished), "--name", "anna")
    assert status == 2 and f"cannot continue {finished}: its game is over" in said
    damaged = folder / "cut.json"
    damaged.write_text('{"format": "cardgames-record", "ver')
    status, said = _host("--resume", str(damaged))
    assert status == 2 and (f"The saved game cut.json could not be used (it is cut short: its "
                            f"JSON ends early); it was moved to {folder / 'damaged' / 'cut.json'}"
                            ) in said.replace("\n", " ")
    assert not damaged.exists() and (folder / "damaged" / "cut.json").exists()
    elsewhere = cardgames_home / "notes.txt"
    elsewhere.write_text("not a game")
    status, said = _host("--resume", str(elsewhere))
    assert status == 2 and f"The file {elsewhere} could not be used" in said
    assert elsewhere.exists(), "a file outside the records folder is left where it is"


async def test_a_table_closed_unfinished_says_how_to_continue_it(tmp_path: Path) -> None:
    path = _record_file(tmp_path, remote=(1,))
    server, _ = await resume_table(path)
    await server.close()
    said: list[str] = []
    goodbye(server, said.append)
    assert said == [f"The unfinished game is saved in {path}; continue it with: "
                    f"cardgames host --resume {path}"]


async def test_a_headless_host_continues_its_game_from_the_command_line(
    cardgames_home: Path,
) -> None:
    host, code, _ = await headless_host("makao", "--players", "2", "--bots", "1", "--seed", "7")
    try:
        anna = Player(code, "Anna", 1)
        await anna.play_moves(4)
        host.send_signal(signal.SIGTERM)
        await asyncio.wait_for(host.wait(), 10)
        (path,) = records(cardgames_home / "records")
        moves = len(read(path).commands)
        host, code, said = await headless_host("--resume")
        assert said == [
            "Makao table, 2 seats, 1 computer player.",
            f"Continuing the game saved in {path} after {moves} moves.",
            f"Join code: {code}",
        ]
        assert host.stdout is not None
        rest = [(await asyncio.wait_for(host.stdout.readline(), 10)).decode() for _ in "ab"]
        assert rest[1] == ("Players to join again, each with his name at the table: Anna. "
                           "The game goes on once all are back.\n")
        anna = Player(code, "Anna", 1)
        await asyncio.wait_for(anna.run(), 30)
        assert anna.session is not None and anna.session.is_over
        assert await asyncio.wait_for(host.wait(), 10) == 0
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
    assert records(cardgames_home / "records") == [path] and read(path).is_finished


def test_the_host_plays_the_seat_he_played_or_the_one_he_names(tmp_path: Path) -> None:
    record = read(_record_file(tmp_path, remote=(1,)))
    assert host_name(record, None) == "Anna"
    assert host_name(record, " bob ") == "Bob", "spelt as at the table"


def test_resume_with_only_a_network_game_unfinished_points_at_host_resume(
    cardgames_home: Path,
) -> None:
    _record_file(cardgames_home / "records", remote=(1,))
    result = CliRunner().invoke(cli.cli, ["resume", "makao"])
    assert result.exit_code == 2
    assert ("there is no unfinished game of Makao to continue; an unfinished network game of "
            "Makao is continued with: cardgames host --resume") in result.stderr


async def test_the_host_s_waiting_room_shows_the_saved_game_the_code_and_who_must_rejoin(
    tmp_path: Path,
) -> None:
    """The app hides what ``host --resume`` printed before it: its waiting room shows the same
    essentials, the record's file and moves, the join code and who must join again."""
    path = _record_file(tmp_path, remote=(1,))
    server, code = await resume_table(path, local="Anna")
    try:
        app = JoinApp(code, "Anna", AppSettings(bot_delay=0), notes=resumed_lines(server))
        async with app.run_test(size=(200, 24)) as pilot:
            await wait_until(pilot, lambda: "Waiting for Bob" in screen_text(app))
            shown = " ".join(screen_text(app).split())
            assert f"Continuing the game saved in {path} after 6 moves." in shown
            assert ("Players to join again, each with his name at the table: Bob. The game goes "
                    "on once all are back.") in shown
            assert f"Join code: {code}" in shown
            assert f"cardgames join {code} --name NAME" in shown
    finally:
        await server.close()


async def test_who_is_away_is_said_as_it_is_when_the_host_has_left_his_seat(
    tmp_path: Path,
) -> None:
    """What the host's terminal says once his app has ended names the people away at that
    moment: the host, who has just left his seat, and not those who have joined again."""
    path = _record_file(tmp_path, remote=(1,))
    server, code = await resume_table(path, local="Anna")
    try:
        assert away_lines(server, "Anna") == [
            "Players to join again, each with his name at the table: Anna, Bob. The game goes "
            "on once all are back."]
        anna, bob = await _seated_again(code)
        await asyncio.wait_for(asyncio.gather(anna.run(until=_first_view_came),
                                              bob.run(until=_first_view_came)), 10)
        back = ["Players to join again, each with his name at the table: Anna."]
        assert away_lines(server, "anna") == back, "his connection not seen to end yet"
        anna.close()
        for _ in range(200):
            if 0 not in server.seats:
                break
            await asyncio.sleep(0.01)
        assert 0 not in server.seats and away_lines(server, "Anna") == back
    finally:
        await server.close()


async def test_a_host_who_left_a_new_table_before_the_deal_hears_who_is_still_to_come() -> None:
    server, code = await open_table("makao", 7, players=3, bots=0, local="Anna")
    try:
        anna = Player(code, "Anna", 1)
        await anna.join()
        await anna.next_message()
        assert away_lines(server, "Anna") == [
            "Players to join again, each with his name at the table: Anna.",
            "Waiting for 2 more to join."]
    finally:
        await server.close()


async def test_a_renamed_record_goes_on_in_its_file_and_its_game_is_counted_once(
    tmp_path: Path,
) -> None:
    """``host --resume foo.json`` of a record its player renamed goes on saving into foo.json
    (no second file under the id's name), and the finished game is counted once."""
    stats = tmp_path / "stats.sqlite"
    renamed = _record_file(tmp_path, remote=(1,)).rename(tmp_path / "foo.json")
    server, code = await resume_table(renamed, local="Anna", stats=stats)
    assert server.record_file == renamed
    anna, bob = await _seated_again(code)
    session = await _play_and_close(server, anna, bob, None)
    assert session.is_over and records(tmp_path) == [renamed]
    record = read(renamed)
    assert record.is_finished and record.commands == tuple(session.commands())
    assert [game.id for game in history(stats)] == [record.id], "counted once"


async def test_a_saved_game_with_names_longer_than_a_new_table_takes_goes_on(
    tmp_path: Path,
) -> None:
    """Earlier releases' tables took names of up to 20 characters: such a game is continued
    and its players rejoin with those names, while a new table takes names of up to 12."""
    long_names = (SeatSpec("Anna Maria Sk"), SeatSpec("Bob Alexander Z"), SeatSpec("C", "default"))
    session = new_session(GameSetup("makao", long_names, seed=3))
    play(session, Rng(3), 6)
    path = save(record_of(session, id="makao-long", started=STARTED, remote=(1,)), tmp_path)
    server, code = await resume_table(path)
    try:
        anna, bob = Player(code, "Anna Maria Sk", plays=False), Player(code, "Bob Alexander Z",
                                                                       plays=False)
        await anna.join()
        await bob.join()
        await asyncio.wait_for(asyncio.gather(anna.run(until=_first_view_came),
                                              bob.run(until=_first_view_came)), 10)
        assert bob.session is not None and bob.session.names[1] == "Bob Alexander Z"
        assert bob.session.view() == session.view_for(1)
    finally:
        await server.close()
    server, code = await open_table("makao", 7, players=2, bots=0, records=tmp_path / "new")
    try:
        newcomer = Player(code, "Anna Maria Sk")
        await newcomer.join()
        assert await last_message(newcomer) == ("error", {
            "message": "A name has 1 to 12 printable characters."})
    finally:
        await server.close()


async def test_a_new_table_holds_its_game_s_lock_until_it_closes(tmp_path: Path) -> None:
    """From the deal on, another window cannot continue the table's game (``host --resume``
    is refused); once the table closes, it can."""
    server, code = await open_table("makao", 7, players=2, bots=0, records=tmp_path)
    anna, bob = await seat_two(code)
    await asyncio.wait_for(asyncio.gather(anna.run(until=_first_view_came),
                                          bob.run(until=_first_view_came)), 10)
    assert server.saver is not None and server.lock is not None
    record = tmp_path / f"{server.saver.id}.json"
    descriptor = os.open(server.lock, os.O_RDWR)
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(descriptor)
    await server.close()
    assert server.lock is None
    descriptor = os.open(lock_file(record), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(descriptor)


def test_a_hosted_table_whose_game_is_over_says_so_at_once() -> None:
    """The host's terminal asks the table whether its game is over the moment his app ends;
    the answer comes at once from the table's thread, not from a wait that may not have run
    (a finished game must not be announced as going on)."""
    hosted = HostedTable(TableServer("makao", players=2, bots=1, seed=7), "127.0.0.1", 0)
    try:
        assert not hosted.over
        hosted.loop.call_soon_threadsafe(hosted.server.over.set)
        for _ in range(200):
            if hosted.over:
                break
            time.sleep(0.01)
        assert hosted.over
    finally:
        hosted.stop()
