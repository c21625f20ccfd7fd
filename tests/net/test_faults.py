"""Faults at a network table: the game goes on for the others, and a dropped player comes back.

All traffic is on 127.0.0.1; every loop is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

from cardgames.net.protocol import NO_SUCH_TABLE, NO_TABLE, VERSION, JoinCode, parse_code
from cardgames.net.server import Limits, TableServer
from cardgames.session.session import Session
from tests.net.tables import FAST, Player, open_table, seat_two


def replays(server: TableServer) -> bool:
    """The table's game is over and a local replay of its record gives the same position."""
    session = server.session
    assert session is not None and session.is_over
    replay = Session(session.setup)
    replay.restore(session.commands())
    return replay.to_json() == session.to_json()


async def raw(code: JoinCode, data: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A bare connection that has sent ``data``."""
    reader, writer = await asyncio.open_connection(code.host, code.port, limit=1 << 24)
    writer.write(data)
    return reader, writer


async def answer(reader: asyncio.StreamReader) -> list[dict[str, object]]:
    """What the server says before it closes the connection (within 5 seconds).

    A server that closes while the client is still sending resets the connection, and the
    error line may be lost on the way: then the list is empty.
    """
    lines = []
    async with asyncio.timeout(5):
        try:
            while line := await reader.readline():
                lines.append(json.loads(line))
        except ConnectionResetError:
            pass
    return lines


def line(kind: str, table: str, seq: int, **body: object) -> bytes:
    return json.dumps({"v": VERSION, "table": table, "seq": seq, "kind": kind, **body}).encode() + (
        b"\n")


async def test_a_killed_client_rejoins_with_its_name_gets_its_view_back_and_plays_on() -> None:
    clock = [0.0]
    server, code = await open_table("shithead", 2, turn_seconds=30, clock=lambda: clock[0])
    try:
        anna, bob = await seat_two(code)
        bob_task = asyncio.create_task(bob.run(until=lambda p: p.session is not None
                                               and p.session.moves >= 12))
        anna_task = asyncio.create_task(anna.run(
            until=lambda p: p.session is not None and p.session.current_player == 1
            and not p.session.connected[1]))
        await asyncio.wait_for(bob_task, 20)
        bob.close()
        await asyncio.wait_for(anna_task, 20)
        session = server.session
        assert session is not None and session.current_player == 1 and session.clock_paused
        remote = anna.session
        assert remote is not None
        assert remote.table_note == "1 of 2 connected; waiting for Bob"
        assert remote.time_left() is None
        again = Player(code, "Bob", seed=5)
        await again.join()
        await asyncio.wait_for(again.run(until=lambda p: p.session is not None
                                         and p.session.ready_to_show), 5)
        assert again.session is not None and again.session.seat == 1
        assert again.session.view() == session.view_for(1)
        assert len(again.session.log_lines(1)) > 5
        await asyncio.wait_for(asyncio.gather(anna.run(), again.run()), 30)
        assert replays(server)
        assert not session.clock_paused or session.is_over
    finally:
        await server.close()


async def test_garbage_huge_lines_unknown_kinds_and_moves_for_another_seat_are_cut_off() -> None:
    server, code = await open_table("makao", 7)
    try:
        anna, bob = await seat_two(code)
        game = asyncio.gather(anna.run(), bob.run())
        table = code.table
        attacks = [
            (b"hello\n", "not valid UTF-8 JSON"),
            (b"[1, 2]\n", "must be a JSON object"),
            (line("join", table, 1, name="Eve", secret=code.secret).replace(b'"v": 1', b'"v": 9'),
             "protocol version 1"),
            (line("launch", table, 1), "unknown message kind"),
            (line("join", table, 1, name="Eve", secret="guess"), "Wrong secret"),
            (line("join", "other", 1, name="Eve", secret=code.secret), NO_SUCH_TABLE),
            (line("act", table, 1, text="draw", moves=0), "Join the table first"),
            (line("join", table, 2, name="Eve", secret=code.secret), "number 2 came where 1"),
            (line("join", table, 1, name="Eve", secret=code.secret, seat=2), "has the fields"),
            (line("join", table, 1, name="Bob", secret=code.secret), "connected already"),
            (b"x" * 10_000_000 + b"\n", "over the 4096-byte limit"),
        ]
        for data, reason in attacks:
            reader, writer = await raw(code, data)
            said = await answer(reader)
            writer.close()
            if len(data) < 10_000:
                assert said and said[-1]["kind"] == "error", reason
            if said:
                assert reason in str(said[-1]["message"]), (reason, said)
        await asyncio.wait_for(game, 30)
        assert replays(server)
        assert not anna.refusals and not bob.refusals
    finally:
        await server.close()


async def test_a_peer_that_has_not_named_the_table_is_never_told_its_id() -> None:
    """A join code with the right secret and a wrong table id is told that there is no such
    table, and nothing on that connection (nor on one whose first line is no message, nor on one
    the table has no room for) carries the table's id: a peer is not trusted with it."""
    server, code = await open_table("makao", 7, players=2, bots=1,
                                    limits=Limits(connections=2))
    try:
        wrong = line("join", "00000000", 1, name="Zed", secret=code.secret)
        for data, reason in ((wrong, NO_SUCH_TABLE), (b"hello\n", "not valid UTF-8 JSON")):
            reader, writer = await raw(code, data)
            heard = await asyncio.wait_for(reader.read(), 5)
            writer.close()
            assert code.table.encode() not in heard and b"00000000" not in heard
            (said,) = [json.loads(text) for text in heard.splitlines()]
            assert said["kind"] == "error" and said["table"] == NO_TABLE
            assert reason in str(said["message"])
        _, first = await raw(code, b"")
        _, second = await raw(code, b"")
        reader, third = await raw(code, b"")
        heard = await asyncio.wait_for(reader.read(), 5)
        for writer in (first, second, third):
            writer.close()
        assert b"too many connections" in heard and code.table.encode() not in heard
    finally:
        await server.close()


async def test_a_move_out_of_turn_is_refused_and_only_the_own_seat_can_act() -> None:
    server, code = await open_table("makao", 7)
    try:
        _, bob = await seat_two(code)
        bob.plays = False
        await asyncio.wait_for(bob.run(until=lambda p: p.session is not None
                                       and p.session.ready_to_show), 5)
        assert bob.channel is not None and bob.session is not None
        assert bob.session.current_player == 0
        bob.channel.send("act", text="draw", moves=0)
        bob.channel.send("act", text="play " + "7h " * 100, moves=0)
        bob.channel.send("act", text="draw", moves=3)
        await asyncio.wait_for(bob.run(until=lambda p: len(p.refusals) == 3), 5)
        assert bob.refusals == ["It is Anna's turn, not yours.",
                                "That command is too long to be a move.",
                                "The table moved on before your move came; it was not played."]
        assert server.session is not None and not server.session.history
        assert bob.session.submit_text(0, "draw").__class__.__name__ == "Rejected"
    finally:
        await server.close()


async def test_a_flood_is_cut_off_and_the_player_comes_back() -> None:
    server, code = await open_table("makao", 7, limits=Limits())
    try:
        anna = Player(code, "Anna", 1)
        await anna.join()
        await anna.next_message()
        reader, writer = await raw(code, line("join", code.table, 1, name="Bob",
                                              secret=code.secret))
        flood = b"".join(line("act", code.table, seq, text="draw", moves=0)
                         for seq in range(2, 10_002))
        writer.write(flood)
        said = await answer(reader)
        writer.close()
        errors = [message["message"] for message in said if message["kind"] == "error"]
        assert errors in ([], ["Too many messages: at most 20 a second."])
        assert sum(message["kind"] == "refused" for message in said) <= 40
        session = server.session
        assert session is not None and len(session.history) <= 40
        bob = Player(code, "Bob", 2)
        await asyncio.wait_for(asyncio.gather(anna.run(), bob.run()), 30)
        assert replays(server)
    finally:
        await server.close()


async def test_a_client_that_stops_reading_is_cut_off_and_the_game_goes_on() -> None:
    limits = Limits(rate=10_000, burst=10_000, buffer=8 * 1024, socket_buffer=4096)
    server, code = await open_table("makao", 7, limits=limits)
    try:
        anna = Player(code, "Anna", 1, plays=False)
        await anna.join()
        await anna.next_message()
        # A socket nobody reads from: a client that has stopped reading.
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.setblocking(False)
        await loop.sock_connect(sock, (code.host, code.port))
        await loop.sock_sendall(sock, line("join", code.table, 1, name="Bob", secret=code.secret))
        await asyncio.wait_for(anna.run(until=lambda p: p.session is not None
                                        and p.session.ready_to_show), 5)
        # Anna comes and goes: every time, Bob is sent the table again, and never reads it.
        for _ in range(200):
            if 1 not in server.seats:
                break
            anna.close()
            anna = Player(code, "Anna", 1, plays=False)
            await asyncio.wait_for(anna.run(until=lambda p: p.session is not None
                                            and p.session.ready_to_show), 5)
        assert 1 not in server.seats, "Bob never read and was never cut off"
        assert server.session is not None and not server.session.history
        sock.close()
        anna.plays = True
        anna._maybe_act()
        bob = Player(code, "Bob", 2)
        await asyncio.wait_for(asyncio.gather(anna.run(), bob.run()), 30)
        assert replays(server)
    finally:
        await server.close()


async def test_a_hundred_clients_connecting_and_dropping_do_not_disturb_a_running_table() -> None:
    server, code = await open_table("spite_malice", 2)
    try:
        anna, bob = await seat_two(code)
        game = asyncio.gather(anna.run(), bob.run())
        join = line("join", code.table, 1, name="Eve", secret="wrong")

        async def visit(number: int) -> None:
            _, writer = await raw(code, (b"", join, b'{"v":')[number % 3])
            await asyncio.sleep(0)
            writer.transport.abort()

        for batch in range(10):
            await asyncio.gather(*(visit(batch * 10 + i) for i in range(10)))
        await asyncio.wait_for(game, 30)
        assert replays(server)
        assert not anna.refusals and not bob.refusals
        await asyncio.sleep(0.05)
        assert len(server.clients) <= 2
    finally:
        await server.close()


async def test_the_turn_clock_runs_on_the_server_and_plays_for_a_player_who_does_not_move() -> None:
    server, code = await open_table("shithead", 2, turn_seconds=0.05)
    try:
        anna, bob = await seat_two(code)
        # Bob swaps and says ready, then sits idle: the clock moves for him.
        bob_task = asyncio.create_task(bob.run(
            until=lambda p: p.session is not None and p.session.ready_to_show
            and p.session.view().phase != "swap"))
        anna_task = asyncio.create_task(anna.run())
        await asyncio.wait_for(bob_task, 30)
        bob.plays = False
        await asyncio.wait_for(asyncio.gather(anna_task, bob.run()), 30)
        session = server.session
        assert session is not None and "timeout" in session.commands()
        assert replays(server)
        shown = [state["time_left"] for state in anna.states() if state["time_left"] is not None]
        assert shown and all(0 <= left <= 0.05 for left in shown)
    finally:
        await server.close()


async def test_a_table_on_a_unix_socket(tmp_path: Path) -> None:
    path = str(tmp_path / "table.sock")
    server = TableServer("makao", players=2, bots=1, seed=7, bot_delay=0, limits=FAST)
    await server.start_unix(path)
    try:
        code = server.code(path, 0)
        assert parse_code(str(code)) == code and str(code).startswith(f"unix:{path}/")
        anna = Player(code, "Anna", 1)
        await asyncio.wait_for(anna.run(), 20)
        assert replays(server)
    finally:
        await server.close()
