"""When the host goes: the game is saved at the host, and the others are told the truth.

Also the join that cannot reach its table: it ends with the reason on the terminal.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import threading
from dataclasses import replace
from pathlib import Path

from cardgames.core.rng import Rng
from cardgames.net.app import JoinApp, WaitingRoom, closed_text
from cardgames.net.client import replayed
from cardgames.net.protocol import JoinCode, parse_code
from cardgames.session.record import record_of
from cardgames.session.savefile import read, save
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.app import CardGamesApp
from cardgames.tui.saving import now
from cardgames.tui.screens.dialogs import LeaveDialog, LeaveTableDialog
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.net.tables import (
    START,
    Player,
    headless_host,
    last_message,
    open_table,
    records,
    seat_two,
)
from tests.session.play import new_session, play
from tests.tui.screen_text import screen_text

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_table_saves_its_game_after_every_move_and_says_when_it_closes(
    tmp_path: Path,
) -> None:
    server, code = await open_table("shithead", 2, records=tmp_path, local="Anna")
    try:
        anna, bob = await seat_two(code)
        anna_task = asyncio.create_task(anna.run(until=lambda p: p.session is not None
                                                 and p.session.moves >= 10))
        await bob.play_moves(10)
        await asyncio.wait_for(anna_task, 20)
        session = server.session
        assert session is not None and not session.is_over
        for _ in range(200):
            saved = records(tmp_path)
            if saved and len(read(saved[0]).commands) == len(session.history):
                break
            await asyncio.sleep(0.01)
        (path,) = records(tmp_path)
        assert server.record_file == path
        record = read(path)
        assert record.commands == tuple(session.commands())
        assert record.remote == (1,) and record.local_seats == (0,)
        assert not record.is_finished
    finally:
        await server.close()
    for player in (anna, bob):
        assert await last_message(player) == ("closed", {"saved": True})
    assert read(path).commands == tuple(session.commands())


async def test_without_a_records_folder_nothing_is_written_and_the_notice_says_so(
    tmp_path: Path,
) -> None:
    server, code = await open_table("makao", 3, players=2, bots=1)
    anna = Player(code, "Anna", 1, plays=False)
    await anna.join()
    await asyncio.wait_for(anna.run(until=lambda p: p.session is not None
                                    and p.session.ready_to_show), 5)
    await server.close()
    assert await last_message(anna) == ("closed", {"saved": False})
    assert server.record_file is None


async def test_when_the_host_closes_the_table_the_player_is_told_and_q_just_leaves(
    tmp_path: Path,
) -> None:
    server, code = await open_table("makao", 7, players=3, bots=1, records=tmp_path)
    try:
        app = JoinApp(code, "Anna", AppSettings(bot_delay=0))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: "Waiting for 1 more" in app.room.text)
            bob = Player(code, "Bob", 2)
            bob_plays = asyncio.create_task(bob.run())
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen)
                             and "your turn" in screen_text(app))
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, LeaveTableDialog))
            asked = screen_text(app)
            assert "The game goes on without you" in asked and "Leave" in asked
            assert "discard" not in asked.lower() and "keep" not in asked.lower(), \
                "nothing here to keep: neither the hint nor the footer offers it"
            await asyncio.sleep(0.3)  # the keys of the burst that opened it do not answer it
            await pilot.press("d", "k")
            await pilot.pause()
            assert isinstance(app.screen, LeaveTableDialog), "d and k answer nothing here"
            await pilot.press("n")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            await server.close()
            said = closed_text(saved=True)
            await wait_until(pilot, lambda: "The host has left" in screen_text(app))
            text = screen_text(app)
            assert said.split(":")[0] in text and "q leaves" in text and "table closed" in text
            assert "your turn" not in text.lower() and "'s turn" not in text
            assert "game over" not in text.lower() and "The table has closed." in text
            footer = text.splitlines()[-1].split()
            assert "Play" not in footer and "Select" not in footer, footer
            table = app.screen
            assert isinstance(table, TableScreen) and not table.game_in_progress
            assert table.session.legal_actions() == () and not table.session.view().legal
            await pilot.press("q")
            await wait_until(pilot, lambda: app.return_code is not None)
            assert not isinstance(app.screen, LeaveDialog) and app.return_code == 0
            bob_plays.cancel()
    finally:
        await server.close()


async def test_a_table_that_cannot_be_reached_ends_the_join_with_the_reason() -> None:
    port = free_port()
    app = JoinApp(parse_code(f"127.0.0.1:{port}/ab12cd34.secret"), "Anna", AppSettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 1
    assert app.failure == (f"Could not reach 127.0.0.1:{port}: connection refused. Check the "
                           "address and that the host is running.")


async def test_a_refused_join_ends_with_the_table_s_reason() -> None:
    server, code = await open_table("makao", 3, players=2, bots=1)
    try:
        wrong = JoinCode(code.host, code.port, code.table, "not-the-secret")
        app = JoinApp(wrong, "Anna", AppSettings())
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: app.return_code is not None)
        assert app.return_code == 1
        assert app.failure == "The table refused the join: Wrong secret: check the join code."
    finally:
        await server.close()


async def test_a_join_code_with_a_wrong_table_id_is_refused_as_a_wrong_secret_is() -> None:
    server, code = await open_table("makao", 3, players=2, bots=1)
    try:
        wrong = JoinCode(code.host, code.port, "00000000", code.secret)
        app = JoinApp(wrong, "Zed", AppSettings())
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: app.return_code is not None)
        assert app.return_code == 1
        assert app.failure == ("The table refused the join: There is no such table here: check "
                               "the join code.")
    finally:
        await server.close()


async def test_join_with_a_wrong_table_id_prints_the_refusal_and_never_the_table_s_id() -> None:
    server, code = await open_table("makao", 3, players=2, bots=1)
    try:
        process, master = _run_in_terminal(
            ["join", f"127.0.0.1:{code.port}/00000000.{code.secret}", "--name", "Zed"])
        try:
            status = await asyncio.to_thread(process.wait, 30)
            shown = (await asyncio.to_thread(_read_all, master)).decode(errors="replace")
        finally:
            if process.poll() is None:
                process.kill()
            os.close(master)
    finally:
        await server.close()
    assert status == 1
    assert ("cardgames: error: The table refused the join: There is no such table here: check "
            "the join code.") in shown.replace("\r\n", "")
    assert code.table not in shown


async def test_the_waiting_room_shows_what_it_was_told_before_it_was_drawn() -> None:
    app = CardGamesApp(None, AppSettings())
    room = WaitingRoom(parse_code("127.0.0.1:7777/ab.cd"), "Anna")
    room.say("The host has left and closed the table.")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(room)
        await pilot.pause()
        assert "The host has left and closed the table." in screen_text(app)


def _run_in_terminal(args: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """``cardgames ARGS`` on a pseudo-terminal of 80×24; the terminal's reading end."""
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    process = subprocess.Popen([*START, *args], stdin=slave, stdout=slave, stderr=slave,
                               cwd=ROOT, env=env, start_new_session=True)
    os.close(slave)
    return process, master


def _read_all(fd: int, into: list[bytes] | None = None) -> bytes:
    """Everything the terminal shows until the program ends (kept in ``into`` as it comes)."""
    output = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return output
        if not chunk:
            return output
        output += chunk
        if into is not None:
            into.append(chunk)


def test_join_without_a_table_prints_why_and_exits_with_1() -> None:
    port = free_port()
    process, master = _run_in_terminal(["join", f"127.0.0.1:{port}/ab12cd34.secret",
                                        "--name", "Bob"])
    try:
        status = process.wait(timeout=30)
        shown = _read_all(master).decode(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    assert status == 1
    assert (f"cardgames: error: Could not reach 127.0.0.1:{port}: connection refused. Check the "
            "address and that the host is running.") in shown.replace("\r\n", "")


async def test_a_host_whose_terminal_is_killed_saves_the_game_and_tells_the_others(
    cardgames_home: Path,
) -> None:
    process, master = _run_in_terminal(
        ["host", "makao", "--players", "3", "--bots", "1", "--seed", "7", "--port", "0",
         "--name", "Anna", "--bot-delay", "0"])
    shown: list[bytes] = []
    reading = threading.Thread(target=_read_all, args=(master, shown))
    reading.start()
    try:
        while b"Waiting for 1 more" not in b"".join(shown):  # the host has his seat
            await asyncio.sleep(0.05)
        code = parse_code(b"".join(shown).split(b"Join code: ")[1].split()[0].decode())
        bob = Player(code, "Bob", 2)
        await bob.join()
        await asyncio.wait_for(bob.run(until=lambda p: p.session is not None
                                       and p.session.ready_to_show), 20)
        await asyncio.sleep(1.0)  # the host's table is on screen and takes keys
        os.write(master, b"d")  # Anna, the host, draws: the first move of the game
        await bob.play_moves(1)
        process.send_signal(signal.SIGHUP)
        assert await last_message(bob) == ("closed", {"saved": True})
        assert await asyncio.to_thread(process.wait, 20) == 128 + signal.SIGHUP
    finally:
        if process.poll() is None:
            process.kill()
        await asyncio.to_thread(reading.join, 10)
        os.close(master)
    (path,) = records(cardgames_home / "records")
    record = read(path)
    assert record.commands and not record.is_finished
    assert record.setup.seats[0].name == "Anna" and record.remote == (1,)


async def test_a_resumed_host_who_leaves_his_seat_is_told_who_is_away_then(
    cardgames_home: Path,
) -> None:
    """``host --resume``: Bob joins again and plays; once the host has left his seat (q, y),
    the terminal names the host as away, not Bob, who is back."""
    session = new_session(GameSetup("makao", (SeatSpec("Anna"), SeatSpec("Bob"),
                                               SeatSpec("Cyril", "default")), seed=3))
    play(session, Rng(3), 6)
    path = save(record_of(session, id="makao-resumed", started=now(), remote=(1,)),
                cardgames_home / "records")
    process, master = _run_in_terminal(["host", "--resume", str(path), "--port", "0",
                                        "--bot-delay", "0"])
    shown: list[bytes] = []
    reading = threading.Thread(target=_read_all, args=(master, shown))
    reading.start()
    try:
        while b"Waiting for Bob" not in b"".join(shown):  # the host has his seat again
            await asyncio.sleep(0.05)
        code = parse_code(b"".join(shown).split(b"Join code: ")[1].split()[0].decode())
        bob = Player(code, "Bob", 2, plays=False)
        await bob.join()
        await asyncio.wait_for(bob.run(until=lambda p: p.session is not None
                                       and p.session.ready_to_show), 20)
        await asyncio.sleep(1.0)  # the host's table is on screen and takes keys
        os.write(master, b"q")
        await asyncio.sleep(1.0)
        os.write(master, b"y")
        for _ in range(400):
            if b"(Ctrl+C stops)" in b"".join(shown):
                break
            await asyncio.sleep(0.05)
        process.send_signal(signal.SIGHUP)
        await asyncio.to_thread(process.wait, 20)
    finally:
        if process.poll() is None:
            process.kill()
        await asyncio.to_thread(reading.join, 10)
        os.close(master)
    after = b"".join(shown).split(b"\x1b[?1049l")[-1].decode(errors="replace")
    after = after.replace("\r\n", " ")
    assert ("Players to join again, each with his name at the table: Anna. The game goes on: "
            "serving the table until it ends (Ctrl+C stops).") in after, after
    assert "Bob" not in after


async def test_a_finished_game_is_kept_by_a_player_only_as_it_was_played(
    cardgames_home: Path,
) -> None:
    server, code = await open_table("shithead", 4, players=2, bots=0)
    try:
        anna, bob = await seat_two(code)
        await asyncio.wait_for(asyncio.gather(anna.run(), bob.run()), 30)
    finally:
        await server.close()
    remote, played = anna.session, server.session
    assert remote is not None and remote.is_over and played is not None
    session = replayed(remote)
    assert session is not None and session.commands() == played.commands()
    app = JoinApp(code, "Anna", AppSettings())
    app._keep_record(remote)
    app.writer.flush()
    (path,) = records(cardgames_home / "records")
    record = read(path)
    assert record.is_finished and record.result == played.outcome() and record.remote == (1,)
    remote._commands = remote._commands[:-1]
    assert replayed(remote) is None, "a record that does not reach the result"
    remote._commands = list(played.commands())
    remote.setup = replace(remote.setup, seed=remote.setup.seed + 1)
    assert replayed(remote) is None, "a record of other cards than those shown"


async def test_a_headless_table_told_to_end_saves_the_game_and_tells_the_players(
    cardgames_home: Path,
) -> None:
    host, code, _ = await headless_host("makao", "--players", "2", "--bots", "1", "--seed", "7")
    try:
        anna = Player(code, "Anna", 1)
        await anna.play_moves(4)
        host.send_signal(signal.SIGTERM)
        assert await last_message(anna) == ("closed", {"saved": True})
        assert await asyncio.wait_for(host.wait(), 10) == 128 + signal.SIGTERM
        assert host.stdout is not None
        said = (await host.stdout.read()).decode()
        (path,) = records(cardgames_home / "records")
        assert (f"The unfinished game is saved in {path}; continue it with: "
                f"cardgames host --resume {path}") in said
        record = read(path)
        assert len(record.commands) >= 4 and record.remote == (0,) and record.local_seats == ()
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()


async def test_a_table_closed_before_the_deal_says_so_in_the_waiting_room() -> None:
    server, code = await open_table("makao", 7, players=3, bots=1)
    app = JoinApp(code, "Anna", AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Waiting for 1 more" in app.room.text)
        await server.close()
        said = "The host has left and closed the table before the game was dealt."
        await wait_until(pilot, lambda: said in screen_text(app))
        assert "Join code" not in screen_text(app) and app.return_code is None
